// Firefox ESR (Debian's firefox-esr), driven by puppeteer-core over WebDriver BiDi: no
// geckodriver, no download (../../../../shared/BROWSERS.md). Each player is a browser context of
// its own (own storage, own peer), as launchBrowser's Chromium players are; pages are ShimPages,
// so HomePage, LobbyPage and GamePage drive Firefox unchanged.
const fs = require('node:fs');
const puppeteer = require('puppeteer-core');
const { live } = require('../bounded');
const { ShimPage, WAIT_MS } = require('./shim');

const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';

/** Firefox's own preferences for the tests: a fake camera and no permission prompt (as
 * launchBrowser grants Chromium's), and nothing phoning home. */
const PREFS = {
  'media.navigator.permission.disabled': true,
  'media.navigator.streams.fake': true,
  'datareporting.policy.dataSubmissionEnabled': false,
  'app.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
};

/** The driver primitives of shim.js over one puppeteer page. */
function driverOf(page, viewport) {
  const at = async (css, i) => {
    const all = await page.$$(css);
    if (!all[i]) throw new Error(`no element ${css} #${i} (of ${all.length})`);
    return all[i];
  };
  return {
    viewport,
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    evaluateOn: async (css, i, fn, arg) => (await at(css, i)).evaluate(fn, arg),
    click: async (css, i) => (await at(css, i)).click(),
    goto: (url) => page.goto(url, { waitUntil: 'load', timeout: WAIT_MS }),
    reload: () => page.reload({ waitUntil: 'load', timeout: WAIT_MS }),
    url: () => page.url(),
    isClosed: () => page.isClosed(),
    close: () => page.close(),
    async setViewport(width, height) {
      this.viewport = { width, height };
      await page.setViewport({ width, height });
    },
    screenshot: (file) => page.screenshot({ path: file, fullPage: true }),
    /** Runs `fn` in every document this page loads, before the page's own scripts. */
    addInitScript: (fn) => page.evaluateOnNewDocument(fn),
  };
}

/**
 * Launches Firefox with `players` isolated contexts, in the shape launchBrowser returns (so
 * bounded.js gathers their evidence and closes them at a test's bound).
 * @param {{ players?: number, width?: number, height?: number }} [opts]
 */
async function launchFirefox(opts = {}) {
  if (!fs.existsSync(FIREFOX)) throw new Error(`${FIREFOX} is missing: scripts/install-tools.sh --browser`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: PREFS,
    protocolTimeout: WAIT_MS * 2,
  });
  const viewport = { width: opts.width ?? 1024, height: opts.height ?? 768 };
  const players = [];
  for (let i = 0; i < (opts.players ?? 1); i++) {
    const context = i === 0 ? browser.defaultBrowserContext() : await browser.createBrowserContext();
    const errors = [];
    const consoleLines = [];
    const pages = [];
    const player = {
      index: i,
      errors,
      consoleLines,
      context: { pages: () => pages },
      async newPage() {
        const page = await context.newPage();
        await page.setViewport(viewport);
        page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
        page.on('console', (m) => {
          const line = `[firefox${i}] ${m.type()}: ${m.text()}`;
          consoleLines.push(line);
          if (m.type() === 'error') errors.push(line);
          if (process.env.VERBOSE) console.log(line);
        });
        const shim = new ShimPage(driverOf(page, { ...viewport }));
        shim.addInitScript = (fn) => shim.driver.addInitScript(fn);
        pages.push(shim);
        return shim;
      },
    };
    players.push(player);
  }
  const session = {
    engine: 'firefox',
    browser,
    players,
    close: async () => {
      live.sessions.delete(session);
      await browser.close().catch(() => {});
    },
  };
  live.sessions.add(session);
  return session;
}

module.exports = { launchFirefox, FIREFOX };
