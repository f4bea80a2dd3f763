// Page object for the app's test hooks (src/test_hooks.rs, built only with `--features
// test-hooks` into dist-test/): `window.wasmBindings.test_hook_*` drive the running app's own
// Store and Session — rooms open as the home screen's "create" and "join" do, intents go the
// way a tap's do — so the rooms spec and the latency bench talk about "claim seat 1" and
// "fire" while exercising the code players run, and can compare state hashes exactly.
const { setTimeout: sleep } = require('node:timers/promises');
const { within } = require('../bounded');

/** A hook answers at once; a page that does not within this is stuck. */
const HOOK_MS = 10000;

class RoomHooks {
  /** @param {import('playwright-core').Page} page  @param {string} label */
  constructor(page, label = 'player') {
    this.page = page;
    this.label = label;
  }

  /** Loads the app at `baseUrl` (no `?room=`: the test opens the room) and waits for the hooks. */
  async load(baseUrl) {
    await this.page.goto(baseUrl);
    await this.page.waitForFunction(() => typeof window.wasmBindings?.test_hook_open === 'function', null, {
      timeout: 20000,
    });
  }

  /** Opens `room` as host (creating it, or resuming this browser's save of it) or as guest. */
  open(room, { host = false, name = this.label } = {}) {
    return within(HOOK_MS, this.page.evaluate(([r, h, n]) => window.wasmBindings.test_hook_open(r, h, n), [room, host, name]), `${this.label}: test_hook_open`);
  }

  /** The room's report: state, seats, head, hash, freeze, fireReady, … (null when no room runs). */
  async state() {
    return JSON.parse(await within(HOOK_MS, this.page.evaluate(() => window.wasmBindings.test_hook_state()), `${this.label}: test_hook_state`));
  }

  async #call(fn, ...args) {
    const out = await within(HOOK_MS, this.page.evaluate(([f, a]) => window.wasmBindings[f](...a), [fn, args]), `${this.label}: ${fn}`);
    return out === undefined ? undefined : JSON.parse(out);
  }

  claim(seat) { return this.#call('test_hook_claim', seat); }
  /** Gives `seat` up (to a bot, mid-game). */
  release(seat) { return this.#call('test_hook_release', seat); }

  /** Claims `seats` one by one and waits until the tab holds `holds` (those, by default) with nothing pending. */
  async claimSeats(seats, holds = seats) {
    for (const seat of seats) {
      const sent = await this.claim(seat);
      if (!sent.ok) throw new Error(`${this.label} could not claim seat ${seat}: ${JSON.stringify(sent)}`);
    }
    return this.waitFor(`seats ${holds}`, (s) => s.seats.join() === holds.join() && s.pending === 0);
  }
  start() { return this.#call('test_hook_start'); }
  /** This tab plays the adversary: sends the room a forged 'election', 'batch' or 'hosting' message,
   * or ('self-election') elects itself with its own ballot alone while its host is live, and hosts. */
  forge(kind) { return this.#call('test_hook_forge', kind); }
  /** This tab's host cheats from now on: 'strip-seals', 'omit-marks', 'no-hashes' or 'uncommitted-key'. */
  cheat(kind) { return this.#call('test_hook_cheat', kind); }
  /** One legal intent for `seat`: kind 'cheap' (reroll energy) or 'fire'. */
  act(seat, kind = 'cheap') { return this.#call('test_hook_act', seat, kind); }
  /** The quiet person's offer (D46) on this tab: `afterMs` shortens its bound (30 s in play) and
   * starts the quiet from now; none leaves it. Resolves to `{ok, offered}` (the stations a bot
   * works for the person now). */
  quiet(afterMs) { return this.#call('test_hook_quiet', afterMs); }
  /** A bot crew keeps `seat`'s torpedo ready until the seat fires. */
  autoload(seat) { return within(HOOK_MS, this.page.evaluate((s) => window.wasmBindings.test_hook_autoload(s), seat), `${this.label}: autoload`); }
  appliedAt(seq) { return within(HOOK_MS, this.page.evaluate((q) => window.wasmBindings.test_hook_applied_at(BigInt(q)), seq), `${this.label}: appliedAt`); }

  /** Polls the report until `pred(state)` holds; the error names what was awaited and the last state. */
  async waitFor(what, pred, timeoutMs = 20000) {
    const deadline = Date.now() + timeoutMs;
    let last;
    for (;;) {
      last = await this.state();
      if (last && pred(last)) return last;
      if (Date.now() > deadline) {
        throw new Error(`${this.label}: timed out waiting for ${what}; last state: ${JSON.stringify(last)}`);
      }
      await sleep(25);
    }
  }
}

/** Waits until every tab holds the same head and state hash (and `extra` holds for each). */
async function waitConverged(rooms, what = 'convergence', timeoutMs = 20000, extra = () => true) {
  const deadline = Date.now() + timeoutMs;
  let states;
  for (;;) {
    states = await Promise.all(rooms.map((p) => p.state()));
    const [first] = states;
    const same = states.every((s) => s && s.hash && s.head === first.head && s.hash === first.hash && s.pending === 0);
    if (same && states.every(extra)) return states;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(states)}`);
    }
    await sleep(25);
  }
}

/** Sends a cheap intent for `seat` as soon as it has one; waits for `tab`'s own copy to move on. */
async function playsOn(tab, seat, timeoutMs = 15000) {
  const before = await tab.state();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sent = await tab.act(seat, 'cheap');
    if (sent.ok) break;
    if (Date.now() > deadline) throw new Error(`${tab.label} could not act: ${JSON.stringify(sent)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return tab.waitFor(`${tab.label}'s game going on`, (s) => s.head > before.head && s.pending === 0, timeoutMs);
}

module.exports = { RoomHooks, waitConverged, playsOn };
