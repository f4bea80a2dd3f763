// Maps (issue 12): draw a small map in the editor, watch its problems come and go as
// you paint, save it, play a practice battle on it (its rift and gravity arrows on the
// board), and open its shared link on another device: the lobby with that map chosen. The
// battle runs on the test's clock (issue 44, lib/clock.js; seed 4): the bots stand still while
// the board is read.
const { before, after } = require('node:test');
const assert = require('node:assert/strict');
const { HomePage, clockQuery, launchBrowser, LobbyPage, paths, runUntil, screenshot, startServer, test } = require('./lib');

let server;
let session;
before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  session = await launchBrowser({ players: 2 });
});
after(async () => {
  await session?.close();
  await server?.stop();
});

/** Paints `square` (e.g. "C4") with the palette item `tool` ("rift", "start-1", …). */
async function paint(page, tool, square) {
  await page.getByTestId(`tool-${tool}`).click();
  await page.getByTestId(`cell-${square}`).click();
}

const problems = (page) => page.getByTestId('map-problem').allTextContents();

test('maps: draw, check, save, play on it, share it', { timeout: 100000 }, async () => {
  const [player, friend] = session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(server.url, clockQuery(4, '&speed=5'));
  await page.getByTestId('home-maps').click();
  await page.getByTestId('map-editor').waitFor();

  // A 7 × 7 map. A new map has no name yet: the check says so, and stops saying so.
  await page.getByTestId('map-cols').selectOption('7');
  await page.getByTestId('map-rows').selectOption('7');
  assert.equal(await page.locator('[data-testid^="cell-"]').count(), 49);
  assert.deepEqual(await problems(page), ['A map needs a name of 1 to 40 characters.']);
  assert.equal(await page.getByTestId('map-play').isDisabled(), true);
  await page.getByTestId('map-name').fill('Twin Rifts');
  await page.getByTestId('map-ok').waitFor();

  // Symmetric painting (on by default): start 1 at D7 facing north makes start 2 at D1 facing
  // south; a rift at C4 makes one at E4; an arrow east at B2 makes one west at F6.
  await page.getByTestId('dir-north').click();
  await paint(page, 'start-1', 'D7');
  assert.match(await page.getByTestId('cell-D1').getAttribute('aria-label'), /start square 2 facing south/);
  await paint(page, 'rift', 'C4');
  assert.match(await page.getByTestId('cell-E4').getAttribute('aria-label'), /rift/);
  await page.getByTestId('dir-east').click();
  await paint(page, 'arrow', 'B2');
  assert.equal(await page.getByTestId('cell-F6').getAttribute('aria-label'), 'F6: gravity arrow pointing west');

  // A rift on crystal square 3 (F4; its mirror B4 is crystal square 4) is a problem until erased.
  await paint(page, 'rift', 'F4');
  await page.getByTestId('map-problem').first().waitFor();
  const listed = await problems(page);
  assert.ok(listed.includes('Crystal square 3 F4 is on a rift: it must be clear.'), listed.join(' | '));
  assert.equal(await page.getByTestId('map-play').isDisabled(), true);
  await paint(page, 'empty', 'F4');
  await page.getByTestId('map-ok').waitFor();

  // By keyboard: the arrow keys move the cursor, Enter paints (an asteroid at A2 and G6).
  await page.getByTestId('tool-asteroid').click();
  await page.getByTestId('cell-A1').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.equal(await page.getByTestId('cell-A2').getAttribute('aria-label'), 'A2: asteroid');
  assert.equal(await page.getByTestId('cell-G6').getAttribute('aria-label'), 'G6: asteroid');
  await page.getByTestId('map-ok').waitFor();

  await page.getByTestId('map-save').click();
  await page.getByTestId('map-saved-item').filter({ hasText: 'Twin Rifts' }).waitFor();
  await screenshot(page, 'maps-editor');

  // Play this map: a practice lobby with it chosen; its tiles are the set-up.
  await page.getByTestId('map-play').click();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  const pick = page.getByTestId('lobby-map-pick');
  assert.equal(await pick.locator('option:checked').textContent(), 'Twin Rifts');
  await page.getByTestId('lobby-map-hint').filter({ hasText: /tiles are the set-up/ }).waitFor();
  assert.equal(await page.getByTestId('lobby-map-quick').isVisible(), false);

  // Two ships a side need four start squares: the lobby says so, and Start is refused with it.
  await page.getByTestId('lobby-layout-two').click();
  const seat = page.getByTestId('lobby-map-problem');
  await seat.filter({ hasText: 'This map has start squares for 2 ships; this game needs 4.' }).waitFor();
  await page.getByTestId('lobby-start').click();
  await page.getByTestId('toast').filter({ hasText: 'this game needs 4' }).first().waitFor();
  await page.getByTestId('lobby-layout-duel').click();
  await seat.waitFor({ state: 'detached' });

  // The share link, for the friend below.
  await page.getByTestId('lobby-map-share').click();
  await screenshot(page, 'maps-lobby');
  const link = await page.getByTestId('map-share-link').inputValue();
  assert.match(link, /#\/play\?map=DDM1\./);
  assert.match(await page.getByTestId('map-download').getAttribute('download'), /^twin-rifts\.ddmap$/);

  // The battle on the map: its rifts and arrows are on the board.
  await lobby.start();
  await runUntil(page, 'the rift at C4', () => !!document.querySelector('[data-testid="rift-C4"]'), { maxMs: 15000 });
  await page.locator('[data-testid="arrow-B2"]').first().waitFor();
  assert.equal(await page.locator('.terrain--rift').count() >= 2, true);
  assert.equal(await page.locator('.terrain--arrow').count() >= 2, true);
  await screenshot(page, 'maps-battle');
  // A tap on a square with nothing to do names it: the rift says what it does (no hover on a phone).
  await page.getByTestId('sq-C4').first().click();
  await page.getByTestId('toast').filter({ hasText: 'Rift at C4: a ship moving through loses every shield die' }).first().waitFor();

  // Another device: a damaged link says why and opens nothing ...
  const other = await friend.newPage();
  await other.goto(`${server.url}/#/play?map=DDM1.AAAA`);
  await other.getByTestId('toast').filter({ hasText: /This map link could not be read: this map code is/ }).waitFor();
  await other.getByTestId('home').waitFor();
  // ... and the shared link opens the practice lobby with the map chosen, offering to save it.
  await other.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
  await new LobbyPage(other).waitFor();
  assert.equal(await other.getByTestId('lobby-map-pick').locator('option:checked').textContent(), 'Twin Rifts (not saved)');
  await other.getByTestId('lobby-map-keep').click();
  await other.getByTestId('lobby-map-keep').waitFor({ state: 'detached' });
  assert.equal(await other.getByTestId('lobby-map-pick').locator('option:checked').textContent(), 'Twin Rifts');

  // Back to a built-in map, then the file the first device downloaded brings Twin Rifts back.
  await other.getByTestId('lobby-map-pick').selectOption({ label: 'Rift Field' });
  await other.getByTestId('lobby-map-hint').filter({ hasText: /tiles are the set-up/ }).waitFor();
  await other.getByTestId('lobby-map-pick').selectOption({ label: 'Standard 9×9' });
  await other.getByTestId('lobby-map-quick').waitFor();
  await other.getByTestId('lobby-map-import').click();
  await other.getByTestId('map-import-code').fill('DDM1.not-a-map');
  await other.getByTestId('map-import-go').click();
  await other.getByTestId('map-import-error').filter({ hasText: /That map could not be read: this map code is/ }).waitFor();
  assert.equal(await other.getByTestId('lobby-map-pick').locator('option:checked').textContent(), 'Standard 9×9');
  const code = link.split('map=')[1];
  await other.getByTestId('map-import-file').setInputFiles({ name: 'twin-rifts.ddmap', mimeType: 'text/plain', buffer: Buffer.from(`${code}\n`) });
  await other.getByTestId('map-import').waitFor({ state: 'detached' });
  assert.equal(await other.getByTestId('lobby-map-pick').locator('option:checked').textContent(), 'Twin Rifts');

  // Edit a copy of a built-in map: the editor opens on it under a name of its own; back to the lobby.
  await other.getByTestId('lobby-map-pick').selectOption({ label: 'Gravity Well' });
  await other.getByTestId('lobby-map-edit').click();
  await other.getByTestId('map-editor').waitFor();
  assert.equal(await other.getByTestId('map-name').inputValue(), 'Gravity Well copy');
  assert.equal(await other.locator('[data-testid^="cell-"]').count(), 144);
  assert.equal(await other.getByTestId('cell-A1').getAttribute('aria-label'), 'A1: gap between tiles');
  await other.getByTestId('map-back').click();
  await new LobbyPage(other).waitFor();
  assert.equal(await other.getByTestId('lobby-map-pick').locator('option:checked').textContent(), 'Gravity Well');

  assert.deepEqual(player.errors, []);
  assert.deepEqual(friend.errors, []);
});

test('maps: the editor fits a phone (390 × 844)', { timeout: 60000 }, async () => {
  const [player] = session.players;
  const page = await player.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/#/maps`);
  await page.getByTestId('map-editor').waitFor();
  // Nothing wider than the screen, and the grid's squares are big enough to tap.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 390, `page is ${overflow}px wide`);
  const box = await page.getByTestId('cell-A1').boundingBox();
  assert.ok(box.width >= 30, `a square is ${box.width}px wide`);
  const tool = await page.getByTestId('tool-rift').boundingBox();
  assert.ok(tool.height >= 44, `a palette item is ${tool.height}px high`);
  const file = await screenshot(page, 'maps-editor-phone');
  assert.ok(file.endsWith('.png'));
  assert.deepEqual(player.errors, []);
});
