// Page object for Thunderstruck Duel (#/thunderstruck): set-up, the planning console, the
// action turn, the hit and Manoeuvre prompts, the result. Specs say "plan", "act", "answer";
// the selectors live here. `finger` is 'tap' (touch) or 'click'. On a page on the test's clock
// (issue 44, lib/clock.js) what waits for the host or the bots runs the page's clock instead of
// the wall's: a duel to its result takes as long as the CPU needs.
const { setTimeout: sleep } = require('node:timers/promises');
const { advance, onTestClock, runUntilShown } = require('../clock');

/** Virtual time run while nothing is asked of Red (the bots think, the host deals). */
const IDLE_MS = 200;

/** Console spaces by what they take: the shield spaces only their numbers. */
const SHIELD_FOR = { 1: 'shield-front', 2: 'shield-front', 3: 'shield-rear', 4: 'shield-rear', 5: 'shield-mid', 6: 'shield-mid' };

class ThunderPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page, finger = 'click') {
    this.page = page;
    this.finger = finger;
    this.stats = { plans: 0, acts: 0, hits: 0, steers: 0, rerolls: 0, cubes: 0 };
  }

  id(testid) { return this.page.getByTestId(testid); }

  /** Waits until `testid` is in the page: on the test's clock by running it (`maxMs` of it). */
  async shown(testid, maxMs = 20000) {
    if (onTestClock(this.page)) await runUntilShown(this.page, testid, { maxMs });
    else await this.id(testid).waitFor();
  }

  async press(testid) {
    const el = this.id(testid);
    if (this.finger === 'tap') await el.tap(); else await el.click();
  }

  /** From the home screen: the Thunderstruck entry, the set-up, Start. */
  async start({ players = 2, rounds = 12, level = 'easy', redFirst = false } = {}) {
    await this.press('home-thunderstruck');
    await this.id('ts-setup').waitFor();
    await this.press(`ts-setup-players-${players}`);
    await this.press(`ts-setup-rounds-${rounds}`);
    await this.press(`ts-setup-level-${level}`);
    await this.press(redFirst ? 'ts-setup-first-red' : 'ts-setup-first-random');
    await this.press('ts-start');
    await this.shown('ts-duel');
  }

  async visible(testid) { return this.id(testid).isVisible().catch(() => false); }

  /** The console's spaces: key → { damaged, pip }. */
  async spaces(prefix = 'ts-space') {
    return this.page.locator(`[data-testid^="${prefix}-"]`).evaluateAll((els, prefix) => Object.fromEntries(els.map((e) => [
      e.dataset.testid.slice(prefix.length + 1),
      { damaged: e.classList.contains('is-damaged'), pip: e.dataset.pip ? Number(e.dataset.pip) : null },
    ])), prefix);
  }

  /** Lays out the rolled dice by the console's rules (Boost and Manoeuvre first), then Ready. */
  async plan({ reroll = false } = {}) {
    if (reroll && await this.id('ts-reroll').isEnabled()) {
      await this.press('ts-reroll');
      this.stats.rerolls++;
    }
    const dice = await this.page.locator('[data-testid^="ts-die-"]').evaluateAll((ds) => ds.map((d) => Number(d.dataset.pip)));
    const spaces = await this.spaces();
    const free = (k) => spaces[k] && !spaces[k].damaged && !used.has(k);
    const used = new Set();
    const count = (sys) => [...used].filter((k) => k.startsWith(sys)).length;
    for (let i = 0; i < dice.length; i++) {
      const pip = dice[i];
      const order = [];
      if (count('boost') === 0) order.push('boost-a', 'boost-b');
      if (count('manoeuvre') === 0) order.push('manoeuvre-a', 'manoeuvre-b');
      order.push(SHIELD_FOR[pip], 'fire-a', 'fire-b', 'power-a', 'power-b', 'boost-b', 'boost-a', 'manoeuvre-b', 'manoeuvre-a');
      const to = order.find(free);
      if (!to) continue;
      used.add(to);
      await this.press(`ts-die-${i}`);
      await this.press(`ts-space-${to}`);
    }
    const ready = this.id('ts-ready');
    if (!(await ready.isEnabled())) {
      throw new Error(`Ready stays off: ${await this.id('ts-ready-reason').textContent()} (dice ${dice})`);
    }
    await this.press('ts-ready');
    this.stats.plans++;
  }

  /** Actions a die: a Fire die first (with a cube on it when one is spare), else any. */
  async act() {
    const spaces = await this.spaces();
    const dice = Object.entries(spaces).filter(([, s]) => s.pip !== null).map(([k]) => k);
    dice.sort((a, b) => (b.startsWith('fire') ? 1 : 0) - (a.startsWith('fire') ? 1 : 0));
    for (const key of dice) {
      await this.press(`ts-space-${key}`);
      await this.id('ts-options').waitFor();
      for (const colour of ['blue', 'green']) {
        if (await this.visible(`ts-target-${colour}`)) { await this.press(`ts-target-${colour}`); break; }
      }
      if (key.startsWith('fire') && await this.visible('ts-pip-up') && await this.id('ts-pip-up').isEnabled()) {
        await this.press('ts-pip-up');
        this.stats.cubes++;
      }
      if (await this.id('ts-go').isEnabled()) {
        await this.press('ts-go');
        this.stats.acts++;
        return;
      }
      await this.press('ts-cancel');
    }
    throw new Error(`no die could be actioned: ${await this.id('ts-go-reason').textContent()}`);
  }

  /** The first shield offered takes the hit, its damage on the first space offered. */
  async answerHit() {
    await this.page.locator('[data-testid^="ts-hit-shield-"]').first().click();
    const damage = this.page.locator('[data-testid^="ts-hit-damage-"]').first();
    if (this.finger === 'tap') await damage.tap(); else await damage.click();
    this.stats.hits++;
  }

  /** A Manoeuvre win: warp when offered (to the first spot, facing up), else flip. */
  async steer() {
    const warp = this.page.locator('[data-testid^="ts-warp-"]:not([data-testid^="ts-warp-facing"])').first();
    if (await warp.isVisible().catch(() => false)) {
      await warp.click();
      await this.press('ts-warp-facing-up');
    } else {
      await this.press('ts-steer-flip');
    }
    this.stats.steers++;
  }

  /**
   * Plays Red's seat until the result screen shows, or fails after `timeoutMs` (on the test's
   * clock: `maxMs` of its time, the page's seed named).
   */
  async playToResult({ timeoutMs = 100000, maxMs = 30 * 60 * 1000, onRound } = {}) {
    const virtual = onTestClock(this.page);
    const until = Date.now() + timeoutMs;
    let round = '', ran = 0;
    while (virtual ? ran < maxMs : Date.now() < until) {
      if (await this.visible('ts-result')) return;
      const now = await this.id('ts-round').textContent().catch(() => round);
      if (now !== round) { round = now; if (onRound) await onRound(round); }
      if (await this.visible('ts-hit')) await this.answerHit();
      else if (await this.visible('ts-steer')) await this.steer();
      else if (await this.visible('ts-ready')) await this.plan({ reroll: this.stats.plans === 1 });
      else if (await this.visible('ts-turn')) await this.act();
      else if (virtual) { await advance(this.page, IDLE_MS); ran += IDLE_MS; }
      else await sleep(30);
    }
    if (virtual) {
      const seed = new URL(this.page.url()).searchParams.get('seed');
      throw new Error(`no result after ${maxMs} ms of the test's clock (${round}; seed ${seed} replays it)`);
    }
    throw new Error(`no result within ${timeoutMs} ms (${round})`);
  }
}

module.exports = { ThunderPage };
