// The home screen: Practice is one tap and needs no network; the other ways in.
const assert = require('node:assert/strict');
const { HomePage, screenshot, test, useStack } = require('./lib');

const stack = useStack();

test('home offers Practice, a practice lobby, Create room, Join and the rules', { timeout: 60000 }, async () => {
  const [alice] = stack.session.players;
  const home = new HomePage(await alice.newPage());
  await home.goto(stack.server.url);
  for (const button of [home.practiceButton, home.practiceLobbyButton, home.createRoomButton, home.joinButton]) {
    assert.ok(await button.isVisible(), 'button visible');
    assert.ok(await button.isEnabled(), 'button enabled');
  }
  assert.equal(await home.page.title(), 'Dice Duel');
  await screenshot(home.page, 'home');

  await home.join();
  await home.joinCode.waitFor();
  await home.joinCode.fill('not a link!');
  await home.page.getByTestId('home-join-go').click();
  await home.page.getByTestId('toast').filter({ hasText: 'not a room link' }).waitFor();

  await home.rulesLink.click();
  await home.page.getByTestId('rules-text').waitFor();
  assert.match(await home.page.getByTestId('rules').textContent(), /lock ≥ range \+ the enemy's jammers/);
  assert.match(await home.page.getByTestId('rules-equipment').textContent(), /Experimental Equipment/);
  assert.match(await home.page.getByTestId('rules-thunderstruck').textContent(), /Play Thunderstruck Duel/);
  assert.deepEqual(alice.errors, []);
});

test('the rules page says why its text cannot be read, and "Try again" reads it', { timeout: 60000 }, async () => {
  // The rules' text is a file of its own (public/rules.html, issue 49), read when the page
  // opens. No service worker here: it would answer from its cache, which a route never sees.
  const context = await stack.session.browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/rules.html', (route) => route.abort('internetdisconnected'));
    await page.goto(`${stack.server.url}/#/rules`);
    const why = page.getByTestId('rules-error');
    await why.waitFor();
    assert.equal((await why.textContent()).trim(),
      'The rules could not load: this device is offline and had not kept them yet (they are kept after one visit online).');
    assert.equal(await page.getByTestId('rules-equipment').count(), 0);
    await page.getByTestId('rules-home').waitFor();
    await page.unroute('**/rules.html');
    await page.getByTestId('rules-retry').click();
    await page.getByTestId('rules-text').waitFor();
    assert.match(await page.getByTestId('rules').textContent(), /lock ≥ range \+ the enemy's jammers/);
    assert.equal(await page.getByTestId('rules-error').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Practice is one tap, works without the network, and a reload resumes it', { timeout: 60000 }, async () => {
  const [alice] = stack.session.players;
  const page = await alice.newPage();
  const home = new HomePage(page);
  await home.goto(stack.server.url, '?seed=2&bots=off');
  await page.context().setOffline(true);
  await home.practice();
  await page.getByTestId('game').waitFor();
  await page.getByTestId('engineering-roll').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="energy-die-0"]')?.dataset.state === 'rolled');
  const pips = await page.locator('[data-testid^="energy-die-"]').evaluateAll((ds) => ds.map((d) => d.dataset.pip));
  await page.context().setOffline(false);
  await page.reload();
  await page.getByTestId('game').waitFor();
  const again = await page.locator('[data-testid^="energy-die-"]').evaluateAll((ds) => ds.map((d) => d.dataset.pip));
  assert.deepEqual(again, pips, 'the same dice after the reload');

  // Practice over an unfinished practice game asks first; "Go back to it" keeps it.
  await page.getByTestId('hud-home').click();
  await home.practiceButton.click();
  const ask = page.getByTestId('home-practice-confirm');
  await ask.waitFor();
  assert.match(await ask.textContent(), /practice game saved.*will be lost/);
  await page.getByTestId('home-practice-keep').click();
  await page.getByTestId('game').waitFor();
  const kept = await page.locator('[data-testid^="energy-die-"]').evaluateAll((ds) => ds.map((d) => d.dataset.pip));
  assert.deepEqual(kept, pips, 'the game in progress, untouched');
  await page.getByTestId('hud-home').click();
  await home.practice(); // asks, and starts a new one
  await page.getByTestId('game').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="energy-die-0"]')?.dataset.state !== 'rolled');
  assert.deepEqual(alice.errors, []);
});
