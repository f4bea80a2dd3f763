// One person on one station, bots in the other eleven seats, on a clock twenty
// times faster (`?speed=20`): the bot crews play the game to a winner through the
// same command path as people, and the result screen shows it.
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, screenshot, test, useStack } = require('./lib');

const stack = useStack();

test('one human station and eleven bot seats reach a winner', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=11&speed=20&fast=1');
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

  await page.getByTestId('result').waitFor({ timeout: 100000 });
  const winner = await page.getByTestId('result-winner').textContent();
  assert.match(winner, /^(You won!|(White|Black) won: you lost\.)$|draw/, "said from this device's side");
  assert.ok(await page.locator('[data-testid^="timeline-mark-"]').count() >= 4, 'four damage marked on the timeline');
  await screenshot(page, 'result');
  assert.deepEqual(player.errors, []);
});
