// Several seats on one device (a tablet passed round the table): each station
// is one tap away; the board view shows both ships; a reload resumes the game.
const assert = require('node:assert/strict');
const { GamePage, HomePage, LobbyPage, screenshot, test, useStack } = require('./lib');

const stack = useStack();

test('a device holding two seats switches station in one tap; the board view renders both ships', { timeout: 90000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=5&bots=off');
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await lobby.crew(2);
  await lobby.waitHolder(0, 'player');
  await lobby.take(1);
  assert.equal(await lobby.holder(2), 'bot');
  await lobby.start();

  const game = new GamePage(page, 0);
  // Seat 0: Helm, Shields, Tractor, (shared) Engineering; seat 1: Weapons, Sensors.
  for (const station of ['engineering', 'helm', 'weapons', 'sensors', 'shields', 'tractor']) {
    await game.tab(station).click();
    await page.getByTestId(`station-${station}`).waitFor({ state: 'visible', timeout: 2000 });
    assert.ok(await game.tab(station).evaluate((e) => e.classList.contains('is-active')), station);
  }
  // The keyboard cycles the tabs too: ] shows the next one; Tab stays the browser's (focus).
  const order = await page.locator('[data-testid="tabs"] .tab').evaluateAll((ts) => ts.map((t) => t.dataset.testid));
  assert.deepEqual(order, ['tab-0-engineering', 'tab-0-helm', 'tab-0-shields', 'tab-0-tractor', 'tab-0-weapons', 'tab-0-sensors', 'tab-board']);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Tab');
  assert.ok(await game.tab('tractor').evaluate((e) => e.classList.contains('is-active')), 'Tab does not switch tabs');
  await page.keyboard.press(']');
  await page.waitForFunction(() => document.querySelector('[data-testid="tab-0-weapons"]')?.classList.contains('is-active'));
  // "?" lists every shortcut; Esc closes the list.
  await page.keyboard.press('?');
  await page.getByTestId('keys-card').waitFor();
  assert.match(await page.getByTestId('keys-card').textContent(), /next and previous tab/);
  await page.keyboard.press('Escape');
  await page.getByTestId('keys-card').waitFor({ state: 'hidden' });
  await page.getByTestId('station-weapons').waitFor({ state: 'visible', timeout: 2000 });

  await game.showBoard();
  for (const ship of [0, 1]) {
    await page.locator(`[data-testid="board-view"] [data-testid="board-ship-${ship}"]`).waitFor();
    await page.locator(`[data-testid="board-view"] [data-testid="display-${ship}"]`).waitFor();
  }
  await screenshot(page, 'board-tab');

  // The shared-screen view: the same game after a reload, no controls.
  await page.goto(`${stack.server.url}?view=board`);
  await page.getByTestId('board-screen').waitFor();
  for (const ship of [0, 1]) {
    await page.getByTestId(`board-ship-${ship}`).waitFor();
    await page.getByTestId(`display-${ship}`).waitFor();
  }
  assert.equal(await page.getByTestId('commands').count(), 0, 'no controls on the board view');
  assert.equal(await page.getByTestId(`board-ship-0`).getAttribute('data-square'), 'E9');
  await screenshot(page, 'board-view');
  assert.deepEqual(player.errors, []);
});
