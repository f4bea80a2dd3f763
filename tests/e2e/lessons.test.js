// "Learn a station" (issue 16): a first-time visitor is offered the lessons on the
// home screen (not once dismissed or once a lesson is done); the Engineering and
// Helm lessons are completed by clicking, on a phone-sized screen, and the check
// shows when the goal is met. The dice are the host's: the loops roll again until
// the face they need shows, as a learner would. On the test's clock (issue 44, lib/clock.js;
// each lesson's seed stated): the host answers a tap at once, and what waits on time (a lesson's
// game starting, its check) runs the page's clock, never the machine's.
const assert = require('node:assert/strict');
const { GamePage, HomePage, clockQuery, paths, runUntilShown, screenshot, test, useStack } = require('./lib');

const stack = useStack({ players: 3, dist: paths.TEST_DIST });

/** Rolls (clicking `roll`) until `ready()` says the face is there; at most `tries` rolls. */
async function rollUntil(page, roll, ready, tries = 80) {
  for (let k = 0; k < tries; k++) {
    if (await ready()) return;
    await page.getByTestId(roll).click();
  }
  throw new Error(`${roll}: the face never showed in ${tries} rolls`);
}

const done = (page) => runUntilShown(page, 'lesson-done', { maxMs: 15000 });
/** Runs the page's clock until `testid` is shown (a lesson's game starts on the host's pump). */
const shown = (page, testid) => runUntilShown(page, testid, { maxMs: 10000 });

test('a first-time visitor is offered the lessons; not after "No thanks"', { timeout: 60000 }, async () => {
  const [visitor] = stack.session.players;
  const page = await visitor.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const home = new HomePage(page);
  await home.goto(stack.server.url);
  const offer = page.getByTestId('home-learn-offer');
  await offer.waitFor();
  await screenshot(page, 'home-offer-390');
  assert.match(await offer.textContent(), /New to Dice Duel\?/);
  assert.ok(await page.getByTestId('home-learn').isVisible(), 'the lessons are always one tap from home');

  await page.getByTestId('home-learn-dismiss').click();
  await offer.waitFor({ state: 'detached' });
  await page.reload();
  await home.root.waitFor();
  assert.equal(await offer.count(), 0, 'dismissed: not offered again');
  // Still reachable from home.
  await page.getByTestId('home-learn').click();
  await page.getByTestId('learn').waitFor();
  assert.deepEqual(visitor.errors, []);
});

test('the Engineering lesson, by clicking on a phone: send two energy dice to Weapons', { timeout: 100000 }, async () => {
  const [, learner] = stack.session.players;
  const page = await learner.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(4));
  await page.getByTestId('home-learn-offer-go').click();
  await page.getByTestId('learn').waitFor();
  await screenshot(page, 'lessons-list-390');
  await page.getByTestId('learn-engineering').click();
  await shown(page, 'game');
  const card = page.getByTestId('lesson-card');
  await shown(page, 'lesson-card');
  assert.match(await page.getByTestId('lesson-goal').textContent(), /Send two energy dice to Weapons/);
  assert.match(await page.getByTestId('lesson-hint').textContent(), /Roll/);
  assert.equal(await page.getByTestId('bots-resume').isVisible(), false, "Black's crew stays idle in a lesson");

  // "Show me" opens Engineering and puts the focus on the control the hint names.
  await page.getByTestId('lesson-show').click();
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'engineering-roll');
  await screenshot(page, 'lesson-engineering-390');

  // The card follows the learner: pressing the Roll it points at moves it to the next hint.
  await page.getByTestId('engineering-roll').click();
  await page.getByTestId('lesson-hint').filter({ hasText: /Hint 2 of 3: .*(1 → Weapons|powers Weapons)/ }).waitFor();
  for (let sent = 0; sent < 2; sent++) {
    const send = page.getByTestId('eng-send-1');
    await rollUntil(page, 'engineering-roll', () => send.evaluate((e) => e.classList.contains('is-ready')));
    await send.click();
  }
  await done(page);
  assert.match(await page.getByTestId('lesson-goal').textContent(), /✓/);
  await screenshot(page, 'lesson-engineering-done-390');
  // The lesson is remembered: the list marks it, home stops offering the lessons.
  await page.getByTestId('lesson-leave').click();
  await page.getByTestId('learn').waitFor();
  await page.locator('.lessons__item.is-done [data-testid="learn-engineering"]').waitFor();
  await home.goto(stack.server.url);
  assert.equal(await page.getByTestId('home-learn-offer').count(), 0, 'a completed lesson ends the offer');
  assert.deepEqual(learner.errors, []);
});

