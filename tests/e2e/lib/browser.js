// One headless chromium process; each player gets an isolated context (own storage, own peer),
// like two tablets at the table.
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { ARTIFACTS, CHROMIUM } = require('./paths');
const { live } = require('./bounded');

/** Every Playwright wait (actions, waitFor, waitForFunction, navigation) fails after this unless
 * the test names a longer one: a stuck spec fails fast, and bounded.js saves what it showed. */
const WAIT_MS = 30000;

/** Flags that work here (the WebRTC recipe of TOOLCHAIN.md): nothing phones home, and
 * WebRTC gathers loopback candidates inside the loopback-only network namespace. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--allow-loopback-in-peer-connection',
];

/**
 * Launches chromium with `players` isolated contexts. Each context holds camera/microphone
 * permission: without it (and --allow-loopback-in-peer-connection) Chromium gathers no ICE
 * candidates on loopback. Page errors and console errors are collected per player.
 * `touch`: the contexts take taps (`locator.tap()`), as a phone or tablet does.
 * `camera: false`: no page is granted the camera, so Chromium hides its addresses behind
 * `<uuid>.local` mDNS names (issue 45's mDNS spec: it needs an interface besides loopback).
 * @param {{ players?: number, extraArgs?: string[], touch?: boolean, camera?: boolean }} [opts]
 */
async function launchBrowser(opts = {}) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Playwright makes a fresh profile itself and refuses --user-data-dir here.
    args: [...CHROMIUM_FLAGS, ...(opts.extraArgs || [])],
  });
  const players = [];
  for (let i = 0; i < (opts.players ?? 2); i++) {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: !!opts.touch });
    context.setDefaultTimeout(WAIT_MS);
    context.setDefaultNavigationTimeout(WAIT_MS);
    if (opts.camera !== false) await context.grantPermissions(['camera', 'microphone']);
    const errors = [];
    const consoleLines = [];
    context.on('page', (page) => watchPage(page, i, errors, consoleLines));
    players.push({ index: i, context, errors, consoleLines, newPage: () => context.newPage() });
  }
  const session = {
    browser,
    players,
    close: async () => {
      live.sessions.delete(session);
      await browser.close();
    },
  };
  live.sessions.add(session);
  return session;
}

function watchPage(page, i, errors, consoleLines) {
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    const line = `[player${i}] ${m.type()}: ${m.text()}`;
    consoleLines.push(line);
    if (m.type() === 'error') errors.push(line);
    if (process.env.VERBOSE) console.log(line);
  });
}

/** Saves a full-page screenshot to tests/e2e/artifacts/<name>.png and returns its path. */
async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Resolves once this build's service worker controls `page` (installed, claimed). */
function serviceWorkerInControl(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

module.exports = { launchBrowser, screenshot, serviceWorkerInControl, CHROMIUM_FLAGS };
