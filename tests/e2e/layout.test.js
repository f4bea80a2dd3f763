// Every screen at every size a player brings (issue 16): phones in portrait and
// landscape, tablets both ways, a desktop. Measured by bounding boxes in the page:
// nothing runs off the viewport or out of its card, no label is cut (its text wider
// than its box), no two controls overlap, every control can be scrolled to and tapped
// (not under the command bar or another control), and on phones every control is at
// least 44 px each way. Screenshots of each screen at each size go to artifacts/.
const assert = require('node:assert/strict');
const { GamePage, advance, clockQuery, paths, runUntilShown, screenshot, test, useStack } = require('./lib');
const tour = require('./lib/tour');
const { measure, playable, rollInView } = require('./lib/layout_checks');

const stack = useStack({ players: 0, dist: paths.TEST_DIST });

/** Runs in the page: the notices show whole: each on screen, no button's words broken over two
 * lines or cut ("Got it" once wrapped and was clipped), the band no taller than half the screen. */
function noticesFit() {
  const out = [];
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const band = document.querySelector('[data-testid="notices"]');
  if (!band) out.push('the notices have no band of their own');
  else if (band.getBoundingClientRect().height > vh / 2) out.push(`the notices take ${Math.round(band.getBoundingClientRect().height)} px of ${vh}`);
  const scope = band ?? document.body;
  for (const e of scope.querySelectorAll('[data-testid="trust-bar"], [data-testid="toast"]')) {
    const r = e.getBoundingClientRect();
    if (r.left < -1 || r.right > vw + 1) out.push(`${e.dataset.testid} runs off the screen (${Math.round(r.left)}…${Math.round(r.right)} of ${vw})`);
    if (e.scrollWidth > e.clientWidth + 1) out.push(`${e.dataset.testid} is cut: ${e.scrollWidth} px in ${e.clientWidth}`);
  }
  const close = scope.querySelector('[data-testid="trust-bar-close"]');
  if (close) {
    const words = document.createRange();
    words.selectNodeContents(close);
    const lines = new Set([...words.getClientRects()].map((l) => Math.round(l.top))).size;
    if (lines !== 1) out.push(`"${close.textContent}" takes ${lines} lines`);
    if (close.scrollWidth > close.clientWidth + 1 || close.scrollHeight > close.clientHeight + 1) out.push(`"${close.textContent}" is cut`);
  }
  return out;
}

/** Checks `what` at the page's size; returns the problems, prefixed, after a screenshot. */
async function check(page, size, what, { scope, shot = true } = {}) {
  const [w, h] = size;
  if (shot) await screenshot(page, `layout-${w}x${h}-${what}`);
  const found = await page.evaluate(measure, { scope, touch: tour.isPhone(w, h) });
  return found.map((p) => `${w}×${h} ${what}: ${p}`);
}

function report(problems) {
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
}

