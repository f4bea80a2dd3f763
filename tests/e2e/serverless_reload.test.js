// A room with no server survives reloads (issue 45). Three devices (three browsers, each with its
// own fake camera) and no signalling server: Alice taps "Play here, no internet"; Bob and Carol
// join by pasted codes (the camera's first pairing is pairing.test.js's). Alice crews White,
// Carol Black, Bob watches. Carol's phone reloads mid-game: her tab asks no server, says how to
// come back, and she rejoins by camera through Bob (a guest): Black is hers again. Then Alice,
// the host, reloads: Bob and Carol elect a host, Alice's tab offers "Rejoin by camera", she films
// Carol's invitation, and White is hers again. Every tab ends on one state hash.
//
// Runs against the test build (dist-test/) for its hooks (the room's report, the seats).
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { launchBrowser, paths, screenshot, test } = require('./lib');
const { fakeCameraArgs, writeY4m } = require('./lib/fake_camera');
const { startStatic } = require('./lib/static');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');

let files;
const sessions = [];
let alice; // hosts, crews White
let bob; // watches: the device in the room the others rejoin through
let carol; // crews Black, on a phone
const QUERY = '?speed=10&fast=1';

before(async () => {
  files = await startStatic(paths.TEST_DIST);
  fs.mkdirSync(paths.ARTIFACTS, { recursive: true });
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map(async (label) => {
    const camera = path.join(paths.ARTIFACTS, `serverless-reload-${label}-camera.y4m`);
    const session = await launchBrowser({ players: 1, touch: true, extraArgs: fakeCameraArgs(camera) });
    sessions.push(session);
    const device = new RoomHooks(await session.players[0].newPage(), label);
    device.camera = camera;
    return device;
  }));
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob, carol].map((p) => p.load(`${files.url}/${QUERY}`)));
});

after(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await files?.stop();
});

/** The code a card shows, once made (and, given `old`, once it shows another). */
async function codeOf(page, testid, old = null) {
  const card = page.getByTestId(testid);
  await card.waitFor({ timeout: 15000 });
  if (old) {
    await page.waitForFunction(([id, was]) => {
      const code = document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-code');
      return !!code && code !== was;
    }, [testid, old], { timeout: 15000 });
  }
  const code = await card.getAttribute('data-code');
  assert.match(code, /^DD1:/, `${testid} shows a pairing code`);
  return code;
}

/** `from` shows a new invitation ("Add a device by camera") and returns it. */
async function invitation(from) {
  // Read at once: the last invitation's card goes when the device it invited links.
  const old = await from.page.evaluate(() => document.querySelector('[data-testid="pair-offer"]')?.getAttribute('data-code') ?? null);
  await from.page.getByTestId('pair-invite').tap();
  return codeOf(from.page, 'pair-offer', old);
}

/** `guest` joins Alice's room with pasted codes: her invitation, then its answer. */
async function joinByText(guest) {
  const offer = await invitation(alice);
  await guest.page.getByTestId('home-join-camera').tap();
  await guest.page.getByTestId('pair-scan-offer-input').fill(offer);
  await guest.page.getByTestId('pair-scan-offer-go').tap();
  const answer = await codeOf(guest.page, 'pair-answer');
  await alice.page.getByTestId('pair-scan-answer-input').fill(answer);
  await alice.page.getByTestId('pair-scan-answer-go').tap();
  await guest.waitFor(`${guest.label} linked to the host`, (s) => s.state === 'Connected' && s.me !== null, 20000);
}

/** `who` (offered "Rejoin by camera") films the invitation `via` shows from its game's Seats
 * card, shows its answer, and `via` reads it (pasted: `via` has no film of it). */
async function rejoinThrough(who, via) {
  const rejoin = who.page.getByTestId('pair-rejoin');
  await rejoin.waitFor({ timeout: 20000 });
  await rejoin.tap();
  await via.page.getByTestId('hud-seats').tap();
  await invitation(via);
  const qr = via.page.getByTestId('pair-offer').locator('.pair__qr');
  await qr.scrollIntoViewIfNeeded();
  writeY4m(await qr.screenshot(), who.camera, { frames: 2 });
  await who.page.getByTestId('pair-scan-offer').getByTestId('pair-camera-start').tap();
  const answer = await codeOf(who.page, 'pair-answer');
  await via.page.getByTestId('pair-scan-answer-input').fill(answer);
  await via.page.getByTestId('pair-scan-answer-go').tap();
}

