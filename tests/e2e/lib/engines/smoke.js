// The smoke suite every engine runs (issue 46), as a player on that engine would meet the app:
// the home screen; a first Practice to a lit Roll and a placed die; the layout checks of the
// Chromium sweep (lib/layout_checks.js) at a phone's 390×844 and a tablet's 1024×768; the app
// reopened from the service worker after one visit with the server gone; and a room link, Create
// room and Join by camera in a browser without WebRTC: the sentence, Practice still there, no
// panic. Offline, the rules page reads its text from the worker too. Runs against the players'
// build (dist/), served by duel-server with its CSP.
const assert = require('node:assert/strict');
const { after, before } = require('node:test');
const { test } = require('../bounded');
const { startServer } = require('../server');
const { screenshot } = require('../browser');
const { HomePage } = require('../pages/home');
const { GamePage } = require('../pages/game');
const { measure, playable, rollInView } = require('../layout_checks');

const SENTENCE = 'This browser cannot join rooms: WebRTC is turned off or missing. '
  + 'Practice works here; to play with friends, open the link in Safari, Chrome or Firefox.';
const SIZES = [[390, 844], [1024, 768]];
const FORWARD = ['Forward 1', 'Forward 2'];

/**
 * Registers the smoke tests for one engine.
 * @param {string} engine 'firefox' | 'webkit'
 * @param {(opts: object) => Promise<object>} launch  a session in launchBrowser's shape
 * @param {{ withoutWebRtc: (page) => Promise<void> }} how  makes a page's browser one without
 *   WebRTC (Firefox: an init script deletes it; WebKitGTK: Debian builds it without)
 */
function smokeSuite(engine, launch, how) {
  let server;
  let session;
  /** A fresh engine for each test: its own storage, no worker or save left by the last. */
  const fresh = async (width = 390, height = 844) => {
    await session?.close();
    session = await launch({ width, height });
    return session.players[0].newPage();
  };
  before(async () => { server = await startServer(); });
  after(async () => {
    await session?.close();
    await server?.stop();
  });

  test(`${engine}: the home screen, then a first Practice at 390×844 to a lit Roll and a placed die`, { timeout: 90000 }, async () => {
    const page = await fresh();
    const home = new HomePage(page);
    await home.goto(server.url);
    assert.ok(await home.practiceButton.isVisible(), 'Practice on the first screen');
    await home.practice({ as: 'crew' });
    const game = new GamePage(page, 0);
    await game.waitFor();
    await game.show('engineering');
    const roll = page.getByTestId('engineering-roll');
    assert.equal(await roll.evaluate((e) => e.disabled), false, 'Roll is lit');
    assert.equal(await page.evaluate(rollInView, 'engineering'), null);
    await roll.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="energy-die-0"]')?.dataset.state === 'rolled');
    // Energy to Helm, a Forward die rolled there, placed in slot A: the engine's own clicks.
    await game.place('helm', FORWARD, () => 'helm-slot-a', { ms: 60000 });
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="helm-slot-a"]')?.dataset.count) >= 1);
    await screenshot(page, `${engine}-practice-390`);
    assert.deepEqual(session.players[0].errors, [], 'nothing went wrong in the console');
  });

  test(`${engine}: the layout checks hold on the home screen and the game at 390×844 and 1024×768`, { timeout: 90000 }, async () => {
    const page = await fresh();
    const home = new HomePage(page);
    const problems = [];
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await home.goto(server.url);
      const touch = w < 600;
      problems.push(...(await page.evaluate(measure, { scope: null, touch })).map((p) => `${w}×${h} home: ${p}`));
      await screenshot(page, `${engine}-home-${w}`);
      await home.practice({ as: 'crew' });
      const game = new GamePage(page, 0);
      await game.waitFor();
      await game.show('engineering');
      problems.push(...(await page.evaluate(measure, { scope: null, touch })).map((p) => `${w}×${h} game: ${p}`));
      problems.push(...(await page.evaluate(playable, 'engineering')).map((p) => `${w}×${h} game: ${p}`));
      await screenshot(page, `${engine}-game-${w}`);
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(session.players[0].errors, []);
  });

  test(`${engine}: after one visit the app reopens with its server gone, Practice plays and the rules read`, { timeout: 90000 }, async () => {
    const page = await fresh(1024, 768);
    const home = new HomePage(page);
    await home.goto(server.url);
    // The worker installs this build's files and claims the page.
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30000 });
    await server.stop();
    try {
      await page.reload();
      await home.root.waitFor({ timeout: 20000 });
      await home.practice({ as: 'crew' });
      await new GamePage(page, 0).waitFor();
      await page.getByTestId('engineering-roll').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="energy-die-0"]')?.dataset.state === 'rolled');
      // The rules' text is a file of the build (public/rules.html, issue 49): the worker has it.
      await page.evaluate(() => { location.hash = '#/rules'; });
      await page.getByTestId('rules-text').waitFor({ timeout: 20000 });
      assert.match(await page.getByTestId('rules').textContent(), /Our rulings/);
      assert.match(await page.getByTestId('rules-equipment').textContent(), /Experimental Equipment/);
    } finally {
      server = await startServer();
    }
    assert.deepEqual(session.players[0].errors, []);
  });

  test(`${engine}: without WebRTC a room link, Create room and Join by camera say why, and Practice plays`, { timeout: 90000 }, async () => {
    const page = await fresh();
    await how.withoutWebRtc(page);
    const home = new HomePage(page);
    // A room link: the sentence comes before any connection (no host needs to be there).
    await page.goto(`${server.url}/?room=smoke0room0link0000a`);
    const why = page.getByTestId('home-no-webrtc');
    await why.waitFor({ timeout: 15000 });
    assert.equal(await page.evaluate(() => typeof window.RTCPeerConnection), 'undefined');
    assert.equal((await why.textContent()).trim(), SENTENCE);
    assert.equal(await page.getByTestId('connecting').count(), 0, 'no "Connecting to the room…"');
    await screenshot(page, `${engine}-no-webrtc-room-link`);
    // Create room and Join by camera on the home screen say the same.
    await home.goto(server.url);
    await home.createRoomButton.click();
    const refused = page.getByTestId('home-room-refused');
    await refused.waitFor({ timeout: 15000 });
    assert.equal((await refused.textContent()).trim(), SENTENCE);
    assert.equal(await page.getByTestId('lobby').count(), 0, 'no lobby');
    // The home runs the practice file (issue 49), which has no camera panel: Join by camera is
    // refused in the same line, and no other file is loaded for it.
    await page.getByTestId('home-join-camera').click();
    await page.waitForTimeout(500);
    assert.equal((await refused.textContent()).trim(), SENTENCE);
    assert.equal(await page.getByTestId('full-app-needed').count(), 0, 'Join by camera loads nothing');
    assert.equal(await page.getByTestId('pair-scan-offer-input').count(), 0, 'no camera panel');
    // Practice needs no network: it starts and rolls.
    await home.goto(server.url);
    await home.practice({ as: 'crew' });
    await new GamePage(page, 0).waitFor();
    await page.getByTestId('engineering-roll').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="energy-die-0"]')?.dataset.state === 'rolled');
    assert.deepEqual(session.players[0].errors, [], 'no panic, no error in the console');
  });
}

module.exports = { smokeSuite, SENTENCE };
