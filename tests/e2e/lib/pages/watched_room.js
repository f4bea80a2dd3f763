// The three-browser room the trust specs share (issue 31): Alice creates and hosts the room
// and sits nowhere; Bob crews White; Black is a bot Alice's tab runs; Carol watches. Each spec
// then plays the adversary (forgery.test.js: Carol forges; audit.test.js: Alice's host cheats).
const assert = require('node:assert/strict');
const { launchBrowser } = require('../browser');
const { startServer } = require('../server');
const paths = require('../paths');
const { LobbyPage } = require('./lobby');
const { RoomHooks, waitConverged } = require('./room_hooks');

/** Starts the server and three browsers at `query`; `phone` names who holds a 390×844 phone. */
async function launchWatchedRoom(query, { phone }) {
  const server = await startServer({ dist: paths.TEST_DIST });
  const session = await launchBrowser({ players: 3 });
  const [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map(async (label, i) =>
    new RoomHooks(await session.players[i].newPage(), label)));
  const tabs = { alice, bob, carol };
  await tabs[phone].page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob, carol].map((p) => p.load(`${server.url}/${query}`)));
  return { server, session, alice, bob, carol };
}

/** Opens `room`, seats Bob on White and a bot on Black, and starts the game; every copy agrees. */
async function startWatchedGame({ alice, bob, carol }, room) {
  await alice.open(room, { host: true, name: 'Alice' });
  await bob.open(room, { name: 'Bob' });
  await carol.open(room, { name: 'Carol' });
  for (const p of [alice, bob, carol]) {
    await p.waitFor(`${p.label} in the room`, (s) => s.state === 'Connected' && s.me !== null && s.players === 3 && s.linked === 2);
  }
  await seatAndStart({ alice, bob, carol });
}

/** In the lobby of a room all three are in: Alice (the host) leaves White for Bob, a bot takes
 * Black, and the game starts; every copy agrees. */
async function seatAndStart({ alice, bob, carol }) {
  const lobby = new LobbyPage(alice.page);
  await lobby.waitFor();
  await lobby.waitHolder(0, 'player');
  await alice.page.getByTestId('seat-0-release').click();
  await lobby.waitHolder(0, 'open');
  await lobby.bot(1);
  assert.equal((await bob.claim(0)).ok, true);
  await bob.waitFor('White for Bob', (s) => s.seats.join() === '0' && s.pending === 0);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob, carol], 'the started game', 20000, (s) => s.started);
}

/** `player` fires from `seat` whenever it can until the game is over (the bots fight back). */
async function fireUntilOver(player, seat, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await player.state();
    if (s.over) return s;
    if (s.fireReady.includes(seat) && !s.freeze) await player.act(seat, 'fire');
    assert.ok(Date.now() < deadline, `the game did not finish: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

module.exports = { launchWatchedRoom, startWatchedGame, seatAndStart, fireUntilOver };
