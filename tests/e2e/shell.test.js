// The app shell (issue 13): a first visit sees the home screen from the page and its CSS
// alone, before a byte of the game's wasm has arrived (the page asks for it beside the styles,
// at low priority: issue 49); a tap made before the game has
// arrived is said ("Loading the game…") and done once it starts; the shell's home is the
// game's own home (same buttons, links and fields); a game that cannot load says so.
const assert = require('node:assert/strict');
const { screenshot, serviceWorkerInControl, test, useStack } = require('./lib');

const stack = useStack({ players: 1 });

/** A fresh context (no service worker: a first visit) whose wasm request waits for `release()`. */
async function heldVisit({ width = 390, height = 844, fail = false, address = '', connection = null } = {}) {
  const context = await stack.session.browser.newContext({ viewport: { width, height }, hasTouch: true });
  // The Network Information API as a phone with data saver on (or on 2G) reports it.
  if (connection) {
    await context.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c }), connection);
  }
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  let asked = false;
  await page.route('**/*_bg.wasm', async (route) => {
    asked = true;
    await released;
    if (fail) await route.abort('connectionfailed');
    else await route.continue();
  });
  await page.goto(stack.server.url + address);
  return { context, page, errors, release, wasmAsked: () => asked };
}

/** Every button, link and field of a home screen: what a player can use there. */
function controls(page, root) {
  return page.locator(`[data-testid="${root}"]`).evaluate((main) =>
    [...main.querySelectorAll('button, a, input')]
      .filter((el) => el.dataset.testid && el.getClientRects().length > 0)
      .map((el) => `${el.tagName} ${el.dataset.testid} ${el.getAttribute('href') || ''} ${(el.textContent || el.placeholder || '').trim()}`));
}

