// Accessibility (issue 16): axe-core (npm, tests/e2e/package.json) run on every screen a
// player meets: home, the practice lobby, the game with each station, the board, a
// freeze, the pause card, the shortcuts card, the rules page and a result. No violation
// of impact serious or critical is allowed; the lesser ones are printed. Also: the story
// feed is a polite live region, a freeze takes the focus and gives it back, and
// `prefers-reduced-motion: reduce` stops the animations.
// axe is injected with a script tag: the test contexts bypass the app's Content Security Policy.
const assert = require('node:assert/strict');
const { paths, test, useStack } = require('./lib');
const tour = require('./lib/tour');

let AXE;
try {
  AXE = require.resolve('axe-core/axe.min.js');
} catch {
  throw new Error('tests/e2e: axe-core is missing: run scripts/install-tools.sh --browser');
}

const stack = useStack({ players: 0, dist: paths.TEST_DIST });

/** Runs axe on the page (or inside `include`); returns the serious and critical violations, prints the rest. */
async function audit(page, what, include) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (inc) => {
    const r = await window.axe.run(inc ? { include: [inc] } : document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary || '').replace(/\s+/g, ' ').slice(0, 240)}`),
    }));
  }, include);
  const line = (v) => `${what}: [${v.impact}] ${v.id} (${v.help})\n    ${v.nodes.slice(0, 6).join('\n    ')}`;
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`# a11y: ${what}: ${bad.length} serious or critical, ${violations.length - bad.length} lesser`);
  for (const v of violations.filter((x) => !bad.includes(x))) console.log(`# a11y note: ${line(v)}`);
  return bad.map(line);
}

test('axe: no serious or critical violation on any screen', { timeout: 120000 }, async () => {
  const { context, page, errors } = await tour.openTab(stack, [1024, 768], { bypassCSP: true });
  const found = [];
  try {
    await tour.home(page, stack.server.url);
    found.push(...await audit(page, 'home'));
    await page.getByTestId('home-rules').click();
    await page.getByTestId('rules-text').waitFor();
    found.push(...await audit(page, 'rules'));

    await tour.lobby(page, stack.server.url);
    found.push(...await audit(page, 'lobby'));

    const game = await tour.practice(page, stack.server.url);
    for (const station of tour.STATIONS) {
      await game.show(station);
      found.push(...await audit(page, station));
    }
    await game.showBoard();
    found.push(...await audit(page, 'board'));

    await game.show('weapons');
    await page.getByTestId('hud-keys').click();
    await page.getByTestId('keys-card').waitFor();
    found.push(...await audit(page, 'shortcuts card'));
    await page.keyboard.press('Escape');
    await page.getByTestId('keys-card').waitFor({ state: 'detached' });

    await tour.holdFreeze(page);
    found.push(...await audit(page, 'pause card'));
    await tour.hidePause(page);
    found.push(...await audit(page, 'freeze'));
    await tour.hidePause(page, false);
    await page.getByTestId('pause-resume').click();

    await tour.result(page, stack.server.url);
    found.push(...await audit(page, 'result'));
    assert.deepEqual(found, [], `\n${found.join('\n')}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('axe: the other screens (room lobby, lessons, map editor, Thunderstruck, replay)', { timeout: 100000 }, async () => {
  const { context, page, errors } = await tour.openTab(stack, [1024, 768], { bypassCSP: true });
  const found = [];
  try {
    await tour.otherScreens(page, stack.server.url, async (what) => found.push(...await audit(page, what)));
    assert.deepEqual(found, [], `\n${found.join('\n')}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('axe on a phone: the game screen with its abbreviated tabs', { timeout: 100000 }, async () => {
  const { context, page } = await tour.openTab(stack, [390, 844], { bypassCSP: true });
  const found = [];
  try {
    const game = await tour.practice(page, stack.server.url);
    // Rendered (not display: none), so a screen reader hears it; empty until something happens.
    assert.ok(await page.getByTestId('ticker').evaluate((e) => e.checkVisibility()), 'the story is there on a phone too');
    for (const station of tour.STATIONS) {
      await game.show(station);
      found.push(...await audit(page, `phone ${station}`));
    }
    await game.showBoard();
    found.push(...await audit(page, 'phone board'));
    // Every tab is named in full, whatever it shows.
    for (const name of ['Engineering', 'Helm', 'Weapons', 'Sensors', 'Shields', 'Tractor', 'Board']) {
      assert.equal(await page.getByTestId('tabs').getByRole('button', { name, exact: true }).count(), 1, `a tab named ${name}`);
    }
    const short = page.getByTestId('tab-0-engineering').locator('.tab__label--short');
    assert.ok(await short.isVisible() && (await short.textContent()) === 'Eng', 'abbreviated on screen');
    assert.deepEqual(found, [], `\n${found.join('\n')}`);
  } finally {
    await context.close();
  }
});

test('the story is a live region; a freeze takes the focus and gives it back', { timeout: 100000 }, async () => {
  const { context, page } = await tour.openTab(stack, [1024, 768], { bypassCSP: true });
  try {
    await tour.practice(page, stack.server.url);
    assert.equal(await page.getByTestId('ticker').getAttribute('aria-live'), 'polite');
    await page.getByTestId('tab-0-weapons').focus();
    await page.evaluate(() => window.wasmBindings.test_hook_autoload(0));
    await page.waitForFunction(() => document.querySelector('[data-testid="cmd-fire1"]')?.classList.contains('is-lit'), null, { timeout: 60000 });
    await page.getByTestId('tab-0-weapons').focus();
    await page.keyboard.press('f');
    await page.getByTestId('freeze-overlay').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="freeze-overlay"]')?.contains(document.activeElement));
    await page.getByTestId('freeze-overlay').waitFor({ state: 'detached', timeout: 20000 });
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'tab-0-weapons');
  } finally {
    await context.close();
  }
});

test('prefers-reduced-motion: reduce stops the animations', { timeout: 60000 }, async () => {
  const { context, page } = await tour.openTab(stack, [1024, 768], { bypassCSP: true });
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await tour.practice(page, stack.server.url);
    const moving = await page.evaluate(() => [...document.querySelectorAll('*')]
      .filter((e) => getComputedStyle(e).animationName !== 'none' || parseFloat(getComputedStyle(e).transitionDuration) > 0)
      .map((e) => e.className?.baseVal ?? e.className));
    assert.deepEqual(moving, []);
  } finally {
    await context.close();
  }
});
