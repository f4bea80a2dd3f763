// WebKitGTK (Debian's webkit2gtk-driver): WebKitWebDriver drives MiniBrowser, under Xvfb (this
// MiniBrowser has no headless mode), through selenium-webdriver's classic WebDriver client
// (../../../../shared/BROWSERS.md). Debian builds it without WebRTC: practice, offline and
// layout run here, and a room link must say why it cannot join. Pages are ShimPages.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { Builder, By } = require('selenium-webdriver');
const { live, within } = require('../bounded');
const { freePort } = require('../server');
const { ShimPage, WAIT_MS } = require('./shim');

const DRIVER = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.WEBKIT_BROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** GTK would keep MiniBrowser's window at least 447 px wide (its toolbar): this lets it be a phone. */
const GTK_CSS = '* { min-width: 0; min-height: 0; padding: 0; margin: 0; }\n';

/** Classic WebDriver shows no console: every load gets this hook, and the test reads it back. */
function hookConsole() {
  if (window.__consoleHooked) return;
  window.__consoleHooked = true;
  window.__console = [];
  const keep = (type, args) => window.__console.push(`${type}: ${args.map(String).join(' ')}`);
  for (const type of ['error', 'warn']) {
    const native = console[type].bind(console);
    console[type] = (...args) => { keep(type, args); native(...args); };
  }
  window.addEventListener('error', (e) => keep('pageerror', [e.message]));
  window.addEventListener('unhandledrejection', (e) => keep('pageerror', [e.reason]));
}

/** Starts a program and waits until `ready()` holds; kills it on failure. */
async function startProcess(cmd, args, env, ready, what) {
  // Its own process group: closing the session ends MiniBrowser and its web processes with it.
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-2000); });
  const deadline = Date.now() + 15000;
  while (!(await ready())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${what} did not start: ${stderr}`);
    }
    await sleep(100);
  }
  return child;
}

/** Process groups of the drivers and displays now running: killed if this process exits without
 * closing them (a spec stopped at its bound, or killed), so no MiniBrowser outlives its test. */
const running = new Set();
process.on('exit', () => {
  for (const pid of running) {
    try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ }
  }
});

/** One MiniBrowser under its own Xvfb display and WebKitWebDriver, as a session of one player. */
async function launchWebKit(opts = {}) {
  for (const f of [DRIVER, MINIBROWSER]) if (!fs.existsSync(f)) throw new Error(`${f} is missing: scripts/install-tools.sh --browser`);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'webkit-'));
  fs.mkdirSync(path.join(home, 'gtk-3.0'));
  fs.writeFileSync(path.join(home, 'gtk-3.0', 'gtk.css'), GTK_CSS);
  // Xvfb picks a free display itself and writes its number to fd 3 (two sessions never collide).
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  running.add(xvfb.pid);
  const display = await within(15000, new Promise((resolve, reject) => {
    let said = '';
    xvfb.stdio[3].on('data', (d) => { said += d; if (said.includes('\n')) resolve(`:${said.trim()}`); });
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  }), 'Xvfb');
  const port = await freePort();
  const env = { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: path.join(home, 'cache'), XDG_DATA_HOME: path.join(home, 'data') };
  const driverProc = await startProcess(DRIVER, [`--port=${port}`, '--host=127.0.0.1'], env,
    () => fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false), 'WebKitWebDriver');
  running.add(driverProc.pid);
  const errors = [];
  const consoleLines = [];
  const pages = [];
  let driver = null;
  let closed = false;
  let current = 'about:blank';
  const viewport = { width: opts.width ?? 1024, height: opts.height ?? 768 };

  const elementAt = async (css, i) => {
    const all = await driver.findElements(By.css(css));
    if (!all[i]) throw new Error(`no element ${css} #${i} (of ${all.length})`);
    return all[i];
  };
  /** Reads what the page's console said since the last read, into errors and consoleLines. */
  const drain = async () => {
    const said = await driver.executeScript('const c = window.__console || []; window.__console = []; return c;').catch(() => []);
    for (const line of said) {
      consoleLines.push(`[webkit] ${line}`);
      if (/^(error|pageerror):/.test(line)) errors.push(`[webkit] ${line}`);
    }
  };
  const hooked = async () => { await driver.executeScript(hookConsole); };
  const prim = {
    viewport,
    async evaluate(fn, arg) {
      await hooked();
      const value = await driver.executeScript(fn, arg);
      await drain();
      return value;
    },
    evaluateOn: async (css, i, fn, arg) => driver.executeScript(fn, await elementAt(css, i), arg),
    click: async (css, i) => (await elementAt(css, i)).click(),
    async goto(url) { await driver.get(url); current = url; await hooked(); },
    async reload() { await drain(); await driver.navigate().refresh(); await hooked(); },
    url: () => current,
    isClosed: () => closed,
    close: async () => { closed = true; },
    async setViewport(width, height) {
      this.viewport = { width, height };
      // The window's frame and toolbar take some of it: size the window so the page gets exactly this.
      await driver.manage().window().setRect({ width, height });
      const [w, h] = await driver.executeScript('return [innerWidth, innerHeight]');
      await driver.manage().window().setRect({ width: width + (width - w), height: height + (height - h) });
    },
    async screenshot(file) { fs.writeFileSync(file, Buffer.from(await driver.takeScreenshot(), 'base64')); },
  };

  const player = {
    index: 0,
    errors,
    consoleLines,
    context: { pages: () => pages },
    async newPage() {
      if (driver) throw new Error('a WebKit session has one page');
      const caps = { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } };
      driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(caps).build();
      await driver.manage().setTimeouts({ script: WAIT_MS, pageLoad: WAIT_MS });
      await prim.setViewport(viewport.width, viewport.height);
      const page = new ShimPage(prim);
      page.drainConsole = drain;
      pages.push(page);
      return page;
    },
  };
  const session = {
    engine: 'webkit',
    players: [player],
    close: async () => {
      live.sessions.delete(session);
      if (driver) await driver.quit().catch(() => {});
      for (const pid of [driverProc.pid, xvfb.pid]) {
        try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone */ }
        running.delete(pid);
      }
      await sleep(200);
      fs.rmSync(home, { recursive: true, force: true, maxRetries: 5 });
    },
  };
  live.sessions.add(session);
  return session;
}

module.exports = { launchWebKit };
