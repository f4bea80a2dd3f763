// A practice pace (issue 16): a practice battle pauses with P or the Pause button and
// by itself while the rules page is in front: nothing moves (no bot acts, no event
// arrives) and nothing can be sent; it resumes where it stopped. The bots' pace is
// chosen in the lobby or on the pause card and remembered. The battle runs on the test's clock
// (issue 44, lib/clock.js; seed 3): a pause is shown to hold while game time passes, not while
// the machine happens to be slow.
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, advance, clockQuery, paths, runUntil, test, useStack } = require('./lib');

// The test build: `window.__duel.head` counts the events applied.
const stack = useStack({ players: 1, dist: paths.TEST_DIST });

const head = (page) => page.evaluate(() => window.__duel?.head ?? 0);

/** Waits until the bots have moved the game on from `from`. */
const movesOn = (page, from) => runUntil(page, `the game past event ${from}`, (h) => (window.__duel?.head ?? 0) > h, { arg: from, maxMs: 20000 });

test('P pauses a practice battle: nothing moves, nothing is sent; the rules page pauses it too', { timeout: 90000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, clockQuery(3, '&speed=4'));
  await home.practice();
  await page.getByTestId('game').waitFor();
  await movesOn(page, 0);

  await page.keyboard.press('p');
  await page.getByTestId('pause-card').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'pause-resume', 'the card has the focus');
  const paused = await head(page);
  await advance(page, 5000);
  assert.equal(await head(page), paused, 'no bot acted in five seconds of a pause');
  await page.keyboard.press('p');
  await page.getByTestId('pause-card').waitFor({ state: 'hidden' });
  await movesOn(page, paused);

  // The Pause button; a shortcut while paused is refused with the reason.
  await page.getByTestId('pause').click();
  await page.getByTestId('pause-card').waitFor();
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('r');
  await page.getByTestId('toast').filter({ hasText: 'The game is paused' }).waitFor();
  await page.getByTestId('pause-resume').click();
  await page.getByTestId('pause-card').waitFor({ state: 'hidden' });

  // The rules page in front: the battle waits, and goes on when the game is back.
  await page.getByTestId('hud-rules').click();
  await page.getByTestId('rules').waitFor();
  const reading = await head(page);
  await advance(page, 5000);
  assert.equal(await head(page), reading, 'the game waited while the rules were read');
  await page.goBack();
  await page.getByTestId('game').waitFor();
  assert.equal(await page.getByTestId('pause-card').count(), 0, 'coming back resumes it');
  await movesOn(page, reading);
  assert.deepEqual(player.errors, []);
});

test('the bot pace is chosen in the practice lobby and on the pause card, and remembered', { timeout: 60000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=5');
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await page.getByTestId('bot-pace').selectOption('relaxed');
  assert.match(await page.getByTestId('bot-pace-hint').textContent(), /half speed/);
  await lobby.start();
  await page.getByTestId('pause').click();
  assert.equal(await page.getByTestId('bot-pace').inputValue(), 'relaxed', 'the card shows the pace chosen');
  await page.getByTestId('bot-pace').selectOption('brisk');
  await page.getByTestId('pause-resume').click();
  await page.reload();
  await page.getByTestId('game').waitFor();
  await page.getByTestId('pause').click();
  assert.equal(await page.getByTestId('bot-pace').inputValue(), 'brisk', 'remembered on this device');
  assert.deepEqual(player.errors, []);
});
