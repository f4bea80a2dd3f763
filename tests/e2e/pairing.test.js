// A table with no internet (issue 34): three devices (three browsers, each with its own fake
// camera) and no signalling server. The page comes from a plain file server (no /signal, no
// /ice). Alice taps "Play here, no internet" and "Add a device by camera"; Bob's "Join by camera"
// films her invitation and shows his answer; Alice's camera films that. Carol joins the same way,
// through Alice alone: Alice introduces her to Bob, so the mesh is whole. They play a freeze,
// agree on one state hash, and when Alice's tab closes Bob and Carol elect a host and play the game
// to its end.
//
// A camera films what the test shows it: the other device's code, screenshotted and written as
// the y4m film Chromium's fake camera plays (lib/fake_camera.js; Chromium opens the file each
// time a page starts the camera, so one film per scan). Runs against the test build (dist-test/)
// for its hooks (the room's report, Bob's seat, Fire).
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { launchBrowser, paths, screenshot, test } = require('./lib');
const { fakeCameraArgs, writeY4m } = require('./lib/fake_camera');
const { startStatic } = require('./lib/static');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');
const { fireUntilOver, seatAndStart } = require('./lib/pages/watched_room');

let files;
let sessions = [];
let alice;
let bob;
let carol;
const QUERY = '?speed=40&fast=1';

before(async () => {
  files = await startStatic(paths.TEST_DIST);
  fs.mkdirSync(paths.ARTIFACTS, { recursive: true });
  // One browser a device: each has its own camera, filming its own file.
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map(async (label) => {
    const camera = path.join(paths.ARTIFACTS, `pairing-${label}-camera.y4m`);
    const session = await launchBrowser({ players: 1, touch: true, extraArgs: fakeCameraArgs(camera) });
    sessions.push(session);
    const device = new RoomHooks(await session.players[0].newPage(), label);
    device.camera = camera;
    return device;
  }));
  // Alice on a tablet, Bob and Carol on phones.
  await alice.page.setViewportSize({ width: 820, height: 1180 });
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob, carol].map((p) => p.load(`${files.url}/${QUERY}`)));
});

after(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await files?.stop();
});

/** Films the QR code of `from`'s card `testid` for `to`'s camera (its next start plays it). */
async function film(from, testid, to) {
  const qr = from.page.getByTestId(testid).locator('.pair__qr');
  await qr.scrollIntoViewIfNeeded();
  writeY4m(await qr.screenshot(), to.camera, { frames: 2 });
}

/** The code a card shows, once made (and, given `old`, once it shows another). */
async function codeOf(page, testid, old = null) {
  const card = page.getByTestId(testid);
  await card.waitFor({ timeout: 15000 });
  if (old) {
    // A new invitation replaces the card that showed the last one: not that one.
    await page.waitForFunction(([id, was]) => {
      const code = document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-code');
      return !!code && code !== was;
    }, [testid, old], { timeout: 15000 });
  }
  const code = await card.getAttribute('data-code');
  assert.match(code, /^DD1:[0-9A-Z $%*+\-./:]+$/, `${testid} shows a pairing code`);
  return code;
}

/** `guest`'s camera reads Alice's invitation; Alice's camera reads the guest's answer. Returns
 * the milliseconds from Alice's tap to the guest in the room. */
async function pair(guest) {
  const started = Date.now();
  const shown = alice.page.getByTestId('pair-offer');
  const before = (await shown.count()) ? await shown.getAttribute('data-code') : null;
  await alice.page.getByTestId('pair-invite').tap();
  await codeOf(alice.page, 'pair-offer', before);
  await film(alice, 'pair-offer', guest);
  await guest.page.getByTestId('home-join-camera').tap();
  await guest.page.getByTestId('pair-scan-offer').getByTestId('pair-camera-start').tap();
  await codeOf(guest.page, 'pair-answer');
  await screenshot(guest.page, `pairing-${guest.label}-answer`);
  await film(guest, 'pair-answer', alice);
  await alice.page.getByTestId('pair-scan-answer').getByTestId('pair-camera-start').tap();
  await guest.waitFor(`${guest.label} linked to the host`, (s) => s.state === 'Connected' && s.me !== null, 20000);
  // Linked, the guest's screen goes to the room by itself.
  await guest.page.getByTestId('lobby-share').waitFor({ timeout: 10000 });
  return Date.now() - started;
}

