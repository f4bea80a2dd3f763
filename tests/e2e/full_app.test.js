// The app in three files (issues 32 and 49): a first visit and a first game load the practice
// wasm (no rooms; no Thunderstruck Duel, map editor or replays; a room link loads the base one,
// with rooms: practice_file.test.js); a device loads the full one when it opens one of
// those, by reloading the same address once the file is in the browser's cache. A practice
// resumes from its save across that reload, and after one visit both files open offline.
// Runs against dist/ as players get it (scripts/lib/build-release.sh). The room case (a host
// that creates a room on the full app, a guest that switches in a Thunderstruck lobby) is in
// thunderstruck_room.test.js; a guest elected host on the base file is the last test here.
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, screenshot, serviceWorkerInControl, test, ThunderPage, useStack, wasmAsked } = require('./lib');

const stack = useStack({ players: 2 });

/** The file the page runs and the full one (the wasm paths the page names). */
function files(page) {
  return page.evaluate(() => ({ running: window.__ddFiles.wasm, full: window.__ddFull.wasm }));
}

test('a first visit runs the practice file; Thunderstruck, never opened online, loads the full one offline', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const asked = wasmAsked(page);
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=5&fast=1&speed=10');
  const first = await files(page);
  assert.notEqual(first.running, first.full, 'the home runs the practice file, not the full one');
  await serviceWorkerInControl(page);
  // The worker precached both, the full one from the server (the page never asked for it).
  assert.ok(await page.evaluate((full) => caches.match(full).then(Boolean), first.full), 'the full file is cached');
  assert.ok(!asked.includes(first.full), `the page itself asked only for the practice file: ${asked}`);

  await player.context.setOffline(true);
  await page.reload();
  await home.root.waitFor({ state: 'visible', timeout: 15000 });
  const duel = new ThunderPage(page, 'click');
  await duel.press('home-thunderstruck');
  // The practice file says what it loads, then the tab reloads into the full one.
  await duel.id('ts-setup').waitFor({ timeout: 20000 });
  const after = await files(page);
  assert.equal(after.running, first.full, 'the tab runs the full file');
  await duel.press('ts-setup-players-2');
  await duel.press('ts-setup-rounds-6');
  await duel.press('ts-start');
  await duel.id('ts-duel').waitFor({ timeout: 20000 });
  assert.match(await duel.id('ts-round').textContent(), /Round 1 of 6/);
  await screenshot(page, 'full-app-offline-thunderstruck');
  await player.context.setOffline(false);
  assert.deepEqual(player.errors, []);
});

test('a practice lobby turned to Thunderstruck loads the full app and resumes with that choice', { timeout: 60000 }, async () => {
  const [player] = stack.session.players;
  // A new tab: its session storage has not asked for the full app.
  const page = await player.newPage();
  const asked = wasmAsked(page);
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=6&fast=1&speed=10');
  const { running: practice, full } = await files(page);
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await page.getByTestId('lobby-game-thunderstruck').click();
  // The page reloads into the full file; the saved practice comes back with its lobby.
  await page.waitForFunction((f) => window.__ddFiles && window.__ddFiles.wasm === f, full, { timeout: 20000 });
  await lobby.waitFor();
  assert.ok(await page.getByTestId('lobby-game-thunderstruck').evaluate((b) => b.classList.contains('is-on')), 'the lobby kept Thunderstruck');
  assert.deepEqual(asked.filter((p) => p === practice || p === full).slice(0, 1), [practice], `the practice file first: ${asked}`);
  assert.ok(asked.includes(full), `then the full file: ${asked}`);
  await lobby.fillBots();
  await page.getByTestId('lobby-start').click();
  await page.getByTestId('ts-duel').waitFor({ timeout: 20000 });
  assert.deepEqual(player.errors, []);
});

test('on a phone, a switch that cannot download says so in words, and Try again (by keyboard) shows its progress and loads', { timeout: 90000 }, async () => {
  // A fresh phone with no service worker: the page's own fetch of the full file can be refused.
  const context = await stack.session.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'block' });
  context.setDefaultTimeout(20000);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=7&fast=1');
  const { full } = await files(page);
  await page.route(`**${full}`, (route) => route.abort());
  await page.getByTestId('home-thunderstruck').tap();
  const error = page.getByTestId('full-app-error');
  await error.waitFor();
  assert.match(await error.textContent(), /^The rest of the game could not be loaded \(.+\)\.$/);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('dice-duel/full')), null, 'a failed switch marks nothing');
  await screenshot(page, 'full-app-failed-390');

  // Try again on a phone's network (Lighthouse's mobile profile), by keyboard alone.
  await page.unroute(`**${full}`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 });
  await page.getByTestId('full-app-retry').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /^Loading the rest of the game… [1-9]\d* %$/.test(document.querySelector('[data-testid="full-app-progress"]')?.textContent || ''));
  const line = await page.getByTestId('full-app-progress').boundingBox();
  assert.ok(line && line.y >= 0 && line.y + line.height <= 844, `the progress line is on the screen: ${JSON.stringify(line)}`);
  await screenshot(page, 'full-app-loading-390');
  await page.getByTestId('ts-setup').waitFor({ timeout: 40000 });
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test('a guest elected host on the base file is told why its Thunderstruck lobby cannot start, and loads the full app to host it', { timeout: 90000 }, async () => {
  const [a, b] = stack.session.players;
  const alice = await a.newPage();
  const bob = await b.newPage();
  const home = new HomePage(alice);
  await home.goto(stack.server.url, '?fast=1&speed=10');
  await home.createRoom();
  const hostLobby = new LobbyPage(alice);
  await hostLobby.waitFor();
  const link = await alice.getByTestId('lobby-share-link').inputValue();
  await bob.goto(`${link}&fast=1&speed=10`);
  const lobby = new LobbyPage(bob);
  await lobby.waitFor();
  const bobs = await files(bob);
  assert.notEqual(bobs.running, bobs.full, 'Bob came by the link on the base file');

  // The host's tab closes: Bob is elected, and the lobby's choices become his.
  await alice.close();
  const thunder = bob.getByTestId('lobby-game-thunderstruck');
  await bob.waitForFunction(() => !document.querySelector('[data-testid="lobby-game-thunderstruck"]')?.disabled, null, { timeout: 20000 });
  await thunder.click();
  const offer = bob.getByTestId('full-app-host');
  await offer.waitFor();
  assert.match(await offer.textContent(), /Thunderstruck Duel is not loaded on this device, which hosts the room/);
  await screenshot(bob, 'full-app-elected-host');

  // Loaded: the tab reloads into the full app and hosts the same lobby from its save.
  await bob.getByTestId('full-app-load').click();
  await bob.waitForFunction((f) => window.__ddFiles && window.__ddFiles.wasm === f, bobs.full, { timeout: 20000 });
  await lobby.waitFor();
  await bob.waitForFunction(() => document.querySelector('[data-testid="lobby-game-thunderstruck"]')?.classList.contains('is-on'), null, { timeout: 20000 });
  assert.equal(await offer.count(), 0, 'the full app hosts it: nothing to load');
  assert.ok(!(await thunder.isDisabled()), 'Bob still hosts the room');
  assert.deepEqual(b.errors, []);
});
