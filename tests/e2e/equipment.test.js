// Experimental Equipment in practice, by clicks only, at phone size: "Draft"
// chosen in the lobby, the draft screen (whose pick, the cards face up, both
// teams' picks), then a person puts a Tractor die showing the square and a
// Helm die on Blink, shouts "Blink!", and the ship jumps on the board. The
// bot crew still takes its cards (`bots=off` only stops it playing). On the test's clock
// (issue 44, lib/clock.js): the bot team's picks and the Blink freeze move only while the spec
// runs the page's clock.
const assert = require('node:assert/strict');
const { GamePage, HomePage, LobbyPage, clockQuery, freezeCall, paths, runUntil, runUntilShown, screenshot, test, useStack } = require('./lib');

const stack = useStack({ dist: paths.TEST_DIST });

const turnText = (page) => page.getByTestId('draft-turn').textContent();

test('equipment: draft in the practice lobby, then Blink moves the ship', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const home = new HomePage(page);
  // Seed 1: the host's dice draw White to pick first (the deal is a host action: its dice
  // follow from the seed alone, see docs/PROTOCOL.md "Dice nobody can bend").
  await home.goto(stack.server.url, clockQuery(1, '&bots=off&fast=1'));
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await page.getByTestId('lobby-equipment-draft').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="lobby-equipment-draft"]')?.classList.contains('is-on'));
  await lobby.waitHolder(0, 'player');
  await lobby.start();

  // The draft: White picks one, Black (a bot) two, White takes the last.
  await runUntilShown(page, 'draft-panel', { maxMs: 5000 });
  await runUntilShown(page, 'draft-turn', { maxMs: 5000 });
  assert.match(await turnText(page), /White: your pick/);
  assert.equal(await page.locator('[data-testid^="draft-take-"]').count(), 4, 'four cards face up');
  await screenshot(page, 'equipment-draft-390');
  await page.getByTestId('draft-take-blink').click();
  await runUntil(page, 'the draft over', () => !document.querySelector('[data-testid="draft-panel"]'), { maxMs: 20000 });
  const game = new GamePage(page, 0);
  await game.waitFor();
  await page.getByTestId('card-blink').waitFor();
  // "showing the square": the card draws the Tractor die's square where its text names it.
  assert.equal(await page.getByTestId('card-blink').getByTestId('card-special-symbol').count(), 1);
  assert.equal(await page.locator('[data-testid^="card-"][data-testid$="-status"]').count(), 2, 'White holds two cards');
  assert.match(await page.getByTestId('display-1').textContent(), /Cards/, "the enemy's cards are visible");
  // Below the station on a phone, a cue says so and brings them into sight (issue 33).
  const cue = page.getByTestId('cards-cue');
  assert.match(await cue.textContent(), /Your 2 equipment cards are below/);
  await cue.click();
  // The enemy's cards say what they do (on the Board tab on a phone): a tap on the name opens the text.
  await game.showBoard();
  const theirs = page.locator('[data-testid^="display-1-card-"]').first();
  await theirs.locator('summary').click();
  assert.ok((await theirs.locator('.disp__card-text').textContent()).length > 20, "the enemy card's text");
  assert.match(await page.getByTestId('card-blink-status').textContent(), /Place its dice/);

  // Blink: a Tractor die showing the square, then a Helm die for the direction.
  await game.place('tractor', ['the square (expansion symbol)'], () => 'card-blink-slot-1');
  assert.equal(await game.countIn('card-blink-slot-1'), 1);
  const direction = await game.place('helm', ['Forward 1', 'Forward 2', 'Forward + turn left', 'Forward + turn right'], () => 'card-blink-slot-0');
  await page.waitForFunction(() => /Ready/.test(document.querySelector('[data-testid="card-blink-status"]')?.textContent ?? ''));
  await screenshot(page, 'equipment-blink-ready-390');
  const before = await game.shipSquare(0);
  await page.getByTestId('card-blink-use').click();
  await runUntilShown(page, 'freeze-overlay', { maxMs: 5000 });
  assert.match(await freezeCall(page), /White: Blink!/);
  await runUntil(page, 'the ship moved', (f) => document.querySelector('[data-testid="board-ship-0"]')?.dataset.square !== f, { arg: before, maxMs: 15000 });
  const after = await game.shipSquare(0);
  const col = (sq) => sq.charCodeAt(0);
  const row = (sq) => Number(sq.slice(1));
  if (/left/.test(direction)) assert.equal(col(after), col(before) - 1, `${before} → ${after}`);
  else if (/right/.test(direction)) assert.equal(col(after), col(before) + 1, `${before} → ${after}`);
  else assert.equal(row(after), row(before) - 1, `${before} → ${after}`);
  await runUntil(page, 'the freeze over', () => !document.querySelector('[data-testid="freeze-overlay"]'), { maxMs: 15000 });
  assert.equal(await game.countIn('card-blink-slot-0'), 0, 'the dice come off the card');
  assert.equal(await game.countIn('card-blink-slot-1'), 0);
  await page.setViewportSize({ width: 820, height: 1180 });
  await screenshot(page, 'equipment-cards-tablet');
});
