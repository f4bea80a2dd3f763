#!/usr/bin/env node
// The app's own performance, as a player feels it:
//   1. shipped size: wasm + js + css of dist/, gzipped (target ≤ 350 KB);
//   2. cold first paint on localhost: a fresh browser context (empty cache) loads
//      the page; first-contentful-paint and "home screen mounted" (target ≤ 1 s);
//   3. local input → DOM updated: in an offline practice (bots off), a click on a
//      control is dispatched and the time until the DOM has changed is taken by a
//      MutationObserver inside the page (target p99 ≤ 16 ms).
//
// Needs a release build (dist/ or $DUEL_DIST) and target/debug/duel-server:
//   scripts/lib/in-netns.sh node tests/e2e/perf/app.bench.js [--loads 10] [--inputs 300]
// Prints one line per figure; targets are reported, not enforced (a shared 2-core CI box
// is not a tablet).
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { launchBrowser, startServer, paths } = require('../lib');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i];
}

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 0.5), p95: percentile(s, 0.95), p99: percentile(s, 0.99), max: s[s.length - 1] };
}

const ms = (x) => `${x.toFixed(1)}ms`;

function shippedSize() {
  const files = fs.readdirSync(paths.DIST).filter((f) => /\.(wasm|js|css)$/.test(f));
  const rows = files.map((f) => {
    const bytes = fs.readFileSync(path.join(paths.DIST, f));
    return { f, raw: bytes.length, gz: zlib.gzipSync(bytes, { level: 9 }).length };
  });
  const sum = (k) => rows.reduce((a, r) => a + r[k], 0);
  const kind = (re) => rows.filter((r) => re.test(r.f)).reduce((a, r) => a + r.gz, 0);
  return { gz: sum('gz'), raw: sum('raw'), wasm: kind(/\.wasm$/), js: kind(/\.js$/), css: kind(/\.css$/) };
}

async function coldLoads(browser, url, n) {
  const fcp = [];
  const seen = [];
  for (let k = 0; k < n; k++) {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByTestId('home').waitFor({ timeout: 15000 });
    seen.push(await page.evaluate(() => performance.now()));
    // The page body is empty until the wasm app mounts, so the first contentful
    // paint is the home screen itself.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 10000 });
    fcp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime));
    await context.close();
  }
  return { fcp: stats(fcp), seen: stats(seen) };
}

/** Clicks `selector` from inside the page and resolves with the ms until the DOM changed. */
async function inputLatency(page, selector) {
  return page.evaluate((sel) => new Promise((resolve) => {
    const target = document.querySelector(sel);
    if (!target) return resolve(NaN);
    const root = document.querySelector('[data-testid="game"]') || document.body;
    const t0 = performance.now();
    const obs = new MutationObserver(() => {
      obs.disconnect();
      resolve(performance.now() - t0);
    });
    obs.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    target.click();
    setTimeout(() => { obs.disconnect(); resolve(NaN); }, 1000);
  }), selector);
}

async function inputs(browser, url, n) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${url}?seed=1&bots=off`);
  await page.getByTestId('home-practice').click();
  await page.getByTestId('game').waitFor({ timeout: 15000 });
  await page.waitForTimeout(300);
  const samples = { roll: [], tab: [] };
  const tabs = ['tab-0-helm', 'tab-0-engineering'];
  for (let k = 0; k < n; k++) {
    // A station switch (UI state only) and an energy roll (an intent through the host).
    const tab = await inputLatency(page, `[data-testid="${tabs[k % 2]}"]`);
    if (Number.isFinite(tab)) samples.tab.push(tab);
    if (k % 2 === 1) {
      const roll = await inputLatency(page, '[data-testid="engineering-roll"]');
      if (Number.isFinite(roll)) samples.roll.push(roll);
    }
  }
  await context.close();
  return { roll: stats(samples.roll), tab: stats(samples.tab), all: stats([...samples.roll, ...samples.tab]), n: samples.roll.length + samples.tab.length };
}

(async () => {
  const size = shippedSize();
  console.log(`size gzip total=${(size.gz / 1024).toFixed(1)}KB (wasm ${(size.wasm / 1024).toFixed(1)}KB, js ${(size.js / 1024).toFixed(1)}KB, css ${(size.css / 1024).toFixed(1)}KB; raw ${(size.raw / 1024).toFixed(0)}KB) target ≤ 350KB`);
  const server = await startServer();
  const session = await launchBrowser({ players: 0 });
  try {
    const loads = await coldLoads(session.browser, server.url, arg('loads', 10));
    console.log(`cold load first-contentful-paint (the home screen) p50=${ms(loads.fcp.p50)} p95=${ms(loads.fcp.p95)} max=${ms(loads.fcp.max)} | home seen by the test p50=${ms(loads.seen.p50)} target ≤ 1000ms`);
    const lat = await inputs(session.browser, server.url, arg('inputs', 300));
    console.log(`input→DOM n=${lat.n} all p50=${ms(lat.all.p50)} p99=${ms(lat.all.p99)} max=${ms(lat.all.max)} | roll p50=${ms(lat.roll.p50)} p99=${ms(lat.roll.p99)} | tab p50=${ms(lat.tab.p50)} p99=${ms(lat.tab.p99)} target p99 ≤ 16ms`);
  } finally {
    await session.close();
    await server.stop();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
