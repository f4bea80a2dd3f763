// A first practice a newcomer can win (issue 33), on a 390×844 phone by touch. The first tap on
// Practice asks how to play; "Weapons" seats the player at White's Weapons alone, a Hard bot crew
// on the rest of White, Black's crew at the Learning level, at a relaxed pace. The spec then plays
// as a newcomer who knows only what the Weapons screen says: roll, put a Nose, a Body and a Tail
// in one tube, take a die off when the station says nothing is left to roll, and press Fire when
// the hit test says HIT. White wins. The game runs on the test's clock (issue 44, lib/clock.js:
// seed 6, `speed=40&fast=1`): the newcomer looks, taps, and lets a fixed slice of game time pass
// between looks, so the game is the same on a fast machine and a loaded one, and replays from its
// seed. A second Practice remembers the choice and says so under the button.
const assert = require('node:assert/strict');
const { HomePage, advance, clockQuery, paths, runUntilShown, screenshot, test, useStack } = require('./lib');

const stack = useStack({ touch: true, dist: paths.TEST_DIST });

/** Game time the newcomer lets pass after a tap, and while it waits for dice (the test's clock). */
const AFTER_TAP_MS = 150;
const WAIT_MS = 400;
/** The bound on the game, in the test's time. */
const GAME_MS = 15 * 60 * 1000;

const PARTS = ['Nose', 'Body', 'Tail'];
const TUBES = ['f0', 'f1', 'r0', 'r1'];

/** What the Weapons screen shows: its dice, the tubes (their parts and placed dice), the orders. */
function weapons(page) {
  return page.evaluate(([tubes, parts]) => {
    const q = (id) => document.querySelector(`[data-testid="${id}"]`);
    const dice = [...document.querySelectorAll('[data-testid^="weapons-die-"]')].map((e) => ({
      i: Number(e.dataset.testid.split('-').pop()),
      face: e.dataset.face,
      state: e.dataset.state,
    }));
    const tubesNow = tubes.map((tube) => ({
      tube,
      loaded: !!q(`weapons-tube-${tube}`)?.classList.contains('is-loaded'),
      empty: parts.filter((part) => Number(q(`weapons-${tube}-${part.toLowerCase()}`)?.dataset.count ?? 1) === 0),
      placed: [...(q(`weapons-tube-${tube}`)?.querySelectorAll('[data-testid^="weapons-placed-"]') ?? [])].map((e) => e.dataset.testid),
    }));
    return {
      dice,
      tubes: tubesNow,
      stuck: !!q('weapons-stuck'),
      energy: Number(q('weapons-energy')?.dataset.count ?? 0),
      hit: !!document.querySelector('[data-testid="weapons-hit-tests"] li.is-hit'),
      fire: !!q('cmd-fire1')?.classList.contains('is-lit'),
      freeze: !!q('freeze-overlay'),
      result: !!q('freeze-result-close'),
      over: !!q('result'),
    };
  }, [TUBES, PARTS]);
}

/** Taps `testid` if it is there within 2 s (the game moves on between a look and a tap). */
async function tapIf(page, testid) {
  await page.getByTestId(testid).tap({ timeout: 2000 }).catch(() => {});
  await advance(page, AFTER_TAP_MS);
}

