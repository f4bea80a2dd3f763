// A browser test that cannot hang. Every spec imports `test` from here, not from node:test:
// each test has a hard bound (at most MAX_TEST_MS) and, when it fails or runs out of time, it
// leaves the evidence in artifacts/: a screenshot of every open page, every page's console, the
// test hooks' report where the build has them (the host's view of the room), and the tail of
// each running server's log. The error names the files. Waits inside a test are bounded too:
// Playwright's (30 s by default, set in browser.js) and `within()` for anything else.
const fs = require('node:fs');
const path = require('node:path');
const nodeTest = require('node:test');
const { ARTIFACTS } = require('./paths');

/** No browser test may take longer: a stuck one fails at this bound, with its evidence. */
const MAX_TEST_MS = 120000;
/** What a test that names no timeout gets. */
const DEFAULT_TEST_MS = 60000;
/** Time left to gather the evidence after a test's own bound (each step is bounded too). */
const EVIDENCE_MS = 20000;

/** Browsers and servers now running (launchBrowser and startServer register them). */
const live = { sessions: new Set(), servers: new Set() };

/** Resolves as `promise` does, or rejects after `ms` with an error naming `what`. */
async function within(ms, promise, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `probe()` every `everyMs` until it returns a truthy value; fails after `ms` naming `what` and the last value. */
async function until(what, probe, { ms = 30000, everyMs = 50 } = {}) {
  const deadline = Date.now() + ms;
  let last;
  for (;;) {
    last = await within(Math.max(1000, deadline - Date.now()), probe(), what);
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const slug = (s) => s.replace(/[^\w.-]+/g, '_').slice(0, 80);

/** Saves what every open page shows and said; returns a line naming the files. */
async function gatherEvidence(name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const base = path.join(ARTIFACTS, `failed-${slug(name)}`);
  const lines = [`# ${name}`, `at ${new Date().toISOString()}`];
  const shots = [];
  let n = 0;
  for (const session of live.sessions) {
    for (const player of session.players) {
      for (const page of player.context.pages()) {
        const tag = `player${player.index}-page${n++}`;
        lines.push('', `## ${tag} ${page.isClosed() ? '(closed)' : page.url()}`);
        if (page.isClosed()) continue;
        const shot = `${base}-${tag}.png`;
        try {
          await page.screenshot({ path: shot, fullPage: true, timeout: 5000 });
          shots.push(shot);
        } catch (e) {
          lines.push(`screenshot failed: ${e.message.split('\n')[0]}`);
        }
        try {
          const report = await within(2000, page.evaluate(() => (typeof window.wasmBindings?.test_hook_state === 'function'
            ? window.wasmBindings.test_hook_state() : null)), 'test_hook_state');
          if (report) lines.push(`test hooks: ${report}`);
        } catch (e) {
          lines.push(`test hooks: ${e.message.split('\n')[0]}`);
        }
      }
      lines.push('', `## player${player.index} console (last 200 lines)`, ...player.consoleLines.slice(-200));
      if (player.errors.length) lines.push('', `## player${player.index} errors`, ...player.errors);
    }
  }
  for (const server of live.servers) {
    try {
      const log = fs.readFileSync(server.logFile, 'utf8').split('\n').slice(-60);
      lines.push('', `## server ${server.url} (last 60 lines of ${server.logFile})`, ...log);
    } catch { /* the log went with its folder */ }
  }
  fs.writeFileSync(`${base}.txt`, `${lines.join('\n')}\n`);
  return `evidence: ${base}.txt${shots.length ? `, ${shots.map((s) => path.basename(s)).join(', ')}` : ''}\n${replayLine()}`;
}

/** The seeds of the open pages (`seed=` in their addresses) and the command that runs the spec again. */
function replayLine() {
  const seeds = new Set();
  for (const session of live.sessions) {
    for (const player of session.players) {
      for (const page of player.context.pages()) {
        try {
          const seed = new URL(page.url()).searchParams.get('seed');
          if (seed !== null) seeds.add(seed);
        } catch { /* about:blank */ }
      }
    }
  }
  const spec = path.basename(process.argv[1] ?? 'spec.test.js');
  const seeded = seeds.size ? `seed ${[...seeds].join(', ')}` : 'no seed in the pages\' addresses';
  return `replay (${seeded}): tests/e2e/run-in-netns.sh ${spec}; hunt a flake: tests/e2e/run-in-netns.sh --repeat 20 --load 2 ${spec}`;
}

/**
 * node:test's `test`, bounded: `opts.timeout` (default DEFAULT_TEST_MS) may not pass
 * MAX_TEST_MS; at that bound, or on any failure, the evidence is saved and named in the error.
 */
function test(name, opts, fn) {
  if (typeof opts === 'function') [opts, fn] = [{}, opts];
  const ms = opts.timeout ?? DEFAULT_TEST_MS;
  if (ms > MAX_TEST_MS) {
    throw new Error(`"${name}" asks for ${ms} ms: a browser test must fit ${MAX_TEST_MS} ms (split it, or speed its clock)`);
  }
  return nodeTest.test(name, { ...opts, timeout: ms + EVIDENCE_MS }, async (t) => {
    const stuck = `the test "${name}"`;
    try {
      await within(ms, Promise.resolve().then(() => fn(t)), stuck);
    } catch (e) {
      let where;
      try {
        where = await within(EVIDENCE_MS - 5000, gatherEvidence(name), 'gathering the evidence');
      } catch (g) {
        where = `no evidence: ${g.message}`;
      }
      // A test stopped at its bound may still be waiting on a page or a server: close them all,
      // so its promise settles and the spec's process can end (its `after` finds them closed).
      if (e && typeof e.message === 'string' && e.message.startsWith(`${stuck}: no answer`)) {
        const closing = [...live.sessions].map((s) => s.close()).concat([...live.servers].map((s) => s.stop()));
        await within(4000, Promise.allSettled(closing), 'closing the stuck test\'s browsers').catch(() => {});
      }
      if (e && typeof e === 'object' && typeof e.message === 'string') {
        e.message = `${e.message}\n${where}`;
        throw e;
      }
      throw new Error(`${String(e)}\n${where}`);
    }
  });
}

module.exports = { test, within, until, live, MAX_TEST_MS };
