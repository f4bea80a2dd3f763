// The QR scanner for pairing by camera (issue 34), web/scan.js, in the built app under
// duel-server's CSP: a page shows a pairing-code-sized QR code (drawn by the app's own
// encoder, crates/scan/examples/pairing_qr.rs), a screenshot of it becomes a y4m video
// (lib/fake_camera.js), and a second browser whose fake camera films that video reads the
// exact text. Headless Chromium on Linux has no BarcodeDetector, so this is the worker path
// (crates/scan's rqrr decoder in wasm); a stand-in BarcodeDetector checks the other path.
// Also: no code, no text; no camera or no permission, a problem; offline after one visit.
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { after, before } = require('node:test');
const { launchBrowser, serviceWorkerInControl, startServer, test, until, paths } = require('./lib');
const { fakeCameraArgs, writeY4m } = require('./lib/fake_camera');

const BASE45 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
/** A stand-in pairing code: `DD1:` and `n` random base45 characters. */
const pairingText = (n = 205) => `DD1:${Array.from({ length: n }, () => BASE45[crypto.randomInt(BASE45.length)]).join('')}`;

/** `text` as the app draws a QR code (src/net/qr.rs's settings), an SVG. */
function qrSvg(text) {
  return execFileSync('cargo', ['run', '--offline', '-q', '-p', 'duel-scan', '--example', 'pairing_qr', '--', text], {
    cwd: paths.ROOT,
    encoding: 'utf8',
    timeout: 120000,
  });
}

let server;
const open = new Set();
before(async () => {
  server = await startServer();
});
after(async () => {
  await Promise.allSettled([...open].map((session) => session.close()));
  await server?.stop();
});

async function browser(extraArgs = []) {
  const session = await launchBrowser({ players: 1, extraArgs });
  open.add(session);
  return session;
}

let shown = 0;
/** A y4m (640 × 480, white around) of a screenshot of `html` as a page shows it. */
async function filmOf(html) {
  const session = await browser();
  const page = await session.players[0].newPage();
  await page.setContent(`<body style="margin:0;background:#fff"><div id="shown" style="display:inline-block;padding:8px">${html}</div></body>`);
  const png = await page.locator('#shown').screenshot();
  await session.close();
  open.delete(session);
  const file = path.join(paths.ARTIFACTS, `scan-${process.pid}-${shown++}.y4m`);
  fs.mkdirSync(paths.ARTIFACTS, { recursive: true });
  writeY4m(png, file, { width: 640, height: 480 });
  return file;
}

/** A QR code of `text`, 320 px wide, as a y4m. */
const filmOfCode = (text) => filmOf(qrSvg(text).replace('<svg', '<svg style="width:320px;height:320px;display:block"'));

/**
 * Opens the app as a player does (its first load), then loads /scan.js as the pairing
 * screen will, into a <video>. Returns the page and the URLs it asked for.
 */
async function appWithScanner(session, { beforeScript } = {}) {
  const page = await session.players[0].newPage();
  const asked = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(server.url);
  await page.waitForLoadState('load');
  const firstLoad = [...asked];
  if (beforeScript) await page.evaluate(beforeScript);
  await page.evaluate(() => new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.id = 'scan-video';
    video.muted = true;
    video.playsInline = true;
    document.body.append(video);
    const script = document.createElement('script');
    script.src = '/scan.js';
    script.onload = resolve;
    script.onerror = () => reject(new Error('/scan.js did not load'));
    document.head.append(script);
  }));
  return { page, asked, firstLoad };
}

/** Starts the scanner; its calls gather in window.__scan. */
function startScan(page) {
  return page.evaluate(() => {
    window.__scan = { texts: [], problems: [] };
    window.__scan.stop = window.ddScan.start(
      document.getElementById('scan-video'),
      (text) => window.__scan.texts.push(text),
      (kind) => window.__scan.problems.push(kind),
    );
  });
}

const scanned = (page) => page.evaluate(() => ({ texts: window.__scan.texts, problems: window.__scan.problems }));

