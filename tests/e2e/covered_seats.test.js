// A seat never dies with its device (issue 30): three browsers in a room over real WebRTC.
// Alice hosts and watches; Bob crews White; Carol, on a phone, crews Black. Carol's tab closes
// mid-game: within seconds the room's bots play Black (run by Alice's tab), everyone is told in
// words, and the bot really plays (Black fires). Carol opens the room again: Black is hers, and
// the table is told.
//
// The second spec: the host itself, crewing both ships (one seat each), closes its tab. The successor's
// bots play both seats at the cover level chosen in the lobby, the ships move, a guest takes one
// of those seats from the Seats card on her phone, and the old host returns to its remaining seat.
// The third: with every seat then handed to bots, they play the game to its result, the same on
// every tab, on the test's clock: every tab's clock taken and run in lockstep.
//
// Runs against the test build (dist-test/): the hooks open the room and claim the seats.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { launchBrowser, LobbyPage, paths, screenshot, startServer, test } = require('./lib');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');
const { lockstep, takeClocks } = require('./lib/clock');

let server;
let session;
let alice; // hosts, sits nowhere
let bob; // White
let carol; // Black, on a phone
const room = `e2e-covered-${crypto.randomBytes(6).toString('base64url').toLowerCase()}`;
const room2 = `e2e-hostgone-${crypto.randomBytes(6).toString('base64url').toLowerCase()}`;
const QUERY = '?speed=10&fast=1';
// The second room's bots play to the result: a game of Hard bots takes about 15 minutes at a
// table's pace, so that room's clocks run 30 times faster.
const QUERY2 = '?speed=30&fast=1';

before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  session = await launchBrowser({ players: 3 });
  alice = new RoomHooks(await session.players[0].newPage(), 'alice');
  bob = new RoomHooks(await session.players[1].newPage(), 'bob');
  carol = new RoomHooks(await session.players[2].newPage(), 'carol');
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob, carol].map((p) => p.load(`${server.url}/${QUERY}`)));
});

/** Alice hosts `name`, Bob and Carol join; waits until all three see the three of them. */
async function enterAll(name) {
  await alice.open(name, { host: true });
  await bob.open(name);
  await carol.open(name);
  for (const p of [alice, bob, carol]) {
    await p.waitFor(`${p.label} in the room`, (s) => s.state === 'Connected' && s.me !== null && s.players === 3);
  }
}

