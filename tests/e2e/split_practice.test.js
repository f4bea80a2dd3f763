// The practice and base files in parts (issue 49, scripts/lib/split-build.sh, src/platform/split.rs):
// a first Practice downloads only what its first Roll needs; the game's home, the lobby, the
// result, the rules, Learn and a lesson's card come in files of their own when first shown, and
// the bots' thinking when the bots first look at the game. A room link's guest downloads its
// lobby, and the game's screen while it waits there. A part that cannot be downloaded is said in
// words, with Try again (a screen) or a retry of its own (the bots), and nothing else changes.
// Runs against dist/ as players get it (scripts/lib/build-release.sh).
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, screenshot, test, useStack } = require('./lib');

const stack = useStack({ players: 1 });

/** The split parts a page asks for, by name (`split_rules_file`, `chunk_10`, …), in order. */
function partsAsked(page) {
  const asked = [];
  page.on('request', (r) => {
    const m = new URL(r.url()).pathname.match(/^\/dice-duel-split-[0-9a-f]+\/(\w+)\.wasm$/);
    if (m) asked.push(m[1]);
  });
  return asked;
}

/** The screens' parts (not the bots', not the shared chunks). */
const SCREENS = ['split_home_file', 'split_lobby_file', 'split_debrief_file', 'split_rules_file', 'split_learn_file', 'split_lesson_card_file'];

/** A fresh device (no service worker: a first visit), at a phone's size. `noWorker`: its service
 * worker never starts (its copies would answer before the test's network does: a part that fails
 * is one the worker has not kept yet). */
async function device({ noWorker = false } = {}) {
  const context = await stack.session.browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    serviceWorkers: noWorker ? 'block' : 'allow',
  });
  // As every player's context (lib/browser.js): with the camera granted, Chromium offers its
  // loopback address rather than an mDNS name the namespace cannot resolve (a room's WebRTC).
  await context.grantPermissions(['camera', 'microphone']);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors, asked: partsAsked(page) };
}

/** Where the ships stand on the board. */
function ships(page) {
  return page.evaluate(() => [...document.querySelectorAll('[data-testid^="board-ship-"]')]
    .map((g) => `${g.dataset.testid}:${g.dataset.square}:${g.dataset.facing}`).join(' '));
}

