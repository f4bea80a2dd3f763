// Die Fighter in practice, by clicks only: Mission 3 (Fighter Duel) chosen in
// the lobby with the "2 health" play note, the Pilot's cockpit (roll any die,
// two helm slots, the missile bay, sensors), two missiles fired forward at the
// enemy Fighter, its Health turned down, and the result screen. The bots stay
// idle (`bots=off`) so the enemy Fighter is a sitting target. On the test's clock (issue 44,
// lib/clock.js; seed 5): the dice are the seed's, and each freeze step is read while it is shown.
const assert = require('node:assert/strict');
const { CockpitPage, HomePage, LobbyPage, clockQuery, freezeCall, freezeStepShown, paths, runUntil, runUntilShown, screenshot, test, useStack } = require('./lib');

const stack = useStack({ dist: paths.TEST_DIST });

const square = (page, ship) => page.getByTestId(`board-ship-${ship}`).first().getAttribute('data-square');
const row = (sq) => Number(sq.slice(1));

test('mission 3: a Pilot flies, loads a missile, fires twice and wins', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(5, '&bots=off&fast=1'));
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await page.getByTestId('lobby-mission-3').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="lobby-mission-3"]')?.classList.contains('is-on'));
  assert.match(await page.getByTestId('lobby-mission-text').textContent(), /One Fighter each/);
  await lobby.waitHolder(0, 'player');
  await lobby.waitHolder(1, 'bot');
  assert.match(await page.getByTestId('seat-0').textContent(), /White Fighter/);
  await page.getByTestId('lobby-fighter-health').check();
  await screenshot(page, 'fighters-lobby');
  await lobby.start();

  // One tab for the whole Fighter: the cockpit, Health 2 under the play note.
  await page.getByTestId('tab-0-cockpit').waitFor();
  assert.equal(await page.getByTestId('tab-0-helm').count(), 0, 'a Pilot has no station tabs');
  const cockpit = new CockpitPage(page, 0);
  await cockpit.show();
  assert.equal(await cockpit.health(), '2');
  assert.equal(await page.getByTestId('board-health-1').getAttribute('data-health'), '2');
  assert.equal(await page.getByTestId('cmd-fire2').count(), 0, 'a Fighter fires only Fire 1');

  // Fly forward twice: both slots filled moves the Fighter (R22); then it is close enough to lock on.
  const start = await square(page, 0);
  await cockpit.fly();
  await runUntil(page, 'the Fighter moved', (f) => document.querySelector('[data-testid="board-ship-0"]')?.dataset.square !== f, { arg: start, maxMs: 10000 });
  const at = await square(page, 0);
  assert.ok(row(at) < row(start), `flew north: ${start} → ${at}`);
  assert.equal(await cockpit.count('cockpit-helm-a'), 0, 'helm dice cleared after the move');
  if (row(at) > 6) await cockpit.fly();

  // First missile: the freeze tells the shot; the enemy's Health turns down (2 → 1).
  await cockpit.loadMissile();
  await cockpit.lockOn();
  await screenshot(page, 'fighters-cockpit-390');
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, 'fighters-cockpit-1024');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('cmd-fire1').click();
  await runUntil(page, 'the freeze overlay', () => !!document.querySelector('[data-testid="freeze-overlay"]'), { maxMs: 5000 });
  assert.match(await freezeCall(page), /White Fighter: Fire 1!/);
  await freezeStepShown(page, /White Fighter fires its missile; 1 on target/);
  await freezeStepShown(page, /→ HIT/);
  await freezeStepShown(page, /Black Fighter is hit by a missile/);
  await runUntil(page, 'Health 1', () => document.querySelector('[data-testid="board-health-1"]')?.dataset.health === '1', { maxMs: 20000 });
  await runUntil(page, 'the freeze over', () => !document.querySelector('[data-testid="freeze-overlay"]'), { maxMs: 20000 });
  assert.equal(await page.getByTestId('cockpit-bay').evaluate((e) => e.classList.contains('is-loaded')), false, 'the missile is spent');

  // Second missile: Health 0, the Fighter is destroyed.
  await cockpit.loadMissile();
  await cockpit.lockOn();
  await page.getByTestId('cmd-fire1').click();

  // The second missile destroys it: the result screen names the winner.
  await runUntilShown(page, 'result', { maxMs: 30000 });
  assert.equal(await page.getByTestId('result-winner').textContent(), 'You won!', "White's pilot is told it won");
  assert.match(await page.getByTestId('flow-0').textContent(), /2 missiles launched, 2 hits/);
  assert.match(await page.getByTestId('timeline').textContent(), /Black Fighter/, 'ship names in full');
  assert.equal(await page.getByTestId('result-energy').count(), 0, 'Fighters have no energy to tell');
  assert.match(await page.getByTestId('result-fighters').textContent(), /missiles launched/);
  await screenshot(page, 'fighters-result');
  assert.deepEqual(player.errors, []);
});
