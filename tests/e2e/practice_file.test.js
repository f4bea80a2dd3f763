// Practice without the network's weight (issue 49): the app in three files. A first visit and a
// first Practice load the practice file (no rooms, no signatures); a room link loads the base
// file (rooms too); the full app loads for Thunderstruck, the map editor, replays and a room this
// device hosts. A device that only ever practised still joins a room (by its code: the room's
// address, on the base file) and hosts one (Create room: the full app), and comes back to its
// practice, which the practice file saved unsigned and so resumes there. A room control tapped in
// the shell before the game has arrived fetches the room's file instead. Runs against dist/ as
// players get it (scripts/lib/build-release.sh).
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, screenshot, serviceWorkerInControl, test, useStack, wasmAsked } = require('./lib');

const stack = useStack({ players: 2 });

/** The page's three files and the one running. */
function files(page) {
  return page.evaluate(() => ({
    running: window.__ddFiles.wasm,
    practice: window.__ddPractice.wasm,
    rooms: window.__ddRooms.wasm,
    full: window.__ddFull.wasm,
  }));
}

/** Waits until the page runs `wasm` (after a switch's reload). */
function runs(page, wasm) {
  return page.waitForFunction((w) => window.__ddFiles && window.__ddFiles.wasm === w, wasm, { timeout: 30000 });
}

test('a first Practice loads the practice file alone, and after one visit it plays offline', { timeout: 90000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const asked = wasmAsked(page);
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=5&fast=1&speed=10');
  const first = await files(page);
  assert.equal(new Set([first.practice, first.rooms, first.full]).size, 3, `dist/ holds three files: ${JSON.stringify(first)}`);
  assert.equal(first.running, first.practice, 'the home runs the practice file');
  await home.practice({ as: 'crew' });
  await page.getByTestId('game').waitFor({ timeout: 20000 });
  assert.deepEqual([...new Set(asked)], [first.practice], 'the page asked for the practice file and no other');

  // The worker precached all three, so every mode opens offline after this visit.
  await serviceWorkerInControl(page);
  for (const wasm of [first.practice, first.rooms, first.full]) {
    assert.ok(await page.evaluate((w) => caches.match(w).then(Boolean), wasm), `${wasm} is cached`);
  }
  await player.context.setOffline(true);
  await page.reload();
  // The practice resumes on the practice file, from the worker's copy.
  await page.getByTestId('game').waitFor({ timeout: 20000 });
  assert.equal((await files(page)).running, first.practice);
  await screenshot(page, 'practice-file-offline');
  await player.context.setOffline(false);
  assert.deepEqual(player.errors, []);
});

