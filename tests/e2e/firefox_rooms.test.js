// Firefox and Chromium at one table (issue 46): a room made by one is joined from its link by
// the other, both ways. The guest takes the second ship's seat, the host starts, both crews fly
// (three Forward dice each: the other screen sees the ship move), both load a torpedo and shout
// "Fire 1!" in the same instant, and both screens tell one freeze, then show the same state.
// Then the same table with no server: Firefox reads Chromium's invitation with the app's own QR
// worker (Firefox has no BarcodeDetector) and the two pair by pasted codes.
//
// Firefox gathers no ICE candidates with loopback alone, so run-in-netns.sh runs this spec in a
// namespace of its own with a veth pair (both ends inside it, nothing leaves; shared/BROWSERS.md).
// Firefox offers its host candidates as `<uuid>.local` names, as on a real network; Chromium,
// with the camera granted, offers raw addresses. The test build (dist-test/) for window.__duel.
const assert = require('node:assert/strict');
const { after, before } = require('node:test');
const { GamePage, HomePage, LobbyPage, freezeCall, launchBrowser, paths, screenshot, startServer, test } = require('./lib');
const { launchFirefox } = require('./lib/engines/firefox');
const { readPng } = require('./lib/fake_camera');
const { startStatic } = require('./lib/static');
const { loadTorpedo, sameOnBoth } = require('./lib/pages/room_screens');

let server;
let chromium;
let firefox;

before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  [chromium, firefox] = await Promise.all([launchBrowser({ players: 2 }), launchFirefox({ players: 2 })]);
});

after(async () => {
  await Promise.all([chromium?.close(), firefox?.close()]);
  await server?.stop();
});

/** Runs in the page: keeps every freeze call the page shows, in order, in `window.__calls`. */
function recordCalls() {
  window.__calls = [];
  const note = () => {
    const call = document.querySelector('[data-testid="freeze-call"]')?.textContent;
    if (call && window.__calls[window.__calls.length - 1] !== call) window.__calls.push(call);
  };
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  note();
}

const errors = () => [...chromium.players, ...firefox.players].flatMap((p) => p.errors);

/** A room made on `host`'s page and joined from its link on `guest`'s, started; both crews fly. */
async function meetAndFly(host, guest, label) {
  const home = new HomePage(host);
  await home.goto(server.url);
  await home.createRoom();
  const hostLobby = new LobbyPage(host);
  await hostLobby.waitFor();
  await hostLobby.waitHolder(0, 'player');
  const link = await host.getByTestId('lobby-share-link').inputValue();
  assert.match(link, /\/\?room=[0-9a-z]{20}/);

  await guest.goto(link);
  const guestLobby = new LobbyPage(guest);
  await guestLobby.waitFor();
  await guestLobby.take(1);
  await hostLobby.waitHolder(1, 'player');
  await hostLobby.start();
  const [gh, gg] = [new GamePage(host, 0), new GamePage(guest, 1)];
  await gg.waitFor();
  const start = await sameOnBoth(host, guest, `${label}: the start`, (v) => v.squares.every(Boolean));

  // Both crews fly: each screen sees the other ship move.
  const forward = ['Forward 1', 'Forward 2'];
  for (const slot of ['a', 'b', 'c']) await gh.place('helm', forward, () => `helm-slot-${slot}`, { ms: 60000 });
  const moved = await sameOnBoth(host, guest, `${label}: the host's ship moved`, (v) => v.squares[0] !== start.squares[0]);
  for (const slot of ['a', 'b', 'c']) await gg.place('helm', forward, () => `helm-slot-${slot}`, { ms: 60000 });
  await sameOnBoth(host, guest, `${label}: the guest's ship moved`, (v) => v.squares[1] !== moved.squares[1]);
  return { host, guest, gh, gg, label };
}

/** The crews of a room `meetAndFly` made load a torpedo each and fire in the same instant. */
async function volley({ host, guest, gh, gg, label }) {
  // Both fire in the same instant: one freeze, told the same on both screens. Each page keeps
  // every freeze call it shows, in order (a loaded driver may read a screen only once the first
  // freeze is over and the other crew's queued shot is on: the call at one instant is a race).
  // A part is rolled for until it shows (the host's dice): a slow driver gets a minute, not 30 s.
  await Promise.all([loadTorpedo(gh, { ms: 60000 }), loadTorpedo(gg, { ms: 60000 })]);
  await Promise.all([host, guest].map((p) => p.evaluate(recordCalls)));
  await Promise.all([host.getByTestId('cmd-fire1').click(), guest.getByTestId('cmd-fire1').click()]);
  await Promise.all([host, guest].map((p) => p.getByTestId('freeze-overlay').waitFor({ timeout: 15000 })));
  const first = await Promise.all([host, guest].map((p) => freezeCall(p)));
  await screenshot(guest, `firefox-rooms-${label}-fire`);
  const after = await sameOnBoth(host, guest, `${label}: after the volley`, (v) => v.squares.every(Boolean), 30000);
  await Promise.all([host, guest].map((p) => p.waitForFunction(() => !document.querySelector('[data-testid="freeze-overlay"]'), undefined, { timeout: 30000 })));
  const calls = await Promise.all([host, guest].map((p) => p.evaluate(() => window.__calls)));
  assert.ok(calls[0].length >= 1 && first.every((c) => calls[0].includes(c)), `${label}: ${JSON.stringify({ first, calls })}`);
  assert.deepEqual(calls[0], calls[1], `${label}: both screens told the same freezes, in the same order`);
  assert.match(calls[0][0], /^(White|Black): Fire 1!$/);
  assert.ok(after.hash, 'the test build publishes the state hash: the same on both');
  // The table leaves: the next room has the machine to itself.
  await Promise.all([host.close(), guest.close()]);
}

