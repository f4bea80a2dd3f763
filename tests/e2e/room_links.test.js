// Rooms that explain themselves (issue 16): a made-up room code is named as such within
// 5 s and can be hosted on the spot; a malformed link says what is wrong; the lobby copies
// its link and offers the board view in one tap. Codes a phone cannot break (issue 30): a code
// typed with a capital joins, and a misspelt link or a code in the path offers its room.
const assert = require('node:assert/strict');
const { HomePage, screenshot, test, useStack } = require('./lib');

const stack = useStack({ players: 2, touch: true });

test('a made-up room code is named within 5 s, and the room can be hosted from there', { timeout: 60000 }, async () => {
  const [alice] = stack.session.players;
  const page = await alice.newPage();
  await page.goto(`${stack.server.url}/?room=nobody-hosts-this`);
  // From the moment the page says it is connecting (the page's own load is the benches' to
  // measure, not a bound here: on a busy machine it alone took 2 s): the app's 5 s timer, and
  // up to 1.5 s of a late timer on a loaded machine.
  await page.getByTestId('connecting').waitFor({ timeout: 20000 });
  const start = Date.now();
  await page.getByTestId('room-missing').waitFor({ timeout: 7000 });
  const seconds = (Date.now() - start) / 1000;
  assert.ok(seconds <= 6.5, `said ${seconds.toFixed(1)} s after the page said it was connecting`);
  assert.match(await page.getByTestId('room-missing').textContent(), /Nobody is hosting a room called “nobody-hosts-this”/);
  await screenshot(page, 'room-missing');
  await page.getByTestId('room-missing-host').click();
  await page.getByTestId('lobby').waitFor({ timeout: 15000 });
  assert.match(await page.getByTestId('lobby-share-link').inputValue(), /\?room=nobody-hosts-this&k=[0-9A-Za-z_-]{22}$/);

  // The lobby: Copy link puts the link on the clipboard; the board view is one tap.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('lobby-copy-link').click();
  await page.getByTestId('toast').filter({ hasText: 'Link copied' }).waitFor();
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /\?room=nobody-hosts-this&k=[0-9A-Za-z_-]{22}$/);
  const board = await page.getByTestId('lobby-board-link').getAttribute('href');
  assert.match(board, /\?room=nobody-hosts-this&k=[0-9A-Za-z_-]{22}&view=board$/);

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

test('on a phone: a code typed with a capital joins; a misspelt link and a code in the path offer the room', { timeout: 90000 }, async () => {
  const [alice, bob] = stack.session.players;
  const host = await alice.newPage();
  await new HomePage(host).goto(stack.server.url);
  await host.getByTestId('home-create-room').click();
  await host.getByTestId('lobby').waitFor();
  const code = new URL(await host.getByTestId('lobby-share-link').inputValue()).searchParams.get('room');
  assert.match(code, /^[0-9a-z]{20}$/, 'codes are made lowercase');

  // Bob's phone capitalises the first letter, as a phone keyboard does.
  const phone = await bob.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  const home = new HomePage(phone);
  await home.goto(stack.server.url);
  await home.joinButton.tap();
  const field = home.joinCode;
  for (const [attr, want] of [['autocapitalize', 'off'], ['autocorrect', 'off'], ['spellcheck', 'false']]) {
    assert.equal(await field.getAttribute(attr), want, `the Join field has ${attr}="${want}"`);
  }
  await field.fill(code[0].toUpperCase() + code.slice(1));
  await phone.getByTestId('home-join-go').tap();
  await phone.getByTestId('lobby').waitFor();
  assert.equal(await phone.getByTestId('room-missing').count(), 0, 'no "Nobody is hosting" for a capitalised code');
  assert.equal(new URL(phone.url()).searchParams.get('room'), code, 'the address holds the code as made');
  await screenshot(phone, 'room-joined-capitalised-390');

  // A link whose key a thumb misspelt, and one with the code in its path: each says so and offers the room.
  for (const address of [`?rooom=${code.toUpperCase()}`, `room/${code}`]) {
    const page = await bob.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(stack.server.url + address);
    const hint = page.getByTestId('home-link-hint');
    await hint.waitFor();
    assert.match(await hint.textContent(), new RegExp(`probably means.*${code}`), address);
    await screenshot(page, `room-link-hint-${address.slice(0, 6)}`);
    await page.getByTestId('home-link-hint-join').tap();
    await page.getByTestId('lobby').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('room'), code, address);
    await page.close();
  }
  assert.deepEqual(bob.errors, []);
});