test('a device that only ever practised joins a room by its code on the base file, then resumes its practice', { timeout: 120000 }, async () => {
  const [a, b] = stack.session.players;
  // Alice hosts (on the full app, as every host does).
  const alice = await a.newPage();
  const aliceHome = new HomePage(alice);
  await aliceHome.goto(stack.server.url, '?fast=1&speed=10');
  await aliceHome.createRoom();
  const hostLobby = new LobbyPage(alice);
  await hostLobby.waitFor();
  const link = await alice.getByTestId('lobby-share-link').inputValue();
  const room = new URL(link).searchParams.get('room');

  // Bob has only practised: a game under way (its bots' commands in the log, unsigned).
  const bob = await b.newPage();
  const asked = wasmAsked(bob);
  const home = new HomePage(bob);
  await home.goto(stack.server.url, '?seed=8&fast=1&speed=10');
  const bobs = await files(bob);
  assert.equal(bobs.running, bobs.practice);
  await home.practice({ as: 'crew' });
  await bob.getByTestId('game').waitFor({ timeout: 20000 });
  await bob.waitForTimeout(3000);

  // Join by the room's code: the room's own address, which the page opens on the base file.
  await bob.goto(`${stack.server.url}/#/`);
  await home.root.waitFor();
  await home.join();
  await home.joinCode.fill(room);
  await bob.getByTestId('home-join-go').click();
  await runs(bob, bobs.rooms);
  const lobby = new LobbyPage(bob);
  await lobby.waitFor();
  await alice.waitForFunction(() => document.querySelectorAll('[data-testid="lobby-players"] li').length >= 2, null, { timeout: 20000 });
  await screenshot(bob, 'practice-file-joined-room');
  assert.ok(!asked.includes(bobs.full), `a guest never needed the full app: ${asked}`);

  // Home, and back to the practice: it was saved unsigned, so the practice file resumes it.
  await bob.getByTestId('lobby').getByRole('link', { name: 'Home' }).click();
  await home.root.waitFor();
  await bob.getByTestId('home-resume-practice').click();
  await runs(bob, bobs.practice);
  await bob.getByTestId('game').waitFor({ timeout: 20000 });
  assert.equal(await bob.locator('.toast--error').count(), 0, 'the practice resumed without an error');
  // Its game goes on: the log it had, and more (the replica took the unsigned save's commands).
  await bob.waitForTimeout(1000);
  assert.equal(await bob.locator('.toast--error').count(), 0, 'no batch of the resumed practice was refused');
  // A build that signs would refuse the unsigned commands as forged, and say so here.
  assert.equal(await bob.getByTestId('trust-bar').count(), 0, 'no command of the resumed practice was taken for a forgery');
  assert.deepEqual(b.errors, []);
  assert.deepEqual(a.errors, []);
});

