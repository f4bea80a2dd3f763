// A lost seat race (issue 45): two phones tap the same free seat at once. The host sequences the
// two claims; one gets the seat, and the other's screen says, in words, who took it a moment
// before and what to do, and nothing else changes (its own seats, the room's other seats).
//
// Runs against the test build (dist-test/): the hooks open the room and send both claims in the
// same instant (each page's hook is called from the same event-loop turn of the test).
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { launchBrowser, paths, screenshot, startServer, test } = require('./lib');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');


let server;
let session;
let alice; // hosts, White's first seat
let bob; // a guest on a phone
let carol; // a guest on a phone
const room = `e2e-race-${crypto.randomBytes(6).toString('base64url').toLowerCase()}`;

before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  session = await launchBrowser({ players: 3 });
  alice = new RoomHooks(await session.players[0].newPage(), 'alice');
  bob = new RoomHooks(await session.players[1].newPage(), 'bob');
  carol = new RoomHooks(await session.players[2].newPage(), 'carol');
  for (const p of [bob, carol]) await p.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob, carol].map((p) => p.load(`${server.url}/?fast=1`)));
  await alice.open(room, { host: true });
  await bob.open(room);
  await carol.open(room);
  for (const p of [alice, bob, carol]) {
    await p.waitFor(`${p.label} in the room`, (s) => s.state === 'Connected' && s.me !== null && s.players === 3);
  }
});

after(async () => {
  await session?.close();
  await server?.stop();
});

/** Bob and Carol claim `seat` in the same instant; returns [winner, loser] once one holds it. */
async function race(seat) {
  const [b, c] = await Promise.all([bob.claim(seat), carol.claim(seat)]);
  assert.equal(b.ok, true, JSON.stringify(b));
  assert.equal(c.ok, true, JSON.stringify(c));
  const holds = (s) => s.seats.includes(seat) && s.pending === 0;
  // In the lobby there is no game to hash yet: both claims answered, and one of the two holds it.
  const settled = (st) => st.pending === 0;
  await bob.waitFor(`bob's claim of seat ${seat} answered`, settled, 20000);
  await carol.waitFor(`carol's claim of seat ${seat} answered`, settled, 20000);
  const deadline = Date.now() + 20000;
  while (!(holds(await bob.state()) || holds(await carol.state())) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
  }
  const [sb, sc] = [await bob.state(), await carol.state()];
  assert.ok(holds(sb) !== holds(sc), `exactly one holds seat ${seat}: bob ${sb.seats}, carol ${sc.seats}`);
  return holds(sb) ? [bob, carol] : [carol, bob];
}

/** The loser is told who won, in words, on its screen. */
async function toldInWords(loser, winner, before) {
  const s = await loser.waitFor('the race explained', (st) => st.rejected.some((r) => /a moment before you/.test(r)), 10000);
  const said = s.rejected.find((r) => /a moment before you/.test(r));
  // Seat 1 is Black's whole ship in a duel of one player a ship: the lobby's own words.
  assert.equal(said, `${winner.label} took Black's seat a moment before you. Pick another free seat.`);
  await loser.page.getByTestId('toast').filter({ hasText: /a moment before you/ }).first().waitFor({ timeout: 10000 });
  assert.deepEqual(s.seats, before, 'the loser keeps the seats it had, and no more');
  return said;
}

test('in the lobby: two phones take the same free seat at once; one gets it, the other reads who did', { timeout: 60000 }, async () => {
  await alice.claimSeats([0]);
  const [winner, loser] = await race(1);
  const said = await toldInWords(loser, winner, []);
  console.log(`# the loser read: ${said}`);
  await screenshot(loser.page, 'seat-race-lobby-390');
  assert.deepEqual((await winner.state()).seats, [1]);
  // Nothing else changed: the game starts with the seats as the host sequenced them.
  assert.equal((await alice.start()).ok, true);
  const started = await waitConverged([alice, bob, carol], 'the started game', 20000, (s) => s.started);
  assert.deepEqual(started.map((s) => s.seats), [[0], winner === bob ? [1] : [], winner === carol ? [1] : []]);
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