test('the Helm lesson, by clicking: move to C4 facing east', { timeout: 100000 }, async () => {
  const [, , learner] = stack.session.players;
  const page = await learner.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(5));
  await page.getByTestId('home-learn').click();
  await page.getByTestId('learn-helm').click();
  await shown(page, 'lesson-card');
  assert.match(await page.getByTestId('lesson-goal').textContent(), /Move to C4 facing east/);
  await page.getByTestId('lesson-show').click();
  await page.getByTestId('station-helm').waitFor();
  assert.equal(await page.getByTestId('board-ship-0').first().getAttribute('data-square'), 'C7');
  // A reload keeps the lesson and its card.
  await page.reload();
  await shown(page, 'lesson-card');
  assert.match(await page.getByTestId('lesson-goal').textContent(), /Move to C4 facing east/);
  await page.getByTestId('lesson-show').click();
  await page.getByTestId('station-helm').waitFor();

  // Roll the last helm die until it shows Forward + turn right, then put it in slot C.
  const turnRight = () => page.evaluate(() => [...document.querySelectorAll('[data-testid^="helm-die-"]')]
    .find((e) => e.dataset.state === 'rolled' && e.dataset.face === 'Forward + turn right')?.dataset.testid ?? null);
  await rollUntil(page, 'helm-roll', turnRight);
  await page.getByTestId(await turnRight()).click();
  await page.getByTestId('helm-slot-c').click();
  await done(page);
  assert.equal(await page.getByTestId('board-ship-0').first().getAttribute('data-square'), 'C4');
  assert.match(await page.getByTestId('lesson-goal').textContent(), /✓/);
  await screenshot(page, 'lesson-helm-done-1024');
  assert.match(await page.getByTestId('lesson-next').textContent(), /Next lesson: Weapons/);
  assert.deepEqual(learner.errors, []);
});

test('the Shields lesson by keyboard: Show me puts the focus on Roll, Enter does the rest', { timeout: 100000 }, async () => {
  const [visitor] = stack.session.players;
  const page = await visitor.newPage();
  // A lesson's own address starts it.
  await page.goto(`${stack.server.url}${clockQuery(6)}#/learn/shields`);
  await shown(page, 'lesson-card');
  // The lesson opens on its own station, not Engineering (the learner's first tab).
  await page.getByTestId('station-shields').waitFor();
  assert.ok(await page.getByTestId('tab-0-shields').evaluate((e) => e.classList.contains('is-active')), 'Shields shown first');
  await page.getByTestId('lesson-show').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'shields-roll');
  const front = () => page.evaluate(() => [...document.querySelectorAll('[data-testid^="shields-die-"]')]
    .find((e) => e.dataset.state === 'rolled' && e.dataset.face === 'Shield 1 (front)')?.dataset.testid ?? null);
  for (let k = 0; k < 80 && !(await front()); k++) {
    await page.getByTestId('shields-roll').focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(50);
  }
  await page.getByTestId(await front()).focus();
  await page.keyboard.press('Enter');
  // The box's name is a real button (Tab reaches it; Enter places the picked die there).
  await page.getByTestId('shields-sector-1').locator('.spot__label').focus();
  await page.keyboard.press('Enter');
  await done(page);
  assert.match(await page.getByTestId('lesson-goal').textContent(), /✓/);
  assert.deepEqual(visitor.errors, []);
});

// The other lessons, each played the way its hints say (the helpers roll again
// until the face shows and ask Engineering for energy when a station has none).
const LOCKS = ['Lock', 'Double Lock'];
const BOLTS = ['Bolt', 'Double Bolt'];
const OTHERS = {
  weapons: async (game) => {
    for (const part of ['Nose', 'Body', 'Tail']) await game.place('weapons', [part], () => `weapons-f0-${part.toLowerCase()}`);
  },
  sensors: async (game, page) => {
    for (let k = 0; k < 20 && !(await page.getByTestId('lesson-done').count()); k++) await game.place('sensors', LOCKS, () => 'sensors-lock');
  },
  tractor: async (game, page) => {
    await game.place('tractor', BOLTS, () => 'tractor-bolts');
    if (!(await page.locator('li.is-reachable [data-testid="tractor-crystal-5"]').count())) {
      await game.place('tractor', BOLTS, () => 'tractor-bolts');
    }
    await page.getByTestId('tractor-crystal-5').click();
  },
  fire: async (game, page) => {
    for (let k = 0; k < 20 && !(await page.locator('[data-testid="hit-tests"] li.is-hit').count()); k++) {
      await game.place('sensors', LOCKS, () => 'sensors-lock');
    }
    await page.getByTestId('cmd-fire1').click();
  },
  'tractor-freeze': async (game, page) => {
    await page.getByTestId('cmd-tractor').click();
    await page.locator('.choice.is-mine [data-testid$="-0"]').first().click();
  },
  warp: async (game, page) => {
    await page.getByTestId('cmd-warp').click();
    await page.locator('.choice.is-mine [data-testid$="-0"]').first().click();
  },
};

