// One person on one station, bots in the other eleven seats: the bot crews play the game to a
// winner through the same command path as people, and the result screen shows it. On the test's
// clock (issue 44, lib/clock.js; seed 11): the game runs as fast as the page computes it.
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, clockQuery, paths, runUntilShown, screenshot, test, useStack } = require('./lib');

const stack = useStack({ dist: paths.TEST_DIST });

test('one human station and eleven bot seats reach a winner', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(11, '&speed=20&fast=1'));
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await lobby.crew(6);
  await lobby.waitHolder(0, 'player');
  // Seat 4 is White's Shields: the person takes it, a bot takes Engineering.
  await lobby.bot(0);
  await lobby.take(4);
  const holders = await Promise.all([...Array(12).keys()].map((i) => lobby.holder(i)));
  assert.deepEqual(holders.filter((h) => h === 'bot').length, 11, holders.join(','));
  await lobby.start();
  const tabs = await page.locator('[data-testid="tabs"] .tab').evaluateAll((ts) => ts.map((t) => t.dataset.testid));
  assert.deepEqual(tabs, ['tab-0-shields', 'tab-board']);

  await runUntilShown(page, 'result', { toResult: true });
  const winner = await page.getByTestId('result-winner').textContent();
  assert.match(winner, /^(You won!|(White|Black) won: you lost\.)$|draw/, "said from this device's side");
  assert.ok(await page.locator('[data-testid^="timeline-mark-"]').count() >= 4, 'four damage marked on the timeline');
  await screenshot(page, 'result');
  assert.deepEqual(player.errors, []);
});
