// The test's clock (issue 44). A page of the test build (dist-test/) opened with
// `?clock=virtual&seed=N` runs on virtual time from its first moment (src/platform/test_clock.rs):
// the host's deadlines, the bots' thinking and pace, toasts and countdowns stand still until the
// test runs the clock, and its random bits (seat keys, tokens, nonce chains: they feed the dice)
// come from a stream seeded by `seed`. A bots' game then takes as long as the CPU needs, never
// races the wall clock, and replays event for event on any machine. Online rooms keep real time.
const { within } = require('./bounded');

/** Virtual time run per call into the page: the page renders between calls. */
const SLICE_MS = 2000;
/** A call into the page answers within this, however loaded the machine (one slice is ~100 pumps). */
const CALL_MS = 30000;

/** The address options of a page on the test's clock, seeded by `seed` (`extra`: more `&k=v`). */
function clockQuery(seed, extra = '') {
  return `?clock=virtual&seed=${seed}${extra}`;
}

const seedOf = (page) => new URL(page.url()).searchParams.get('seed') ?? '(none)';

async function run(page, ms, toResult) {
  // A page just opened (or reloaded) may not have started its wasm yet: its clock is there once it has.
  await page.waitForFunction(() => !!window.wasmBindings?.test_hook_clock_run, null, { timeout: CALL_MS });
  const out = JSON.parse(await within(CALL_MS, page.evaluate(([m, r]) => window.wasmBindings.test_hook_clock_run(m, r), [ms, toResult]), 'test_hook_clock_run'));
  if (!out.ok) throw new Error(`the page's clock: ${out.error}`);
  return out;
}

/** Runs the page's clock on by `ms` virtual milliseconds; returns `{now, head, over}`. */
async function advance(page, ms) {
  let out;
  for (let left = ms; left > 0; left -= SLICE_MS) out = await run(page, Math.min(left, SLICE_MS), false);
  return out;
}

/**
 * Runs the page's clock, a slice at a time, until `done` (a function run in the page, given
 * `arg`) returns something truthy, and returns it. Fails after `maxMs` of virtual time with an
 * error naming what it waited for, the virtual time and the page's seed (what replays it).
 * `toResult`: the clock stops at the game's result even mid-slice (what is shown then is the
 * position the game ended in).
 * `realMs`: what waits on the browser's own work as well as on game time (a saved game read from
 * IndexedDB, a file loaded) is given that much wall time too: past `maxMs` of the test's clock the
 * page's clock stands still and the wait goes on, in real time, until `realMs` have passed.
 */
async function runUntil(page, what, done, { arg, maxMs = 20 * 60 * 1000, toResult = false, realMs = 0 } = {}) {
  let now = 0;
  const start = Date.now();
  for (let ran = 0; ; ran += SLICE_MS) {
    const seen = await within(CALL_MS, page.evaluate(done, arg), `waiting for ${what}`);
    if (seen) return seen;
    if (ran >= maxMs) {
      if (Date.now() - start < realMs) {
        await new Promise((r) => setTimeout(r, 100));
        ran -= SLICE_MS;
        continue;
      }
      throw new Error(`${what}: not seen after ${maxMs} ms of the test's clock${realMs ? ` and ${realMs} ms of wall time` : ''} (page at ${now} ms; seed ${seedOf(page)}: the same seed replays this game)`);
    }
    ({ now } = await run(page, SLICE_MS, toResult));
  }
}

/** Runs the page's clock until the test id `id` is in the page. */
function runUntilShown(page, id, options = {}) {
  return runUntil(page, `[data-testid="${id}"]`, (i) => !!document.querySelector(`[data-testid="${i}"]`), { ...options, arg: id });
}

/**
 * Takes the clock of every page of a room mid-game (`test_hook_clock_take`): from here on their
 * time moves only in `lockstep`. The test must own every tab of that room.
 */
async function takeClocks(pages) {
  await Promise.all(pages.map(async (page) => {
    const out = JSON.parse(await within(CALL_MS, page.evaluate(() => window.wasmBindings.test_hook_clock_take()), 'test_hook_clock_take'));
    if (!out.ok) throw new Error(`the page's clock: ${JSON.stringify(out)}`);
  }));
}

/** Gives the clocks taken with `takeClocks` back to the wall (real time again, never going back). */
async function giveBackClocks(pages) {
  await Promise.all(pages.map((page) => within(CALL_MS, page.evaluate(() => window.wasmBindings.test_hook_clock_give_back()), 'test_hook_clock_give_back')));
}

/** Virtual time each page of a room runs per turn of `lockstep`: far below the devices' silence bound. */
const TURN_MS = 200;

/**
 * Runs the clocks of a room's pages (taken with `takeClocks`) in lockstep, `TURN_MS` each per
 * turn, until `done()` (run in node, between turns) returns something truthy, and returns it.
 * A message one page sends in a turn is read by the others in the next: in virtual time the
 * network is never slower than a turn, however loaded the machine, so heartbeats and silence
 * bounds hold as they do in real time. Fails after `maxMs` of virtual time, naming `what`.
 */
async function lockstep(pages, what, done, { maxMs = 10 * 60 * 1000 } = {}) {
  for (let ran = 0; ; ran += TURN_MS) {
    const seen = await done();
    if (seen) return { seen, ran };
    if (ran >= maxMs) throw new Error(`${what}: not seen after ${maxMs} ms of the test's clock on every page`);
    await Promise.all(pages.map((page) => run(page, TURN_MS, false)));
  }
}

/** Whether `page` runs on the test's clock (opened with `?clock=virtual`). */
function onTestClock(page) {
  return new URL(page.url()).searchParams.get('clock') === 'virtual';
}

module.exports = { clockQuery, advance, giveBackClocks, lockstep, onTestClock, runUntil, runUntilShown, takeClocks };
