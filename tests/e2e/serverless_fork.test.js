// A room of two with no server that forks, and the way back (issue 45). Alice taps "Play here, no
// internet", Bob joins by pasted codes; Alice crews White, Bob Black. Mid-game every link of
// Bob's tab closes (the test closes his peer connections: a phone that walked out of the Wi-Fi;
// nothing is reloaded). Alone, Bob's vote is a majority of a room of two: his tab elects itself
// and hosts a copy of the game by itself, while Alice, whose own links held, hosts hers with a bot
// on Black. Bob's tab offers "Rejoin by camera"; he reads Alice's invitation and the two link
// again: two devices host one room. Both screens say so and name the other host; a player taps
// "Play at …'s table" and there is one room again: one host, one state hash, and play goes on.
// One test per choice (Bob chooses Alice's table; Alice chooses Bob's).
//
// Runs against the test build (dist-test/) with `?fast=1&seed=45`: a seeded host, short
// deadlines. Nothing waits for a whole game: a few cheap intents show who plays on.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const { launchBrowser, paths, screenshot, test } = require('./lib');
const { startStatic } = require('./lib/static');
const { RoomHooks, playsOn, waitConverged } = require('./lib/pages/room_hooks');
const { keepPeerConnections } = require('./lib/peer_connections');
const { codeOf, invitation } = require('./lib/pairing_codes');

let files;
let session;
const QUERY = '?fast=1&seed=45';

before(async () => {
  files = await startStatic(paths.TEST_DIST);
  session = await launchBrowser({ players: 2, touch: true });
});

after(async () => {
  await session?.close();
  await files?.stop();
});

const errors = () => session.players.flatMap((p) => p.errors);

/** The code a card shows, once made, and once it is not `old`. */

/** `from` shows a new invitation and returns it (read at once: the last card goes when its device links). */

/** `guest` reads `host`'s invitation (pasted) and `host` reads its answer. */
async function pairByText(host, guest) {
  const offer = await invitation(host);
  await guest.page.getByTestId('pair-scan-offer-input').fill(offer);
  await guest.page.getByTestId('pair-scan-offer-go').tap();
  await host.page.getByTestId('pair-scan-answer-input').fill(await codeOf(guest.page, 'pair-answer'));
  await host.page.getByTestId('pair-scan-answer-go').tap();
}

/** A fresh serverless room of two in new tabs, started, whose guest's links then drop: it
 * hosts its own copy (with `reload`, Bob's tab then reloads and restores it from its save), and
 * rejoins by pasted codes. Returns once both screens name the other host. */
