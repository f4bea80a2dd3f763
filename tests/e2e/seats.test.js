// Several seats on one device (a tablet passed round the table): each station
// is one tap away; the board view shows both ships; a reload resumes the game.
const assert = require('node:assert/strict');
const { GamePage, HomePage, LobbyPage, screenshot, test, useStack } = require('./lib');

const stack = useStack();

test('a device holding two seats switches station in one tap; the board view renders both ships', { timeout: 90000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=5&bots=off');
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await lobby.crew(2);
  await lobby.waitHolder(0, 'player');
  await lobby.take(1);
  assert.equal(await lobby.holder(2), 'bot');
  await lobby.start();

  const game = new GamePage(page, 0);
  // Seat 0: Helm, Shields, Tractor, (shared) Engineering; seat 1: Weapons, Sensors.
  for (const station of ['engineering', 'helm', 'weapons', 'sensors', 'shields', 'tractor']) {
    await game.tab(station).click();
    await page.getByTestId(`station-${station}`).waitFor({ state: 'visible', timeout: 2000 });
    assert.ok(await game.tab(station).evaluate((e) => e.classList.contains('is-active')), station);
  }
  // The keyboard cycles the tabs too: ] shows the next one; Tab stays the browser's (focus).
  const order = await page.locator('[data-testid="tabs"] .tab').evaluateAll((ts) => ts.map((t) => t.dataset.testid));
  assert.deepEqual(order, ['tab-0-engineering', 'tab-0-helm', 'tab-0-shields', 'tab-0-tractor', 'tab-0-weapons', 'tab-0-sensors', 'tab-board']);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Tab');
  assert.ok(await game.tab('tractor').evaluate((e) => e.classList.contains('is-active')), 'Tab does not switch tabs');
  await page.keyboard.press(']');
  await page.waitForFunction(() => document.querySelector('[data-testid="tab-0-weapons"]')?.classList.contains('is-active'));
  // "?" lists every shortcut; Esc closes the list.
  await page.keyboard.press('?');
  await page.getByTestId('keys-card').waitFor();
  assert.match(await page.getByTestId('keys-card').textContent(), /next and previous tab/);
  await page.keyboard.press('Escape');
  await page.getByTestId('keys-card').waitFor({ state: 'hidden' });
  await page.getByTestId('station-weapons').waitFor({ state: 'visible', timeout: 2000 });

  await game.showBoard();
  for (const ship of [0, 1]) {
    await page.locator(`[data-testid="board-view"] [data-testid="board-ship-${ship}"]`).waitFor();
    await page.locator(`[data-testid="board-view"] [data-testid="display-${ship}"]`).waitFor();
  }
  await screenshot(page, 'board-tab');

  // The shared-screen view: the same game after a reload, no controls.
  await page.goto(`${stack.server.url}?view=board`);
  await page.getByTestId('board-screen').waitFor();
  for (const ship of [0, 1]) {
    await page.getByTestId(`board-ship-${ship}`).waitFor();
    await page.getByTestId(`display-${ship}`).waitFor();
  }
  assert.equal(await page.getByTestId('commands').count(), 0, 'no controls on the board view');
  assert.equal(await page.getByTestId(`board-ship-0`).getAttribute('data-square'), 'E9');
  await screenshot(page, 'board-view');
  assert.deepEqual(player.errors, []);
});

/** A practice lobby at `size` with `crew` players a ship, this device on seat 0. */
async function practiceLobby(size, crew) {
  const [player] = stack.session.players;
  const page = await player.newPage();
  await page.setViewportSize(size);
  await new HomePage(page).goto(stack.server.url, '?seed=5&bots=off');
  await page.getByTestId('home-practice-setup').click();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await lobby.crew(crew);
  await lobby.waitHolder(0, 'player');
  return { player, page, lobby };
}

test("a device with seats on both ships shows each ship's tabs under its name, and every station names its ship", { timeout: 90000 }, async () => {
  const { player, page, lobby } = await practiceLobby({ width: 768, height: 1024 }, 1);
  await lobby.take(1); // Black's only seat: this tablet crews both ships
  await lobby.start();

  // Each ship's tabs follow its name: "White" before White's, "Black" before Black's.
  const bar = await page.locator('[data-testid="tabs"] > *').evaluateAll((es) => es.map((e) => e.dataset.testid));
  const white = bar.indexOf('tabs-ship-0');
  const black = bar.indexOf('tabs-ship-1');
  assert.ok(white === 0 && black > white, bar.join(' '));
  assert.ok(bar.slice(white + 1, black).every((t) => t.startsWith('tab-0-')), bar.join(' '));
  assert.ok(bar.slice(black + 1).every((t) => t.startsWith('tab-1-') || t === 'tab-board'), bar.join(' '));
  assert.equal(await page.getByTestId('tabs-ship-0').textContent(), 'White');
  assert.equal(await page.getByTestId('tabs-ship-1').textContent(), 'Black');

  // Two Helm panels that look alike say whose they are.
  for (const [ship, name] of [[0, 'White'], [1, 'Black']]) {
    await page.getByTestId(`tab-${ship}-helm`).click();
    const shown = page.locator('[data-testid="station-helm"]:visible');
    await shown.waitFor();
    assert.equal(await shown.getByTestId('station-ship').textContent(), name);
  }
  await screenshot(page, 'tabs-two-ships-768');
  assert.deepEqual(player.errors, []);
});

