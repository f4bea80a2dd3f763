// Online rooms over real WebRTC: Chromium contexts (tablets) meet through the real duel-server
// on loopback, sit on opposite ships, play, shout "Fire!" in the same instant, and come back
// from reloads with their seats and the same game.
//
// Runs against the test build (dist-test/: the app with `--features test-hooks`). Two parts.
// "screens": the app's own flow (create room → share link → lobby → game), driven by clicks
// through the app's page objects. "room": the same app driven through its test hooks
// (src/test_hooks.rs, page object lib/pages/room_hooks.js) over the real Session and
// RoomTransport (src/session, src/net: beacon, storage, reconnection), which can compare
// state hashes exactly, fire two crews in the same instant, and restart the signalling
// server mid-game.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { freePort, freezeCall, GamePage, HomePage, launchBrowser, LobbyPage, paths, screenshot, startServer, test } = require('./lib');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');
const { giveBackClocks, lockstep, takeClocks } = require('./lib/clock');
const { loadTorpedo, sameOnBoth, seen } = require('./lib/pages/room_screens');

let server;
let session;
let alice; // the host: created the room, sits on ship 0 (seat 0)
let bob; // a guest: joins by the room id, sits on ship 1 (seat 1)
const room = `e2e-${crypto.randomBytes(9).toString('base64url')}`;

before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  // Contexts 0 and 1 for the room tests, 2 and 3 for the screens: separate storage, separate players.
  session = await launchBrowser({ players: 4 });
  alice = new RoomHooks(await session.players[0].newPage(), 'alice');
  bob = new RoomHooks(await session.players[1].newPage(), 'bob');
  await Promise.all([alice.load(server.url), bob.load(server.url)]);
});

after(async () => {
  await session?.close();
  await server?.stop();
});

