// A host that leaves after introducing a device to one peer of two (issue 45). Alice taps "Play
// here, no internet"; Bob and Carol join by pasted codes and the mesh is whole; Alice crews White,
// Bob Black, Carol watches, and the game starts. Dave then joins through Alice: once he links,
// Alice introduces him to Bob and to Carol, forwarding each one's codes. Bob's introduction goes
// through; Carol's never reaches her (the test loses what arrives on her introductions channel:
// a Wi-Fi that dropped those packets), and Alice closes her tab. Dave is in the room, linked to
// Bob alone of those left. Bob, Carol and Dave still elect one host (Bob: his vote, Carol's and
// Dave's are a majority of the four the room counted); a bot plays White; the new host finishes
// what Alice left half done (Carol and Dave link, introduced through Bob), Dave takes White from
// the bot, and play goes on: one host, one epoch, one state hash on the three screens.
//
// The four tabs share one browser (four contexts). Runs against the test build (dist-test/) with
// `?fast=1&seed=45` (a seeded host, short deadlines); nothing waits for a whole game.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const { launchBrowser, paths, screenshot, test } = require('./lib');
const { startStatic } = require('./lib/static');
const { RoomHooks, playsOn, waitConverged } = require('./lib/pages/room_hooks');
const { codeOf, invitation } = require('./lib/pairing_codes');

let files;
let session;
let alice; // hosts, crews White, leaves mid-introduction
let bob; // crews Black; Dave is introduced to him
let carol; // watches; Dave's introduction to her is lost
let dave; // joins last, through Alice
const QUERY = '?fast=1&seed=45';

/** Runs in the page: while `window.__introductionsLost` is set, whatever arrives on the
 * introductions channel (matchbox's third channel, id 2) is lost before the app reads it. */
function loseIntroductions() {
  const real = RTCPeerConnection.prototype.createDataChannel;
  const onmessage = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = real.apply(this, args);
    if (channel.id !== 2) return channel;
    Object.defineProperty(channel, 'onmessage', {
      get() { return onmessage.get.call(this); },
      set(handler) {
        const lossy = handler && ((event) => { if (!window.__introductionsLost) handler(event); });
        onmessage.set.call(this, lossy);
      },
    });
    return channel;
  };
}

before(async () => {
  files = await startStatic(paths.TEST_DIST);
  session = await launchBrowser({ players: 4, touch: true });
  [alice, bob, carol, dave] = await Promise.all(['alice', 'bob', 'carol', 'dave'].map(async (label, i) => {
    const page = await session.players[i].newPage();
    if (label === 'carol') await page.addInitScript(loseIntroductions);
    return new RoomHooks(page, label);
  }));
  await Promise.all([alice, bob, carol, dave].map((p) => p.load(`${files.url}/${QUERY}`)));
});

after(async () => {
  await session?.close();
  await files?.stop();
});

/** `guest` joins through `host` by pasted codes: `host`'s invitation, then `guest`'s answer. */
async function joinThrough(host, guest) {
  const offer = await invitation(host);
  await guest.page.getByTestId('home-join-camera').tap();
  await guest.page.getByTestId('pair-scan-offer-input').fill(offer);
  await guest.page.getByTestId('pair-scan-offer-go').tap();
  await host.page.getByTestId('pair-scan-answer-input').fill(await codeOf(guest.page, 'pair-answer'));
  await host.page.getByTestId('pair-scan-answer-go').tap();
}

test('the host of a room with no server leaves after introducing a device to one peer of two: the rest elect, the new host finishes the introduction, and play goes on', { timeout: 120000 }, async () => {
  await alice.page.getByTestId('home-serverless').tap();
  await alice.waitFor('alice hosts a room with no server', (s) => s.state === 'Connected' && s.role === 'Host');
  await joinThrough(alice, bob);
  await bob.waitFor('bob in the room', (s) => s.state === 'Connected' && s.me !== null, 20000);
  await joinThrough(alice, carol);
  for (const p of [alice, bob, carol]) {
    await p.waitFor(`${p.label} in the whole mesh of three`, (s) => s.players === 3 && s.linked === 2, 30000);
  }
  await alice.waitFor('White for Alice', (s) => s.seats.join() === '0');
  await bob.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob, carol], 'the started game', 20000, (s) => s.started && s.covered.length === 0);
  await playsOn(bob, 1);

  // Dave joins through Alice mid-game; his introduction to Carol is lost on the way.
  await carol.page.evaluate(() => { window.__introductionsLost = true; });
  await alice.page.getByTestId('hud-seats').tap();
  await joinThrough(alice, dave);
  await dave.waitFor('Dave in the room, linked to Alice and Bob', (s) => s.state === 'Connected' && s.me !== null && s.hash !== null && s.linked === 2, 30000);
  await bob.waitFor('Bob linked to Dave', (s) => s.linked === 3, 20000);
  const [a0] = await waitConverged([alice, bob, carol, dave], 'four tabs on one game', 20000);
  assert.equal(a0.players, 4);
  assert.equal((await carol.state()).linked, 2, 'Carol never heard of Dave');

  // Alice's tab closes with Dave half introduced; Carol's Wi-Fi is fine again.
  await alice.page.close();
  await carol.page.evaluate(() => { window.__introductionsLost = false; });
  const b = await bob.waitFor('Bob hosts after the election', (s) => s.hosting && s.epoch > a0.epoch && s.covered.join() === '0', 40000);
  assert.equal(b.seats.join(), '1', 'Bob keeps Black');
  for (const p of [carol, dave]) {
    await p.waitFor(`${p.label} follows Bob`, (s) => s.state === 'Connected' && !s.hosting && s.epoch === b.epoch, 30000);
  }
  // The new host finished the introduction Alice left half done: the three link each other.
  for (const p of [bob, carol, dave]) await p.waitFor(`${p.label} in the whole mesh of three`, (s) => s.linked === 2, 30000);
  await screenshot(dave.page, 'serverless-half-introduced-dave');

  // Dave takes White from the bot, and the game goes on.
  await dave.claimSeats([0]);
  await bob.waitFor('no seat covered', (s) => s.covered.length === 0, 20000);
  await playsOn(dave, 0);
  await playsOn(bob, 1);
  const states = await waitConverged([bob, carol, dave], 'one game on three screens', 20000);
  assert.deepEqual(states.map((s) => s.hosting), [true, false, false], 'one host: Bob');
  assert.equal(new Set(states.map((s) => s.epoch)).size, 1, 'one epoch');
  assert.equal(new Set(states.map((s) => s.hash)).size, 1, 'one state hash');
  assert.equal(states.reduce((n, s) => n + s.relayRefused, 0), 0, 'no introduction refused');
  // An honest election: nobody is warned of a forgery (the winner's answer to an early poll,
  // heard before its first room view, is no false claim to host).
  for (const s of states) assert.deepEqual(s.warned, [], `${JSON.stringify(s.warned)}`);
  await screenshot(bob.page, 'serverless-half-introduced-bob');
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