test("mid-game, on a phone: take a seat a bot plays on your side, and hand one's own to a bot", { timeout: 90000 }, async () => {
  const { player, page, lobby } = await practiceLobby({ width: 390, height: 844 }, 2);
  await lobby.waitHolder(1, 'bot');
  await lobby.start();
  await page.getByTestId('tab-0-helm').waitFor();
  assert.equal(await page.getByTestId('tab-0-weapons').count(), 0, "White's Weapons is a bot's");

  // The Seats card names who plays each seat; White's second seat is a bot's, for the taking.
  await page.getByTestId('hud-seats').click();
  await page.getByTestId('seats-card').waitFor();
  assert.equal(await page.getByTestId('game-seat-0-who').textContent(), 'You');
  assert.equal(await page.getByTestId('game-seat-1-who').textContent(), 'A medium bot');
  await screenshot(page, 'seats-card-390');
  await page.getByTestId('game-seat-1-take').click();
  await page.getByTestId('game-seat-1-who').filter({ hasText: 'You' }).waitFor();
  // Black's seats are the other side's: a tap says why and changes nothing.
  await page.getByTestId('game-seat-2-take').click();
  await page.getByTestId('toast').filter({ hasText: /on the other side/ }).first().waitFor();
  assert.equal(await page.getByTestId('game-seat-2-who').textContent(), 'A medium bot');
  await page.getByTestId('seats-close').click();
  await page.getByTestId('tab-0-weapons').waitFor();

  // White's first seat goes to a bot: its tabs go, the taken ones stay; no station is left empty.
  await page.getByTestId('hud-seats').click();
  await page.getByTestId('game-seat-0-bot').click();
  await page.getByTestId('game-seat-0-who').filter({ hasText: 'A medium bot' }).waitFor();
  await page.getByTestId('seats-close').click();
  await page.getByTestId('tab-0-helm').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('tab-0-weapons').count(), 1);
  assert.deepEqual(player.errors, []);
});

test("a phone's lobby: each ship's bots at one level, each seat's own tucked away, levels kept through a new crew size, Start always in reach", { timeout: 90000 }, async () => {
  const { player, page, lobby } = await practiceLobby({ width: 360, height: 740 }, 2);
  await lobby.fillBots();
  await lobby.waitHolder(3, 'bot');
  // Start is on screen without scrolling past the toggles (the bar is sticky).
  const inView = async () => page.getByTestId('lobby-start').evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === e;
  });
  assert.ok(await inView(), 'Start in the first screenful');
  await page.getByTestId('lobby-cover').scrollIntoViewIfNeeded();
  assert.ok(await inView(), 'Start still in reach after scrolling');

  // One choice per ship; the per-seat selects are hidden until asked for.
  assert.equal(await page.getByTestId('seat-1-level').count(), 0, 'each seat\'s level is tucked away');
  await page.getByTestId('lobby-ship-level-1').locator('select').selectOption('hard');
  await page.getByTestId('seat-3-who').filter({ hasText: 'Bot · hard' }).waitFor();
  assert.equal(await page.getByTestId('seat-2-who').textContent(), 'Bot · hard');
  await screenshot(page, 'lobby-bots-360');
  await page.getByTestId('lobby-each-level').click();
  await page.getByTestId('seat-3-level').selectOption('easy');
  await page.getByTestId('seat-3-who').filter({ hasText: 'Bot · easy' }).waitFor();
  assert.equal(await page.getByTestId('lobby-ship-level-1').locator('select').inputValue(), 'mixed', 'the ship\'s levels differ');

  // Three a ship: Black's bots keep the level of Black's first seat.
  await lobby.crew(3);
  await lobby.waitHolder(5, 'bot');
  for (const seat of [3, 4, 5]) {
    assert.equal(await page.getByTestId(`seat-${seat}-who`).textContent(), 'Bot · hard', `seat ${seat}`);
  }
  assert.equal(await page.getByTestId('seat-1-who').textContent(), 'Bot · medium');
  assert.deepEqual(player.errors, []);
});