/** Keeps every toast `page` shows from now on (a later message may replace one on screen). */
async function keepToasts(page) {
  await page.evaluate(() => {
    window.__toasts = [];
    new MutationObserver(() => {
      for (const t of document.querySelectorAll('[data-testid="toast"]')) {
        if (!window.__toasts.includes(t.textContent)) window.__toasts.push(t.textContent);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until `page` has shown a toast matching `re`; the error lists the toasts it showed. */
function toldOn(page, re) {
  return page.waitForFunction(([src, flags]) => window.__toasts.some((t) => new RegExp(src, flags).test(t)), [re.source, re.flags], { polling: 50, timeout: 20000 })
    .catch(async (e) => { throw new Error(`${e.message}\ntoasts: ${JSON.stringify(await page.evaluate(() => window.__toasts))}`); });
}

after(async () => {
  await session?.close();
  await server?.stop();
});

test("a guest's tab closes mid-game: bots play its seat within seconds, everyone is told, and it gets the seat back", { timeout: 110000 }, async () => {
  await enterAll(room);
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
  await keepToasts(bob.page);
  const told = (re) => toldOn(bob.page, re);

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

test('the host, with a seat on each ship, closes its tab: bots at the chosen level play both, a guest takes one, the host gets the other back', { timeout: 120000 }, async () => {
  // The first spec's tabs close: this room starts afresh.
  await Promise.all([alice, bob, carol].map((p) => p.page.close()));
  const [a, b, c] = await Promise.all(session.players.map((p) => p.newPage()));
  alice = new RoomHooks(a, 'alice');
  bob = new RoomHooks(b, 'bob');
  carol = new RoomHooks(c, 'carol');
  await carol.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob, carol].map((p) => p.load(`${server.url}/${QUERY2}`)));
  await enterAll(room2);
  // Alice's tablet: two players a ship, bots that cover at Hard, chosen in the lobby as a host would.
  const lobby = new LobbyPage(alice.page);
  await lobby.waitFor();
  await lobby.waitHolder(0, 'player');
  await alice.page.getByTestId('lobby-cover-level').selectOption('hard');
  await bob.page.waitForFunction(() => document.querySelector('[data-testid="lobby-cover-level"]')?.value === 'hard');
  // Each ship is one seat (a whole crew): Alice's tablet crews both; Bob and Carol watch.
  await alice.claimSeats([1], [0, 1]);
  assert.equal((await alice.start()).ok, true);
  const started = await waitConverged([alice, bob, carol], 'the started game', 20000, (s) => s.started);
  const shipsAtStart = started[0].ships;

  await alice.page.close();
  const gone = Date.now();
  // Either guest may win the election: whichever hosts, its bots cover both of Alice's seats.
  const covered = await bob.waitFor('a successor\'s bots cover both of Alice\'s seats', (s) => s.covered.join() === '0,1' && s.epoch > 0, 30000);
  console.log(`# host gone: ${Date.now() - gone} ms from the host's tab closing to both its seats played by the successor's bots`);
  assert.deepEqual(covered.botLevels, [[0, 'hard'], [1, 'hard']], 'at the level the room chose');
  await carol.waitFor('Carol sees them covered', (s) => s.covered.join() === '0,1' && s.epoch === covered.epoch);
  const hosts = (await Promise.all([bob, carol].map((p) => p.state()))).filter((s) => s.hosting);
  assert.equal(hosts.length, 1, 'one successor hosts');
  // The bots fly: a ship moves or turns.
  await bob.waitFor('the ships move', (s) => s.ships.join() !== shipsAtStart.join(), 60000);

  // Carol, on her phone, slides into Alice's Black seat from the Seats card.
  await carol.page.getByTestId('hud-seats').click();
  await carol.page.getByTestId('game-seat-1-who').filter({ hasText: /^A hard bot, for alice$/ }).waitFor();
  await screenshot(carol.page, 'host-gone-seats-390');
  await carol.page.getByTestId('game-seat-1-take').click();
  await carol.page.getByTestId('game-seat-1-who').filter({ hasText: 'You' }).waitFor();
  await carol.page.getByTestId('seats-close').click();
  await carol.waitFor('Carol crews Black', (s) => s.seats.join() === '1' && s.covered.join() === '0');

  // Alice opens the room again: White's seat is hers; the one Carol took stays Carol's.
  alice = new RoomHooks(await session.players[0].newPage(), 'alice');
  await alice.load(`${server.url}/${QUERY2}`);
  await keepToasts(alice.page);
  await alice.open(room2);
  await alice.waitFor('Alice has seat 0 back', (s) => s.state === 'Connected' && s.seats.join() === '0' && s.covered.length === 0, 20000);
  // The returning host is told who hosts now, in its own words (not "alice left").
  await toldOn(alice.page, /^While this device was away, (bob|carol) took over hosting the game\. You play on from here\.$/);
  await waitConverged([alice, bob, carol], 'one game after the return', 20000);
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});

test('with every seat handed to bots, the room\'s bots play the game to its result on every tab', { timeout: 120000 }, async () => {
  for (const [p, seats] of [[alice, [0]], [carol, [1]]]) {
    for (const seat of seats) assert.equal((await p.release(seat)).ok, true);
  }
  const handed = await bob.waitFor('every seat a bot\'s', (s) => s.botLevels.length === 2 && s.pending === 0);
  // A seat handed to a bot mid-game is played at the room's cover level, as a departed player's is.
  assert.deepEqual(handed.botLevels, [[0, 'hard'], [1, 'hard']], 'at the level the room chose');
  // The rest of the game on the test's clock (issue 44): every tab's clock is taken and run in
  // lockstep, so the bots play to the result as fast as the three pages compute, and a loaded
  // machine only makes the run longer, never the game different in kind.
  const room = [alice, bob, carol];
  await takeClocks(room.map((p) => p.page));
  const same = (states) => states.every((s) => s.over && s.pending === 0 && s.head === states[0].head && s.hash === states[0].hash);
  const t0 = Date.now();
  const { seen: ended, ran } = await lockstep(room.map((p) => p.page), 'the bots play the game to its result, the same on every tab', async () => {
    const states = await Promise.all(room.map((p) => p.state()));
    return same(states) && states;
  }, { maxMs: 3 * 60 * 1000 });
  console.log(`# result: ${ran} ms of the test's clock (${Date.now() - t0} ms here) after every seat was a bot's (${handed.head} events before, ${ended[0].head} at the end)`);
  assert.ok(ended[0].head > handed.head + 20, `the bots played on (${handed.head} → ${ended[0].head} events)`);
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
