// The home screen loads from duel-server and its buttons respond, for two isolated players.
const { after, before, test } = require('node:test');
const assert = require('node:assert/strict');
const { HomePage, launchBrowser, screenshot, startServer } = require('./lib');

let server;
let session;

before(async () => {
  server = await startServer();
  session = await launchBrowser({ players: 2 });
});

after(async () => {
  await session?.close();
  await server?.stop();
});

test('home screen offers Practice, Create room and Join', { timeout: 60000 }, async () => {
  const [alice] = session.players;
  const home = new HomePage(await alice.newPage());
  await home.goto(server.url);

  for (const button of [home.practiceButton, home.createRoomButton, home.joinButton]) {
    assert.ok(await button.isVisible(), 'button visible');
    assert.ok(await button.isEnabled(), 'button enabled');
  }
  assert.equal(await home.page.title(), 'Dice Duel');

  await home.practice();
  await home.page.waitForFunction(
    () => document.querySelector('[data-testid="home-status"]')?.textContent.includes('Practice'),
  );
  await screenshot(home.page, 'home-practice');
  assert.deepEqual(alice.errors, []);
});

test('two players use the home screen independently', { timeout: 60000 }, async () => {
  const [alice, bob] = session.players;
  const homeA = new HomePage(await alice.newPage());
  const homeB = new HomePage(await bob.newPage());
  await Promise.all([homeA.goto(server.url), homeB.goto(server.url)]);

  await homeA.createRoom();
  await homeB.join();
  await homeA.page.getByText('Create a room').waitFor();
  await homeB.page.getByText('Join a room').waitFor();
  assert.match(await homeA.status(), /Create a room/);
  assert.match(await homeB.status(), /Join a room/);
  await screenshot(homeB.page, 'home-join');
  assert.deepEqual([...alice.errors, ...bob.errors], []);
});