test('every other lesson reaches its check the way its hints say', { timeout: 100000 }, async () => {
  const [, learner] = stack.session.players;
  const page = await learner.newPage();
  await page.goto(`${stack.server.url}${clockQuery(7)}#/learn`);
  await page.getByTestId('learn').waitFor();
  for (const [id, play] of Object.entries(OTHERS)) {
    await page.getByTestId(`learn-${id}`).click();
    await shown(page, 'lesson-card');
    await play(new GamePage(page, 0), page);
    await done(page).catch(async (e) => { await screenshot(page, `lesson-${id}-stuck`); throw e; });
    await screenshot(page, `lesson-${id}-done`);
    await page.getByTestId('lesson-leave').click();
    await page.locator(`.lessons__item.is-done [data-testid="learn-${id}"]`).waitFor();
  }
  assert.deepEqual(learner.errors, []);
});

/**
 * The card's box and the named control's: the card never covers it, nor cuts its own words.
 * Measured once the page has settled (within 3 s): on a loaded machine a first measure can
 * land mid-layout.
 */
async function cardLeaves(page, testid) {
  let seen;
  for (const until = Date.now() + 3000; Date.now() < until;) {
    seen = await measureCard(page, testid);
    if (!seen.covered && !seen.cut) break;
    await page.waitForTimeout(100);
  }
  return seen;
}

function measureCard(page, testid) {
  return page.evaluate((id) => {
    const card = document.querySelector('[data-testid="lesson-card"]').getBoundingClientRect();
    const el = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
    const box = document.querySelector('[data-testid="lesson-card"]');
    return { covered: el.bottom > card.top && el.top < card.bottom, cut: box.scrollHeight > box.clientHeight + 1 };
  }, testid);
}

test('by touch on a phone: a station lesson opens on its station and the hint follows the learner', { timeout: 100000 }, async () => {
  const [, , learner] = stack.session.players;
  const context = await learner.context.browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(`${stack.server.url}${clockQuery(8)}#/learn/sensors`);
    await shown(page, 'lesson-card');
    // Its own station in front, so "press Roll" (and R) mean Sensors' Roll.
    await page.getByTestId('station-sensors').waitFor();
    assert.ok(await page.getByTestId('tab-0-sensors').evaluate((e) => e.classList.contains('is-active')), 'Sensors shown first');
    const hint = page.getByTestId('lesson-hint');
    assert.match(await hint.textContent(), /^Hint 1 of 3: Press Roll/);
    await page.getByTestId('sensors-roll').scrollIntoViewIfNeeded();
    assert.deepEqual(await cardLeaves(page, 'sensors-roll'), { covered: false, cut: false }, 'Roll in sight beside the whole card');
    await screenshot(page, 'lesson-touch-390');

    // Tapping Roll moves the card on; ‹ and › still go back and forth.
    await page.getByTestId('sensors-roll').tap();
    await hint.filter({ hasText: /^Hint 2 of 3: Tap a Lock/ }).waitFor();
    await page.getByTestId('lesson-prev-hint').tap();
    await hint.filter({ hasText: /^Hint 1 of 3/ }).waitFor();
    await page.getByTestId('lesson-next-hint').tap();
    await hint.filter({ hasText: /^Hint 2 of 3/ }).waitFor();

    // A Lock die tapped onto the Lock box: the card points at the lock total.
    const lockDie = () => page.evaluate(() => [...document.querySelectorAll('[data-testid^="sensors-die-"]')]
      .find((e) => e.dataset.state === 'rolled' && /^(Lock|Double Lock)$/.test(e.dataset.face))?.dataset.testid ?? null);
    for (let k = 0; k < 60 && !(await lockDie()); k++) await page.getByTestId('sensors-roll').tap();
    await page.getByTestId(await lockDie()).tap();
    await page.getByTestId('sensors-lock').tap();
    await hint.filter({ hasText: /^Hint 3 of 3: The Lock total/ }).waitFor();
    assert.equal(await page.locator('.lesson-card__actions button').first().isVisible(), true);

    // A tablet: the card still leaves Roll uncovered and shows all its words.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('sensors-roll').scrollIntoViewIfNeeded();
    assert.deepEqual(await cardLeaves(page, 'sensors-roll'), { covered: false, cut: false }, 'at 1024×768 too');
    await screenshot(page, 'lesson-touch-1024');

    // Another lesson's address with the lock still placed: the new lesson opens on its station.
    await page.evaluate(() => { location.hash = '#/learn/helm'; });
    await page.getByTestId('station-helm').waitFor();
    await hint.filter({ hasText: /^Hint 1 of/ }).waitFor();
  } finally {
    await context.close();
  }
  assert.deepEqual(errors, []);
});
