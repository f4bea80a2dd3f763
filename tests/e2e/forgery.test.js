// No single peer can take a room (issue 31): three browsers in a room over real WebRTC. Alice
// hosts and watches; Bob crews White; Black is a bot Alice's tab runs; Carol watches, and her
// tab plays the adversary through a test hook: it sends every other device an election it
// never won (signatures made up, a claimed room of one), game events nobody asked for (a
// GameOver that hands her a win) and a false claim to host. The game goes on under Alice, no
// copy takes the forged events, and Alice and Bob are each told in words, on screen.
//
// Runs against the test build (dist-test/) with `?speed=40&fast=1`.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { test } = require('./lib');
const { waitConverged } = require('./lib/pages/room_hooks');
const { launchWatchedRoom, startWatchedGame } = require('./lib/pages/watched_room');

let server;
let session;
let alice; // creates and hosts the room, sits nowhere
let bob; // White
let carol; // watches, and forges
const room = `e2e-forgery-${crypto.randomBytes(6).toString('base64url')}`;
const QUERY = '?speed=40&fast=1';

before(async () => {
  ({ server, session, alice, bob, carol } = await launchWatchedRoom(QUERY, { phone: 'bob' }));
});

after(async () => {
  await session?.close();
  await server?.stop();
});

const errors = () => session.players.flatMap((p) => p.errors);

test('a guest forges an election, events and a hosting claim: nothing changes and the others are told', { timeout: 90000 }, async () => {
  await startWatchedGame({ alice, bob, carol }, room);
  const hostPeer = (await bob.state()).hostPeer;
  const before = await alice.state();

  for (const kind of ['election', 'batch', 'hosting']) {
    const sent = await carol.forge(kind);
    assert.deepEqual(sent, { ok: true, sent: 2 }, `Carol's ${kind} went to both others`);
  }

  // Alice and Bob are told, in words, and keep their host.
  for (const p of [alice, bob]) {
    await p.waitFor(`${p.label} told of the forgeries`, (s) => s.warned.some((w) => /announced an election nobody won/.test(w))
      && s.warned.some((w) => /game events nobody asked it for/.test(w)), 10000);
    const s = await p.state();
    assert.ok(s.warned.every((w) => /refused (it|them) and nothing changed: Alice still hosts the room/.test(w)), JSON.stringify(s.warned));
  }
  // The bot and Bob's tab keep playing under Alice: the log grows, every copy agrees, nobody won.
  await bob.act(0, 'cheap');
  await waitConverged([alice, bob, carol], 'the game going on under Alice', 20000, (s) => s.head > before.head && !s.over);
  const [a, b] = [await alice.state(), await bob.state()];
  assert.equal(a.hosting, true, 'Alice still hosts');
  assert.equal(a.epoch, 0, 'no election happened');
  assert.equal(b.hosting, false);
  assert.equal(b.epoch, 0);
  assert.equal(b.hostPeer, hostPeer, 'Bob still follows Alice');

  // On Bob's phone the warning is on screen, readable, and can be put away.
  const bar = bob.page.getByTestId('trust-bar');
  await bar.waitFor({ state: 'visible' });
  assert.match(await bar.innerText(), /nobody won/);
  const box = await bar.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the bar fits the phone: ${JSON.stringify(box)}`);
  await bob.page.getByTestId('trust-bar-close').click();
  await bar.waitFor({ state: 'hidden' });
  assert.deepEqual(errors(), []);
});
