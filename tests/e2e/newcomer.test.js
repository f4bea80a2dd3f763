// What a newcomer must be able to read (issue 16): an unrolled die that is not a face,
// dice and boxes named for a screen reader, counts in words, a legend on every station,
// board squares named for what is on them, a Sensors lock built up by tapping, a
// freeze's result that stays until it is closed (every number, the call told once),
// one message at a time; in a room, a guest's own name and the board turned for Black.
const assert = require('node:assert/strict');
const { freezeCall, GamePage, HomePage, LobbyPage, screenshot, test, useStack } = require('./lib');

const stack = useStack({ players: 2 });

async function practice(player) {
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=3&bots=off&fast=1');
  await home.practice();
  const game = new GamePage(page, 0);
  await game.waitFor();
  return { page, game };
}

test('every symbol in words: unrolled dice, counts, legends and the board', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const { page, game } = await practice(player);

  // An unrolled energy die is drawn as no face at all, and says so.
  const first = page.getByTestId('energy-die-0').locator('svg');
  assert.ok((await first.getAttribute('class')).includes('die--blank'), 'an unrolled die has its own look');
  assert.equal(await first.getAttribute('aria-label'), 'Energy die: not rolled yet');
  assert.equal(await page.locator('.die--blank circle').count(), 0, 'no spot that reads as a 1');
  assert.match(await page.getByTestId('eng-send-1').textContent(), /0 ready to send · 0 there now/);

  // Every station has a legend in words.
  for (const station of ['engineering', 'helm', 'weapons', 'sensors', 'shields', 'tractor']) {
    await game.show(station);
    const toggle = page.getByTestId(`${station}-legend-toggle`);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    const legend = page.getByTestId(`${station}-legend`);
    await legend.waitFor();
    assert.ok((await legend.locator('dt').count()) >= 4, `${station}: every box named`);
    if (station !== 'engineering') {
      // Every face of the station's die drawn beside its name: no icon without its name.
      const faces = page.getByTestId(`${station}-legend-faces`).locator('li');
      assert.ok((await faces.count()) >= 3, `${station}: its die faces drawn and named`);
      assert.equal(await faces.first().locator('svg').count(), 1);
    }
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  }
  assert.match(await page.getByTestId('sensors-legend').textContent(), /lock is at least the range plus the enemy's jammers/);

  // The board says what is on it, square by square.
  const board = await page.getByTestId('board').first().getAttribute('aria-label');
  assert.match(board, /^The board, 9 columns by 9 rows\. /);
  assert.match(board, /E9: White ship, facing north/);
  assert.match(board, /E1: Black ship, facing south/);
  assert.match(board, /[A-I]\d: (asteroid|nebula)/);
  assert.equal(await page.getByTestId('sq-E9').first().locator('title').textContent(), 'E9: White ship, facing north');
  assert.ok(!(await page.getByTestId('board').first().getAttribute('class')).includes('board--turned'), "White's board is not turned");

  // Roll is lit only when the rules would take it: with no energy at Weapons it is dimmed and
  // says why (issue 30: it used to stay lit and be refused).
  await game.show('weapons');
  const roll = page.getByTestId('weapons-roll');
  assert.equal(await roll.getAttribute('data-refused'), 'true');
  assert.ok(await roll.evaluate((e) => e.classList.contains('is-off')), 'dimmed');
  assert.match(await roll.getAttribute('title'), /Weapons/);
  await roll.click();
  assert.match(await game.lastToast(), /Weapons/, 'a tap on a dimmed Roll says why');

  // Weapons: the station counts its dice in words; a placed die is named for a screen reader.
  await game.sendEnergy(1);
  await game.show('weapons');
  assert.equal(await roll.getAttribute('data-refused'), 'false', 'lit once it has energy');
  assert.match(await page.getByTestId('weapons-energy-words').textContent(), /^1 die ready to roll · 0 placed$/);
  await game.place('weapons', ['Nose'], () => 'weapons-f0-nose');
  assert.equal(await page.getByTestId('weapons-f0-nose').locator('.placed svg').getAttribute('aria-label'), 'Weapons die: Nose');
  assert.match(await page.getByTestId('weapons-energy-words').textContent(), /· 1 placed$/);
  assert.deepEqual(player.errors, []);
});