test('Create room on the practice file loads the full app and opens the room, which a guest joins by its link', { timeout: 120000 }, async () => {
  const [a, b] = stack.session.players;
  const alice = await a.newPage();
  const home = new HomePage(alice);
  await home.goto(stack.server.url, '?fast=1&speed=10');
  const alices = await files(alice);
  assert.equal(alices.running, alices.practice);
  await home.createRoom();
  await runs(alice, alices.full);
  const hostLobby = new LobbyPage(alice);
  await hostLobby.waitFor();
  const link = await alice.getByTestId('lobby-share-link').inputValue();
  assert.match(link, /\?room=/);

  // A cold guest by the link: the base file, seated in the same room.
  const bob = await b.newPage();
  await bob.goto(`${link}&fast=1&speed=10`);
  await runs(bob, alices.rooms);
  await new LobbyPage(bob).waitFor();
  await alice.waitForFunction(() => document.querySelectorAll('[data-testid="lobby-players"] li').length >= 2, null, { timeout: 20000 });
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

test('on the practice file, a browser without WebRTC is told why at once: no file is loaded for a room it cannot join', { timeout: 60000 }, async () => {
  const [a] = stack.session.players;
  const page = await a.newPage();
  await page.addInitScript(() => {
    delete window.RTCPeerConnection;
    delete window.webkitRTCPeerConnection;
  });
  const asked = wasmAsked(page);
  const home = new HomePage(page);
  await home.goto(stack.server.url);
  const { practice } = await files(page);
  const refused = page.getByTestId('home-room-refused');
  for (const control of ['home-create-room', 'home-serverless', 'home-join-camera']) {
    await page.getByTestId(control).click();
    await refused.waitFor();
    assert.match(await refused.textContent(), /^This browser cannot join rooms: WebRTC is turned off or missing\./, control);
    // A switch that began anyway would show its progress, then reload into another file.
    await page.waitForTimeout(500);
    assert.equal(await page.getByTestId('full-app-needed').count(), 0, `${control}: nothing loads`);
  }
  assert.deepEqual([...new Set(asked)], [practice], 'the page asked for the practice file and no other');
  assert.deepEqual(a.errors, []);
});

test('Play here and Join by camera on the practice file load the full app and open what was asked', { timeout: 90000 }, async () => {
  const [a] = stack.session.players;
  const page = await a.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?fast=1&speed=10');
  const names = await files(page);
  assert.equal(names.running, names.practice);
  // Join by camera: the full app starts on the home with the camera's panel open.
  await page.getByTestId('home-join-camera').click();
  await runs(page, names.full);
  await page.getByTestId('pair-scan-offer-input').waitFor({ timeout: 20000 });
  await screenshot(page, 'practice-file-join-camera-on-full');
  // Play here, no internet: on the full app already, it hosts at once (no second load).
  await page.goto(`${stack.server.url}/#/`);
  await page.getByTestId('home-serverless').click();
  await new LobbyPage(page).waitFor();
  assert.equal((await files(page)).running, names.full);
  assert.deepEqual(a.errors, []);
});

/** A first visit in a fresh context (no service worker: the shell's home) whose first wasm
 * request, the practice file's, waits for `release()`; every other file arrives at once. */
async function heldShell() {
  const context = await stack.session.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  // As every player's context (lib/browser.js): with the camera granted, Chromium offers its
  // loopback address rather than an mDNS name the namespace cannot resolve.
  await context.grantPermissions(['camera', 'microphone']);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const asked = [];
  const failed = [];
  page.on('requestfailed', (r) => failed.push(new URL(r.url()).pathname));
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  await page.route('**/*_bg.wasm', async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    if (asked.length === 1) await released;
    // The page may have given the request up meanwhile: nothing to continue then.
    await route.continue().catch(() => {});
  });
  await page.goto(stack.server.url);
  await page.getByTestId('home-shell').waitFor({ state: 'visible', timeout: 10000 });
  return { context, page, errors, asked, failed, release };
}

test('a room control tapped in the shell before the game arrives fetches the file the room needs, not the practice one first', { timeout: 120000 }, async () => {
  // Alice taps Create room while the practice file is still on its way: its download is given
  // up and the full app's comes first, with no second load after it.
  const alice = await heldShell();
  const names = await files(alice.page);
  await alice.page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('.css')));
  await waitUntil(() => alice.asked.length >= 1, 'the practice file is asked for as the page loads');
  assert.deepEqual(alice.asked, [names.practice]);
  await alice.page.getByTestId('home-create-room').tap();
  const hostLobby = new LobbyPage(alice.page);
  await hostLobby.waitFor();
  assert.deepEqual(alice.asked, [names.practice, names.full], 'the practice file was given up for the full app, and nothing else was loaded');
  assert.ok(alice.failed.includes(names.practice), `the practice file's download was cancelled: ${alice.failed}`);
  assert.equal((await files(alice.page)).running, names.full);
  assert.equal(await alice.page.evaluate(() => sessionStorage.getItem('dice-duel/full')), '1', 'a reload of the tab stays on the full app');
  await screenshot(alice.page, 'practice-file-shell-create-room');
  const link = await alice.page.getByTestId('lobby-share-link').inputValue();
  const room = new URL(link).searchParams.get('room');

  // Bob types the room's code in the shell: the base file, not the practice one, then the lobby.
  const bob = await heldShell();
  await waitUntil(() => bob.asked.length >= 1, 'the practice file is asked for');
  await bob.page.getByTestId('home-join').tap();
  await bob.page.getByTestId('home-join-code').fill(room);
  await bob.page.getByTestId('home-join-go').tap();
  await new LobbyPage(bob.page).waitFor();
  assert.deepEqual(bob.asked, [names.practice, names.rooms], 'a guest needs the base file and no other');
  await alice.page.waitForFunction(() => document.querySelectorAll('[data-testid="lobby-players"] li').length >= 2, null, { timeout: 20000 });
  alice.release();
  bob.release();
  assert.deepEqual(alice.errors, []);
  assert.deepEqual(bob.errors, []);
  await alice.context.close();
  await bob.context.close();
});

/** Polls `ok()` (in the test) for up to 10 s. */
async function waitUntil(ok, what) {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(ok(), what);
}
