// The room survives its host (issue 11): three browsers in a room over real WebRTC. Alice
// hosts and watches; Bob crews White; Black is a bot that Alice's tab runs. Alice's tab is
// closed in the middle of a freeze: Bob and Carol elect a successor, are told who hosts now,
// the bot goes on under its new host, and the two of them finish the game on one state hash.
// Then Alice opens the room again: her tab restores its old save, learns that the room has
// moved on, steps down and rejoins as a guest on the same game.
//
// Runs against the test build (dist-test/) with `?speed=40&fast=1` (bots and clocks 40 times
// faster): the hooks open the room, claim Bob's seat and fire; the lobby's bot seat is clicked.
// Alice's tab, which hosts first, runs at `?speed=4`: its freezes stay on screen 300 ms, long
// enough to close the tab in the middle of one.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { launchBrowser, paths, screenshot, startServer, test } = require('./lib');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');
const { fireUntilOver, startWatchedGame } = require('./lib/pages/watched_room');

let server;
let session;
let alice; // creates and hosts the room, sits nowhere
let bob; // White
let carol; // watches
const room = `e2e-succession-${crypto.randomBytes(6).toString('base64url')}`;
const QUERY = '?speed=40&fast=1';
const HOST_QUERY = '?speed=4&fast=1';

before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  session = await launchBrowser({ players: 3 });
  alice = new RoomHooks(await session.players[0].newPage(), 'alice');
  bob = new RoomHooks(await session.players[1].newPage(), 'bob');
  carol = new RoomHooks(await session.players[2].newPage(), 'carol');
  // Bob on a tablet, Carol on a phone: the handover must read well on both.
  await bob.page.setViewportSize({ width: 820, height: 1180 });
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await alice.load(`${server.url}/${HOST_QUERY}`);
  await Promise.all([bob, carol].map((p) => p.load(`${server.url}/${QUERY}`)));
});

after(async () => {
  await session?.close();
  await server?.stop();
});

const errors = () => session.players.flatMap((p) => p.errors);

test('the host tab closes mid-freeze: the others elect a host and finish; the host comes back as a guest', { timeout: 100000 }, async () => {
  // The whole mesh is linked before the start: the survivors elect over their own link.
  await startWatchedGame({ alice, bob, carol }, room);
  await bob.autoload(0);

  // Bob fires as soon as he can; the bot fires too. Alice's own tab watches for the freeze
  // every 5 ms (a poll from here can miss a short one on a loaded machine).
  await alice.page.evaluate(() => {
    const watch = setInterval(() => {
      const s = JSON.parse(window.wasmBindings.test_hook_state());
      if (s?.freeze) { window.__frozen = s; clearInterval(watch); }
    }, 5);
  });
  const frozen = await (async () => {
    const deadline = Date.now() + 40000;
    for (;;) {
      const s = (await alice.page.evaluate(() => window.__frozen)) ?? await alice.state();
      if (s.freeze) return s;
      if ((await bob.state()).fireReady.includes(0)) await bob.act(0, 'fire');
      assert.ok(Date.now() < deadline, `no freeze in 40 s: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  assert.equal(frozen.epoch, 0);
  assert.equal(frozen.hosting, true);

  // Alice's tab closes mid-freeze (her browser keeps its storage: the save of the room).
  const closedAt = Date.now();
  const headAtClose = frozen.head;
  await alice.page.close();
  const [b, c] = await Promise.all(
    [bob, carol].map((p) => p.waitFor(`${p.label} follows a new host`, (s) => s.epoch > 0 && s.head > headAtClose, 20000)),
  ).catch(async (e) => {
    const both = await Promise.all([bob, carol].map(async (p) => `${p.label}: ${JSON.stringify(await p.state())}`));
    throw new Error(`${e.message}\n${both.join('\n')}`);
  });
  const successionMs = Date.now() - closedAt;
  console.log(`# succession in the browser: ${successionMs} ms from the host's tab closing to the new host's first event on both survivors`);
  const newHost = b.hosting ? bob : carol;
  const follower = b.hosting ? carol : bob;
  assert.equal([b.hosting, c.hosting].filter(Boolean).length, 1, 'exactly one new host');
  const told = follower.page.getByTestId('toast').filter({ hasText: /^Alice left\. \w+ is now hosting\.$/ });
  await told.first().waitFor({ timeout: 10000 });
  assert.match(await told.first().textContent(), new RegExp(`${newHost.label} is now hosting`, 'i'));
  await newHost.page.getByTestId('toast').filter({ hasText: /This device hosts the game now/ }).first().waitFor();
  await screenshot(follower.page, 'succession-told');
  await screenshot(newHost.page, 'succession-hosting');

  // The game goes on: Bob keeps firing, the bot (run by the new host now) fights back, to the end.
  await fireUntilOver(bob, 0, 70000);
  const [eb, ec] = await waitConverged([bob, carol], 'the finished game', 20000, (s) => s.over);
  assert.equal(eb.hash, ec.hash);
  await bob.page.getByTestId('result').waitFor({ timeout: 20000 }).catch(() => {});
  await screenshot(bob.page, 'succession-finished');

  // Alice opens the room again: her tab holds the old save, hears who hosts, and rejoins as a guest.
  alice = new RoomHooks(await session.players[0].newPage(), 'alice');
  await alice.load(`${server.url}/${QUERY}`);
  await alice.open(room, { host: true });
  const back = await alice.waitFor('alice back as a guest', (s) => s.epoch > 0 && !s.hosting && s.hash === eb.hash, 30000);
  assert.equal(back.role, 'Guest');
  const [x, y, z] = await waitConverged([alice, bob, carol], 'three tabs on one game', 20000);
  assert.equal(x.hash, z.hash);
  assert.equal(y.hash, z.hash);
  assert.deepEqual(errors(), []);
});
