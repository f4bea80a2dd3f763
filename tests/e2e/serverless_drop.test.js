// A room with no server whose device loses its links without a reload (issue 45): "Rejoin by
// camera" is offered whenever a device has lost its links, server or none. Alice taps "Play here,
// no internet", Bob and Carol join by pasted codes; Bob crews Black, Carol watches. Mid-game,
// every link of Bob's tab closes (the test closes its peer connections: a phone that walked out
// of the room's Wi-Fi); his tab offers the way back, he reads Alice's invitation (pasted), and
// Black is his again.
//
// Three devices, not two: alone with the host, a guest whose links drop wins the election by its
// own vote and hosts a copy of the game by itself; rejoining then shows two tables and the players
// choose (serverless_fork.test.js).
//
// Runs against the test build (dist-test/) for its hooks (the room's report, the seats).
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const { launchBrowser, paths, screenshot, test } = require('./lib');
const { startStatic } = require('./lib/static');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');
const { keepPeerConnections } = require('./lib/peer_connections');
const { codeOf } = require('./lib/pairing_codes');

let files;
let session;
let alice; // hosts, crews White
let bob; // crews Black, on a phone
let carol; // watches

before(async () => {
  files = await startStatic(paths.TEST_DIST);
  session = await launchBrowser({ players: 3, touch: true });
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map(async (label, i) => {
    const page = await session.players[i].newPage();
    // Every peer connection the page makes, kept where the test can close them.
    await page.addInitScript(keepPeerConnections);
    return new RoomHooks(page, label);
  }));
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob, carol].map((p) => p.load(`${files.url}/?speed=10&fast=1`)));
});

after(async () => {
  await session?.close();
  await files?.stop();
});

/** The code a card shows, once made, and once it is not `old`. */

test('a device of a room with no server loses every link mid-game: it is offered Rejoin by camera and gets its seat back', { timeout: 90000 }, async () => {
  await alice.page.getByTestId('home-serverless').tap();
  await alice.waitFor('alice hosts a room with no server', (s) => s.state === 'Connected' && s.role === 'Host');
  for (const guest of [bob, carol]) {
    const old = await alice.page.evaluate(() => document.querySelector('[data-testid="pair-offer"]')?.getAttribute('data-code') ?? null);
    await alice.page.getByTestId('pair-invite').tap();
    const offer = await codeOf(alice.page, 'pair-offer', old);
    await guest.page.getByTestId('home-join-camera').tap();
    await guest.page.getByTestId('pair-scan-offer-input').fill(offer);
    await guest.page.getByTestId('pair-scan-offer-go').tap();
    await alice.page.getByTestId('pair-scan-answer-input').fill(await codeOf(guest.page, 'pair-answer'));
    await alice.page.getByTestId('pair-scan-answer-go').tap();
    await guest.waitFor(`${guest.label} in the room`, (s) => s.state === 'Connected' && s.me !== null, 20000);
  }
  for (const p of [alice, bob, carol]) {
    await p.waitFor(`${p.label} in the whole mesh`, (s) => s.players === 3 && s.linked === 2, 30000);
  }
  await alice.waitFor('White for Alice', (s) => s.seats.join() === '0');
  await bob.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob, carol], 'the started game', 20000, (s) => s.started);

  // Every link of Bob's tab closes; nothing is reloaded.
  const closed = await bob.page.evaluate(() => { window.__pcs.forEach((pc) => pc.close()); return window.__pcs.length; });
  assert.ok(closed > 0, 'bob had peer connections');
  await alice.waitFor('a bot covers Black meanwhile', (s) => s.covered.join() === '1', 30000);
  await bob.page.getByTestId('hud-rejoin').tap({ timeout: 30000 });
  await screenshot(bob.page, 'serverless-drop-bob-lost');
  await bob.page.getByTestId('pair-rejoin').tap();

  // Alice invites him again from her game's Seats card; he pastes it and shows his answer.
  await alice.page.getByTestId('hud-seats').tap();
  const old = await alice.page.evaluate(() => document.querySelector('[data-testid="pair-offer"]')?.getAttribute('data-code') ?? null);
  await alice.page.getByTestId('pair-invite').tap();
  const again = await codeOf(alice.page, 'pair-offer', old);
  await bob.page.getByTestId('pair-scan-offer-input').fill(again);
  await bob.page.getByTestId('pair-scan-offer-go').tap();
  await alice.page.getByTestId('pair-scan-answer-input').fill(await codeOf(bob.page, 'pair-answer'));
  await alice.page.getByTestId('pair-scan-answer-go').tap();

  await bob.waitFor('Black is Bob\'s again', (s) => s.state === 'Connected' && s.role === 'Guest' && s.seats.join() === '1' && s.hash !== null, 30000);
  await alice.waitFor('no seat covered', (s) => s.covered.length === 0, 20000);
  const states = await waitConverged([alice, bob, carol], 'one game again', 20000);
  assert.equal(states.filter((s) => s.hosting).length, 1, 'one host');
  await screenshot(bob.page, 'serverless-drop-bob-back');
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
