// Eight devices and no server (issue 45): the game is for up to eight. Eight headless Chromium
// contexts (eight devices, one browser: the 2-core machine) load the app from a plain file
// server. The first taps "Play here, no internet" and invites the other seven one by one from
// its lobby ("Add a device by camera"); each pastes the invitation and shows its answer, which
// the host pastes (the camera's own path is pairing.test.js's). Each newcomer is introduced by
// the host to every device already linked, so the mesh is whole: every device links the seven
// others. The time from the first scan to all eight linked is printed (and recorded in
// docs/PROTOCOL.md, "Measured"). Then the second device takes Black and every screen shows it,
// the host starts, and all eight tabs hold one state hash.
//
// Runs against the test build (dist-test/) with `?fast=1&seed=45`; nothing waits for a game.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const { LobbyPage, launchBrowser, paths, screenshot, test } = require('./lib');
const { startStatic } = require('./lib/static');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');
const { codeOf } = require('./lib/pairing_codes');

const DEVICES = 8;
const QUERY = '?fast=1&seed=45';
let files;
let session;
let devices;

before(async () => {
  files = await startStatic(paths.TEST_DIST);
  session = await launchBrowser({ players: DEVICES });
  devices = [];
  for (let i = 0; i < DEVICES; i++) {
    const device = new RoomHooks(await session.players[i].newPage(), `device${i + 1}`);
    await device.page.setViewportSize({ width: 390, height: 844 });
    await device.load(`${files.url}/${QUERY}`);
    devices.push(device);
  }
});

after(async () => {
  await session?.close();
  await files?.stop();
});

/** The code a card shows, once made, and once it is not `old`. */

test('eight devices pair with no server, the host introducing each: all eight linked, one seat and one game on every screen', { timeout: 120000 }, async () => {
  const [host, ...guests] = devices;
  await host.page.getByTestId('home-serverless').click();
  await host.waitFor('the host hosts a room with no server', (s) => s.state === 'Connected' && s.role === 'Host');

  let firstScan = null;
  const linkedAt = [];
  for (const guest of guests) {
    const old = await host.page.evaluate(() => document.querySelector('[data-testid="pair-offer"]')?.getAttribute('data-code') ?? null);
    await host.page.getByTestId('pair-invite').click();
    const offer = await codeOf(host.page, 'pair-offer', old);
    await guest.page.getByTestId('home-join-camera').click();
    firstScan ??= Date.now();
    await guest.page.getByTestId('pair-scan-offer-input').fill(offer);
    await guest.page.getByTestId('pair-scan-offer-go').click();
    await host.page.getByTestId('pair-scan-answer-input').fill(await codeOf(guest.page, 'pair-answer'));
    await host.page.getByTestId('pair-scan-answer-go').click();
    await guest.waitFor(`${guest.label} in the room`, (s) => s.state === 'Connected' && s.me !== null, 30000);
    linkedAt.push(Date.now() - firstScan);
  }
  // Every device in the whole mesh: eight players in its view, the seven others linked.
  const whole = await Promise.all(devices.map((d) => d.waitFor(`${d.label} in the whole mesh`, (s) => s.players === DEVICES && s.linked === DEVICES - 1, 60000)
    .then(() => Date.now() - firstScan)));
  const allLinked = Math.max(...whole);
  console.log(`eight devices, no server: each guest in the room at ${linkedAt.join(', ')} ms; all eight linked ${allLinked} ms after the first scan`);
  const states = await Promise.all(devices.map((d) => d.state()));
  assert.equal(new Set(states.map((s) => s.me)).size, DEVICES, 'eight players, each its own');
  assert.equal(states.filter((s) => s.hosting).length, 1, 'one host');
  assert.equal(states.reduce((n, s) => n + s.relayRefused, 0), 0, 'no introduction refused');

  // The second device takes Black: every lobby shows it taken; the host starts.
  const lobbies = devices.map((d) => new LobbyPage(d.page));
  assert.notEqual(await lobbies[7].holder(1), 'player', 'nobody holds Black before');
  await guests[0].claimSeats([1]);
  await Promise.all(lobbies.map((l) => l.waitHolder(1, 'player')));
  assert.equal((await host.start()).ok, true);
  const started = await waitConverged(devices, 'one game on eight screens', 30000, (s) => s.started);
  assert.equal(new Set(started.map((s) => s.hash)).size, 1);
  await screenshot(guests[6].page, 'serverless-eight-last');
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