test('a Sensors lock of 3 built by tapping, a freeze result that stays until closed, one message at a time', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const { page, game } = await practice(player);

  // One message at a time: a second refusal replaces the first.
  await game.show('weapons');
  await page.getByTestId('weapons-roll').click();
  await page.getByTestId('toast').first().waitFor();
  await page.getByTestId('weapons-f0-nose').click();
  await page.waitForTimeout(200);
  assert.equal(await page.getByTestId('toast').count(), 1, 'messages replace each other');

  // A torpedo in front tube 1.
  for (const part of ['Nose', 'Body', 'Tail']) {
    await game.place('weapons', [part], () => `weapons-f0-${part.toLowerCase()}`);
  }
  // Sensors: a lock of at least 3, each die tapped onto the box that already holds dice.
  let lock = 0;
  for (let k = 0; k < 12 && lock < 3; k++) {
    await game.place('sensors', ['Lock', 'Double Lock'], () => 'sensors-lock');
    const now = Number(await page.getByTestId('sensors-lock-total').textContent());
    assert.ok(now > lock, `the lock grew from ${lock} (tapping an occupied box places the picked die)`);
    lock = now;
  }
  assert.ok(lock >= 3, `a lock of ${lock}`);
  assert.ok(await game.countIn('sensors-lock') >= 2, 'several dice in the one box');

  // Fire: the call is told once, and the result stays after play resumes.
  await page.getByTestId('cmd-fire1').click();
  await page.getByTestId('freeze-overlay').waitFor();
  const call = await freezeCall(page);
  assert.match(call, /White: Fire 1!/);
  const steps = await page.getByTestId('freeze-step').allTextContents();
  assert.ok(!steps.some((s) => s.includes('Fire 1!')), `the call is not printed twice: ${steps.join(' | ')}`);
  await page.getByTestId('freeze-overlay').waitFor({ state: 'detached', timeout: 15000 });
  const result = page.getByTestId('freeze-result');
  await result.waitFor();
  assert.match(await result.textContent(), /White: Fire 1!/);
  assert.match(await result.textContent(), /Hit test: lock \d+ vs range \d+ \+ jammers 0 \(needs \d+\)/);
  await page.waitForTimeout(4000);
  assert.ok(await result.isVisible(), 'still there seconds later');
  await screenshot(page, 'newcomer-freeze-result');
  await page.getByTestId('freeze-result-close').click();
  await result.waitFor({ state: 'detached' });
  assert.deepEqual(player.errors, []);
});

test("a guest names itself in the lobby, the host sees it, and Black's board is turned", { timeout: 100000 }, async () => {
  const [alice, bob] = stack.session.players;
  const host = await alice.newPage();
  const home = new HomePage(host);
  await home.goto(stack.server.url);
  await home.createRoom();
  const hostLobby = new LobbyPage(host);
  await hostLobby.waitFor();
  const link = await host.getByTestId('lobby-share-link').inputValue();

  const guest = await bob.newPage();
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.goto(link);
  const guestLobby = new LobbyPage(guest);
  await guestLobby.waitFor();
  // A guest is told whose room it joined, and its seats come before the host's invite block.
  await guest.getByTestId('lobby-joined').filter({ hasText: /^You joined .+'s room\. Take a free seat below\.$/ }).waitFor();
  const [seats, invite] = await Promise.all([guest.getByTestId('seat-1').boundingBox(), guest.getByTestId('lobby-share').boundingBox()]);
  assert.ok(seats.y < invite.y, `the seats (y=${seats.y}) before the invite (y=${invite.y})`);
  // On a phone the free seat's Take is in the first screenful, the host's choices one line.
  const take = await guest.getByTestId('seat-1-claim').boundingBox();
  assert.ok(take.y + take.height <= 844, `Take at y=${take.y} on an 844 px screen`);
  assert.match(await guest.getByTestId('lobby-shape').textContent(), /^Duel, 1 player a ship\. The host chooses\.$/);
  await screenshot(guest, 'guest-joined-390');
  assert.equal(await host.getByTestId('lobby-joined').count(), 0, 'the host is not told it joined its own room');
  // A first join asks for a name (every guest was "Cadet"); the host is not asked.
  await guest.getByTestId('lobby-name-row').filter({ hasText: 'What should the table call you?' }).waitFor();
  assert.equal(await host.getByTestId('lobby-name-ok').count(), 0, 'the host is not asked');
  await guest.getByTestId('lobby-name').fill('Grace');
  await guest.getByTestId('lobby-name-ok').click();
  // Answered once, remembered: the line says "Your name" from now on.
  await guest.getByTestId('lobby-name-ok').waitFor({ state: 'detached' });
  assert.equal(await guest.evaluate(() => localStorage.getItem('dice-duel/name')), 'Grace');
  await host.getByTestId('lobby-players').filter({ hasText: 'Grace' }).waitFor({ timeout: 15000 });
  await guestLobby.take(1);
  await hostLobby.waitHolder(1, 'player');
  await hostLobby.start();

  const black = new GamePage(guest, 1);
  await black.waitFor();
  await black.showBoard();
  const board = guest.getByTestId('board').first();
  assert.ok((await board.getAttribute('class')).includes('board--turned'), "Black's own board is turned");
  // Turned: Black's ship (E1) is drawn below White's (E9) on Black's screen.
  const [e1, e9] = await Promise.all(['sq-E1', 'sq-E9'].map((id) => guest.getByTestId(id).first().boundingBox()));
  assert.ok(e1.y > e9.y, `E1 at y=${e1.y} is below E9 at y=${e9.y}`);
  await screenshot(guest, 'newcomer-black-board');
  const hostBoard = host.getByTestId('board').first();
  assert.ok(!(await hostBoard.getAttribute('class')).includes('board--turned'), "White's is not");
  assert.deepEqual(alice.errors, []);
  assert.deepEqual(bob.errors, []);
});