test('a first visit: the home is usable before the game is fetched, and a tap waits for it', { timeout: 100000 }, async () => {
  const { context, page, errors, release, wasmAsked } = await heldVisit();
  const shell = page.getByTestId('home-shell');
  await shell.waitFor({ state: 'visible', timeout: 10000 });
  await page.waitForFunction(() => document.readyState === 'complete');
  // Everything the home needed has arrived, and none of it was the game; the game was asked
  // for by the page itself, beside the styles (issue 49: no idle line while the page loads).
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
  assert.ok(!loaded.some((name) => name.endsWith('.wasm')), loaded.join('\n'));
  assert.ok(await page.evaluate(() => !!window.__ddEarly && window.__ddEarly.files === window.__ddPractice),
    'the page asked for the practice file beside its styles');
  assert.ok(loaded.some((name) => name.endsWith('.css')), 'the styles arrived');
  assert.equal(await page.getByTestId('home').count(), 0, 'the game has not started');
  await screenshot(page, 'shell-first-visit-390x844');

  // The name and "No thanks" go where the game will read them.
  await page.getByTestId('home-name').fill('Ada');
  await page.getByTestId('home-name').press('Tab');
  await page.getByTestId('home-learn-dismiss').click();
  assert.equal(await page.getByTestId('home-learn-offer').isVisible(), false);

  // Practice before the game has arrived: a first Practice asks how to play at once (issue 33),
  // while the game loads; the player is told, and the game starts what was chosen when it can.
  await page.getByTestId('home-practice').tap();
  await page.getByTestId('home-practice-choice').waitFor({ timeout: 5000 });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'shell-first-title', 'the choice takes the focus');
  assert.equal(await page.getByTestId('home-practice').getAttribute('aria-expanded'), 'true');
  await page.getByTestId('home-loading').getByText(/Loading the game/).waitFor({ timeout: 5000 });
  await page.getByTestId('home-practice-as-weapons').tap();
  // The tapped choice shows the wait too, and the status line is on a phone's screen (issue 32).
  assert.equal(await page.getByTestId('home-practice-as-weapons').getAttribute('aria-busy'), 'true');
  assert.equal(await page.getByTestId('home-practice').getAttribute('aria-busy'), null, 'only the last tap waits');
  const line = await page.getByTestId('home-loading').boundingBox();
  assert.ok(line && line.y >= 0 && line.y + line.height <= page.viewportSize().height, `the loading line is in view: ${JSON.stringify(line)}`);
  await screenshot(page, 'shell-practice-choice-390x844');
  assert.ok(wasmAsked(), 'the game is being fetched while the home is used');
  // The choice is offered to the game's start (web/boot.js, src/boot/first_practice.rs), and
  // whether the game's own home is ever built: a practice chosen here starts as the game starts.
  assert.equal(await page.evaluate(() => sessionStorage.getItem('dice-duel/shell-practice')), 'weapons');
  await page.evaluate(() => {
    window.__gameHomeSeen = false;
    new MutationObserver(() => { if (document.querySelector('[data-testid="home"]')) window.__gameHomeSeen = true; })
      .observe(document, { subtree: true, childList: true });
  });
  release();
  // The game does the choice: Weapons alone, as the game's own choice starts it.
  await page.getByTestId('station-weapons').waitFor({ timeout: 30000 });
  assert.equal(await page.evaluate(() => window.__gameHomeSeen), false, 'the practice started without the game\'s home built first (issue 49)');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('dice-duel/shell-practice')), null, 'the hand-over was taken');
  assert.equal(await page.evaluate(() => document.activeElement.closest('.app') && document.activeElement.tagName), 'H1',
    "the focus went to the game's heading, not to the page's body with the shell gone");
  assert.equal(await shell.count(), 0, 'the shell is gone');
  assert.equal(await page.getByTestId('tab-0-helm').count(), 0, 'the newcomer holds Weapons alone');
  await page.getByTestId('hud').waitFor({ timeout: 15000 });
  await page.goto(`${stack.server.url}/#/`);
  await page.getByTestId('home').waitFor({ timeout: 15000 });
  assert.equal(await page.getByTestId('home-name').inputValue(), 'Ada');
  assert.equal(await page.getByTestId('home-learn-offer').count(), 0, '"No thanks" was kept');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a first Practice\'s choice closed with "Not now" before the game arrives starts nothing', { timeout: 60000 }, async () => {
  const { context, page, errors, release } = await heldVisit();
  await page.getByTestId('home-shell').waitFor({ state: 'visible', timeout: 10000 });
  await page.getByTestId('home-practice').tap();
  const choice = page.getByTestId('home-practice-choice');
  await choice.waitFor({ timeout: 5000 });
  await page.getByTestId('home-practice-choice-close').tap();
  await choice.waitFor({ state: 'hidden', timeout: 5000 });
  assert.equal(await page.getByTestId('home-practice').getAttribute('aria-expanded'), 'false');
  assert.equal(await page.getByTestId('home-practice').getAttribute('aria-busy'), null, 'nothing waits for the game');
  release();
  await page.getByTestId('home').waitFor({ timeout: 30000 });
  await page.waitForTimeout(500);
  assert.equal(await page.getByTestId('game').count(), 0, 'no game was started');
  assert.equal(await page.getByTestId('home-practice-choice').count(), 0, 'the game does not ask again on its own');
  assert.deepEqual(errors, []);
  await context.close();
});

