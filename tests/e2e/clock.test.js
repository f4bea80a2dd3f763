// The test's clock (issue 44, lib/clock.js): a page of the test build opened with
// `?clock=virtual&seed=N` moves only when the test runs its clock, and a bots' game on it replays
// event for event from its seed, however loaded the machine: each position the tab showed
// (`window.__duelSeen`: head and state hash) is the same on a second run, in a fresh browser
// context, and another seed plays another game.
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, advance, clockQuery, paths, runUntilShown, test, useStack } = require('./lib');

const stack = useStack({ players: 3, dist: paths.TEST_DIST });

/** Two bot crews play a practice to its result on the test's clock; returns every position shown. */
async function botsGame(player, seed) {
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(seed, '&speed=20&fast=1'));
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await lobby.bot(0);
  await lobby.start();
  await page.getByTestId('game').waitFor();
  // The wall clock moves nothing: two seconds of it, and the game stands where it started.
  const still = await page.evaluate(() => window.__duel?.head ?? 0);
  await page.waitForTimeout(2000);
  assert.equal(await page.evaluate(() => window.__duel?.head ?? 0), still, 'no event without the test\'s clock');
  // The test's clock moves it.
  const { head } = await advance(page, 3000);
  assert.ok(head > still, `three seconds of the test's clock play on (head ${still} → ${head})`);
  await runUntilShown(page, 'result', { toResult: true });
  const seen = await page.evaluate(() => window.__duelSeen.slice());
  const end = await page.evaluate(() => ({ head: window.__duel.head, hash: window.__duel.hash }));
  await page.close();
  return { seen, end };
}

test('a bots\' game on the test\'s clock replays event for event from its seed', { timeout: 110000 }, async () => {
  const [a, b, c] = stack.session.players;
  const first = await botsGame(a, 7);
  const second = await botsGame(b, 7);
  assert.ok(first.seen.length > 10, `a whole game was seen (${first.seen.length} positions)`);
  assert.deepEqual(second.end, first.end, 'seed 7 ends at the same head and state hash');
  assert.deepEqual(second.seen, first.seen, 'seed 7 shows the same positions, in order');
  const other = await botsGame(c, 8);
  assert.notDeepEqual(other.seen, first.seen, 'seed 8 plays another game');
  console.log(`seed 7: ${first.end.head} events, ${first.seen.length} positions; seed 8: ${other.end.head} events`);
  for (const p of [a, b, c]) assert.deepEqual(p.errors, []);
});
