// The server goes away mid-game (issue 34): a room introduced by the signalling server keeps
// playing on its own links, and a device that reloads rejoins through the mesh. The pages come
// from a plain file server (as a service worker would serve them); signalling is duel-server's
// (`?sig=`), which is stopped once the game runs. Carol reloads: her tab cannot reach the
// server, so she rejoins by camera through Bob (a guest, not the host): Bob's "Seats" card shows
// an invitation, Carol's lobby reads it and shows her answer, Bob reads that, and Bob
// introduces Carol to Alice, who hosts. All three end on one state hash.
//
// Codes go from screen to screen as text (the camera is scan.test.js's).
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { launchBrowser, paths, screenshot, startServer, test } = require('./lib');
const { startStatic } = require('./lib/static');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');
const { startWatchedGame } = require('./lib/pages/watched_room');

let files;
let server;
let session;
let alice;
let bob;
let carol;
let query;
const room = `e2e-gone-${crypto.randomBytes(6).toString('base64url')}`;

before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  files = await startStatic(paths.TEST_DIST);
  // The bots wait (`bots=off`): the game must still be running when Carol comes back.
  query = `?speed=40&fast=1&bots=off&sig=ws://127.0.0.1:${server.port}`;
  session = await launchBrowser({ players: 3, touch: true });
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map(async (label, i) =>
    new RoomHooks(await session.players[i].newPage(), label)));
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob, carol].map((p) => p.load(`${files.url}/${query}`)));
});

after(async () => {
  await session?.close();
  await files?.stop();
  await server?.stop();
});

async function codeOf(page, testid) {
  const card = page.getByTestId(testid);
  await card.waitFor({ timeout: 15000 });
  const code = await card.getAttribute('data-code');
  assert.match(code, /^DD1:/, `${testid} shows a pairing code`);
  return code;
}

test('the server stops mid-game: the room plays on, and a reloaded device rejoins through a guest', { timeout: 110000 }, async () => {
  await startWatchedGame({ alice, bob, carol }, room);
  await server.stop();
  server = null;

  // The room plays on without its server: Bob's intents reach the host, every copy agrees.
  for (let i = 0; i < 3; i++) assert.equal((await bob.act(0, 'cheap')).ok, true);
  const [a] = await waitConverged([alice, bob, carol], 'the game with no server', 20000, (s) => s.head > 0);

  // Carol reloads: her tab finds no server, and says she can rejoin by camera.
  await carol.page.reload();
  await carol.page.waitForFunction(() => typeof window.wasmBindings?.test_hook_open === 'function', null, { timeout: 20000 });
  const rejoin = carol.page.getByTestId('pair-rejoin');
  await rejoin.waitFor({ timeout: 40000 });
  await screenshot(carol.page, 'server-gone-carol-cannot-reach');
  await rejoin.tap();

  // Bob (a guest, on a laptop, by keyboard alone) invites her from his game's Seats card; she
  // reads it and shows her answer.
  await bob.page.getByTestId('hud-seats').focus();
  await bob.page.keyboard.press('Enter');
  await bob.page.getByTestId('pair-invite').focus();
  await bob.page.keyboard.press('Enter');
  const offer = await codeOf(bob.page, 'pair-offer');
  await carol.page.getByTestId('pair-scan-offer-input').fill(offer);
  await carol.page.getByTestId('pair-scan-offer-go').tap();
  const answer = await codeOf(carol.page, 'pair-answer');
  await screenshot(carol.page, 'server-gone-carol-answer');
  await bob.page.getByTestId('pair-scan-answer-input').focus();
  await bob.page.keyboard.insertText(answer);
  await bob.page.keyboard.press('Enter');

  // Bob introduces her to Alice: she follows the host again and holds the same game.
  const back = await carol.waitFor('carol back in the room', (s) => s.state === 'Connected' && s.linked === 2 && s.hash !== null, 30000);
  assert.equal(back.role, 'Guest');
  const [x, y, z] = await waitConverged([alice, bob, carol], 'three tabs on one game again', 20000, (s) => s.head >= a.head);
  assert.equal(x.hash, z.hash);
  assert.equal(y.hash, z.hash);
  assert.equal(x.relayRefused + y.relayRefused + z.relayRefused, 0);
  await screenshot(carol.page, 'server-gone-carol-back');
  assert.deepEqual(session.players.flatMap((p) => p.errors).filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(e)), []);
});
