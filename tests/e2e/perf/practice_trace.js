#!/usr/bin/env node
// Where a first Practice's time goes once its wasm has arrived: a Chromium trace of a cold
// practice (Practice tapped, "the whole ship", until a Roll is lit) at CPU ×4 on a 390×844 touch
// screen, the network not throttled (mobile.bench.js times the same path on a phone's network).
// Prints the main thread's time after the wasm's arrival by kind (each kind's events counted
// once where they nest; script includes the wasm it calls, and the compile of a wasm function
// on its first call happens inside it) and the events that took the most time in all.
//
// Needs a release build (dist/ or $DUEL_DIST) and target/debug/duel-server:
//   scripts/lib/in-netns.sh node tests/e2e/perf/practice_trace.js
// A benchmark, not a test: every wait is bounded (60 s) and names what it waited for.
const { launchBrowser, startServer, within, HomePage } = require('../lib');

const STEP_MS = 60000;
const KINDS = {
  script: ['FunctionCall', 'EvaluateScript', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'RunMicrotasks', 'v8.callFunction'],
  'wasm compiled on first call': ['wasm.CompileLazy'],
  style: ['UpdateLayoutTree', 'Document::updateStyle'],
  layout: ['Layout'],
  paint: ['Paint', 'PrePaint', 'Layerize', 'Commit'],
  gc: ['MajorGC', 'MinorGC'],
};

(async () => {
  const server = await startServer();
  const session = await launchBrowser({ players: 0 });
  try {
    const context = await session.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,v8.wasm,blink,blink.user_timing,loading', transferMode: 'ReportEvents' });
    await within(STEP_MS, page.goto(server.url, { waitUntil: 'commit' }), 'open the page');
    await within(STEP_MS, new HomePage(page).practice(), 'tap Practice, answer the chooser');
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid="game"] [data-testid$="-roll"][data-refused="false"]')].length > 0,
      null, { timeout: STEP_MS, polling: 50 });
    const at = await page.evaluate(() => ({
      roll: performance.now(),
      wasm: performance.getEntriesByType('resource').find((r) => r.name.endsWith('.wasm'))?.responseEnd,
    }));
    await cdp.send('Tracing.end');
    await within(STEP_MS, complete, 'the trace');

    // The page's main thread is where its navigationStart is; that is performance.now()'s zero.
    // The navigation to the app (not the blank page before it).
    const navs = events.filter((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL || '').startsWith(server.url));
    const nav = navs[navs.length - 1];
    if (!nav || !at.wasm) throw new Error('no navigationStart in the trace, or no wasm in the page\'s resources');
    const onMain = (e) => `${e.pid}:${e.tid}` === `${nav.pid}:${nav.tid}` && e.ph === 'X';
    const from = nav.ts + at.wasm * 1000;
    const spans = {};
    const all = new Map();
    for (const e of events.filter(onMain)) {
      all.set(e.name, (all.get(e.name) || 0) + (e.dur || 0));
      if (e.ts < from) continue;
      for (const [kind, names] of Object.entries(KINDS)) if (names.includes(e.name)) (spans[kind] ||= []).push([e.ts, e.ts + e.dur]);
    }
    // The time each kind covers: nested events (a call inside a call) counted once.
    const covered = (list) => {
      let total = 0;
      let end = -Infinity;
      for (const [a, b] of list.sort((x, y) => x[0] - y[0])) {
        if (b <= end) continue;
        total += b - Math.max(a, end);
        end = b;
      }
      return total;
    };
    const sums = Object.fromEntries(Object.entries(spans).map(([k, list]) => [k, covered(list)]));
    const ms = (us) => `${(us / 1000).toFixed(0)} ms`;
    console.log(`the wasm arrived at ${at.wasm.toFixed(0)} ms, the Roll lit at ${at.roll.toFixed(0)} ms (${(at.roll - at.wasm).toFixed(0)} ms after)`);
    console.log(`after the wasm, by kind: ${Object.entries(sums).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
    console.log('the main thread\'s longest events in all (nested ones overlap):');
    for (const [name, us] of [...all.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${ms(us).padStart(8)}  ${name}`);
  } finally {
    await within(10000, session.close(), 'closing the browser').catch(() => {});
    await within(10000, server.stop(), 'stopping the server').catch(() => {});
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