/** Sends a cheap intent as soon as `seat` has one (a freeze may be resolving). */
async function actWhenPossible(tab, seat, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sent = await tab.act(seat, 'cheap');
    if (sent.ok) return sent;
    if (Date.now() > deadline) throw new Error(`${tab.label} could not act: ${JSON.stringify(sent)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function pageErrors() {
  return session.players.flatMap((p) => p.errors);
}

// ---------------------------------------------------------------------------------------------
// screens: the app's own flow, by clicks.

/** The test build's read-only snapshot (`window.__duel`, src/test_hooks.rs), if published. */
function duel(page) {
  return page.evaluate(() => (window.__duel ? { ...window.__duel, seats: [...window.__duel.seats] } : null));
}

const screens = {};

test('screens: a room is created, shared by link and joined; the crews take opposite ships', { timeout: 90000 }, async () => {
  const erin = await session.players[2].newPage();
  const frank = await session.players[3].newPage();
  const home = new HomePage(erin);
  await home.goto(server.url);
  await home.createRoom();
  const hostLobby = new LobbyPage(erin);
  await hostLobby.waitFor();
  await hostLobby.waitHolder(0, 'player'); // the creator sits on the first ship
  const link = await erin.getByTestId('lobby-share-link').inputValue();
  assert.match(link, /\/\?room=[0-9a-z]{20}&k=[0-9A-Za-z_-]{22}$/, 'a share link with an unguessable room id and the owner\'s key pin');
  assert.match(await erin.getByTestId('lobby-qr').innerHTML(), /^<svg/, 'the link as a QR code');

  await frank.goto(link);
  const guestLobby = new LobbyPage(frank);
  await guestLobby.waitFor();
  // The early start of a room link (the game, /ice and signalling at once): early_signal.test.js.
  await guestLobby.take(1);
  await hostLobby.waitHolder(1, 'player');
  await erin.getByTestId('lobby-players').filter({ hasText: /here.*here/s }).waitFor({ timeout: 15000 });
  await hostLobby.start();
  const [ge, gf] = [new GamePage(erin, 0), new GamePage(frank, 1)];
  await gf.waitFor();
  await sameOnBoth(erin, frank, 'the start', (v) => v.squares.every(Boolean));
  Object.assign(screens, { erin, frank, ge, gf, link });
  assert.deepEqual(pageErrors(), []);
});

test('screens: each crew sees the other one fly', { timeout: 100000 }, async (t) => {
  if (!screens.erin) return t.skip('needs the room from the first screens test');
  const { erin, frank, ge, gf } = screens;
  const before = await seen(frank);
  // Helm: three Forward dice in slots A, B, C move the ship (as in practice.test.js).
  const forward = ['Forward 1', 'Forward 2'];
  for (const slot of ['a', 'b', 'c']) await ge.place('helm', forward, () => `helm-slot-${slot}`);
  const moved = await sameOnBoth(erin, frank, 'ship 0 moved', (v) => v.squares[0] !== before.squares[0]);
  for (const slot of ['a', 'b', 'c']) await gf.place('helm', forward, () => `helm-slot-${slot}`);
  await sameOnBoth(erin, frank, 'ship 1 moved', (v) => v.squares[1] !== moved.squares[1]);
  assert.deepEqual(pageErrors(), []);
});

test('screens: both crews shout "Fire 1!" in the same instant and see one freeze', { timeout: 100000 }, async (t) => {
  if (!screens.erin) return t.skip('needs the room from the first screens test');
  const { erin, frank, ge, gf } = screens;
  await Promise.all([loadTorpedo(ge), loadTorpedo(gf)]);
  await Promise.all([erin.getByTestId('cmd-fire1').click(), frank.getByTestId('cmd-fire1').click()]);
  await Promise.all([erin, frank].map((p) => p.getByTestId('freeze-overlay').waitFor({ timeout: 15000 })));
  const calls = await Promise.all([erin, frank].map((p) => freezeCall(p)));
  assert.equal(calls[0], calls[1], 'both screens tell the same freeze');
  assert.match(calls[0], /(White|Black): Fire 1!/);
  await screenshot(frank, 'rooms-screens-fire');
  await sameOnBoth(erin, frank, 'after the volley');
  assert.deepEqual(pageErrors(), []);
});

test('screens: a reloaded guest and a reloaded host come back to the same game and seats', { timeout: 100000 }, async (t) => {
  if (!screens.erin) return t.skip('needs the room from the first screens test');
  const { erin, frank } = screens;
  const before = await sameOnBoth(erin, frank, 'before the reloads', () => true, 30000);
  await frank.reload();
  await new GamePage(frank, 1).waitFor();
  await frank.getByTestId('tab-1-weapons').waitFor({ timeout: 15000 }); // still holds ship 1's seat
  await sameOnBoth(erin, frank, 'after the guest reload', () => true, 30000);
  await new Promise((r) => setTimeout(r, 1200)); // the app saves the host's room at most once a second
  await erin.reload();
  await new GamePage(erin, 0).waitFor();
  await erin.getByTestId('tab-0-weapons').waitFor({ timeout: 15000 });
  const after = await sameOnBoth(erin, frank, 'after the host reload', () => true, 45000);
  assert.deepEqual(after.damage, before.damage);
  const d = await duel(frank);
  if (d) assert.deepEqual(d.seats, [1]);
  assert.deepEqual(pageErrors(), []);
});

// ---------------------------------------------------------------------------------------------
// room: the app's Session and src/net through the test hooks.

test('room: two browsers join one room and sit on opposite ships', { timeout: 60000 }, async () => {
  await alice.open(room, { host: true });
  await bob.open(room);
  await alice.waitFor('the host to be in the room', (s) => s.state === 'Connected' && s.me !== null);
  const b = await bob.waitFor('the guest to reach the host', (s) => s.state === 'Connected' && s.me !== null);
  assert.ok(b.hostPeer, 'the guest learned the host from its beacon');
  assert.equal(b.role, 'Guest');

  await alice.claimSeats([0]);
  await bob.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob], 'the started game', 20000, (s) => s.started && s.players === 2);
  assert.deepEqual(pageErrors(), []);
});

test('room: each player sees the other one act', { timeout: 60000 }, async () => {
  for (const [actor, seat] of [[alice, 0], [bob, 1], [alice, 0], [bob, 1]]) {
    const before = await actor.state();
    const sent = await actor.act(seat, 'cheap');
    assert.equal(sent.ok, true, JSON.stringify(sent));
    const [a, b] = await waitConverged([alice, bob], `${actor.label}'s intent on both`, 20000, (s) => s.head > before.head);
    assert.ok(a.head > before.head && b.head === a.head);
    assert.ok((await bob.appliedAt(before.head + 1)) > 0, 'bob applied the event');
    assert.ok((await alice.appliedAt(before.head + 1)) > 0, 'alice applied the event');
  }
  assert.deepEqual(pageErrors(), []);
});

