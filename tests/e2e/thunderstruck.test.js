// Thunderstruck Duel against bots, through the real screens at phone size: the home entry, the
// set-up, planning by taps on the console (a reroll, Ready, "Waiting for others…"), the turns
// (a cube on a Fire die, a target with three ships), the hit and Manoeuvre prompts, and the
// result. On the test's clock (issue 44, lib/clock.js; seeds 5 and 8): the bots think and the host
// deals only while the spec runs the page's clock, so a duel to its result takes as long as the
// CPU needs and replays the same on any machine.
const assert = require('node:assert/strict');
const { HomePage, clockQuery, paths, runUntilShown, screenshot, test, ThunderPage, useStack } = require('./lib');

const stack = useStack({ players: 1, dist: paths.TEST_DIST });
const PHONE = { width: 390, height: 844 };

/** A touch phone of its own (the stack's contexts have no touch screen). */
async function phone() {
  const context = await stack.session.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const errors = [];
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return { context, page, errors };
}

test('three ships: Red plays two bots to the result by touch on a phone', { timeout: 100000 }, async () => {
  const { context, page, errors } = await phone();
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(5, '&fast=1&speed=10'));
  const duel = new ThunderPage(page, 'tap');
  // A first-timer's set-up (issue 33): six rounds against Easy bots, and the duel's words open.
  await duel.press('home-thunderstruck');
  assert.equal(await duel.id('ts-setup-rounds-6').getAttribute('aria-pressed'), 'true');
  assert.equal(await duel.id('ts-setup-level-easy').getAttribute('aria-pressed'), 'true');
  assert.equal(await duel.id('ts-setup-words').getAttribute('open'), '');
  assert.match(await duel.id('ts-setup-words').textContent(), /Reflex die.*green fifth die/);
  await page.goBack();
  await home.root.waitFor();
  await duel.start({ players: 3, rounds: 12, level: 'easy' });
  assert.equal(await page.locator('.ts-ship').count(), 3, 'three ships on the ring');
  assert.match(await duel.id('ts-round').textContent(), /Round 1 of 12/);

  // Round 1 by hand: the constraints are shown, Ready waits for a legal plan.
  await duel.shown('ts-ready');
  assert.ok(await duel.id('ts-ready').isDisabled(), 'nothing placed: Ready is off');
  assert.match(await duel.id('ts-ready-reason').textContent(), /Put at least one die \(at most two\) in Boost/);
  await screenshot(page, 'thunderstruck-plan-phone');

  let shot = false;
  await duel.playToResult({
    onRound: async () => {
      if (!shot && await duel.visible('ts-waiting')) { shot = true; await screenshot(page, 'thunderstruck-waiting-phone'); }
    },
  });
  const winner = await duel.id('ts-winner').textContent();
  assert.match(winner, /^(You win!|Blue wins\.|Green wins\.|A draw\.)$/);
  assert.match(await duel.id('ts-rounds').textContent(), /Rounds played: \d+ of 12/);
  assert.ok(duel.stats.plans >= 1 && duel.stats.acts >= 1, JSON.stringify(duel.stats));
  await screenshot(page, 'thunderstruck-result-phone');

  // Play again starts round 1 of a new duel with the same set-up.
  await duel.press('ts-again');
  await duel.shown('ts-duel');
  assert.match(await duel.id('ts-round').textContent(), /Round 1 of 12/);
  assert.equal(await page.locator('.ts-ship').count(), 3);
  assert.deepEqual(errors, []);
  await context.close();
});

test('two ships, six rounds: a die placed by keyboard and by drag, a reload mid-duel, the result', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  await page.setViewportSize(PHONE);
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(8, '&fast=1&speed=10'));
  const duel = new ThunderPage(page, 'click');
  await duel.start({ players: 2, rounds: 6, level: 'hard', redFirst: true });
  assert.match(await duel.id('ts-round').textContent(), /Round 1 of 6/);

  // The first die onto Boost A by keyboard alone: focus, Enter, focus, Space.
  await duel.shown('ts-die-0');
  await duel.id('ts-die-0').focus();
  await page.keyboard.press('Enter');
  assert.equal(await duel.id('ts-die-0').getAttribute('aria-pressed'), 'true');
  await duel.id('ts-space-boost-a').focus();
  await page.keyboard.press(' ');
  assert.ok(await duel.id('ts-space-boost-a').getAttribute('data-pip'), 'the die is on Boost A');
  assert.match(await duel.id('ts-ready-reason').textContent(), /Manoeuvre/);
  await duel.press('ts-clear');

  // A die dragged from the tray onto a space lands there.
  const from = await duel.id('ts-die-1').boundingBox();
  const to = await duel.id('ts-space-manoeuvre-a').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await page.mouse.up();
  assert.equal(await duel.id('ts-space-manoeuvre-a').getAttribute('data-pip'), await duel.id('ts-die-1').getAttribute('data-pip'));
  assert.equal(await duel.id('ts-die-1').getAttribute('aria-pressed'), 'false', 'the drop is not also a pick');
  await duel.press('ts-clear');

  // A reload keeps the duel (and its secret dice): the same roll comes back.
  const before = await page.locator('[data-testid^="ts-die-"]').evaluateAll((ds) => ds.map((d) => d.dataset.pip));
  await page.reload();
  await duel.shown('ts-duel');
  await duel.shown('ts-die-0');
  const after = await page.locator('[data-testid^="ts-die-"]').evaluateAll((ds) => ds.map((d) => d.dataset.pip));
  assert.deepEqual(after, before, 'the same dice after the reload');
  assert.match(await duel.id('ts-log').textContent(), /Dice rolled/, 'the log is told again after the reload');

  await duel.playToResult();
  assert.match(await duel.id('ts-winner').textContent(), /^(You win!|Blue wins\.|A draw\.)$/);
  assert.match(await duel.id('ts-rounds').textContent(), /of 6/);
  // Why it ended, in words (issue 33): a destruction or the damage after the last round.
  assert.match(await duel.id('ts-reason').textContent(), /^(Every other ship was destroyed|All 6 rounds were played)/);
  const damage = await page.locator('.ts-result__ships dd').allTextContents();
  assert.equal(damage.length, 2);
  await duel.press('ts-result-home');
  await home.root.waitFor();
  assert.equal((await home.page.getByTestId('home-thunderstruck').textContent()).trim(), 'Thunderstruck Duel');

  // The duel (reload and all) is kept: watched again, it ends with the same damage.
  const saved = page.getByTestId('saved-game').filter({ hasText: 'Thunderstruck Duel' });
  await saved.first().waitFor();
  await saved.first().getByTestId('saved-watch').click();
  // The saved duel is read from IndexedDB: the browser's own work, so wall time too (a loaded
  // machine failed it once at 5 s of the test's clock alone).
  await runUntilShown(page, 'replay-controls', { maxMs: 5000, realMs: 30000 });
  const timeline = page.getByTestId('replay-timeline');
  await timeline.fill(String(await timeline.evaluate((el) => el.max)));
  await runUntilShown(page, 'ts-result', { maxMs: 10000 });
  assert.deepEqual(await page.locator('.ts-result__ships dd').allTextContents(), damage, 'the replay ends as the duel did');
  assert.deepEqual(player.errors, []);
});
