// Notices that inform without covering the game (issue 48): three phones (390×844, touch) in a
// room over real WebRTC. Alice hosts from her phone and watches; Bob crews White, Carol Black.
// Alice's tab closes mid-game. Throughout, Bob's and Carol's Roll, the orders under the station
// and the tabs stay on screen and tappable (checked in each page ten times a second). The news (who left, who hosts now) is a toast and a
// line in the story; the dice Alice rolled and never showed the key to are a line in the story
// naming her and the time; nothing is pinned. Then the new host withholds its keys on purpose
// (a test hook strips its seals): the other phone pins the warning, naming it, and Roll is
// still tappable under it.
//
// Runs against the test build (dist-test/) with `?fast=1&checkpoint=64`: under 64 events no key
// is shown, so Alice's dice are surely unchecked when she leaves, and the cheat is seen at the
// new host's first checkpoint.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { launchBrowser, LobbyPage, paths, screenshot, startServer, test } = require('./lib');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');

let server;
let session;
let alice; // hosts, sits nowhere
let bob; // White
let carol; // Black
const room = `e2e-notices-${crypto.randomBytes(6).toString('base64url').toLowerCase()}`;
const QUERY = '?fast=1&checkpoint=64';

before(async () => {
  server = await startServer({ dist: paths.TEST_DIST });
  session = await launchBrowser({ players: 3, touch: true });
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map(async (label, i) => {
    const p = new RoomHooks(await session.players[i].newPage(), label);
    await p.page.setViewportSize({ width: 390, height: 844 });
    return p;
  }));
  await Promise.all([alice, bob, carol].map((p) => p.load(`${server.url}/${QUERY}`)));
});

after(async () => {
  await session?.close();
  await server?.stop();
});

/** Runs in the page: from now on, ten times a second, are Engineering's Roll, each order under the
 * station (Fire 1!, Fire 2!, …) and each tab on screen and on top (their middle and two points
 * either side)? Keeps every moment one was not, every toast and story line shown, and whether a
 * trust bar ever showed. */
function watch() {
  window.__seen = { covered: [], toasts: [], story: [], bar: [] };
  const keep = (list, text) => { if (text && !list.includes(text)) list.push(text); };
  setInterval(() => {
    const seen = window.__seen;
    const bar = document.querySelector('[data-testid="trust-bar"]');
    keep(seen.bar, bar?.textContent);
    for (const t of document.querySelectorAll('[data-testid="toast"]')) keep(seen.toasts, t.textContent);
    for (const l of document.querySelectorAll('[data-testid="ticker"] li')) keep(seen.story, l.textContent);
    const roll = document.querySelector('[data-testid="engineering-roll"]');
    if (!roll) {
      const screen = document.querySelector('[data-testid="game"]') ? 'the game' : document.querySelector('main, [data-testid]')?.dataset.testid;
      seen.covered.push(`${Date.now()}: no Roll (on ${screen}, ${document.querySelectorAll('[data-testid="tabs"] button.tab').length} tabs)`);
      return;
    }
    const controls = [roll, ...document.querySelectorAll('[data-testid="commands"] button, [data-testid="tabs"] button.tab')];
    for (const e of controls.filter((c) => c.checkVisibility())) {
      const what = e.dataset.testid;
      const r = e.getBoundingClientRect();
      if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) {
        keep(seen.covered, `${what} off screen (${Math.round(r.top)}…${Math.round(r.bottom)})`);
        continue;
      }
      for (const fx of [0.2, 0.5, 0.8]) {
        const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height / 2);
        if (!hit || !(hit === e || e.contains(hit))) {
          keep(seen.covered, `${what} under ${hit ? hit.className || hit.tagName : 'nothing'}`);
          break;
        }
      }
    }
  }, 100);
}

const seen = (p) => p.page.evaluate(() => window.__seen);

// After the first spec: the new host and the phone that follows it.
let host;
let follower;
let hostName;