test('the first load fetches none of the scanner; /scan.js then reads a pairing code off the camera exactly, in a worker', { timeout: 90000 }, async (t) => {
  const text = pairingText(205);
  const film = await filmOfCode(text);
  const session = await browser(fakeCameraArgs(film));
  const { page, asked, firstLoad } = await appWithScanner(session);
  assert.deepEqual(firstLoad.filter((p) => p.includes('scan')), [], `first load: ${firstLoad.join(' ')}`);
  assert.equal(await page.evaluate(() => typeof window.BarcodeDetector), 'undefined', 'headless chromium has a BarcodeDetector: this test no longer covers the worker');
  const began = Date.now();
  await startScan(page);
  await until('the code read', async () => (await scanned(page)).texts.length > 0 || (await scanned(page)).problems.length > 0, { ms: 20000 });
  assert.deepEqual(await scanned(page), { texts: [text], problems: [] });
  t.diagnostic(`read ${Date.now() - began} ms after start() (camera, worker and wasm started)`);
  assert.ok(asked.includes('/scan-worker.js') && asked.includes('/scan-decoder_bg.wasm'), asked.join(' '));
  // What one frame costs the worker (the loop asks for one every 166 ms at most).
  const costs = await page.evaluate(async () => {
    const video = document.getElementById('scan-video');
    const canvas = Object.assign(document.createElement('canvas'), { width: video.videoWidth, height: video.videoHeight });
    const context = canvas.getContext('2d');
    const worker = new Worker('/scan-worker.js');
    const once = (data) => new Promise((resolve) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.postMessage(data, [data.rgba]);
    });
    const frame = (blank) => {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      if (!blank) context.drawImage(video, 0, 0);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      return { width: image.width, height: image.height, rgba: image.data.buffer };
    };
    await once({ id: 0, ...frame(false) });
    // The median of 5 (the machine may be busy with other work).
    const timed = async (blank) => {
      const runs = [];
      for (let i = 0; i < 5; i++) {
        const at = performance.now();
        const answer = await once({ id: 1, ...frame(blank) });
        runs.push({ ms: Math.round(performance.now() - at), texts: answer.texts.length });
      }
      return runs.sort((a, b) => a.ms - b.ms)[2];
    };
    const result = { size: `${canvas.width}x${canvas.height}`, code: await timed(false), blank: await timed(true) };
    worker.terminate();
    return result;
  });
  t.diagnostic(`one ${costs.size} frame in the worker: ${costs.code.ms} ms with the code, ${costs.blank.ms} ms without`);
  assert.equal(costs.code.texts, 1);
  // The same code filmed on: no second call. stop() ends the camera, and may be repeated.
  await page.waitForTimeout(1000);
  const stopped = await page.evaluate(() => {
    window.__scan.stop();
    window.__scan.stop();
    return document.getElementById('scan-video').srcObject === null;
  });
  assert.ok(stopped, 'the video still shows the camera after stop()');
  assert.deepEqual((await scanned(page)).texts, [text]);
  assert.deepEqual(session.players[0].errors, [], 'console errors (a CSP refusal would be one)');
  // The worker and its wasm ran under duel-server's policy (a worker gets its script's header).
  for (const file of ['/scan.js', '/scan-worker.js', '/scan-decoder_bg.wasm']) {
    const answer = await page.request.get(new URL(file, server.url).href);
    assert.equal(answer.status(), 200, file);
    const policy = answer.headers()['content-security-policy'] || '';
    assert.match(policy, /worker-src 'self'/, file);
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'/, file);
  }
});

test('a camera that films no code reads nothing for 3 s', async () => {
  const film = await filmOf('<p style="font:24px sans-serif;width:400px">No code here: DD1:ABC, a pairing screen without its picture.</p>');
  const session = await browser(fakeCameraArgs(film));
  const { page } = await appWithScanner(session);
  await startScan(page);
  // The camera runs and frames are read (a code would be found within about a second).
  await until('the camera playing', () => page.evaluate(() => document.getElementById('scan-video').videoWidth > 0), { ms: 10000 });
  await page.waitForTimeout(3000);
  assert.deepEqual(await scanned(page), { texts: [], problems: [] });
  await page.evaluate(() => window.__scan.stop());
  assert.deepEqual(session.players[0].errors, []);
});

test('with a BarcodeDetector that reads QR codes the scanner uses it, unless ddScanNoDetector is set', { timeout: 90000 }, async () => {
  const text = pairingText(205);
  const film = await filmOfCode(text);
  const session = await browser(fakeCameraArgs(film));
  // A stand-in detector that "reads" one fixed text from any frame it is given.
  const standIn = () => {
    window.BarcodeDetector = class {
      static async getSupportedFormats() { return ['qr_code']; }
      constructor(options) { window.__detectorFormats = options.formats; }
      async detect(frame) { return frame && frame.width > 0 ? [{ rawValue: 'from the detector' }] : []; }
    };
  };
  const { page } = await appWithScanner(session, { beforeScript: standIn });
  await startScan(page);
  await until('the detector read', async () => (await scanned(page)).texts.length > 0, { ms: 10000 });
  assert.deepEqual(await scanned(page), { texts: ['from the detector'], problems: [] });
  assert.deepEqual(await page.evaluate(() => window.__detectorFormats), ['qr_code']);
  await page.evaluate(() => { window.__scan.stop(); window.ddScanNoDetector = true; });
  await startScan(page);
  await until('the worker read', async () => (await scanned(page)).texts.length > 0, { ms: 20000 });
  assert.deepEqual(await scanned(page), { texts: [text], problems: [] });
  await page.evaluate(() => window.__scan.stop());
});

