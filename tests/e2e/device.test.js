// The device at the table (issue 13): the screen is kept on while a battle is on screen and
// let go on the result screen (Screen Wake Lock); freezes and hits buzz (Vibration API); both
// are switches on the home screen. The browser's APIs are recorded, not felt: headless
// Chromium has no screen to keep on and nothing to vibrate.
const assert = require('node:assert/strict');
// Both battles run on the test's clock (issue 44, lib/clock.js; seed 4).
const { HomePage, LobbyPage, clockQuery, paths, runUntil, runUntilShown, test, useStack } = require('./lib');

const stack = useStack({ dist: paths.TEST_DIST });

/** Records wake-lock requests and releases, and vibrations, in `window.__device`. */
function recordDevice() {
  window.__device = { locks: 0, released: 0, buzzes: [] };
  const record = window.__device;
  Object.defineProperty(navigator, 'vibrate', { value: (pattern) => { record.buzzes.push(pattern); return true; } });
  Object.defineProperty(navigator, 'wakeLock', {
    value: {
      request: async () => {
        record.locks += 1;
        const sentinel = { released: false, release: async () => { sentinel.released = true; record.released += 1; } };
        return sentinel;
      },
    },
  });
}

test('the screen is kept on during a battle and let go at its end; freezes and hits buzz', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  await player.context.addInitScript(recordDevice);
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(4, '&speed=20&fast=1'));
  assert.equal(await page.getByTestId('setting-keep-awake').isChecked(), true);
  assert.equal(await page.getByTestId('setting-haptics').isChecked(), true);
  assert.equal(await page.evaluate(() => window.__device.locks), 0, 'no lock on the home screen');
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await lobby.start();
  await runUntil(page, 'the screen kept on', () => window.__device.locks === 1, { maxMs: 5000 });
  await runUntilShown(page, 'result', { toResult: true });
  await runUntil(page, 'the screen let go', () => window.__device.released === 1, { maxMs: 5000 });
  const device = await page.evaluate(() => window.__device);
  assert.equal(device.locks, 1, 'asked once, kept the whole battle');
  assert.ok(device.buzzes.length > 0, 'freezes and hits buzzed');
  assert.ok(device.buzzes.some((b) => b.length === 3), `a hit's double buzz: ${JSON.stringify(device.buzzes)}`);
  assert.deepEqual(player.errors, []);
});

test('with both switches off, nothing is asked of the device', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const context = await player.context.browser().newContext();
  await context.addInitScript(recordDevice);
  const page = await context.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(4, '&speed=20&fast=1'));
  await page.getByTestId('setting-keep-awake').uncheck();
  await page.getByTestId('setting-haptics').uncheck();
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await lobby.start();
  await runUntilShown(page, 'result', { toResult: true });
  const device = await page.evaluate(() => window.__device);
  assert.deepEqual(device, { locks: 0, released: 0, buzzes: [] });
  // The choice is remembered on this device.
  await page.goto(stack.server.url);
  await home.root.waitFor();
  assert.equal(await page.getByTestId('setting-haptics').isChecked(), false);
  await context.close();
});
