// Thunderstruck Duel between two browsers over real WebRTC: Alice creates a room, picks
// Thunderstruck Duel (two ships, six rounds) in the lobby, Bob joins by the share link and takes
// Blue, and both play their own consoles by clicks to the same result. Each browser keeps its
// own secrets (the hidden planning's seeds); the host only ever sees digests until the reveal.
// A third browser, the TV at the table, takes no seat and watches the same duel.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const { HomePage, launchBrowser, LobbyPage, paths, screenshot, startServer, test, ThunderPage, wasmAsked } = require('./lib');

let server;
let session;

before(async () => {
  server = await startServer({ dist: paths.DIST });
  session = await launchBrowser({ players: 3 });
});

after(async () => {
  await session?.close();
  await server?.stop();
});

test('two browsers play a Thunderstruck duel over WebRTC to the same result', { timeout: 100000 }, async () => {
  const alice = await session.players[0].newPage();
  const bob = await session.players[1].newPage();
  const tv = await session.players[2].newPage();
  // dist/ holds the app in three files (issues 32 and 49): which one each page ran, in order.
  const ran = new Map([['alice', wasmAsked(alice)], ['bob', wasmAsked(bob)], ['tv', wasmAsked(tv)]]);
  const onFull = (page) => page.waitForFunction(() => window.__ddFiles.wasm === window.__ddFull.wasm, null, { timeout: 20000 });
  const home = new HomePage(alice);
  await home.goto(server.url, '?fast=1&speed=10');
  const { practice, base, full } = await alice.evaluate(() => ({ practice: window.__ddFiles.wasm, base: window.__ddRooms.wasm, full: window.__ddFull.wasm }));
  assert.equal(new Set([practice, base, full]).size, 3, 'the home runs the practice file, neither of the others');
  // A room's host runs the full app (src/boot/full_first.rs): it loads it, then creates the room.
  await home.createRoom();
  await onFull(alice);
  const hostLobby = new LobbyPage(alice);
  await hostLobby.waitFor();
  await alice.getByTestId('lobby-game-thunderstruck').click();
  await alice.getByTestId('lobby-ts-rounds-6').click();
  await alice.waitForFunction(() => document.querySelector('[data-testid="lobby-ts-rounds-6"]')?.classList.contains('is-on'));
  await hostLobby.waitHolder(0, 'player');
  assert.equal((await alice.getByTestId('seat-0').textContent()).includes('Red'), true, 'seat 0 is Red');

  const link = await alice.getByTestId('lobby-share-link').inputValue();
  await bob.goto(`${link}&fast=1&speed=10`);
  // A guest by a room link starts on the base file; the room plays Thunderstruck, so it loads
  // the full one and rejoins.
  await onFull(bob);
  // (The full file is asked twice: fetched into the cache, then started from it after the reload.)
  assert.deepEqual([...new Set(ran.get('bob'))], [base, full], 'Bob ran the base file, then the full one');
  const guestLobby = new LobbyPage(bob);
  await guestLobby.waitFor();
  await bob.getByTestId('lobby-game-thunderstruck').waitFor();
  assert.ok(await bob.getByTestId('lobby-game-thunderstruck').evaluate((b) => b.classList.contains('is-on')), 'the guest sees the mode');
  await guestLobby.take(1);
  await hostLobby.waitHolder(1, 'player');
  await tv.goto(link);
  await onFull(tv);
  await new LobbyPage(tv).waitFor();
  await screenshot(alice, 'thunderstruck-room-lobby');
  await alice.getByTestId('lobby-start').click();

  const red = new ThunderPage(alice, 'click');
  const blue = new ThunderPage(bob, 'click');
  await Promise.all([red.id('ts-duel').waitFor({ timeout: 20000 }), blue.id('ts-duel').waitFor({ timeout: 20000 })]);
  assert.match(await blue.id('ts-round').textContent(), /Round 1 of 6/);
  await tv.getByTestId('ts-spectating').waitFor({ timeout: 20000 });
  await screenshot(tv, 'thunderstruck-room-tv');

  // Round 1's plans by hand, then Red's first turn by keyboard alone: Enter on a die, and
  // "Action!" is a few Tabs away (the focus moves to the die's options).
  await Promise.all([red.plan(), blue.plan()]);
  await red.id('ts-turn').waitFor({ timeout: 20000 });
  await alice.locator('[data-testid^="ts-space-"][data-pip]').first().focus();
  await alice.keyboard.press('Enter');
  await red.id('ts-options').waitFor();
  let tabs = 0;
  const onGo = () => alice.evaluate(() => document.activeElement?.dataset?.testid === 'ts-go');
  while (tabs < 8 && !(await onGo())) { await alice.keyboard.press('Tab'); tabs += 1; }
  assert.ok(await onGo(), `"Action!" within 8 Tabs of the die (${tabs})`);
  await alice.keyboard.press('Enter');
  await red.id('ts-turn').waitFor({ state: 'hidden', timeout: 10000 });

  await Promise.all([red.playToResult({ timeoutMs: 90000 }), blue.playToResult({ timeoutMs: 90000 })]);
  await screenshot(bob, 'thunderstruck-room-result');

  const [a, b] = [await red.id('ts-winner').textContent(), await blue.id('ts-winner').textContent()];
  const agree = { 'You win!': 'Red wins.', 'Blue wins.': 'You win!', 'A draw.': 'A draw.' };
  assert.equal(agree[a], b, `Alice sees "${a}", Bob "${b}"`);
  const watched = { 'You win!': 'Red wins.', 'Blue wins.': 'Blue wins.', 'A draw.': 'A draw.' };
  await tv.getByTestId('ts-result').waitFor({ timeout: 20000 });
  assert.equal(await tv.getByTestId('ts-winner').textContent(), watched[a], 'the TV shows the same result');
  assert.equal(await red.id('ts-rounds').textContent(), await blue.id('ts-rounds').textContent());
  assert.ok(red.stats.plans >= 1 && blue.stats.plans >= 1, 'both planned by hand');

  // Bob keeps the match and watches it again: from the first plan to the same result.
  await bob.getByTestId('ts-replay').click();
  await bob.getByTestId('replay-controls').waitFor();
  assert.match(await bob.getByTestId('replay-title').textContent(), /Thunderstruck Duel/);
  const timeline = bob.getByTestId('replay-timeline');
  await timeline.fill(String(await timeline.evaluate((el) => el.max)));
  await bob.getByTestId('ts-result').waitFor({ timeout: 10000 });
  assert.equal(await bob.getByTestId('ts-winner').textContent(), watched[a], 'the replay ends in the same result');
  await screenshot(bob, 'thunderstruck-room-replay');
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