test('room: both crews fire in the same instant and see one outcome', { timeout: 100000 }, async () => {
  // On the test's clock (issue 44): both tabs' clocks are taken and run in lockstep while the
  // autoload crews ready a torpedo on each ship, so how long that takes is the game's, not the
  // machine's. Then both crews tap Fire at one virtual instant, and neither tab runs between
  // the two taps: each Fire is sent before either tab has heard of the other's.
  const pages = [alice.page, bob.page];
  await takeClocks(pages);
  let a;
  let b;
  try {
    await Promise.all([alice.autoload(0), bob.autoload(1)]);
    const same = (x, y) => x.head === y.head && x.hash === y.hash && x.pending === 0 && y.pending === 0;
    const { seen: [, loaded] } = await lockstep(pages, 'a torpedo loaded on each ship, the same game on both', async () => {
      const [x, y] = await Promise.all([alice.state(), bob.state()]);
      return x.fireReady.includes(0) && y.fireReady.includes(1) && x.freeze === null && same(x, y) && [x, y];
    }, { maxMs: 5 * 60 * 1000 });
    const [fa, fb] = await Promise.all([alice.act(0, 'fire'), bob.act(1, 'fire')]);
    assert.ok(fa.ok && fb.ok, `both Fire intents were sent: ${JSON.stringify([fa, fb])}`);
    // Each tap is sent at the game both tabs held when loaded (`head`: the events the tab had
    // read when it sent; a tab reads the other's Fire only after sending its own).
    assert.deepEqual([fa.head, fb.head], [loaded.head, loaded.head], "each crew fired before it heard of the other's Fire");
    ({ seen: [a, b] } = await lockstep(pages, 'the freeze on both', async () => {
      const [x, y] = await Promise.all([alice.state(), bob.state()]);
      return x.freeze !== null && same(x, y) && [x, y];
    }, { maxMs: 20 * 1000 }));
  } finally {
    await giveBackClocks(pages);
  }
  assert.deepEqual(a.freeze, b.freeze, 'both see the same freeze');
  const winner = a.freeze.declared;
  assert.ok(winner === 0 || winner === 1);
  // The rulebook: the other team's Fire is queued (R20) or, if it arrived after the
  // state it relied on changed, refused; never a second simultaneous freeze.
  assert.ok(a.freeze.queued.every((ship) => ship === 1 - winner), JSON.stringify(a.freeze));
  assert.ok(a.freeze.queued.length + a.rejected.length + b.rejected.length >= 1, 'the later Fire was queued or refused');
  await screenshot(bob.page, 'rooms-fire');
  assert.deepEqual(pageErrors(), []);
});

test('room: a guest reloads mid-game and comes back with its seat and the same game', { timeout: 60000 }, async () => {
  const before = await bob.state();
  await bob.page.reload();
  await bob.load(server.url);
  assert.equal(await bob.state(), null, 'a fresh page');
  await bob.open(room);
  await bob.waitFor('the guest back in the room', (s) => s.state === 'Connected' && s.me === before.me);
  const [a, b] = await waitConverged([alice, bob], 'the reloaded guest', 30000, (s) => s.started);
  assert.deepEqual(b.seats, [1], 'the seat is still held (same player token)');
  assert.ok(b.head >= before.head);
  assert.equal(b.hash, a.hash);
  assert.deepEqual(pageErrors(), []);
});

test('room: the host reloads mid-game and the room resumes from its save', { timeout: 90000 }, async () => {
  const [a0, b0] = await waitConverged([alice, bob], 'before the host reload');
  // The app saves the host's room at most once a second (never on the latency path), and on
  // pagehide: give the timer its chance anyway.
  await new Promise((r) => setTimeout(r, 1200));
  await alice.page.reload();
  await alice.load(server.url);
  await alice.open(room, { host: true });
  // The reloaded host tab has a new matchbox id: the guest must find it again.
  await bob.waitFor('the guest linked to the reloaded host', (s) => s.state === 'Connected' && s.hostPeer !== b0.hostPeer, 60000);
  const joined = (s) => s.state === 'Connected' && s.started && s.me !== null;
  const [a, b] = await waitConverged([alice, bob], 'the restored room', 60000, joined);
  assert.deepEqual(a.seats, [0]);
  assert.deepEqual(b.seats, [1]);
  assert.equal(a.me, a0.me, 'the host is the same player');
  assert.equal(b.me, b0.me, 'the guest is the same player');
  assert.ok(a.head >= a0.head, 'nothing was lost');
  // The game goes on after the reload (once the freeze from the volley, if still on, is over).
  await actWhenPossible(bob, 1, 30000);
  await waitConverged([alice, bob], 'play after the host reload', 20000, (s) => s.head > a.head);
  assert.deepEqual(pageErrors(), []);
});

