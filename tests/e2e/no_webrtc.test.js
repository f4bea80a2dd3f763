// A browser that cannot join rooms (issue 46): Debian's WebKitGTK is built without WebRTC, and
// privacy settings and some in-app browsers turn it off. Here Chromium plays that browser, its
// `RTCPeerConnection` deleted before any script of the page runs. It must say so in words where
// a room is asked for (the room link, Create room, Play here, Join, Join by camera), open no
// signalling socket, log no panic, and keep Practice.
const assert = require('node:assert/strict');
const { HomePage, screenshot, test, useStack, paths } = require('./lib');

// alice's browser has no WebRTC; bob's, an ordinary Chromium, hosts the room her link names.
const stack = useStack({ players: 2, dist: paths.TEST_DIST });

const SENTENCE = 'This browser cannot join rooms: WebRTC is turned off or missing. '
  + 'Practice works here; to play with friends, open the link in Safari, Chrome or Firefox.';
/** The sentence is said before a page could have connected: a room link's page loads in ~2 s. */
const SAID_MS = 15000;

/** A new page of a browser without WebRTC, and the signalling sockets it opens (none, we hope). */
async function pageWithoutWebRtc(player) {
  const page = await player.newPage();
  await page.addInitScript(() => {
    delete window.RTCPeerConnection;
    delete window.webkitRTCPeerConnection;
  });
  const sockets = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  return { page, sockets };
}

/** What the host's test hooks report (src/test_hooks/): `linked`, the peers it reaches. */
const hostState = async (page) => JSON.parse(await page.evaluate(() => window.wasmBindings.test_hook_state()));

test('a room link says why this browser cannot join, opens no socket, and Practice still plays', { timeout: 60000 }, async () => {
  const [alice, bob] = stack.session.players;
  // A room with its host in it: the host offers a connection to whoever the server announces.
  const host = await bob.newPage();
  await new HomePage(host).goto(stack.server.url);
  await host.getByTestId('home-create-room').click();
  await host.getByTestId('lobby').waitFor();
  const link = await host.getByTestId('lobby-share-link').inputValue();

  const { page, sockets } = await pageWithoutWebRtc(alice);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  assert.equal(await page.evaluate(() => typeof window.RTCPeerConnection), 'undefined', 'the init script ran');
  const why = page.getByTestId('home-no-webrtc');
  await why.waitFor({ timeout: SAID_MS });
  assert.equal((await why.textContent()).trim(), SENTENCE);
  assert.equal(await why.getAttribute('role'), 'alert');
  assert.ok(await why.isVisible(), 'on the first screen');
  const box = await why.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the sentence fits the phone's width: ${JSON.stringify(box)}`);
  assert.equal(await page.getByTestId('connecting').count(), 0, 'no "Connecting to the room…"');
  await screenshot(page, 'no-webrtc-room-link-390');
  // The host never met this browser: no half-made peer in its room.
  await page.waitForTimeout(1000);
  assert.equal((await hostState(host)).linked, 0, 'the host reaches no peer');

  // Practice needs no network: it starts and rolls.
  await page.setViewportSize({ width: 1024, height: 768 });
  await new HomePage(page).practice();
  await page.getByTestId('game').waitFor();
  await page.getByTestId('engineering-roll').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="energy-die-0"]')?.dataset.state === 'rolled');

  // A room's board view link (a TV at the end of the table), on a device with a practice saved:
  // the sentence, with Practice and the saved game below it, not the board of the practice.
  const { page: tv, sockets: tvSockets } = await pageWithoutWebRtc(alice);
  await tv.goto(`${link}&view=board`);
  const onTv = tv.getByTestId('home-no-webrtc');
  await onTv.waitFor({ timeout: SAID_MS });
  assert.equal((await onTv.textContent()).trim(), SENTENCE);
  assert.ok(await tv.getByTestId('home-resume-practice').isVisible(), 'the saved practice is offered');
  // The board view's own screen (the address's hash moved to it) says the same, not "Waiting…".
  await tv.evaluate(() => { location.hash = '#/board'; });
  const board = tv.getByTestId('board-no-webrtc');
  await board.waitFor({ timeout: SAID_MS });
  assert.equal((await board.textContent()).trim(), SENTENCE);

  for (const opened of [sockets, tvSockets]) {
    assert.deepEqual(opened.filter((u) => u.includes('/signal/')), [], 'no signalling socket was opened');
  }
  assert.deepEqual(alice.errors, [], 'no panic, no error in the console');
  assert.deepEqual(bob.errors, [], 'the host logged no error');
  await host.close();
});

test('Create room, Play here, Join and Join by camera each say why, and open nothing', { timeout: 60000 }, async () => {
  const [alice] = stack.session.players;
  const { page, sockets } = await pageWithoutWebRtc(alice);
  await page.setViewportSize({ width: 390, height: 844 });
  const home = new HomePage(page);
  await home.goto(stack.server.url);
  assert.equal(await page.getByTestId('home-no-webrtc').count(), 0, 'no room link, nothing said yet');
  const refused = page.getByTestId('home-room-refused');
  /** After `what` was asked for: the sentence below the buttons, and still home, in no room. */
  const saidAndStayed = async (what) => {
    await refused.waitFor({ timeout: SAID_MS });
    // A room that opened anyway would show its lobby at once: give it the time to.
    await page.waitForTimeout(500);
    assert.equal((await refused.textContent()).trim(), SENTENCE, what);
    assert.ok(await refused.isVisible(), `${what}: the sentence is in view`);
    assert.ok(await home.root.isVisible(), `${what}: still on the home screen`);
    assert.equal(await page.getByTestId('lobby').count(), 0, `${what}: no lobby`);
    assert.equal(new URL(page.url()).searchParams.get('room'), null, `${what}: no room in the address`);
  };

  await home.createRoomButton.click();
  await saidAndStayed('Create room');
  assert.equal(await refused.getAttribute('role'), 'alert');
  await screenshot(page, 'no-webrtc-create-room-390');
  await page.getByTestId('home-serverless').click();
  await saidAndStayed('Play here, no internet');
  await home.joinButton.click();
  await home.joinCode.fill('nowebrtc0room0code0');
  await page.getByTestId('home-join-go').click();
  await saidAndStayed('Join by code');

  await page.getByTestId('home-join-camera').click();
  const camera = page.getByTestId('pair-no-webrtc');
  await camera.waitFor({ timeout: SAID_MS });
  assert.equal((await camera.textContent()).trim(), SENTENCE, 'Join by camera');
  assert.equal(await page.getByTestId('pair-camera-start').count(), 0, 'no camera to start');
  assert.equal(await refused.count(), 0, 'said once, in the camera\'s panel');
  await screenshot(page, 'no-webrtc-join-by-camera-390');

  assert.deepEqual(sockets.filter((u) => u.includes('/signal/')), [], 'no signalling socket was opened');
  assert.deepEqual(alice.errors, [], 'no panic, no error in the console');
});
