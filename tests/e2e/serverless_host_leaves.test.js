// A host that leaves before it has introduced everyone (issue 45). Alice taps "Play here, no
// internet" and Bob joins by pasted codes; Alice crews White, Bob Black, and the game starts.
// Alice then invites Carol: Carol reads the invitation and shows her answer, but Alice closes her
// tab before reading it, so Carol never reaches the room and nobody can introduce her. Bob, alone,
// elects himself (his vote is a majority of what is left) and hosts; a bot plays White. Carol
// gives up on that answer, taps "Join by camera" again and films the invitation Bob shows from his
// game's Seats card; Bob reads her answer. She is in the room Bob hosts, takes White from the bot,
// and the game goes on: one host, one state hash on both screens.
//
// Carol has a browser of her own (its own fake camera); Alice and Bob share one (two contexts).
// Runs against the test build (dist-test/) with `?fast=1&seed=45` (a seeded host, short
// deadlines); nothing waits for a whole game.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { launchBrowser, paths, screenshot, test } = require('./lib');
const { fakeCameraArgs, writeY4m } = require('./lib/fake_camera');
const { startStatic } = require('./lib/static');
const { RoomHooks, playsOn, waitConverged } = require('./lib/pages/room_hooks');
const { codeOf, invitation } = require('./lib/pairing_codes');

let files;
const sessions = [];
let alice; // hosts, crews White, leaves
let bob; // crews Black, hosts once Alice is gone
let carol; // was being invited when Alice left; joins through Bob by camera
const QUERY = '?fast=1&seed=45';

before(async () => {
  files = await startStatic(paths.TEST_DIST);
  fs.mkdirSync(paths.ARTIFACTS, { recursive: true });
  const camera = path.join(paths.ARTIFACTS, 'serverless-host-leaves-carol-camera.y4m');
  const [pair, own] = await Promise.all([
    launchBrowser({ players: 2, touch: true }),
    launchBrowser({ players: 1, touch: true, extraArgs: fakeCameraArgs(camera) }),
  ]);
  sessions.push(pair, own);
  [alice, bob, carol] = await Promise.all([pair.players[0], pair.players[1], own.players[0]].map(async (p, i) =>
    new RoomHooks(await p.newPage(), ['alice', 'bob', 'carol'][i])));
  carol.camera = camera;
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob, carol].map((p) => p.load(`${files.url}/${QUERY}`)));
});

after(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await files?.stop();
});

/** The code a card shows, once made, and once it is not `old`. */

/** `from` shows a new invitation and returns it (read at once: the last card goes when its device links). */

test('the host of a room with no server leaves while inviting a second device: the other elects, and the invited one joins through it by camera', { timeout: 120000 }, async () => {
  await alice.page.getByTestId('home-serverless').tap();
  await alice.waitFor('alice hosts a room with no server', (s) => s.state === 'Connected' && s.role === 'Host');
  const offer = await invitation(alice);
  await bob.page.getByTestId('home-join-camera').tap();
  await bob.page.getByTestId('pair-scan-offer-input').fill(offer);
  await bob.page.getByTestId('pair-scan-offer-go').tap();
  await alice.page.getByTestId('pair-scan-answer-input').fill(await codeOf(bob.page, 'pair-answer'));
  await alice.page.getByTestId('pair-scan-answer-go').tap();
  for (const p of [alice, bob]) {
    await p.waitFor(`${p.label} in the room`, (s) => s.state === 'Connected' && s.me !== null && s.players === 2 && s.linked === 1, 20000);
  }
  await alice.waitFor('White for Alice', (s) => s.seats.join() === '0');
  await bob.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob], 'the started game', 20000, (s) => s.started && s.covered.length === 0);
  await playsOn(bob, 1);
  const [a0] = await waitConverged([alice, bob], 'the game under way', 20000);

  // Alice invites Carol from her game's Seats card; Carol answers; Alice's tab closes unread.
  await alice.page.getByTestId('hud-seats').tap();
  const second = await invitation(alice);
  await carol.page.getByTestId('home-join-camera').tap();
  await carol.page.getByTestId('pair-scan-offer-input').fill(second);
  await carol.page.getByTestId('pair-scan-offer-go').tap();
  const unread = await codeOf(carol.page, 'pair-answer');
  await alice.page.close();

  // Bob, alone, hosts the next term; a bot plays White. Carol's answer reached nobody.
  const b = await bob.waitFor('Bob hosts after the election', (s) => s.hosting && s.epoch > a0.epoch && s.covered.join() === '0', 30000);
  assert.equal(b.seats.join(), '1', 'Bob keeps Black');
  const c = await carol.state();
  assert.ok(c === null || c.me === null, `Carol is in no room: ${JSON.stringify(c)}`);
  await playsOn(bob, 1);

  // Carol starts again: Join by camera, filming the invitation Bob shows from his Seats card.
  await carol.page.goto(`${files.url}/${QUERY}`);
  await carol.page.waitForFunction(() => typeof window.wasmBindings?.test_hook_open === 'function', null, { timeout: 20000 });
  await carol.page.getByTestId('home-join-camera').tap();
  await bob.page.getByTestId('hud-seats').tap();
  const viaBob = await invitation(bob);
  assert.notEqual(viaBob, second);
  const qr = bob.page.getByTestId('pair-offer').locator('.pair__qr');
  await qr.scrollIntoViewIfNeeded();
  writeY4m(await qr.screenshot(), carol.camera, { frames: 2 });
  await carol.page.getByTestId('pair-scan-offer').getByTestId('pair-camera-start').tap();
  const answer = await codeOf(carol.page, 'pair-answer', unread);
  await bob.page.getByTestId('pair-scan-answer-input').fill(answer);
  await bob.page.getByTestId('pair-scan-answer-go').tap();
  await carol.waitFor('Carol in the room Bob hosts', (s) => s.state === 'Connected' && s.role === 'Guest' && s.me !== null && s.linked === 1 && s.hash !== null, 30000);
  await screenshot(carol.page, 'serverless-host-leaves-carol-in');

  // Carol takes White from the bot, and the game goes on.
  await carol.claimSeats([0]);
  await bob.waitFor('no seat covered', (s) => s.covered.length === 0, 20000);
  await playsOn(carol, 0);
  await playsOn(bob, 1);
  const [x, y] = await waitConverged([bob, carol], 'one game on both screens', 20000);
  assert.equal(x.hash, y.hash);
  assert.deepEqual([x.hosting, y.hosting], [true, false], 'one host: Bob');
  assert.equal(x.epoch, y.epoch);
  assert.equal(x.relayRefused + y.relayRefused, 0);
  await screenshot(bob.page, 'serverless-host-leaves-bob');
  assert.deepEqual(sessions.flatMap((s) => s.players.flatMap((p) => p.errors)), []);
});
