// One practice game played to its result with the keyboard alone (issue 16): no click,
// no tap. Tab reaches each control, Enter presses it; the shortcuts do the rest (R roll,
// 1–5 send energy on Engineering, digits show the other tabs, F / Shift+F fire). The
// page is only *read* to decide what to press. `bots=off`: Black's crew sits idle, so
// White flies up column E, loads both front tubes, builds a lock and fires until Black
// has taken its fourth damage.
const assert = require('node:assert/strict');
const { HomePage, screenshot, test, useStack } = require('./lib');

const stack = useStack();

const TAB = { engineering: '1', helm: '2', weapons: '3', sensors: '4', shields: '5' };
const ENERGY = { weapons: 1, sensors: 2, tractor: 3, shields: 4, helm: 5 };

/** Presses Tab until the focused control is (or is inside) `testid`; then Enter. */
async function tabAndPress(page, testid, most = 250) {
  for (let k = 0; k < most; k++) {
    const here = await page.evaluate(() => document.activeElement?.closest('[data-testid]')?.dataset.testid ?? '');
    if (here === testid) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${testid}`);
}

async function show(page, station) {
  // From Engineering the digits send energy: go to the next tab first.
  if (await page.getByTestId('station-engineering').isVisible()) await page.keyboard.press(']');
  await page.keyboard.press(TAB[station]);
  await page.getByTestId(`station-${station}`).waitFor();
}

async function tray(page, station) {
  return page.evaluate((st) => [...document.querySelectorAll(`[data-testid^="${st}-die-"]`)].map((e) => ({
    i: Number(e.dataset.testid.split('-').pop()), face: e.dataset.face, state: e.dataset.state,
  })), station);
}

async function sendEnergy(page, n) {
  if (!(await page.getByTestId('station-engineering').isVisible())) {
    await page.keyboard.press('1');
    await page.getByTestId('station-engineering').waitFor();
  }
  for (let k = 0; k < 80; k++) {
    const ready = await page.getByTestId(`eng-send-${n}`).evaluate((e) => e.classList.contains('is-ready'));
    if (ready) {
      const before = await page.getByTestId(`eng-send-${n}`).textContent();
      await page.keyboard.press(String(n));
      await page.waitForFunction(([id, was]) => document.querySelector(`[data-testid="${id}"]`)?.textContent !== was, [`eng-send-${n}`, before]);
      return;
    }
    await page.keyboard.press('r');
    await page.waitForTimeout(60);
  }
  throw new Error(`no energy die showed ${n}`);
}

/** Rolls `station`'s dice (asking Engineering for energy) until one shows a face in
 * `accept`; picks it (Tab, Enter) and places it in `spot` (Tab, Enter). */
async function place(page, station, accept, spot) {
  for (let k = 0; k < 80; k++) {
    await show(page, station);
    const dice = await tray(page, station);
    const good = dice.find((d) => d.state === 'rolled' && accept.includes(d.face));
    if (good) {
      const count = Number(await page.getByTestId(spot).getAttribute('data-count'));
      await tabAndPress(page, `${station}-die-${good.i}`);
      await tabAndPress(page, spot);
      await page.waitForFunction(([id, c]) => Number(document.querySelector(`[data-testid="${id}"]`)?.dataset.count) !== c || !document.querySelector(`[data-testid="${id}"]`), [spot, count], { timeout: 5000 }).catch(() => {});
      return good.face;
    }
    const energy = Number(await page.getByTestId(`${station}-energy`).getAttribute('data-count'));
    if (dice.some((d) => d.state === 'rolled') || energy > 0) {
      await page.keyboard.press('r');
      await page.waitForTimeout(60);
    } else {
      await sendEnergy(page, ENERGY[station]);
    }
  }
  throw new Error(`${station}: no ${accept.join('/')}`);
}

const damage = (page, ship) => page.getByTestId(`hud-ship-${ship}`).getAttribute('data-damage').then(Number);

test('a practice game played to its result with the keyboard alone', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=3&bots=off&fast=1');
  await tabAndPress(page, 'home-practice');
  // The first Practice asks how to play: the question takes the focus, its answers come next.
  await page.waitForFunction(() => document.activeElement?.id === 'home-first-title');
  await tabAndPress(page, 'home-practice-as-crew', 4);
  await page.getByTestId('game').waitFor();
  await page.getByTestId('station-engineering').waitFor();

  // Helm: Forward dice in A, B and C fly White north up column E, towards Black on E1.
  for (const slot of ['a', 'b', 'c']) await place(page, 'helm', ['Forward 1', 'Forward 2'], `helm-slot-${slot}`);
  await page.waitForFunction(() => document.querySelector('[data-testid="board-ship-0"]')?.dataset.square !== 'E9');

  for (let volley = 0; volley < 6; volley++) {
    // Both front tubes, then a lock of at least the range (Black has no jammers).
    for (const tube of ['f0', 'f1']) {
      const loaded = await page.getByTestId(`weapons-tube-${tube}`).evaluate((e) => e.classList.contains('is-loaded'));
      if (loaded) continue;
      for (const part of ['Nose', 'Body', 'Tail']) {
        await place(page, 'weapons', [part], `weapons-${tube}-${part.toLowerCase()}`);
      }
      await page.waitForFunction((t) => document.querySelector(`[data-testid="weapons-tube-${t}"]`)?.classList.contains('is-loaded'), tube);
    }
    for (let k = 0; k < 12; k++) {
      if (await page.locator('[data-testid="hit-tests"] li.is-hit').count()) break;
      // Four Locks reach a range of 4; further off (a nebula on the way stops White short),
      // only Double Locks: four of them reach 8.
      const odds = await page.locator('[data-testid="hit-tests"] li').first().textContent().catch(() => '');
      const needs = Number(odds.match(/needs (\d+)/)?.[1] ?? 0);
      await place(page, 'sensors', needs > 4 ? ['Double Lock'] : ['Lock', 'Double Lock'], 'sensors-lock');
    }
    await page.locator('[data-testid="hit-tests"] li.is-hit').waitFor();
    const before = await damage(page, 1);
    await page.keyboard.press('Shift+F'); // Fire 2!
    // The freeze is told and over (its result card stays), or the fourth damage ended the game.
    await page.getByTestId('result').or(page.getByTestId('freeze-result')).first().waitFor({ timeout: 20000 });
    if (await page.getByTestId('result').isVisible()) break;
    assert.ok((await damage(page, 1)) > before, 'a hit at lock ≥ range deals damage');
    // The result card closes with Esc.
    await page.getByTestId('freeze-result').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('freeze-result').waitFor({ state: 'detached' });
  }
  await page.getByTestId('result').waitFor({ timeout: 20000 });
  assert.equal(await page.getByTestId('result-winner').textContent(), 'You won!', "White's crew is told it won");
  // The result is a new screen: the focus is on its heading; the ships are named in full.
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'result-winner');
  assert.equal(await page.getByTestId('timeline-name-1').textContent(), 'Black');
  await screenshot(page, 'keyboard-result');
  assert.deepEqual(player.errors, []);
});

test('a new screen takes the focus to its heading: Enter on "Learn a station", then Tab, is the first lesson', { timeout: 60000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url);
  await tabAndPress(page, 'home-learn');
  await page.getByTestId('learn').waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Learn a station');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'learn-engineering', 'the first lesson, not deep in the page');
  // And back: Home's heading.
  await tabAndPress(page, 'learn-home');
  await home.root.waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Dice Duel');
  assert.deepEqual(player.errors, []);
});