test('with data saver on, a first visit fetches the game only when the player asks for it', { timeout: 100000 }, async () => {
  for (const connection of [{ saveData: true, effectiveType: '4g' }, { saveData: false, effectiveType: '2g' }]) {
    const { context, page, errors, release, wasmAsked } = await heldVisit({ connection });
    release();
    await page.getByTestId('home-shell').waitFor({ state: 'visible', timeout: 10000 });
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.getByTestId('shell-data-saver').getByText(/Data saver is on/).waitFor({ timeout: 5000 });
    // The name, the switches and the join form are the page's own: still nothing fetched.
    await page.getByTestId('home-name').fill('Grace');
    await page.getByTestId('setting-haptics').setChecked(false);
    await page.getByTestId('home-join').tap();
    await page.waitForTimeout(1500);
    assert.equal(wasmAsked(), false, `no game fetched on ${JSON.stringify(connection)}`);
    if (connection.saveData) await screenshot(page, 'shell-data-saver-390x844');
    // Practice asks for it: it is fetched, and the game does the tap.
    await page.getByTestId('home-practice').tap();
    await page.getByTestId('home-practice-choice').waitFor({ timeout: 30000 });
    await page.getByTestId('home-practice-as-weapons').tap();
    await page.getByTestId('hud').waitFor({ timeout: 15000 });
    assert.ok(wasmAsked());
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("the shell's home is the game's home: the same buttons, links and fields", { timeout: 60000 }, async () => {
  const { context, page, release } = await heldVisit({ width: 1024, height: 768 });
  await page.getByTestId('home-shell').waitFor({ state: 'visible', timeout: 10000 });
  await page.getByTestId('home-join').click();
  const before = await controls(page, 'home-shell');
  release();
  await page.getByTestId('home').waitFor({ timeout: 30000 });
  await page.getByTestId('home-join').click();
  const after = await controls(page, 'home');
  for (const control of before) assert.ok(after.includes(control), `the game's home lacks: ${control}\n${after.join('\n')}`);
  await context.close();
});

test('a room code typed before the game arrives joins that room; a link opens its screen', { timeout: 60000 }, async () => {
  const { context, page, release } = await heldVisit();
  await page.getByTestId('home-shell').waitFor({ state: 'visible', timeout: 10000 });
  await page.getByTestId('home-join').click();
  await page.getByTestId('home-join-code').fill('shell-room');
  await page.getByTestId('home-join-go').click();
  await page.getByTestId('home-loading').getByText(/Loading the game/).waitFor({ timeout: 5000 });
  release();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('room') === 'shell-room', null, { timeout: 30000 });
  await context.close();

  const second = await heldVisit();
  await second.page.getByTestId('home-shell').waitFor({ state: 'visible', timeout: 10000 });
  await second.page.getByTestId('home-rules').click();
  second.release();
  await second.page.getByText('Map tiles: rifts, gravity arrows and gaps').waitFor({ timeout: 30000 });
  await second.context.close();
});

test('a game that cannot be fetched says so on the home screen', { timeout: 60000 }, async () => {
  const { context, page, release } = await heldVisit({ fail: true });
  await page.getByTestId('home-shell').waitFor({ state: 'visible', timeout: 10000 });
  await page.getByTestId('home-practice').click();
  release();
  await page.getByTestId('home-loading').getByText(/could not be loaded.*Check the connection, then reload/).waitFor({ timeout: 15000 });
  await context.close();
});

test('a room link opened for the first time says it is loading the game instead of a blank page', { timeout: 60000 }, async () => {
  const { context, page, errors, release } = await heldVisit({ address: '/?room=splash-room' });
  assert.equal(await page.getByTestId('home-shell').count(), 0, 'no home for a room link');
  await page.getByTestId('loading-splash-status').getByText(/Loading the game/).waitFor({ timeout: 5000 });
  await screenshot(page, 'splash-room-link-390x844');
  release();
  await page.waitForFunction(() => typeof window.wasmBindings === 'object', null, { timeout: 30000 });
  assert.equal(await page.getByTestId('loading-splash').count(), 0, 'the splash is gone');
  // The game's own page is up (a guest looking for the room's host).
  await page.locator('div.app').first().waitFor({ timeout: 15000 });
  assert.deepEqual(errors, []);
  await context.close();

  const broken = await heldVisit({ address: '/?room=splash-room', fail: true });
  broken.release();
  await broken.page.getByRole('alert').getByText(/could not be loaded.*Check the connection, then reload/).waitFor({ timeout: 15000 });
  await broken.context.close();
});

test('a returning visit (the service worker in control) starts the game at once, with no shell', { timeout: 60000 }, async () => {
  const context = await stack.session.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(stack.server.url);
  await page.getByTestId('home').waitFor({ timeout: 30000 });
  await serviceWorkerInControl(page);
  await page.reload();
  await page.getByTestId('home').waitFor({ timeout: 15000 });
  assert.equal(await page.getByTestId('home-shell').count(), 0);
  await context.close();
});