test('room: an unreachable server and a bad room id fail with a readable reason', { timeout: 60000 }, async () => {
  const port = await freePort(); // nothing listens there
  const page = await session.players[1].newPage();
  try {
    await page.goto(`${server.url}?sig=ws://127.0.0.1:${port}`);
    const tab = new RoomHooks(page, 'nobody');
    await page.waitForFunction(() => typeof window.wasmBindings?.test_hook_open === 'function');
    await tab.open(`e2e-${crypto.randomBytes(6).toString('hex')}`);
    const s = await tab.waitFor('Failed', (st) => st.state.startsWith('Failed'), 30000);
    assert.match(s.state, /cannot reach the room's server/);
    await tab.open('not/a room');
    const bad = await tab.waitFor('Failed', (st) => st.state.startsWith('Failed'), 5000);
    assert.match(bad.state, /not a valid room id/);
  } finally {
    await page.close();
  }
  // Chromium reports each refused websocket on the console: expected here, and only here.
  const refused = /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/signal\/[^']*' failed/;
  const errors = session.players[1].errors;
  assert.ok(errors.some((e) => refused.test(e)), 'the refused connections were attempted');
  errors.splice(0, errors.length, ...errors.filter((e) => !refused.test(e)));
  assert.deepEqual(pageErrors(), []);
});

/** Runs duel-server on a fixed `port` (so it can be restarted where the pages expect it). */
async function serverOn(port, name, extra = []) {
  fs.mkdirSync(paths.ARTIFACTS, { recursive: true });
  const log = fs.openSync(path.join(paths.ARTIFACTS, `server-${name}.log`), 'a');
  const args = ['--bind', `127.0.0.1:${port}`, '--dist', paths.TEST_DIST, ...extra];
  const child = spawn(paths.SERVER_BIN, args, { stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 15000;
  for (;;) {
    try {
      if ((await fetch(`${url}health`)).ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline) throw new Error(`duel-server did not start on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { url, stop };
}

test('room: a full room is refused in the server\'s words', { timeout: 60000 }, async () => {
  const sig = await serverOn(await freePort(), 'full', ['--max-peers-per-room', '1']);
  const room3 = `e2e-${crypto.randomBytes(9).toString('base64url')}`;
  const erin = new RoomHooks(await session.players[0].newPage(), 'erin');
  const fay = new RoomHooks(await session.players[1].newPage(), 'fay');
  try {
    await Promise.all([erin.load(sig.url), fay.load(sig.url)]);
    await erin.open(room3, { host: true });
    await erin.waitFor('in the room', (s) => s.state === 'Connected');
    await fay.open(room3);
    const s = await fay.waitFor('refused', (st) => st.state.startsWith('Failed'), 20000);
    assert.match(s.state, /the server says: this room is full \(1 players?\)/);
  } finally {
    await erin.page.close();
    await fay.page.close();
    await sig.stop();
  }
  // A refused websocket may be reported on the console: expected here, and only here.
  for (const p of session.players) {
    p.errors.splice(0, p.errors.length, ...p.errors.filter((e) => !/WebSocket/.test(e)));
  }
  assert.deepEqual(pageErrors(), []);
});

test('room: the signalling server restarts mid-game: play goes on and everyone reconnects', { timeout: 100000 }, async () => {
  const port = await freePort();
  let sig = await serverOn(port, 'restart-1');
  const room2 = `e2e-${crypto.randomBytes(9).toString('base64url')}`;
  // Fresh pages on another origin (port): their own storage, so new players.
  const carol = new RoomHooks(await session.players[0].newPage(), 'carol');
  const dave = new RoomHooks(await session.players[1].newPage(), 'dave');
  try {
    await Promise.all([carol.load(sig.url), dave.load(sig.url)]);
    await carol.open(room2, { host: true });
    await dave.open(room2);
    await carol.waitFor('joined', (s) => s.state === 'Connected' && s.me !== null);
    await dave.waitFor('joined', (s) => s.state === 'Connected' && s.me !== null);
    await carol.claim(0);
    await dave.claim(1);
    await dave.waitFor('seat 1', (s) => s.seats.join() === '1' && s.pending === 0);
    await carol.start();
    await waitConverged([carol, dave], 'the start', 20000, (s) => s.started);

    await sig.stop();
    // No server: the peers still play over their WebRTC link; the host knows it is unreachable.
    await carol.waitFor('the host to notice the lost server', (s) => s.state === 'Reconnecting', 10000);
    const before = await dave.state();
    await actWhenPossible(dave, 1, 10000);
    await waitConverged([carol, dave], 'play without a server', 10000, (s) => s.head > before.head);

    sig = await serverOn(port, 'restart-2');
    // The host finds the server again (it polls /health) and rebuilds its socket; the guest's
    // old link to it goes quiet, so the guest rebuilds too and meets the new host socket.
    const linked = (s) => s.state === 'Connected' && s.me !== null && s.started;
    await carol.waitFor('the host back on the server', (s) => s.state === 'Connected', 30000);
    await waitConverged([carol, dave], 'both back', 45000, linked);
    const d = await dave.state();
    assert.deepEqual(d.seats, [1]);
    // The restarted server really works: a reloaded guest gets back in through it.
    await dave.page.reload();
    await dave.load(sig.url);
    await dave.open(room2);
    const [, d2] = await waitConverged([carol, dave], 'the reloaded guest via the new server', 30000, linked);
    assert.deepEqual(d2.seats, [1]);
    assert.equal(d2.me, d.me);
    assert.deepEqual(pageErrors(), []);
  } finally {
    await carol.page.close();
    await dave.page.close();
    await sig.stop();
  }
});
