// Rooms that explain themselves (issue 16): a made-up room code is named as such within
// 5 s and can be hosted on the spot; a malformed link says what is wrong; the lobby copies
// its link and offers the board view in one tap.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { HomePage, screenshot, useStack } = require('./lib');

const stack = useStack({ players: 2 });

test('a made-up room code is named within 5 s, and the room can be hosted from there', { timeout: 60000 }, async () => {
  const [alice] = stack.session.players;
  const page = await alice.newPage();
  const start = Date.now();
  await page.goto(`${stack.server.url}/?room=nobody-hosts-this`);
  await page.getByTestId('room-missing').waitFor({ timeout: 7000 });
  const seconds = (Date.now() - start) / 1000;
  assert.ok(seconds <= 6.5, `said after ${seconds.toFixed(1)} s (the page load included)`);
  assert.match(await page.getByTestId('room-missing').textContent(), /Nobody is hosting a room called “nobody-hosts-this”/);
  await screenshot(page, 'room-missing');
  await page.getByTestId('room-missing-host').click();
  await page.getByTestId('lobby').waitFor({ timeout: 15000 });
  assert.match(await page.getByTestId('lobby-share-link').inputValue(), /\?room=nobody-hosts-this$/);

  // The lobby: Copy link puts the link on the clipboard; the board view is one tap.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('lobby-copy-link').click();
  await page.getByTestId('toast').filter({ hasText: 'Link copied' }).waitFor();
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /\?room=nobody-hosts-this$/);
  const board = await page.getByTestId('lobby-board-link').getAttribute('href');
  assert.match(board, /\?room=nobody-hosts-this&view=board$/);

  // A second device opens the board view link and watches the room.
  const [bob] = stack.session.players.slice(1);
  const tv = await bob.newPage();
  await tv.goto(board);
  await tv.getByTestId('board-screen').waitFor({ timeout: 15000 });
  assert.deepEqual(alice.errors, []);
});

test('a malformed room link shows what is wrong instead of a silent home screen', async () => {
  const [alice] = stack.session.players;
  const page = await alice.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '/?room=bad!room%20id');
  const error = page.getByTestId('home-link-error');
  await error.waitFor();
  assert.match(await error.textContent(), /room code “bad!room id” cannot be a room/);
  assert.equal(await error.getAttribute('role'), 'alert');
  assert.deepEqual(alice.errors, []);
});
