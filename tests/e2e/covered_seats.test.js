// A seat never dies with its device (issue 30): three browsers in a room over real WebRTC.
// Alice hosts and watches; Bob crews White; Carol, on a phone, crews Black. Carol's tab closes
// mid-game: within seconds the room's bots play Black (run by Alice's tab), everyone is told in
// words, and the bot really plays (Black fires). Carol opens the room again: Black is hers, and
// the table is told.
//
// Runs against the test build (dist-test/): the hooks open the room and claim the seats.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { launchBrowser, LobbyPage, paths, screenshot, startServer, test } = require('./lib');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');

let server;
let session;
let alice; // hosts, sits nowhere
let bob; // White
let carol; // Black, on a phone
const room = `e2e-covered-${crypto.randomBytes(6).toString('base64url')}`;
const QUERY = '?speed=10&fast=1';

before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  session = await launchBrowser({ players: 3 });
  alice = new RoomHooks(await session.players[0].newPage(), 'alice');
  bob = new RoomHooks(await session.players[1].newPage(), 'bob');
  carol = new RoomHooks(await session.players[2].newPage(), 'carol');
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob, carol].map((p) => p.load(`${server.url}/${QUERY}`)));
});

after(async () => {
  await session?.close();
  await server?.stop();
});

test("a guest's tab closes mid-game: bots play its seat within seconds, everyone is told, and it gets the seat back", { timeout: 110000 }, async () => {
  await alice.open(room, { host: true });
  await bob.open(room);
  await carol.open(room);
  for (const p of [alice, bob, carol]) {
    await p.waitFor(`${p.label} in the room`, (s) => s.state === 'Connected' && s.me !== null && s.players === 3);
  }
  const lobby = new LobbyPage(alice.page);
  await lobby.waitFor();
  await lobby.waitHolder(0, 'player');
  await alice.page.getByTestId('seat-0-release').click();
  await lobby.waitHolder(0, 'open');
  await bob.claimSeats([0]);
  await carol.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob, carol], 'the started game', 20000, (s) => s.started && s.covered.length === 0);

  // Every toast Bob's tablet shows, kept (a later message may replace one on screen).
  await bob.page.evaluate(() => {
    window.__toasts = [];
    new MutationObserver(() => {
      for (const t of document.querySelectorAll('[data-testid="toast"]')) {
        if (!window.__toasts.includes(t.textContent)) window.__toasts.push(t.textContent);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const told = (re) => bob.page.waitForFunction(([src, flags]) => window.__toasts.some((t) => new RegExp(src, flags).test(t)), [re.source, re.flags], { polling: 50 })
    .catch(async (e) => { throw new Error(`${e.message}\ntoasts: ${JSON.stringify(await bob.page.evaluate(() => window.__toasts))}`); });

  // Carol's phone tab closes mid-game.
  await carol.page.close();
  const gone = Date.now();
  await alice.waitFor('a bot covers Black', (s) => s.covered.join() === '1', 20000);
  const coveredMs = Date.now() - gone;
  console.log(`# covered: ${coveredMs} ms from the tab closing to its seat played by a bot`);
  assert.ok(coveredMs < 15000, `covered after ${coveredMs} ms`);
  await bob.waitFor('Bob sees it covered', (s) => s.covered.join() === '1');
  await told(/carol's device is gone: a bot plays .* until carol is back\./i);
  await screenshot(bob.page, 'covered-told');

  // The bot plays Black: it loads and fires (a freeze declared by ship 1), run by Alice's tab.
  await alice.page.evaluate(() => {
    const watch = setInterval(() => {
      const s = JSON.parse(window.wasmBindings.test_hook_state());
      if (s?.freeze?.declared === 1 || s?.over) { window.__blackFired = s; clearInterval(watch); }
    }, 5);
  });
  await alice.page.waitForFunction(() => window.__blackFired, null, { timeout: 60000, polling: 100 });

  // Carol opens the room again (same browser storage: same player): Black is hers at once.
  carol = new RoomHooks(await session.players[2].newPage(), 'carol');
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await carol.load(`${server.url}/${QUERY}`);
  await carol.open(room);
  await carol.waitFor('Black is Carol\'s again', (s) => s.state === 'Connected' && s.seats.join() === '1' && s.covered.length === 0, 20000);
  await alice.waitFor('no seat covered', (s) => s.covered.length === 0);
  await told(/carol is back and plays .* again\./i);
  await screenshot(carol.page, 'covered-back-390');
  await waitConverged([alice, bob, carol], 'one game after the return', 20000);
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