for (const size of tour.SIZES) {
  const [w, h] = size;
  test(`layout at ${w}×${h}: home, lobby, every station, board, freeze`, { timeout: 100000 }, async () => {
    const { context, page, errors } = await tour.openTab(stack, size);
    const problems = [];
    try {
      await tour.home(page, stack.server.url);
      problems.push(...await check(page, size, 'home'));
      await tour.lobby(page, stack.server.url);
      problems.push(...await check(page, size, 'lobby'));

      const game = await tour.practice(page, stack.server.url);
      for (const station of tour.STATIONS) {
        await game.show(station);
        const roll = await page.evaluate(rollInView, station);
        if (roll) problems.push(`${w}×${h} ${roll}`);
        problems.push(...await check(page, size, station));
      }
      // A phone in the hand (touch, under 480 px) has no keyboard: no Keys, so the header's
      // tools keep to one row; everywhere else Keys is there.
      const keys = await page.getByTestId('hud-keys').isVisible();
      if (keys === w < 480) problems.push(`${w}×${h}: Keys is ${keys ? 'shown on a phone in the hand' : 'hidden'}`);
      await game.showBoard();
      problems.push(...await check(page, size, 'board'));

      await game.show('weapons');
      await tour.holdFreeze(page);
      await tour.hidePause(page);
      problems.push(...await check(page, size, 'freeze', { scope: '[data-testid="freeze-overlay"]' }));
      // The page as a whole still fits while the overlay is up.
      problems.push(...(await check(page, size, 'freeze-page', { shot: false })).filter((p) => /page is|runs off/.test(p)));
      await tour.hidePause(page, false);
      problems.push(...await check(page, size, 'pause', { scope: '[data-testid="pause-card"]' }));
      report(problems);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

/** Checks the screen on show at every size (the viewport resized, as a tablet turned). */
async function everySize(page, what, opts) {
  const problems = [];
  for (const size of tour.SIZES) {
    await page.setViewportSize({ width: size[0], height: size[1] });
    await page.waitForTimeout(200);
    problems.push(...await check(page, size, what, opts));
  }
  return problems;
}

test('layout of the result screen at every size', { timeout: 100000 }, async () => {
  const { context, page, errors } = await tour.openTab(stack, tour.SIZES[0]);
  try {
    await tour.result(page, stack.server.url);
    report(await everySize(page, 'result'));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const [part, tourOf] of [
  ['room lobby, rules, lessons, map editor', tour.roomAndPages],
  ['Thunderstruck and a replay', tour.thunderAndReplay],
]) {
  test(`layout of the other screens at every size: ${part}`, { timeout: 100000 }, async () => {
    const { context, page, errors } = await tour.openTab(stack, tour.SIZES[1], { hasTouch: true });
    const problems = [];
    try {
      await tourOf(page, stack.server.url, async (what) => problems.push(...await everySize(page, what)));
      report(problems);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

/** Tells the page what a pump would, at one weight (src/test_hooks/notices.rs): 'news', 'caution',
 * 'warning' (the fullest trust bar) or 'refusal'. */
async function tell(page, kind) {
  const out = JSON.parse(await page.evaluate((k) => window.wasmBindings.test_hook_tell(k), kind));
  assert.deepEqual(out, { ok: true }, `told ${kind}`);
}

/** A practice game on the test's clock (a toast stays until the clock runs), White's crew shown. */
async function heldPractice(page) {
  await tour.home(page, stack.server.url, clockQuery(3, '&bots=off'));
  await page.getByTestId('home-practice').click();
  const choice = page.getByTestId('home-practice-as-crew');
  await page.getByTestId('game').or(page.getByTestId('home-practice-choice')).first().waitFor({ timeout: 5000 }).catch(() => {});
  if (await choice.count()) await choice.click();
  await runUntilShown(page, 'game', { maxMs: 20000 });
  await advance(page, 500);
  return new GamePage(page, 0);
}

// Issue 48: notices never cover a control. On the test's clock (lib/clock.js) a toast stays until
// the clock runs, so each state holds still while it is measured at every size: a caution (a
// line in the story, nothing pinned), news (two toasts and a line), and the fullest band (a
// five-line trust bar over two toasts: four warnings, and two tables to choose between).
for (const [state, kinds, bar, toasts, story] of [
  ['caution', ['caution'], false, 0, /^Hana left before showing the dice key: the rolls Hana hosted until 21:04 can't be double-checked\.$/],
  ['news', ['news'], false, 2, /^Hana's device is gone: a bot plays/],
  ['warning', ['news', 'warning', 'refusal'], true, 2, /^Hana's device is gone: a bot plays/],
]) {
  test(`layout with notices (${state}) at every size: Roll, the orders and the tabs stay whole and tappable`, { timeout: 110000 }, async () => {
    const { context, page, errors } = await tour.openTab(stack, tour.SIZES[1], { hasTouch: true });
    const problems = [];
    try {
      const game = await heldPractice(page);
      for (const kind of kinds) await tell(page, kind);
      const shown = await page.evaluate(() => ({
        bar: document.querySelectorAll('[data-testid="trust-bar"] li').length,
        toasts: document.querySelectorAll('[data-testid="toast"]').length,
        story: document.querySelector('[data-testid="ticker"] li')?.textContent,
      }));
      assert.deepEqual([shown.bar, shown.toasts], [bar ? 5 : 0, toasts], `${state}: the bar's lines and the toasts shown`);
      assert.match(shown.story ?? '', story, `${state}: the story's newest line`);
      for (const size of tour.SIZES) {
        const [w, h] = size;
        await page.setViewportSize({ width: w, height: h });
        await page.waitForTimeout(150);
        for (const station of tour.STATIONS) {
          await game.show(station);
          problems.push(...(await page.evaluate(playable, station)).map((p) => `${w}×${h} ${state} ${station}: ${p}`));
        }
        problems.push(...(await page.evaluate(noticesFit)).map((p) => `${w}×${h} ${state}: ${p}`));
        // The story's newest line shows wherever the story does (on a phone, one line under the station).
        const line = await page.evaluate(() => {
          const li = document.querySelector('[data-testid="ticker"] li');
          return li && li.checkVisibility() ? li.textContent : null;
        });
        if (!line) problems.push(`${w}×${h} ${state}: the story's newest line is not shown`);
        problems.push(...await check(page, size, `notices-${state}`));
      }
      report(problems);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