// Each way in two tests (the room, then the volley): each well inside the bound on a loaded machine.
const rooms = {};

test('Chromium hosts, Firefox joins from the link, takes a seat, and both crews fly', { timeout: 110000 }, async () => {
  rooms.chromium = await meetAndFly(await chromium.players[0].newPage(), await firefox.players[0].newPage(), 'chromium-hosts');
  assert.deepEqual(errors(), []);
});

test('in Chromium\'s room both crews fire in the same instant: one freeze on both screens, one state', { timeout: 110000 }, async (t) => {
  if (!rooms.chromium) return t.skip('needs the room of the test before');
  await volley(rooms.chromium);
  assert.deepEqual(errors(), []);
});

test('Firefox hosts, Chromium joins from the link, takes a seat, and both crews fly', { timeout: 110000 }, async () => {
  rooms.firefox = await meetAndFly(await firefox.players[1].newPage(), await chromium.players[1].newPage(), 'firefox-hosts');
  assert.deepEqual(errors(), []);
});

test('in Firefox\'s room both crews fire in the same instant: one freeze on both screens, one state', { timeout: 110000 }, async (t) => {
  if (!rooms.firefox) return t.skip('needs the room of the test before');
  await volley(rooms.firefox);
  assert.deepEqual(errors(), []);
});

/** The text the app's own QR reader (crates/scan's rqrr decoder, in /scan-worker.js) reads off
 * `png` inside `page`: what Firefox's camera path does with each frame, as Firefox has no
 * BarcodeDetector. */
async function readInWorker(page, png) {
  const { width, height, rgb } = readPng(png);
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let i = 0; i < width * height; i++) rgb.copy(rgba, i * 4, i * 3, i * 3 + 3);
  return page.evaluate(async ({ w, h, data }) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const worker = new Worker('/scan-worker.js');
    const answer = await new Promise((resolve, reject) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(`the worker failed: ${event.message}`));
      worker.postMessage({ id: 1, width: w, height: h, rgba: bytes.buffer }, [bytes.buffer]);
    });
    worker.terminate();
    return { texts: answer.texts, detector: typeof window.BarcodeDetector };
  }, { w: width, h: height, data: rgba.toString('base64') });
}

test('no server: Firefox reads a Chromium tablet\'s invitation with the app\'s QR worker, answers by pasted code, and they share a room', { timeout: 90000 }, async () => {
  const files = await startStatic(paths.TEST_DIST);
  try {
    const host = await chromium.players[0].newPage();
    await host.setViewportSize({ width: 820, height: 1180 });
    const guest = await firefox.players[0].newPage();
    await guest.setViewportSize({ width: 390, height: 844 });
    await Promise.all([new HomePage(host).goto(files.url), new HomePage(guest).goto(files.url)]);

    await host.getByTestId('home-serverless').click();
    await host.getByTestId('pair-invite').click();
    const offer = host.getByTestId('pair-offer');
    await offer.waitFor({ timeout: 15000 });
    const invitation = await offer.getAttribute('data-code');
    assert.match(invitation, /^DD1:/);

    // Firefox's camera path: each frame goes to the worker. Here the frame is the invitation's QR.
    const qr = offer.locator('.pair__qr');
    await qr.scrollIntoViewIfNeeded();
    const read = await readInWorker(guest, await qr.screenshot());
    assert.equal(read.detector, 'undefined', 'Firefox has no BarcodeDetector: the worker is its only reader');
    assert.deepEqual(read.texts, [invitation], 'the worker reads the invitation exactly');

    // The guest pastes what it read; the host pastes the guest's answer.
    await guest.getByTestId('home-join-camera').click();
    await guest.getByTestId('pair-scan-offer-input').fill(read.texts[0]);
    await guest.getByTestId('pair-scan-offer-go').click();
    const answerCard = guest.getByTestId('pair-answer');
    await answerCard.waitFor({ timeout: 20000 });
    const answer = await answerCard.getAttribute('data-code');
    assert.match(answer, /^DD1:/);
    await host.getByTestId('pair-scan-answer-input').fill(answer);
    await host.getByTestId('pair-scan-answer-go').click();

    // Linked: the guest's screen goes to the room, takes a seat, and the host sees it taken.
    await guest.getByTestId('lobby-share').waitFor({ timeout: 30000 });
    const [hostLobby, guestLobby] = [new LobbyPage(host), new LobbyPage(guest)];
    await guestLobby.take(1);
    await hostLobby.waitHolder(1, 'player');
    await screenshot(guest, 'firefox-serverless-lobby');
    assert.deepEqual(errors(), []);
  } finally {
    await files.stop();
  }
});