test('the host leaves mid-game: the news in a toast and the story, nothing pinned, Roll tappable throughout', { timeout: 110000 }, async () => {
  await alice.open(room, { host: true, name: 'Alice' });
  await bob.open(room, { name: 'Bob' });
  await carol.open(room, { name: 'Carol' });
  for (const p of [alice, bob, carol]) {
    await p.waitFor(`${p.label} in the room`, (s) => s.state === 'Connected' && s.me !== null && s.players === 3 && s.linked === 2);
  }
  const lobby = new LobbyPage(alice.page);
  await lobby.waitFor();
  await lobby.waitHolder(0, 'player');
  await alice.page.getByTestId('seat-0-release').click();
  await lobby.waitHolder(0, 'open');
  await bob.claimSeats([0]);
  await carol.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob, carol], 'the started game', 20000, (s) => s.started);
  for (const p of [bob, carol]) {
    await p.page.getByTestId('tab-0-engineering').or(p.page.getByTestId('tab-1-engineering')).first().click();
    await p.page.getByTestId('engineering-roll').waitFor();
    await p.page.evaluate(watch);
  }

  // A few rolls under Alice's host: dice only her key (never shown: no checkpoint yet) can check.
  for (let i = 0; i < 3; i++) {
    await bob.act(0, 'cheap');
    await carol.act(1, 'cheap');
  }
  const before = await waitConverged([alice, bob, carol], 'the rolls', 20000, (s) => s.pending === 0);
  assert.ok(before[0].head < 64, `no key shown yet (head ${before[0].head})`);

  // Alice's tab closes mid-game.
  await alice.page.close();
  const [b, c] = await Promise.all([bob, carol].map((p) => p.waitFor(`${p.label} follows a new host`, (s) => s.epoch > 0, 20000)));
  assert.equal([b.hosting, c.hosting].filter(Boolean).length, 1, 'one new host');
  [host, follower] = b.hosting ? [bob, carol] : [carol, bob];
  hostName = host === bob ? 'Bob' : 'Carol';

  // The news: a toast and a line in the story, on both phones, in words.
  const news = { [host.label]: /^Alice left\. This device hosts the game now/, [follower.label]: new RegExp(`^Alice left\\. ${hostName} is now hosting\\.$`) };
  const caution = /^Alice left before showing the dice key: the rolls Alice hosted until \d\d:\d\d can't be double-checked\.$/;
  for (const p of [host, follower]) {
    await p.page.waitForFunction(([src, c]) => {
      const s = window.__seen;
      const told = new RegExp(src);
      return s.toasts.some((t) => told.test(t)) && s.story.some((l) => told.test(l)) && s.story.some((l) => new RegExp(c).test(l));
    }, [news[p.label].source, caution.source], { timeout: 15000, polling: 100 })
      .catch(async (e) => { throw new Error(`${p.label}: ${e.message}\n${JSON.stringify(await seen(p))}`); });
  }
  await screenshot(follower.page, 'notices-host-left-390');
  // The toasts go by themselves; nothing was ever pinned, and Roll was never covered.
  await follower.page.getByTestId('toast').first().waitFor({ state: 'detached', timeout: 15000 });
  for (const p of [host, follower]) {
    const s = await seen(p);
    assert.deepEqual(s.bar, [], `${p.label}: an honest host leaving pins nothing`);
    assert.deepEqual(s.covered, [], `${p.label}: Roll, the orders and the tabs were tappable throughout`);
    assert.ok(s.story.every((l) => !/event \d/.test(l)), `${p.label}: no event numbers: ${JSON.stringify(s.story)}`);
  }
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});

test('the new host withholds its dice keys on purpose: the other phone pins the warning, naming it; Roll stays tappable', { timeout: 110000 }, async () => {
  assert.ok(host && follower, 'the first spec elected a new host');

  // The new host withholds its dice keys on purpose: the follower pins the warning, naming it.
  assert.deepEqual(await host.cheat('strip-seals'), { ok: true });
  const seat = follower === bob ? 0 : 1;
  const bar = follower.page.getByTestId('trust-bar');
  const deadline = Date.now() + 60000;
  while (!(await bar.count())) {
    assert.ok(Date.now() < deadline, `${follower.label} not warned: ${JSON.stringify(await follower.state())}`);
    await follower.act(seat, 'cheap');
    await follower.page.waitForTimeout(60);
  }
  const text = await bar.innerText();
  assert.match(text, new RegExp(`Warning: ${hostName} did not show the dice key when the rules say`));
  assert.match(text, new RegExp(`Treat ${hostName}'s rolls as ${hostName}'s own choice`));
  assert.doesNotMatch(text, /event \d/);
  await follower.page.waitForTimeout(500);
  await screenshot(follower.page, 'notices-warning-390');
  const s = await seen(follower);
  assert.deepEqual(s.covered, [], `${follower.label}: Roll, the orders and the tabs stay tappable under the warning`);
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