test('a first Practice: one station beside a bot crew, against the slowest bots, and a newcomer wins it', { timeout: 120000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(6, '&speed=40&fast=1'));
  // One seed is one game: how often a newcomer wins is `session::tests::a_newcomer_at_weapons_
  // wins_a_first_practice` (native, 8 seeded games, 6 wins needed). Seed 5 lost once the host's
  // own crew rolled by batch number (issue 43, attack 6); 6, 7 and 8 win.

  await home.practiceButton.tap();
  const choice = page.getByTestId('home-practice-choice');
  await choice.waitFor();
  const weaponsChoice = page.getByTestId('home-practice-as-weapons');
  const box = await weaponsChoice.boundingBox();
  assert.ok(box && box.y + box.height <= 844 && box.height >= 44, `the first choice is a 44 px target in the first screenful: ${JSON.stringify(box)}`);
  await screenshot(page, 'first-practice-choice-390');
  await weaponsChoice.tap();

  await runUntilShown(page, 'game', { maxMs: 15000 });
  await page.getByTestId('station-weapons').waitFor();
  assert.equal(await page.getByTestId('tab-0-helm').count(), 0, 'the newcomer holds Weapons alone');
  await page.getByTestId('toast').filter({ hasText: /White's Weapons.*To take more stations, tap Seats/ }).first().waitFor();
  // The Seats card says who plays the rest: a hard bot beside the newcomer, a learning bot crew for Black.
  await page.getByTestId('hud-seats').tap();
  assert.match(await page.getByTestId('game-seat-1-who').textContent(), /hard bot/i);
  assert.match(await page.getByTestId('game-seat-2-who').textContent(), /learning bot/i);
  await page.getByTestId('seats-close').tap();
  await screenshot(page, 'first-practice-weapons-390');
  // Practice over this unfinished game asks first; "Go back to it" keeps it.
  await page.getByTestId('hud-home').tap();
  await home.practiceButton.tap();
  await page.getByTestId('home-practice-confirm').waitFor();
  await page.getByTestId('home-practice-keep').tap();
  await page.getByTestId('station-weapons').waitFor();

  // The newcomer plays: fire on HIT, else fill a tube, else roll; wait for energy otherwise.
  const started = Date.now();
  let fired = 0;
  let named = false;
  let gameMs = 0;
  let looks = 0;
  for (;;) {
    assert.ok(gameMs < GAME_MS, `no result within ${GAME_MS} ms of game time (${fired} torpedoes fired; seed 6 replays it)`);
    const w = await weapons(page);
    looks += 1;
    if (looks % 100 === 0) console.log(`# ${looks} looks, ${gameMs} ms of game time, ${Date.now() - started} ms here`);
    if (w.over) break;
    if (w.freeze) {
      gameMs = (await advance(page, WAIT_MS)).now;
      continue;
    }
    if (w.result) await tapIf(page, 'freeze-result-close');
    if (w.fire && w.hit) {
      await tapIf(page, 'cmd-fire1');
      fired += 1;
      continue;
    }
    // One torpedo at a time (the station says a torpedo needs all three parts in one tube): the
    // fullest tube not yet loaded is the one to fill.
    const open = w.tubes.filter((t) => !t.loaded && t.empty.length);
    const target = open.sort((a, b) => a.empty.length - b.empty.length)[0];
    if (w.stuck) {
      // The station says what to do: take a die off (from another tube) and roll it again.
      const other = w.tubes.find((t) => t !== target && !t.loaded && t.placed.length) ?? target;
      if (other?.placed.length) await tapIf(page, other.placed[0]);
      await tapIf(page, 'weapons-remove');
      continue;
    }
    const die = target && w.dice.find((d) => d.state === 'rolled' && target.empty.includes(d.face));
    if (die) {
      await tapIf(page, `weapons-die-${die.i}`);
      if (!named) {
        // A tap names the face: no hover needed (issue 33).
        await page.getByTestId('weapons-picked').filter({ hasText: `Picked: ${die.face}` }).waitFor({ timeout: 5000 });
        named = true;
      }
      await tapIf(page, `weapons-${target.tube}-${die.face.toLowerCase()}`);
      continue;
    }
    // Roll only with energy to roll (the station says so): a Roll without it is refused.
    if (target && (w.energy > 0 || w.dice.some((d) => d.state === 'rolled'))) await tapIf(page, 'weapons-roll');
    gameMs = (await advance(page, WAIT_MS)).now;
  }
  const winner = await page.getByTestId('result-winner').textContent();
  console.log(`# first practice: "${winner}" after ${gameMs} ms of game time (${Date.now() - started} ms here), ${fired} Fire calls`);
  assert.match(winner, /White|You/, 'White, the newcomer\'s ship, won');
  assert.doesNotMatch(winner, /Black/);
  await screenshot(page, 'first-practice-won-390');
  // The debrief's damage marks are drawn as large as its text on a phone (they were ~14 px).
  const mark = await page.getByTestId('timeline-mark-0').locator('circle').boundingBox();
  assert.ok(mark && mark.width >= 20, `a damage mark ${JSON.stringify(mark)} is 20 px or more across`);

  // Later, Practice remembers: the line under the button says what a tap starts.
  await page.getByTestId('result-home').tap();
  await page.getByTestId('home').waitFor();
  assert.match(await page.getByTestId('home-practice-as').textContent(), /you at Weapons.*Learning/);
  assert.deepEqual(player.errors, []);
});
