// Screenshots of the game screen in landscape and portrait tablets, for the
// eye (tests/e2e/artifacts/); the test fails if the layout loses a part.
const assert = require('node:assert/strict');
const { GamePage, HomePage, screenshot, test, useStack } = require('./lib');

const stack = useStack();

for (const [width, height] of [[1024, 768], [768, 1024]]) {
  test(`game screen at ${width}×${height}`, { timeout: 90000 }, async () => {
    const [player] = stack.session.players;
    const page = await player.newPage();
    await page.setViewportSize({ width, height });
    const home = new HomePage(page);
    await home.goto(stack.server.url, '?seed=7&bots=off');
    await home.practice();
    const game = new GamePage(page, 0);
    await game.waitFor();
    await game.place('helm', ['Forward 1', 'Forward 2', 'Forward + turn left', 'Forward + turn right'], () => 'helm-slot-a');
    await game.sendEnergy(1);
    await game.show('weapons');
    await page.getByTestId('weapons-roll').click();
    await game.show('engineering');
    await page.getByTestId('engineering-roll').click();
    await page.waitForTimeout(500);
    for (const part of ['hud', 'tabs', 'station-engineering', 'board', 'commands']) {
      const box = await page.getByTestId(part).first().boundingBox();
      assert.ok(box && box.width > 0 && box.height > 0, `${part} is laid out`);
      assert.ok(box.x >= 0 && box.x + box.width <= width + 1, `${part} fits the width`);
    }
    await screenshot(page, `game-${width}x${height}`);
    await game.show('weapons');
    await screenshot(page, `weapons-${width}x${height}`);
    assert.deepEqual(player.errors, []);
  });
}