test('three devices pair by camera with no server, the host introduces the third, they play a freeze, survive the host leaving and finish the game', { timeout: 115000 }, async () => {
  await alice.page.getByTestId('home-serverless').tap();
  await alice.waitFor('alice hosts a room with no server', (s) => s.state === 'Connected' && s.role === 'Host');

  // A code from another room, or an invitation where an answer belongs, is refused in words.
  await alice.page.getByTestId('pair-invite').tap();
  const invitation = await codeOf(alice.page, 'pair-offer');
  await alice.page.getByTestId('pair-scan-answer-input').fill(invitation);
  await alice.page.getByTestId('pair-scan-answer-go').tap();
  await alice.page.getByTestId('pair-problem').filter({ hasText: 'This is an invitation, not an answer' }).waitFor();
  await bob.page.getByTestId('home-join-camera').tap();
  await bob.page.getByTestId('pair-scan-offer-input').fill('https://example.com/not-a-code');
  await bob.page.getByTestId('pair-scan-offer-go').tap();
  await bob.page.getByTestId('pair-problem').filter({ hasText: 'This code is not a Dice Duel pairing code.' }).waitFor();
  await bob.page.getByTestId('home-join-camera').tap(); // closes it again

  const times = [await pair(bob), await pair(carol)];
  console.log(`# pairing by camera: ${times.join(' ms, ')} ms from "Add a device by camera" to the guest in the room`);
  // Carol scanned Alice alone; Alice introduced her to Bob: every device reaches the other two.
  for (const p of [alice, bob, carol]) {
    await p.waitFor(`${p.label} in the whole mesh`, (s) => s.players === 3 && s.linked === 2 && s.relayRefused === 0, 30000);
  }
  await screenshot(alice.page, 'pairing-alice-lobby');

  // The game: Alice sits nowhere, Bob crews White, a bot of Alice's tab crews Black.
  await seatAndStart({ alice, bob, carol });

  // A freeze: Bob fires when his torpedo is loaded.
  await bob.autoload(0);
  const deadline = Date.now() + 40000;
  for (;;) {
    const s = await bob.state();
    if (s.freeze) break;
    if (s.fireReady.includes(0)) await bob.act(0, 'fire');
    assert.ok(Date.now() < deadline, `no freeze in 40 s: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const [a] = await waitConverged([alice, bob, carol], 'one game after the freeze', 30000, (s) => s.head > 0 && !s.freeze);

  // Alice's tab closes: Bob and Carol elect a host over their own link (Alice introduced it) and go on.
  await alice.page.close();
  await Promise.all([bob, carol].map((p) => p.waitFor(`${p.label} follows a new host`, (s) => s.epoch > 0 && s.head > a.head, 30000)));
  const [b, c] = await waitConverged([bob, carol], 'the two after the election', 20000);
  assert.equal([b.hosting, c.hosting].filter(Boolean).length, 1, 'exactly one new host');
  assert.equal(b.hash, c.hash);
  await screenshot(bob.page, 'pairing-bob-after-election');

  // And they play the game to its end: Bob fires whenever he can, the bot (run by the new host
  // now) fights back.
  await fireUntilOver(bob, 0, 60000);
  const [eb, ec] = await waitConverged([bob, carol], 'the finished game', 20000, (s) => s.over);
  assert.equal(eb.hash, ec.hash);
  assert.deepEqual(sessions.flatMap((s) => s.players.flatMap((p) => p.errors)), []);
});
