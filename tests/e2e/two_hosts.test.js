// Two hosts, and the way back (issue 43): a room of two over real WebRTC and the real server.
// Alice hosts and crews White, Bob crews Black, and Bob's tab plays the adversary through a
// test hook: it elects itself with its own ballot alone while Alice is live and hosts its own
// copy, as a modified client would (attack 2: in a room of two that vote was once a majority).
// Alice keeps the room: her tab still hosts and her game goes on. Both screens say, in words,
// that two devices host and name the other; either player taps "Play at …'s table" and both
// screens show one game again, the line gone.
//
// Known, not asserted: when Bob chooses Alice's table she hosts the next round from her own copy,
// and her audit may then tell a caution about her own earlier term ("Alice left before showing
// the dice key ..."): nobody left, but those rolls' key was never shown (issue 43 follow-up).
//
// Runs against the test build (dist-test/) with `?fast=1&seed=43`: a seeded host, short
// deadlines. Nothing waits for a whole game: a few cheap intents show who plays on.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { launchBrowser, paths, screenshot, startServer, test } = require('./lib');
const { RoomHooks, playsOn, waitConverged } = require('./lib/pages/room_hooks');

let server;
let session;
const QUERY = '?fast=1&seed=43';

before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  session = await launchBrowser({ players: 2 });
});

after(async () => {
  await session?.close();
  await server?.stop();
});

const errors = () => session.players.flatMap((p) => p.errors);

/** A fresh room of two in new tabs: Alice hosts on White, Bob on Black; the game started. */
async function roomOfTwo(name) {
  const room = `e2e-two-hosts-${name}-${crypto.randomBytes(6).toString('base64url')}`;
  const [alice, bob] = await Promise.all(['alice', 'bob'].map(async (label, i) =>
    new RoomHooks(await session.players[i].newPage(), label)));
  await Promise.all([alice, bob].map((p) => p.load(`${server.url}/${QUERY}`)));
  await alice.open(room, { host: true, name: 'Alice' });
  await bob.open(room, { name: 'Bob' });
  for (const p of [alice, bob]) {
    await p.waitFor(`${p.label} in the room`, (s) => s.state === 'Connected' && s.me !== null && s.players === 2 && s.linked === 1);
  }
  await alice.claimSeats([0]);
  await bob.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob], 'the started game', 20000, (s) => s.started);
  return { alice, bob };
}

/** Bob's tab elects itself; both tabs host, and each screen names the other host. */
async function twoHosts({ alice, bob }) {
  const sent = await bob.forge('self-election');
  assert.deepEqual(sent, { ok: true, sent: 1 }, 'Bob\'s election went to Alice');
  const b = await bob.waitFor('Bob hosting his own copy', (s) => s.hosting && s.epoch > 0, 5000);
  // The live host keeps the room, and says why in words.
  const a = await alice.waitFor('Alice told of two tables', (s) => /Bob's device also hosts this room/.test(s.twoTables?.text), 10000);
  assert.equal(a.hosting, true, 'Alice still hosts');
  assert.equal(a.epoch, 0, 'Alice never followed Bob\'s election');
  assert.ok(a.warned.some((w) => /taken over the room, which this device still hosts/.test(w)), JSON.stringify(a.warned));
  assert.equal(a.twoTables.follow, 'Play at Bob\'s table');
  // Bob's tab hears Alice go on hosting after it told her who won (three seconds).
  const b2 = await bob.waitFor('Bob told of two tables', (s) => /Alice's device also hosts this room/.test(s.twoTables?.text), 10000);
  assert.ok(b2.warned.some((w) => /two devices each say they host/.test(w)), JSON.stringify(b2.warned));
  assert.equal(b2.epoch, b.epoch);
  return { a, b: b2 };
}

/** On `tab`'s screen: the trust bar names `other` and offers its table. */
async function offered(tab, other) {
  const line = tab.page.getByTestId('two-tables');
  await line.waitFor({ state: 'visible' });
  assert.match(await line.innerText(), new RegExp(`${other}'s device also hosts this room, so you and ${other} are playing separate games`));
  const button = tab.page.getByTestId('two-tables-follow');
  assert.equal((await button.innerText()).trim(), `Play at ${other}'s table`);
  return button;
}

/** One game again: same head and state hash on both, one host, no line left on either screen. */
async function oneGame({ alice, bob }, host) {
  const [a, b] = await waitConverged([alice, bob], 'one game on both screens', 30000,
    (s) => s.twoTables === null && s.state === 'Connected');
  assert.equal(a.hash, b.hash);
  assert.deepEqual([a.hosting, b.hosting], [host === alice, host === bob], 'one host');
  assert.equal(a.epoch, b.epoch, 'one epoch');
  for (const p of [alice, bob]) await p.page.getByTestId('two-tables').waitFor({ state: 'detached', timeout: 5000 });
  // The news says what happened: a player chose a table (nobody left, nobody was away).
  const guest = host === alice ? bob : alice;
  const other = host === alice ? 'Alice' : 'Bob';
  const chooser = host === alice ? 'Bob' : 'Alice';
  await guest.waitFor('the guest told', (s) => s.story.includes(`One game again: you play on at ${other}'s table.`), 5000);
  await host.waitFor('the host told', (s) => s.story.some((l) => l.startsWith(`One game again: ${chooser} chose your table`)), 5000);
  // (Not the audit's caution about the split's dice: see the spec's header.)
  for (const s of [await alice.state(), await bob.state()]) {
    assert.ok(!s.story.some((l) => /was away|Alice left\.|Bob left\. Alice/.test(l)), JSON.stringify(s.story));
  }
  return [a, b];
}

test('a guest elects itself in a room of two: the host keeps the room and both players are told', { timeout: 90000 }, async () => {
  const { alice, bob } = await roomOfTwo('told');
  try {
    await twoHosts({ alice, bob });
    // Alice's game goes on under her own tab (her copy only: Bob's tab hosts its own).
    await playsOn(alice, 0);
    assert.equal((await alice.state()).hosting, true);
    await offered(alice, 'Bob');
    await offered(bob, 'Alice');
    await screenshot(alice.page, 'two-hosts-alice');
    await screenshot(bob.page, 'two-hosts-bob');
    assert.deepEqual(errors(), []);
  } finally {
    await Promise.all([alice.page.close(), bob.page.close()]);
  }
});

test('two hosts: the adversary\'s player plays at the live host\'s table, one game again', { timeout: 90000 }, async () => {
  const { alice, bob } = await roomOfTwo('back');
  try {
    await twoHosts({ alice, bob });
    await (await offered(bob, 'Alice')).click();
    const [a] = await oneGame({ alice, bob }, alice);
    assert.ok(a.epoch > 0, 'Alice hosts the round after Bob\'s, from her own copy');
    await playsOn(bob, 1);
    await waitConverged([alice, bob], 'play after the choice', 20000);
    assert.deepEqual(errors(), []);
  } finally {
    await Promise.all([alice.page.close(), bob.page.close()]);
  }
});

test('two hosts: the live host\'s player plays at the other table, one game again', { timeout: 90000 }, async () => {
  const { alice, bob } = await roomOfTwo('over');
  try {
    const { b } = await twoHosts({ alice, bob });
    await (await offered(alice, 'Bob')).click();
    const [a] = await oneGame({ alice, bob }, bob);
    assert.equal(a.epoch, b.epoch, 'Alice follows the election she refused');
    await playsOn(alice, 0);
    await waitConverged([alice, bob], 'play after the choice', 20000);
    assert.deepEqual(errors(), []);
  } finally {
    await Promise.all([alice.page.close(), bob.page.close()]);
  }
});