/** Reloads `device`'s tab and waits for the app's hooks. */
async function reload(device) {
  await device.page.reload();
  await device.page.waitForFunction(() => typeof window.wasmBindings?.test_hook_open === 'function', null, { timeout: 20000 });
}

test('a guest of a room with no server reloads mid-game and rejoins by camera through a guest: its seat comes back', { timeout: 110000 }, async () => {
  await alice.page.getByTestId('home-serverless').tap();
  await alice.waitFor('alice hosts a room with no server', (s) => s.state === 'Connected' && s.role === 'Host');
  await joinByText(bob);
  await joinByText(carol);
  for (const p of [alice, bob, carol]) {
    await p.waitFor(`${p.label} in the whole mesh`, (s) => s.players === 3 && s.linked === 2, 30000);
  }
  // Alice keeps White (a room's host sits there first), Carol takes Black, Bob watches.
  await alice.waitFor('White for Alice', (s) => s.seats.join() === '0');
  await carol.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob, carol], 'the started game', 20000, (s) => s.started && s.covered.length === 0);
  for (let i = 0; i < 3; i++) assert.equal((await carol.act(1, 'cheap')).ok, true);
  const [a] = await waitConverged([alice, bob, carol], 'the game under way', 20000, (s) => s.head > 0);

  // Carol's phone reloads: no server to ask, and her tab says how to come back.
  await reload(carol);
  await carol.page.getByTestId('connecting-why').filter({ hasText: /^This room has no server: rejoin it by camera, through a device still in it\.$/ }).waitFor({ timeout: 10000 });
  await alice.waitFor('a bot covers Black meanwhile', (s) => s.covered.join() === '1', 20000);
  await screenshot(carol.page, 'serverless-reload-carol-away');

  await rejoinThrough(carol, bob);
  const back = await carol.waitFor('Black is Carol\'s again', (s) => s.state === 'Connected' && s.linked === 2 && s.seats.join() === '1' && s.hash !== null, 30000);
  assert.equal(back.role, 'Guest');
  await alice.waitFor('no seat covered', (s) => s.covered.length === 0, 20000);
  const [x, y, z] = await waitConverged([alice, bob, carol], 'three tabs on one game again', 20000, (s) => s.head >= a.head);
  assert.equal(x.hash, z.hash);
  assert.equal(y.hash, z.hash);
  assert.equal(x.relayRefused + y.relayRefused + z.relayRefused, 0);
  await screenshot(carol.page, 'serverless-reload-carol-back');
});

test('the host of a room with no server reloads mid-game: the others elect a host, and it rejoins by camera to its seat', { timeout: 110000 }, async () => {
  const [before] = await waitConverged([alice, bob, carol], 'the game before the reload', 20000);
  await reload(alice);
  await Promise.all([bob, carol].map((p) => p.waitFor(`${p.label} follows a new host`, (s) => s.epoch > before.epoch && s.state === 'Connected', 30000)));
  const [b, c] = await waitConverged([bob, carol], 'the two after the election', 20000, (s) => s.covered.join() === '0');
  assert.equal([b.hosting, c.hosting].filter(Boolean).length, 1, 'exactly one new host');

  // Alice's tab holds the game it saved and has no link: the header offers the way back.
  await alice.page.getByTestId('hud-rejoin').tap();
  await screenshot(alice.page, 'serverless-reload-alice-away');
  await rejoinThrough(alice, carol);
  await alice.waitFor('White is Alice\'s again', (s) => s.state === 'Connected' && s.linked === 2 && s.seats.join() === '0' && s.hash !== null, 30000);
  await Promise.all([bob, carol].map((p) => p.waitFor(`${p.label}: no seat covered`, (s) => s.covered.length === 0, 20000)));
  const states = await waitConverged([alice, bob, carol], 'three tabs on one game again', 20000, (s) => s.head >= b.head);
  assert.equal(states.filter((s) => s.hosting).length, 1, 'one host');
  await screenshot(alice.page, 'serverless-reload-alice-back');
  assert.deepEqual(sessions.flatMap((s) => s.players.flatMap((p) => p.errors)), []);
});