test('no camera or no permission is a problem the app can name, and nothing else is called', async (t) => {
  // No fake camera, and the permission the harness grants taken back.
  const session = await browser();
  await session.players[0].context.clearPermissions();
  const { page } = await appWithScanner(session);
  await startScan(page);
  await until('a problem', async () => (await scanned(page)).problems.length > 0, { ms: 15000 });
  await page.waitForTimeout(500);
  const { texts, problems } = await scanned(page);
  assert.deepEqual(texts, []);
  assert.equal(problems.length, 1, problems.join(','));
  assert.ok(['denied', 'none'].includes(problems[0]), problems[0]);
  t.diagnostic(`no camera, no permission: '${problems[0]}'`);
  await page.evaluate(() => { window.__scan.stop(); window.__scan.stop(); });
  // Without navigator.mediaDevices, after start() returned: on this secure page (loopback) the
  // browser has no camera API ('unsupported'); on a page that is not https, 'insecure'.
  const withoutMediaDevices = (secure) => page.evaluate(async (secure) => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    if (!secure) Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    const said = [];
    const stop = window.ddScan.start(document.getElementById('scan-video'), () => said.push('text'), (kind) => said.push(kind));
    const synchronously = [...said];
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop();
    return { synchronously, said };
  }, secure);
  assert.deepEqual(await withoutMediaDevices(true), { synchronously: [], said: ['unsupported'] });
  assert.deepEqual(await withoutMediaDevices(false), { synchronously: [], said: ['insecure'] });
});

test('after one visit the scanner works offline, from the service worker\'s cache', { timeout: 90000 }, async () => {
  const text = pairingText(205);
  const film = await filmOfCode(text);
  const session = await browser(fakeCameraArgs(film));
  const [player] = session.players;
  const page = await player.newPage();
  await page.goto(server.url);
  await serviceWorkerInControl(page);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith('dice-duel-')));
    return (await cache.keys()).map((r) => new URL(r.url).pathname).filter((p) => p.includes('scan'));
  });
  assert.deepEqual(cached.sort(), ['/scan-decoder.js', '/scan-decoder_bg.wasm', '/scan-worker.js', '/scan.js']);
  await page.close();
  await player.context.setOffline(true);
  const { page: offline } = await appWithScanner(session);
  await startScan(offline);
  await until('the code read offline', async () => (await scanned(offline)).texts.length > 0 || (await scanned(offline)).problems.length > 0, { ms: 20000 });
  assert.deepEqual(await scanned(offline), { texts: [text], problems: [] });
  await offline.evaluate(() => window.__scan.stop());
  await player.context.setOffline(false);
});

test('the fake camera is read when getUserMedia starts it, not at launch (lib/fake_camera.js)', { timeout: 90000 }, async () => {
  const [first, second] = [pairingText(205), pairingText(205)];
  const [filmA, filmB] = [await filmOfCode(first), await filmOfCode(second)];
  // Launched naming a file that is not there yet; written before the first getUserMedia.
  const later = path.join(paths.ARTIFACTS, `scan-${process.pid}-later.y4m`);
  const session = await browser(fakeCameraArgs(later));
  const { page } = await appWithScanner(session);
  fs.copyFileSync(filmA, later);
  await startScan(page);
  await until('the file written after launch read', async () => (await scanned(page)).texts.length > 0 || (await scanned(page)).problems.length > 0, { ms: 20000 });
  assert.deepEqual(await scanned(page), { texts: [first], problems: [] });
  // Rewritten between two starts of the camera: the second start films the new file.
  await page.evaluate(() => window.__scan.stop());
  fs.copyFileSync(filmB, later);
  await startScan(page);
  await until('the rewritten file read', async () => (await scanned(page)).texts.length > 0 || (await scanned(page)).problems.length > 0, { ms: 20000 });
  assert.deepEqual(await scanned(page), { texts: [second], problems: [] });
  await page.evaluate(() => window.__scan.stop());
});
