// Offline for real (issue 13): after one visit the service worker has this build
// cached, so with the network gone a reload still opens the app, and a practice
// game against bots plays to its result. Also: the manifest is complete for install. The game
// offline runs on the test's clock (issue 44, lib/clock.js; seed 4) in the test build, which the
// same worker caches: it reaches its result as fast as the CPU plays it, never against the wall.
// A players' build offline is the third test's.
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, clockQuery, paths, runUntilShown, screenshot, serviceWorkerInControl, test, useStack } = require('./lib');

const stack = useStack({ dist: paths.TEST_DIST });

test('after one visit the app opens offline and a practice game plays to its result', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(4, '&speed=20&fast=1'));
  // The worker installs this build's files and takes control of the page.
  const version = await page.evaluate(async () => {
    const late = (what) => new Promise((_, reject) => setTimeout(() => reject(new Error(`no service worker: ${what}`)), 20000));
    const registration = await Promise.race([navigator.serviceWorker.ready, late('never ready')]);
    if (!navigator.serviceWorker.controller) {
      const claimed = new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      await Promise.race([claimed, late('never in control')]);
    }
    const keys = await caches.keys();
    return { scope: registration.scope, keys };
  });
  assert.equal(version.scope, new URL("/", stack.server.url).href);
  assert.equal(version.keys.filter((k) => k.startsWith('dice-duel-')).length, 1, version.keys.join(','));

  // No network at all from here on: the server could as well be gone.
  await player.context.setOffline(true);
  await page.reload();
  await home.root.waitFor({ state: 'visible', timeout: 15000 });
  // The home screen says what works without a network and what does not.
  await page.getByTestId('home-offline').waitFor({ timeout: 5000 });
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await lobby.start();
  await runUntilShown(page, 'result', { toResult: true });
  assert.match(await page.getByTestId('result-winner').textContent(), /^(You won!|(White|Black) won: you lost\.)$|draw/);
  await screenshot(page, 'offline-result');
  // The rules page is there too.
  await page.goto(`${stack.server.url}/#/rules`);
  await page.getByText('Map tiles: rifts, gravity arrows and gaps').waitFor({ timeout: 15000 });
  await player.context.setOffline(false);
  assert.deepEqual(player.errors, []);
});

test('the manifest is complete for install: its icons resolve and start_url is in scope', async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  await page.goto(stack.server.url);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(new URL(href, stack.server.url).href)).json();
  assert.equal(manifest.display, 'standalone');
  const scope = new URL(manifest.scope, stack.server.url).href;
  assert.ok(new URL(manifest.start_url, stack.server.url).href.startsWith(scope), 'start_url in scope');
  // Chromium's install criteria: PNG icons of 192 and 512 px; a maskable one for launchers.
  const png = (size, purpose) => manifest.icons.some((i) => i.type === 'image/png' && i.sizes === size && i.purpose === purpose);
  assert.ok(png('192x192', 'any') && png('512x512', 'any') && png('512x512', 'maskable'), JSON.stringify(manifest.icons));
  for (const icon of manifest.icons) {
    const answer = await page.request.get(new URL(icon.src, stack.server.url).href);
    assert.equal(answer.status(), 200, icon.src);
    assert.equal(answer.headers()['content-type'], icon.type, icon.src);
  }
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  assert.equal((await page.request.get(new URL(touch, stack.server.url).href)).status(), 200, 'iPadOS icon');
  for (const key of ['name', 'short_name', 'start_url', 'scope', 'background_color', 'theme_color', 'orientation']) {
    assert.ok(manifest[key], key);
  }
});

test('a new build takes over: the app offers a reload between games, and then works offline', { timeout: 100000 }, async () => {
  // A copy of the build the test can change: "build 2" is the same app with a marked page,
  // its worker and compressed copies written again as the build's post-build hook does.
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const { execFileSync } = require('node:child_process');
  const { startServer } = require('./lib/server');
  const { DIST } = require('./lib/paths');
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dd-build-'));
  // Timestamps kept: post-build.sh then compresses again only what it changes (the page, the
  // worker), not the three wasm files.
  fs.cpSync(DIST, dist, { recursive: true, preserveTimestamps: true });
  const server = await startServer({ dist });
  try {
    const [player] = stack.session.players;
    const context = await player.context.browser().newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.getByTestId('home').waitFor({ timeout: 15000 });
    await serviceWorkerInControl(page);
    // Build 2 goes live; the open tab asks for the worker again (as it does every half hour).
    await page.reload();
    await page.getByTestId('home').waitFor({ timeout: 15000 });
    const index = path.join(dist, 'index.html');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('</body>', '<!-- build 2 --></body>'));
    const root = path.resolve(__dirname, '../..');
    execFileSync('bash', [path.join(root, 'scripts/lib/post-build.sh'), dist], { stdio: 'ignore' });
    assert.equal(await page.getByTestId('update-ready').count(), 0, 'nothing to offer yet');
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.getByTestId('update-ready').waitFor({ timeout: 30000 });
    await page.getByTestId('update-reload').click();
    await page.getByTestId('home').waitFor({ timeout: 15000 });
    assert.match(await page.content(), /build 2/, 'the reload shows the new build');
    // Offline, the new build is the one the worker keeps.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('home').waitFor({ timeout: 15000 });
    assert.match(await page.content(), /build 2/);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await server.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  }
});