async function forkedRoom(name, { reload = false } = {}) {
  const [alice, bob] = await Promise.all(['alice', 'bob'].map(async (label, i) => {
    const page = await session.players[i].newPage();
    await page.addInitScript(keepPeerConnections);
    // The name each player gave (the lobby's field): the screens name the other host by it.
    await page.addInitScript((name) => localStorage.setItem('dice-duel/name', name), label === 'alice' ? 'Alice' : 'Bob');
    return new RoomHooks(page, label);
  }));
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await Promise.all([alice, bob].map((p) => p.load(`${files.url}/${QUERY}`)));
  await alice.page.getByTestId('home-serverless').tap();
  await alice.waitFor('alice hosts a room with no server', (s) => s.state === 'Connected' && s.role === 'Host');
  await bob.page.getByTestId('home-join-camera').tap();
  await pairByText(alice, bob);
  for (const p of [alice, bob]) {
    await p.waitFor(`${p.label} in the room`, (s) => s.state === 'Connected' && s.me !== null && s.players === 2 && s.linked === 1, 20000);
  }
  await alice.waitFor('White for Alice', (s) => s.seats.join() === '0');
  await bob.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob], 'the started game', 20000, (s) => s.started && s.covered.length === 0);
  await playsOn(bob, 1);
  const [a0] = await waitConverged([alice, bob], 'the game under way', 20000);

  // Every link of Bob's tab closes; nothing is reloaded.
  const closed = await bob.page.evaluate(() => { window.__pcs.forEach((pc) => pc.close()); return window.__pcs.length; });
  assert.ok(closed > 0, 'bob had peer connections');
  // Alone, Bob hosts his own copy (his vote is a majority of two); Alice keeps hers, a bot on Black.
  const b = await bob.waitFor('Bob hosting a copy alone', (s) => s.hosting && s.epoch > a0.epoch, 30000);
  const a = await alice.waitFor('a bot covers Black on Alice\'s copy', (s) => s.hosting && s.covered.join() === '1', 30000);
  assert.equal(a.epoch, a0.epoch, 'Alice never followed Bob\'s election');
  await playsOn(alice, 0);
  await playsOn(bob, 1);
  await screenshot(bob.page, `serverless-fork-${name}-bob-alone`);
  if (reload) await reloadAlone(bob, b);

  // Bob's tab offers the way back; he reads Alice's invitation from her game's Seats card.
  await bob.page.getByTestId('hud-rejoin').tap({ timeout: 30000 });
  await bob.page.getByTestId('pair-rejoin').tap();
  await alice.page.getByTestId('hud-seats').tap();
  await pairByText(alice, bob);
  await alice.waitFor('Alice linked to Bob again', (s) => s.linked === 1, 30000);

  // Two devices host one room: each screen names the other and offers its table.
  await alice.waitFor('Alice told of two tables', (s) => /Bob's device also hosts this room/.test(s.twoTables?.text), 20000);
  await bob.waitFor('Bob told of two tables', (s) => /Alice's device also hosts this room/.test(s.twoTables?.text), 20000);
  const [a2, b2] = [await alice.state(), await bob.state()];
  assert.deepEqual([a2.hosting, b2.hosting], [true, true], 'two hosts before the choice');
  // Alice checked Bob's election and refused it: she still holds her room, and says so.
  assert.equal(a2.epoch, a0.epoch, 'Alice did not follow Bob\'s election');
  assert.ok(a2.warned.some((w) => /taken over the room, which this device still hosts/.test(w)), JSON.stringify(a2.warned));
  assert.notEqual(a2.hash, b2.hash, 'two games before the choice');
  await screenshot(alice.page, `serverless-fork-${name}-alice-two-tables`);
  await screenshot(bob.page, `serverless-fork-${name}-bob-two-tables`);
  return { alice, bob, forked: b.epoch };
}

/** Bob's tab, hosting its copy alone at `alone`'s epoch, reloads (nothing else changes): it
 * restores that copy from its save, still its host at the same epoch, with Black and no link. */
async function reloadAlone(bob, alone) {
  await bob.page.reload();
  await bob.page.waitForFunction(() => typeof window.wasmBindings?.test_hook_open === 'function', null, { timeout: 20000 });
  const back = await bob.waitFor('Bob\'s copy restored from his save', (s) => s.hosting && s.linked === 0 && s.hash !== null, 20000);
  assert.equal(back.epoch, alone.epoch, 'the epoch Bob won alone');
  assert.equal(back.seats.join(), '1', 'Black is Bob\'s');
  assert.ok(back.head >= alone.head, 'his copy as he saved it');
  await screenshot(bob.page, 'serverless-fork-reloaded-bob-restored');
}

/** On `tab`'s screen: the trust bar names `other` and offers its table. */
async function offered(tab, other) {
  // The Seats card the pairing was done from covers the game: the player closes it.
  const close = tab.page.getByTestId('seats-close');
  if (await close.isVisible()) await close.tap();
  const line = tab.page.getByTestId('two-tables');
  await line.waitFor({ state: 'visible' });
  assert.match(await line.innerText(), new RegExp(`${other}'s device also hosts this room, so you and ${other} are playing separate games`));
  const button = tab.page.getByTestId('two-tables-follow');
  assert.equal((await button.innerText()).trim(), `Play at ${other}'s table`);
  return button;
}

/** One room again, hosted by `host`: same head and hash, one host, one epoch, no line left, nothing covered. */
async function oneRoom({ alice, bob }, host) {
  const [a, b] = await waitConverged([alice, bob], 'one game on both screens', 30000,
    (s) => s.twoTables === null && s.state === 'Connected' && s.linked === 1 && s.covered.length === 0);
  assert.equal(a.hash, b.hash, 'one state hash');
  assert.deepEqual([a.hosting, b.hosting], [host === alice, host === bob], 'one host');
  assert.equal(a.epoch, b.epoch, 'one epoch');
  assert.deepEqual([a.seats.join(), b.seats.join()], ['0', '1'], 'each player on their own seat');
  for (const p of [alice, bob]) await p.page.getByTestId('two-tables').waitFor({ state: 'detached', timeout: 5000 });
  return [a, b];
}

test('a serverless room of two forks when the guest\'s links drop; Bob plays at Alice\'s table: one room again', { timeout: 120000 }, async () => {
  const { alice, bob } = await forkedRoom('bob-chooses');
  try {
    await offered(alice, 'Bob');
    await (await offered(bob, 'Alice')).tap();
    const [a] = await oneRoom({ alice, bob }, alice);
    await playsOn(bob, 1);
    await playsOn(alice, 0);
    const [a3] = await waitConverged([alice, bob], 'play goes on after the choice', 20000);
    assert.ok(a3.head > a.head);
    await screenshot(bob.page, 'serverless-fork-bob-chooses-one-room');
    assert.deepEqual(errors(), []);
  } finally {
    await Promise.all([alice.page.close(), bob.page.close()]);
  }
});

test('a serverless room of two forks when the guest\'s links drop; Alice plays at Bob\'s table: one room again', { timeout: 120000 }, async () => {
  const { alice, bob, forked } = await forkedRoom('alice-chooses');
  try {
    await (await offered(alice, 'Bob')).tap();
    const [a] = await oneRoom({ alice, bob }, bob);
    assert.equal(a.epoch, forked, 'Alice follows the election Bob won alone');
    await playsOn(alice, 0);
    await playsOn(bob, 1);
    const [a3] = await waitConverged([alice, bob], 'play goes on after the choice', 20000);
    assert.ok(a3.head > a.head);
    await screenshot(alice.page, 'serverless-fork-alice-chooses-one-room');
    assert.deepEqual(errors(), []);
  } finally {
    await Promise.all([alice.page.close(), bob.page.close()]);
  }
});

test('a forked serverless host reloads before rejoining; Alice plays at Bob\'s table: one room again', { timeout: 120000 }, async () => {
  const { alice, bob, forked } = await forkedRoom('reloaded', { reload: true });
  try {
    // His save kept the election he won alone: Alice checked it, and may follow it.
    await offered(bob, 'Alice');
    await (await offered(alice, 'Bob')).tap();
    const [a] = await oneRoom({ alice, bob }, bob);
    assert.equal(a.epoch, forked, 'Alice follows the election Bob won alone, kept in his save');
    await playsOn(alice, 0);
    await playsOn(bob, 1);
    const [a3] = await waitConverged([alice, bob], 'play goes on after the choice', 20000);
    assert.ok(a3.head > a.head);
    await screenshot(alice.page, 'serverless-fork-reloaded-one-room');
    assert.deepEqual(errors(), []);
  } finally {
    await Promise.all([alice.page.close(), bob.page.close()]);
  }
});
