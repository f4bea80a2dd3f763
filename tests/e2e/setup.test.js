// The rulebook's set-up (R5): the teams take turns placing the obstacle tokens on
// the board before the battle. The player taps a lit square or asks "place for me";
// the bot crew answers each token with the mirror square. On the test's clock (issue 44,
// lib/clock.js; seed 6): the bots answer only while the spec runs the page's clock.
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, advance, clockQuery, paths, runUntil, runUntilShown, screenshot, test, useStack } = require('./lib');

const stack = useStack({ dist: paths.TEST_DIST });
const turnIs = (page, re) => runUntil(page, `the set-up turn ${re}`, (src) => new RegExp(src).test(document.querySelector('[data-testid="setup-turn"]')?.textContent ?? ''), { arg: re.source, maxMs: 15000 });

test('set-up: tokens placed in turn on the board, then the battle begins', { timeout: 90000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(6, '&speed=5'));
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await page.getByTestId('lobby-map-setup').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="lobby-map-setup"]')?.classList.contains('is-on'));
  await lobby.start();
  await runUntilShown(page, 'setup-panel', { maxMs: 5000 });
  assert.match(await page.getByTestId('setup-turn').textContent(), /White places a token · 10 obstacles/);

  // A tap on a lit square places a nebula there.
  await page.getByTestId('setup-nebula').click();
  await page.locator('.sq--place').first().waitFor();
  const square = (await page.locator('.sq--place').first().getAttribute('data-testid')).replace('sq-', '');
  await page.locator('.sq--place').first().click();
  await page.locator(`[data-testid="nebula-${square}"]`).first().waitFor();
  // The bot team answers with a token of its own, then it is White's turn again.
  await turnIs(page, /White places a token · 8 obstacles/);
  await screenshot(page, 'setup');

  for (let k = 0; k < 8; k++) {
    if (!(await page.getByTestId('setup-panel').count())) break;
    const turn = await page.getByTestId('setup-turn').textContent().catch(() => '');
    if (/White places/.test(turn)) await page.getByTestId('setup-auto').click().catch(() => {});
    await advance(page, 400);
  }
  await runUntil(page, 'the set-up over', () => !document.querySelector('[data-testid="setup-panel"]'), { maxMs: 20000 });
  assert.equal(await page.locator('[data-testid^="asteroid-"], [data-testid^="nebula-"]').count() >= 10, true);
  assert.deepEqual(player.errors, []);
});
