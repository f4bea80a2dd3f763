// A quiet person's stations (issue 45, D46): at a table of two, Bob, on his phone, sends nothing;
// his own device offers his stations to a bot with a toast naming them, the bot works them, and
// a tap on the toast keeps them with him ("… are yours again").
//
// The bound is 30 s in play. Two browsers over WebRTC keep real time (the test's clock is a
// single page's), so Bob's tab shortens his bound to 5 s through the test hooks
// (`test_hook_quiet`) instead of the spec waiting 30 s of wall clock; the toast names the bound
// in force. That the offer waits the whole 30 s is duel-bots' and the session's unit tests'.
//
// Runs against the test build (dist-test/): the hooks open the room and claim the seats.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { launchBrowser, paths, screenshot, startServer, test } = require('./lib');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');

let server;
let session;
let alice; // hosts, crews White
let bob; // crews Black, on a phone, and goes quiet
const room = `e2e-quiet-${crypto.randomBytes(6).toString('base64url').toLowerCase()}`;
const BOUND_MS = 5000;

before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  session = await launchBrowser({ players: 2, touch: true });
  alice = new RoomHooks(await session.players[0].newPage(), 'alice');
  bob = new RoomHooks(await session.players[1].newPage(), 'bob');
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob].map((p) => p.load(`${server.url}/?fast=1`)));
});

after(async () => {
  await session?.close();
  await server?.stop();
});

test('a quiet person is offered a bot for their stations, told which, and keeps them with one tap', { timeout: 90000 }, async () => {
  await alice.open(room, { host: true, name: 'Alice' });
  await bob.open(room, { name: 'Bob' });
  for (const p of [alice, bob]) {
    await p.waitFor(`${p.label} in the room`, (s) => s.state === 'Connected' && s.me !== null && s.players === 2);
  }
  await alice.waitFor('White for Alice', (s) => s.seats.join() === '0');
  await bob.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob], 'the started game', 20000, (s) => s.started);

  // Bob's quiet starts now, with the bound shortened; nobody offers before it.
  const started = Date.now();
  assert.deepEqual((await bob.quiet(BOUND_MS)).offered, []);
  const toast = bob.page.locator('[data-testid="toast"][data-undo="true"]');
  await toast.waitFor({ timeout: 20000 });
  const waited = Date.now() - started;
  assert.ok(waited >= BOUND_MS, `offered after ${waited} ms, before the bound`);
  const { offered } = await bob.quiet();
  assert.ok(offered.length > 0, 'stations offered to a bot');
  const text = await toast.textContent();
  assert.match(text, /^You have been quiet for 5 s: a bot works .+ for you until you play\. Tap here to keep (it|them)\.$/);
  for (const station of offered) assert.ok(text.includes(station), `the toast names ${station}: ${text}`);
  await screenshot(bob.page, 'quiet-offer-390');

  // The bot works them: Bob's device sends intents for his seat, and the game moves.
  const { head } = await bob.state();
  await bob.waitFor('the bot acting for Bob', (s) => s.head > head, 20000);

  // One tap keeps them: no station is offered any more, and Bob is told they are his.
  await toast.tap();
  await bob.page.getByTestId('toast').filter({ hasText: /yours again\.$/ }).waitFor({ timeout: 10000 });
  assert.deepEqual((await bob.quiet()).offered, []);
  assert.equal(await toast.count(), 0, 'the offer is gone');
  await screenshot(bob.page, 'quiet-kept-390');
  await waitConverged([alice, bob], 'one game', 20000);
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