test('a first Practice tapped in the shell rolls with no screen\'s part downloaded; the rules and Learn come when opened', { timeout: 90000 }, async () => {
  const { context, page, errors, asked } = await device();
  // The game's file arrives once Practice is tapped in the shell, as on a phone's network.
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  await page.route(/\/dice-duel-[0-9a-f]+_bg\.wasm$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  await page.goto(stack.server.url);
  await page.getByTestId('home-shell').waitFor({ state: 'visible', timeout: 10000 });
  await page.getByTestId('home-practice').tap();
  await page.getByTestId('home-practice-as-crew').tap();
  release();
  await page.getByTestId('game').waitFor({ timeout: 30000 });
  assert.equal(await page.getByTestId('home-shell').count(), 0, 'the shell has gone');
  await page.getByTestId('engineering-roll').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="energy-die-0"]')?.dataset.state === 'rolled', null, { timeout: 10000 });
  assert.deepEqual(asked.filter((p) => SCREENS.includes(p)), [], `no screen's part before the first Roll: ${asked}`);
  await screenshot(page, 'split-first-roll');

  // The rules and the lessons' list, each from its own part.
  await page.evaluate(() => { location.hash = '#/rules'; });
  await page.getByTestId('rules-text').waitFor({ timeout: 20000 });
  assert.ok(asked.includes('split_rules_file'), `the rules came in their part: ${asked}`);
  await page.evaluate(() => { location.hash = '#/learn'; });
  await page.waitForFunction(() => /lesson/i.test(document.querySelector('main')?.textContent || ''), null, { timeout: 20000 });
  assert.ok(asked.includes('split_learn_file'), `Learn came in its part: ${asked}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the bots play from their own part, asked for as the practice starts', { timeout: 120000 }, async () => {
  const { context, page, errors, asked } = await device();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=2&speed=20');
  await home.practice({ as: 'crew' });
  await page.getByTestId('game').waitFor({ timeout: 30000 });
  const before = await ships(page);
  await page.waitForFunction((b) => [...document.querySelectorAll('[data-testid^="board-ship-"]')]
    .map((g) => `${g.dataset.testid}:${g.dataset.square}:${g.dataset.facing}`).join(' ') !== b, before, { timeout: 60000 });
  assert.ok(asked.includes('split_battle_file'), `the bots' part was asked for: ${asked}`);
  assert.ok(!asked.includes('split_debrief_file') || asked.indexOf('split_debrief_file') > asked.indexOf('split_battle_file'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a screen whose part cannot be downloaded says so, and Try again opens it', { timeout: 90000 }, async () => {
  const { context, page, errors } = await device({ noWorker: true });
  // The home's part fails first: the game's home says why instead of a blank page.
  await page.route(/\/split_home_file\.wasm$/, (route) => route.abort());
  await page.goto(`${stack.server.url}/?fast=1`);
  const failed = page.getByTestId('screen-failed');
  await failed.waitFor({ timeout: 30000 });
  assert.match(await failed.textContent(), /The screen could not open: this part of the game could not be downloaded\. Check the connection and try again\./);
  await screenshot(page, 'split-home-failed');
  await page.unroute(/\/split_home_file\.wasm$/);
  // By keyboard alone: the button takes the focus and Enter.
  await page.getByTestId('screen-retry').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('home-practice').waitFor({ timeout: 20000 });
  assert.equal(await failed.count(), 0);

  // The rules' part fails, and then comes.
  await page.route(/\/split_rules_file\.wasm$/, (route) => route.abort());
  await page.evaluate(() => { location.hash = '#/rules'; });
  await failed.waitFor({ timeout: 20000 });
  // Trying again while the network still fails says so again, and changes nothing else.
  await page.getByTestId('screen-retry').click();
  await failed.waitFor({ timeout: 20000 });
  await page.unroute(/\/split_rules_file\.wasm$/);
  await page.getByTestId('screen-retry').click();
  await page.getByTestId('rules-text').waitFor({ timeout: 20000 });
  assert.deepEqual(errors, [], 'a failed part is no page error');
  await context.close();
});

test('bots whose part cannot be downloaded say so, try again, and play once it comes', { timeout: 120000 }, async () => {
  const { context, page, errors } = await device({ noWorker: true });
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=2&speed=20');
  await page.route(/\/split_battle_file\.wasm$/, (route) => route.abort());
  await home.practice({ as: 'crew' });
  await page.getByTestId('game').waitFor({ timeout: 30000 });
  await page.getByText('The bots could not download their part of the game', { exact: false }).first().waitFor({ timeout: 20000 });
  await screenshot(page, 'split-bots-missing');
  // Meanwhile the player's own stations still work.
  await page.getByTestId('engineering-roll').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="energy-die-0"]')?.dataset.state === 'rolled', null, { timeout: 10000 });
  const before = await ships(page);
  await page.unroute(/\/split_battle_file\.wasm$/);
  await page.getByText('The bots\' part of the game has arrived', { exact: false }).first().waitFor({ timeout: 20000 });
  await page.waitForFunction((b) => [...document.querySelectorAll('[data-testid^="board-ship-"]')]
    .map((g) => `${g.dataset.testid}:${g.dataset.square}:${g.dataset.facing}`).join(' ') !== b, before, { timeout: 60000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a guest by a room link is in the lobby with the base file alone, fetches the game\'s screen there, and plays', { timeout: 120000 }, async () => {
  const host = await device();
  const home = new HomePage(host.page);
  await home.goto(stack.server.url, '?seed=3&fast=1');
  await home.createRoom();
  const hostLobby = new LobbyPage(host.page);
  await hostLobby.waitFor();
  const link = await host.page.getByTestId('lobby-share-link').inputValue();

  const guest = await device();
  const names = [];
  guest.page.on('request', (r) => names.push(new URL(r.url()).pathname));
  await guest.page.goto(`${link}&fast=1`);
  const lobby = new LobbyPage(guest.page);
  await lobby.waitFor();
  const base = await guest.page.evaluate(() => window.__ddRooms.wasm);
  assert.ok(names.includes(base), 'the guest runs the base file');
  assert.ok(!names.some((n) => /_bg\.wasm$/.test(n) && n !== base), `no other file: ${names}`);
  // The game's screen is fetched while the guest waits in the lobby.
  await guest.page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /\/split_game_file\.wasm$/.test(r.name) && r.responseEnd > 0), null, { timeout: 20000 });
  assert.ok(!guest.asked.includes('split_home_file'), `a guest never needs the home: ${guest.asked}`);
  await lobby.take(1);
  await hostLobby.start();
  await guest.page.getByTestId('game').waitFor({ timeout: 20000 });
  await screenshot(guest.page, 'split-guest-game');
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
  await host.context.close();
  await guest.context.close();
});
