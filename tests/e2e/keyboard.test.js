// One practice game played to its result with the keyboard alone (issue 16): no click,
// no tap. Tab reaches each control, Enter presses it; the shortcuts do the rest (R roll,
// 1–5 send energy on Engineering, digits show the other tabs, F / Shift+F fire). The
// page is only *read* to decide what to press. `bots=off`: Black's crew sits idle, so
// White flies up column E, loads both front tubes, builds a lock and fires until Black
// has taken its fourth damage. On the test's clock (issue 44, lib/clock.js; seed 3): the dice
// are the seed's on every run, and game time passes only between the player's looks.
const assert = require('node:assert/strict');
const { HomePage, advance, clockQuery, paths, runUntil, runUntilShown, screenshot, test, useStack } = require('./lib');

const stack = useStack({ dist: paths.TEST_DIST });

/** Game time the player lets pass after a roll (the test's clock). */
const AFTER_ROLL_MS = 60;

const TAB = { engineering: '1', helm: '2', weapons: '3', sensors: '4', shields: '5' };
const ENERGY = { weapons: 1, sensors: 2, tractor: 3, shields: 4, helm: 5 };

/**
 * Presses Tab until the focused control is (or is inside) `testid`; then Enter. Each look at the
 * page estimates how many Tabs are left (the page's focusable controls in document order) and
 * presses half of them before looking again, so a long way costs a few looks, not one per Tab
 * (a look and a press are each a round trip to the browser: on a loaded machine they add up).
 */
async function tabAndPress(page, testid, most = 250) {
  for (let pressed = 0; pressed < most;) {
    const left = await page.evaluate((id) => {
      const inside = (e) => e?.closest('[data-testid]')?.dataset.testid === id;
      if (inside(document.activeElement)) return 0;
      const order = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
        .filter((e) => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length > 0);
      const from = order.indexOf(document.activeElement);
      const to = order.findIndex(inside);
      return from >= 0 && to > from ? to - from : 1;
    }, testid);
    if (left === 0) {
      await page.keyboard.press('Enter');
      return;
    }
    const now = Math.max(1, Math.floor(left / 2));
    for (let i = 0; i < now; i++) await page.keyboard.press('Tab');
    pressed += now;
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
      await runUntil(page, `eng-send-${n} changed`, ([id, was]) => document.querySelector(`[data-testid="${id}"]`)?.textContent !== was, { arg: [`eng-send-${n}`, before], maxMs: 5000 });
      return;
    }
    await page.keyboard.press('r');
    await advance(page, AFTER_ROLL_MS);
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
      await runUntil(page, `${spot} changed`, ([id, c]) => Number(document.querySelector(`[data-testid="${id}"]`)?.dataset.count) !== c || !document.querySelector(`[data-testid="${id}"]`), { arg: [spot, count], maxMs: 5000 }).catch(() => {});
      return good.face;
    }
    const energy = Number(await page.getByTestId(`${station}-energy`).getAttribute('data-count'));
    if (dice.some((d) => d.state === 'rolled') || energy > 0) {
      await page.keyboard.press('r');
      await advance(page, AFTER_ROLL_MS);
    } else {
      await sendEnergy(page, ENERGY[station]);
    }
  }
  throw new Error(`${station}: no ${accept.join('/')}`);
}

const damage = (page, ship) => page.getByTestId(`hud-ship-${ship}`).getAttribute('data-damage').then(Number);

// The bound only catches a hang: the game waits for the player's keys (the test's clock), so the
// run's length is the browser's round trips, about 40 s on a quiet 2-core machine and over 100 s
// at a load of 17 (seen in a flake loop): a bound of 100 s made the spec a measure of the machine.
test('a practice game played to its result with the keyboard alone', { timeout: 240000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(3, '&bots=off&fast=1'));
  await tabAndPress(page, 'home-practice');
  // The first Practice asks how to play: the question takes the focus, its answers come next.
  await page.waitForFunction(() => document.activeElement?.id === 'home-first-title');
  await tabAndPress(page, 'home-practice-as-crew', 4);
  await runUntilShown(page, 'game', { maxMs: 15000 });
  await page.getByTestId('station-engineering').waitFor();

  // Helm: Forward dice in A, B and C fly White north up column E, towards Black on E1.
  for (const slot of ['a', 'b', 'c']) await place(page, 'helm', ['Forward 1', 'Forward 2'], `helm-slot-${slot}`);
  await runUntil(page, 'White moved', () => document.querySelector('[data-testid="board-ship-0"]')?.dataset.square !== 'E9', { maxMs: 10000 });

  for (let volley = 0; volley < 6; volley++) {
    // Both front tubes, then a lock of at least the range (Black has no jammers).
    for (const tube of ['f0', 'f1']) {
      const loaded = await page.getByTestId(`weapons-tube-${tube}`).evaluate((e) => e.classList.contains('is-loaded'));
      if (loaded) continue;
      for (const part of ['Nose', 'Body', 'Tail']) {
        await place(page, 'weapons', [part], `weapons-${tube}-${part.toLowerCase()}`);
      }
      await runUntil(page, `${tube} loaded`, (t) => document.querySelector(`[data-testid="weapons-tube-${t}"]`)?.classList.contains('is-loaded'), { arg: tube, maxMs: 5000 });
    }
    for (let k = 0; k < 12; k++) {
      if (await page.locator('[data-testid="hit-tests"] li.is-hit').count()) break;
      // Four Locks reach a range of 4; further off (a nebula on the way stops White short),
      // only Double Locks: four of them reach 8.
      const odds = await page.locator('[data-testid="hit-tests"] li').first().textContent().catch(() => '');
      const needs = Number(odds.match(/needs (\d+)/)?.[1] ?? 0);
      await place(page, 'sensors', needs > 4 ? ['Double Lock'] : ['Lock', 'Double Lock'], 'sensors-lock');
    }
    await runUntil(page, 'a hit test says HIT', () => !!document.querySelector('[data-testid="hit-tests"] li.is-hit'), { maxMs: 5000 });
    const before = await damage(page, 1);
    await page.keyboard.press('Shift+F'); // Fire 2!
    // The freeze is told and over (its result card stays), or the fourth damage ended the game.
    await runUntil(page, 'the freeze told', () => !!document.querySelector('[data-testid="result"], [data-testid="freeze-result"]'), { maxMs: 30000 });
    if (await page.getByTestId('result').isVisible()) break;
    assert.ok((await damage(page, 1)) > before, 'a hit at lock ≥ range deals damage');
    // The result card closes with Esc.
    await page.getByTestId('freeze-result').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('freeze-result').waitFor({ state: 'detached' });
  }
  await runUntilShown(page, 'result', { maxMs: 30000 });
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
