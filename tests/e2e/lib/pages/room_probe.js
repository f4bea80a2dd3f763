// Page object for the online layer's test hook (src/net/probe.rs): a minimal room runner the
// wasm app exports as `window.wasmBindings.net_probe_*`. It drives the real WebRTC transport,
// the duel-net host/replica and browser storage without the app's screens, so the rooms spec
// and the latency bench talk about "claim seat 1" and "fire", not about wasm exports.
const { setTimeout: sleep } = require('node:timers/promises');

class RoomProbe {
  /** @param {import('playwright-core').Page} page  @param {string} label */
  constructor(page, label = 'player') {
    this.page = page;
    this.label = label;
  }

  /** Loads the app (no `?room=`: the app's own screens must not join the room too). */
  async load(baseUrl) {
    await this.page.goto(baseUrl);
    await this.page.waitForFunction(() => typeof window.wasmBindings?.net_probe_open === 'function', null, {
      timeout: 20000,
    });
  }

  /** Opens `room` as host (restoring this browser's save of it, if any) or as guest. */
  open(room, { host = false, name = this.label } = {}) {
    return this.page.evaluate(([r, h, n]) => window.wasmBindings.net_probe_open(r, h, n), [room, host, name]);
  }

  /** The probe's report: state, seats, head, hash, freeze, fireReady, … (null before open). */
  async state() {
    return JSON.parse(await this.page.evaluate(() => window.wasmBindings.net_probe_state()));
  }

  async #call(fn, ...args) {
    const out = await this.page.evaluate(([f, a]) => window.wasmBindings[f](...a), [fn, args]);
    return out === undefined ? undefined : JSON.parse(out);
  }

  claim(seat) { return this.#call('net_probe_claim', seat); }
  start() { return this.#call('net_probe_start'); }
  /** One legal intent for `seat`: kind 'cheap' (reroll energy) or 'fire'. */
  act(seat, kind = 'cheap') { return this.#call('net_probe_act', seat, kind); }
  autoload(seat) { return this.page.evaluate((s) => window.wasmBindings.net_probe_autoload(s), seat); }
  appliedAt(seq) { return this.page.evaluate((q) => window.wasmBindings.net_probe_applied_at(BigInt(q)), seq); }
  reconnect() { return this.page.evaluate(() => window.wasmBindings.net_probe_reconnect()); }

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

/** Waits until every probe holds the same head and state hash (and `extra` holds for each). */
async function waitConverged(probes, what = 'convergence', timeoutMs = 20000, extra = () => true) {
  const deadline = Date.now() + timeoutMs;
  let states;
  for (;;) {
    states = await Promise.all(probes.map((p) => p.state()));
    const [first] = states;
    const same = states.every((s) => s && s.hash && s.head === first.head && s.hash === first.hash && s.pending === 0);
    if (same && states.every(extra)) return states;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(states)}`);
    }
    await sleep(25);
  }
}

module.exports = { RoomProbe, waitConverged };
