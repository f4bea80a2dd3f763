// The screens a newcomer meets, reached the way a player does, for the layout and
// accessibility specs: home, the practice lobby, the game with each tab, a freeze
// (held on screen by a pause) and a result. The freeze needs the test build
// (`paths.TEST_DIST`): `test_hook_autoload` (src/test_hooks.rs) keeps White's torpedo
// ready so a tap on Fire 1! declares a freeze at once.
const { clockQuery, runUntilShown } = require('./clock');
const { GamePage } = require('./pages/game');
const { HomePage } = require('./pages/home');
const { LobbyPage } = require('./pages/lobby');

/** The sizes every screen is checked at: phones in portrait and landscape, tablets, a desktop. */
const SIZES = [
  [360, 740],
  [390, 844],
  [844, 390],
  [768, 1024],
  [1024, 768],
  [1920, 1080],
];

/** Phone sizes (either side under 500 px): touch targets must be at least 44 px. */
const isPhone = (width, height) => Math.min(width, height) < 500;

/** White's tabs in a one-player practice, in tab-bar order. */
const STATIONS = ['engineering', 'helm', 'weapons', 'sensors', 'shields', 'tractor'];

/** A fresh tab of `size`, touch-enabled on phone sizes, as its own context (`options` added to it). */
async function openTab(stack, [width, height], options = {}) {
  const context = await stack.session.browser.newContext({
    viewport: { width, height },
    hasTouch: isPhone(width, height),
    isMobile: false,
    ...options,
  });
  const errors = [];
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  return { context, page, errors };
}

/** Home, at `query`. */
async function home(page, url, query = '?seed=3&bots=off') {
  const h = new HomePage(page);
  await h.goto(url, query);
  return h;
}

/** A practice game with idle bots, White's Engineering shown. */
async function practice(page, url, query = '?seed=3&bots=off') {
  const h = await home(page, url, query);
  await h.practice();
  const game = new GamePage(page, 0);
  await game.waitFor();
  return game;
}

/**
 * Declares a freeze and holds it on screen: the autoload crew readies White's torpedo,
 * Fire 1! is tapped, and the game is paused (P) while the overlay shows.
 * Returns with the pause card up; `hidePause` hides it for a look at the overlay alone.
 */
async function holdFreeze(page) {
  await page.waitForFunction(() => typeof window.wasmBindings?.test_hook_autoload === 'function', null, { timeout: 20000 });
  await page.evaluate(() => window.wasmBindings.test_hook_autoload(0));
  await page.waitForFunction(() => document.querySelector('[data-testid="cmd-fire1"]')?.classList.contains('is-lit'), null, { timeout: 60000 });
  await page.getByTestId('cmd-fire1').click();
  await page.getByTestId('freeze-overlay').waitFor({ timeout: 10000 });
  await page.keyboard.press('p');
  await page.getByTestId('pause-card').waitFor({ timeout: 5000 });
  await page.waitForTimeout(400); // the overlay's fade-in
}

/** Hides (or shows again) the pause card so the freeze overlay under it can be looked at. */
function hidePause(page, hidden = true) {
  return page.evaluate((h) => {
    const card = document.querySelector('[data-testid="pause-card"]');
    if (card) card.style.display = h ? 'none' : '';
  }, hidden);
}

/** The practice lobby. */
async function lobby(page, url, query = '?seed=3&bots=off') {
  const h = await home(page, url, query);
  await h.practiceLobby();
  const l = new LobbyPage(page);
  await l.waitFor();
  return l;
}

/**
 * Bot crews on both ships play a practice game to its result screen, on the test's clock
 * (issue 44, lib/clock.js; seed 4): as fast as the CPU plays it, never against the wall.
 */
async function result(page, url, query = clockQuery(4, '&speed=40&fast=1')) {
  const l = await lobby(page, url, query);
  await l.bot(0);
  await l.start();
  await runUntilShown(page, 'result', { toResult: true });
  await page.waitForTimeout(500);
}

/**
 * The screens beyond home, the practice lobby and the game, each reached as a player does and
 * handed to `visit(what)`: a room's lobby, the rules, the lessons, the map editor (9×9, then
 * 16×16), Thunderstruck's set-up and duel, and the replay of a finished practice game.
 */
async function otherScreens(page, url, visit) {
  await roomAndPages(page, url, visit);
  await thunderAndReplay(page, url, visit);
}

/** The room lobby, the rules, the lessons list and the map editor (9×9 and 16×16). */
async function roomAndPages(page, url, visit) {
  await home(page, url);
  await page.getByTestId('home-create-room').click();
  await page.getByTestId('lobby-share-link').waitFor({ timeout: 15000 });
  await visit('room-lobby');
  for (const [hash, ready, what] of [
    ['#/rules', 'rules', 'rules'],
    ['#/learn', 'learn', 'lessons'],
    ['#/maps', 'map-editor', 'map-editor'],
  ]) {
    await page.goto(`${url}/?seed=3&bots=off${hash}`);
    await page.getByTestId(ready).waitFor({ timeout: 15000 });
    await visit(what);
  }
  await page.getByTestId('map-cols').selectOption('16');
  await page.getByTestId('map-rows').selectOption('16');
  await visit('map-editor-16x16');
}

/** Thunderstruck's set-up and duel, then a finished game's replay. */
async function thunderAndReplay(page, url, visit) {
  await page.goto(`${url}/?seed=3&bots=off#/thunderstruck`);
  await page.getByTestId('ts-setup').waitFor({ timeout: 15000 });
  await visit('thunderstruck-setup');
  await page.getByTestId('ts-start').click();
  await page.getByTestId('ts-duel').waitFor({ timeout: 15000 });
  await visit('thunderstruck-duel');
  await result(page, url);
  await page.getByTestId('result-replay').click();
  await page.getByTestId('replay-controls').waitFor({ timeout: 15000 });
  await visit('replay');
}

module.exports = { SIZES, STATIONS, isPhone, openTab, home, practice, holdFreeze, hidePause, lobby, result, otherScreens, roomAndPages, thunderAndReplay };
