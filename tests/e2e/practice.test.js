// Offline practice driven by clicks only: energy → station → placement on every
// station, a move, a torpedo loaded and fired at the bot ship, the freeze told
// step by step and the damage marked. `seed=3&bots=off&fast=1` seeds the dice and the
// map, keeps the bot crew idle and shortens deadlines; the helpers still retry rolls until the
// face they need shows. On the test's clock (issue 44, lib/clock.js): a freeze moves on only when
// the spec runs the clock, so each step is read while it is shown, on any machine.
const assert = require('node:assert/strict');
const { GamePage, HomePage, clockQuery, freezeCall, freezeStepShown, paths, runUntil, screenshot, test, useStack } = require('./lib');

const stack = useStack({ dist: paths.TEST_DIST });


async function practice(query = clockQuery(3, '&bots=off&fast=1')) {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, query);
  await home.practice();
  const game = new GamePage(page, 0);
  await game.waitFor();
  return { page, game, player };
}

const FORWARD = ['Forward 1', 'Forward 2'];
const SHIELD_SPOT = {
  'Shield 1 (front)': 'shields-sector-1',
  'Shield 2 (right)': 'shields-sector-2',
  'Shield 3 (back)': 'shields-sector-3',
  'Shield 4 (left)': 'shields-sector-4',
};
const TRACTOR_SPOT = { Bolt: 'tractor-bolts', 'Double Bolt': 'tractor-bolts', 'Mine A': 'tractor-mine-a', 'Mine B': 'tractor-mine-b' };

test('practice: every station, a move, a torpedo fired at the bot ship and its damage', { timeout: 100000 }, async () => {
  const { page, game, player } = await practice();
  assert.equal(await game.shipSquare(0), 'E9', 'White starts on E9');

  // Helm: three forward dice in A, B, C (the preview shows the path before the last lands).
  await game.place('helm', FORWARD, () => 'helm-slot-a');
  await game.place('helm', FORWARD, () => 'helm-slot-b');
  assert.equal(await game.countIn('helm-slot-b'), 1);
  await page.getByTestId('helm-path').first().waitFor();
  await game.place('helm', FORWARD, () => 'helm-slot-c');
  await runUntil(page, 'White moved', () => document.querySelector('[data-testid="board-ship-0"]')?.dataset.square !== 'E9', { maxMs: 10000 });
  const moved = await game.shipSquare(0);
  assert.match(moved, /^E[3-6]$/, `flew north up column E, got ${moved}`);
  assert.equal(await game.countIn('helm-slot-a'), 0, 'the helm dice are cleared after the move');

  // Weapons: Nose, Body and Tail in front tube 1.
  for (const part of ['Nose', 'Body', 'Tail']) {
    await game.place('weapons', [part], () => `weapons-f0-${part.toLowerCase()}`);
  }
  await runUntil(page, 'tube f0 loaded', () => document.querySelector('[data-testid="weapons-tube-f0"]')?.classList.contains('is-loaded'), { maxMs: 5000 });

  // Sensors: locks until the hit test against Black says HIT (lock ≥ range + jammers).
  // Four single Locks fall short of range 5 (a move of four squares); then a
  // Lock comes off the display to be rolled again for a Double Lock.
  for (let k = 0; k < 8; k++) {
    if (await page.locator('[data-testid="hit-tests"] li.is-hit').count()) break;
    if ((await page.locator('[data-testid^="sensors-placed-"]').count()) === 4) {
      await page.locator('[data-testid^="sensors-placed-"][data-face="Lock"]').first().click();
      await page.getByTestId('sensors-remove').click();
      await game.place('sensors', ['Double Lock'], () => 'sensors-lock');
    } else {
      await game.place('sensors', ['Lock', 'Double Lock'], () => 'sensors-lock');
    }
  }
  await runUntil(page, 'a hit test says HIT', () => !!document.querySelector('[data-testid="hit-tests"] li.is-hit'), { maxMs: 5000 });

  // Shields and Tractor: one die each where its face says.
  const shield = await game.place('shields', Object.keys(SHIELD_SPOT), (f) => SHIELD_SPOT[f]);
  assert.equal(await game.countIn(SHIELD_SPOT[shield]), 1);
  const tractor = await game.place('tractor', Object.keys(TRACTOR_SPOT), (f) => TRACTOR_SPOT[f]);
  assert.ok(await game.countIn(TRACTOR_SPOT[tractor]) >= 1);

  // Fire 1! The freeze tells the hit test, the sector and the damage.
  await page.getByTestId('cmd-fire1').click();
  await runUntil(page, 'the freeze overlay', () => !!document.querySelector('[data-testid="freeze-overlay"]'), { maxMs: 5000 });
  assert.match(await freezeCall(page), /White: Fire 1!/);
  await freezeStepShown(page, /Hit test: lock \d+ vs range \d+ \+ jammers 0 \(needs \d+\) → HIT/);
  await freezeStepShown(page, /front \(1\) side: 0 shield dice/);
  await freezeStepShown(page, /Black takes damage from a torpedo \(1\/4\)/);
  await page.waitForTimeout(300); // the overlay's fade-in (a CSS animation: the page's own time)
  await screenshot(page, 'practice-freeze');
  await runUntil(page, 'Black\'s first damage', () => document.querySelector('[data-testid="hud-ship-1"]')?.dataset.damage === '1', { maxMs: 20000 });
  await runUntil(page, 'the freeze over', () => !document.querySelector('[data-testid="freeze-overlay"]'), { maxMs: 20000 });
  assert.equal(await game.damage(0), '0');
  assert.deepEqual(player.errors, []);
});

test('a refused action shows the core\'s reason', { timeout: 60000 }, async () => {
  const { game, player } = await practice();
  await game.show('sensors');
  await game.page.getByTestId('sensors-roll').click();
  assert.match(await game.lastToast(), /Sensors has no energy die: ask Engineering for 2s/);
  // A tap on a box with nothing rolled is answered by the core, not by a provoked refusal.
  await game.page.getByTestId('sensors-lock').click();
  assert.match(await game.lastToast(), /Sensors has no rolled die to place: roll first/);
  await game.page.getByTestId('cmd-fire1').click();
  assert.match(await game.lastToast(), /no torpedo is loaded/i);
  await game.show('engineering');
  await game.page.getByTestId('eng-send-3').click();
  assert.match(await game.lastToast(), /roll|no energy die shows/i);
  assert.deepEqual(player.errors, []);
});
