// Replays and saved games (issue 17): a finished practice game is kept, its replay
// shows each freeze exactly as the game did (the same head and state hash the live
// tab showed), it travels as a file and as a link, a damaged file is refused with a
// sentence and changes nothing; and a practice closed mid-game resumes where it stopped.
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, clockQuery, paths, runUntil, runUntilShown, screenshot, test, useStack } = require('./lib');

// The test build: `window.__duel` (head, state hash) and `__duelSeen` (every position shown).
const stack = useStack({ players: 2, dist: paths.TEST_DIST });

const duel = (page) => page.evaluate(() => window.__duel && { head: window.__duel.head, hash: window.__duel.hash });

test('a finished game is kept, replays its freezes as they were, travels as a file and a link', { timeout: 100000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  // On the test's clock (issue 44): the bots' game runs as fast as the page computes it and
  // plays the same on any machine (seed 7). At 20× and real time one could still be going after
  // 100 s on a loaded machine.
  await home.goto(stack.server.url, clockQuery(7, '&speed=20&fast=1'));
  assert.equal(await page.getByTestId('saved-game').count(), 0, 'nothing saved yet');
  await page.getByTestId('saved-none').waitFor();

  // Two bot crews play it out while this tab watches.
  await home.practiceLobby();
  const lobby = new LobbyPage(page);
  await lobby.waitFor();
  await lobby.bot(0);
  await lobby.start();
  await runUntilShown(page, 'result', { toResult: true });
  // Said from this tab's side ("Black won: you lost.", "You won!"); the replay's title names the team.
  const headline = await page.getByTestId('result-winner').textContent();
  const winner = headline.match(/^(White|Black) (won|wins)/)?.[1] ?? '(White|Black)';
  const end = await duel(page);
  const seen = await page.evaluate(() => window.__duelSeen.slice());

  // The replay opens at the start; the first freeze shows what the live tab showed.
  await page.getByTestId('result-replay').click();
  await page.getByTestId('replay-controls').waitFor();
  assert.match(await page.getByTestId('replay-title').textContent(), new RegExp(`Dice Duel.*${winner} wins`));
  assert.equal((await duel(page)).head, 0, 'the replay starts before the first event');
  await page.getByTestId('replay-next-freeze').click();
  await page.waitForFunction(() => window.__duel.head > 0);
  const atFreeze = await duel(page);
  assert.ok(seen.includes(`${atFreeze.head}:${atFreeze.hash}`), `the freeze at event ${atFreeze.head} is a position the game showed`);
  await page.getByTestId('freeze-overlay').waitFor();
  await screenshot(page, 'replay-freeze');
  // A second freeze, then back to the first: the same position again.
  await page.getByTestId('replay-next-freeze').click();
  await page.waitForFunction((h) => window.__duel.head > h, atFreeze.head);
  await page.getByTestId('replay-prev-freeze').click();
  await page.waitForFunction((h) => window.__duel.head === h, atFreeze.head);
  assert.deepEqual(await duel(page), atFreeze);
  // Played at 16×, it reaches the game's end.
  await page.getByTestId('replay-speed').selectOption('16');
  await page.getByTestId('replay-play').click();
  await runUntil(page, 'the replay at the game\'s end', (h) => window.__duel.head === h, { arg: end.head });
  assert.deepEqual(await duel(page), end, 'the replay ends where the game did');

  // As a file: downloaded, and imported back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('replay-download').click()]);
  assert.match(download.suggestedFilename(), /\.ddgame$/);
  const file = require('node:fs').readFileSync(await download.path(), 'utf8');
  assert.match(file, /^DDG1\.[A-Za-z0-9_-]+$/);

  await page.getByTestId('replay-home').click();
  await home.root.waitFor();
  await page.getByTestId('saved-game').first().waitFor();
  assert.equal(await page.getByTestId('saved-game').count(), 1, 'the game is kept once');
  assert.match(await page.getByTestId('saved-game').textContent(), new RegExp(winner));

  // A damaged file says why and changes nothing.
  const middle = Math.floor(file.length / 2);
  const damaged = file.slice(0, middle) + (file[middle] === 'A' ? 'B' : 'A') + file.slice(middle + 1);
  await page.getByTestId('saved-import').setInputFiles({ name: 'damaged.ddgame', mimeType: 'text/plain', buffer: Buffer.from(damaged) });
  await page.getByTestId('toast').filter({ hasText: 'could not be opened' }).waitFor();
  await page.getByTestId('saved-import').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('shopping list') });
  await page.getByTestId('toast').filter({ hasText: 'not a Dice Duel game file' }).waitFor();
  assert.ok(await home.root.isVisible(), 'still on the home screen');
  assert.equal(await page.getByTestId('saved-game').count(), 1);

  await page.getByTestId('saved-import').setInputFiles({ name: 'game.ddgame', mimeType: 'text/plain', buffer: Buffer.from(file) });
  await page.getByTestId('replay-controls').waitFor();
  await page.getByTestId('replay-timeline').fill(String(end.head));
  await page.waitForFunction((h) => window.__duel.head === h, end.head);
  assert.deepEqual(await duel(page), end, 'the imported game is the same game');

  // As a link: another browser opens it and watches the same game.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('replay-share').click();
  // Copied (a toast says so), or shown to copy by hand where the clipboard is refused.
  await page.getByTestId('toast').filter({ hasText: 'Link copied' }).or(page.getByTestId('replay-link')).first().waitFor();
  const link = (await page.getByTestId('replay-link').count())
    ? await page.getByTestId('replay-link').inputValue()
    : await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#\/replay\?g=DDG1\./);
  console.log(`a whole game: ${file.length} characters as a file, a link of ${link.length}`);
  const [friend] = stack.session.players.slice(1);
  const other = await (friend || player).newPage();
  await other.setViewportSize({ width: 390, height: 844 });
  await other.goto(link);
  await other.getByTestId('replay-controls').waitFor({ timeout: 15000 });
  await other.getByTestId('replay-timeline').fill(String(end.head));
  await other.waitForFunction((h) => window.__duel && window.__duel.head === h, end.head);
  assert.deepEqual(await duel(other), end);
  await screenshot(other, 'replay-link-phone');
  await other.getByTestId('replay-start').click();
  await other.getByTestId('replay-next-freeze').click();
  await other.getByTestId('freeze-overlay').waitFor();
  await screenshot(other, 'replay-freeze-phone');
  assert.deepEqual(player.errors, []);
});

test('a practice closed mid-game is offered again and resumes at the same position', { timeout: 60000 }, async () => {
  const [player] = stack.session.players;
  const page = await player.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=2&bots=off');
  await home.practice();
  await page.getByTestId('game').waitFor();
  await page.getByTestId('engineering-roll').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="energy-die-0"]')?.dataset.state === 'rolled');
  await page.waitForTimeout(1200); // the save is written within a second of a change
  const before = await duel(page);
  await page.close();

  const again = await player.newPage();
  const reopened = new HomePage(again);
  await reopened.goto(stack.server.url, '?seed=2&bots=off');
  await again.getByTestId('home-resume').click();
  await again.getByTestId('game').waitFor();
  await again.waitForFunction((h) => window.__duel && window.__duel.head === h, before.head);
  assert.deepEqual(await duel(again), before, 'the same head and state hash');
  assert.deepEqual(player.errors, []);
});
