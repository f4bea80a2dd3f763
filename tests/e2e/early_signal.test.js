// A room link joins the room's signalling at the top of the page, before the game has arrived
// (issue 32, index.html and src/net/early_signal.rs). What waits there is bounded: a peer that
// floods a newcomer with signals while its game loads makes the page let that socket go, and the
// game then joins through a socket of its own. The server's relay limits are raised here so the
// flood arrives at once (by default they slow a flooding peer to 40 messages a second).
const assert = require('node:assert/strict');
const { HomePage, LobbyPage, launchBrowser, screenshot, startServer, test } = require('./lib');

/** When each signalling socket is opened, and whether the page closed it, in the page's time. */
function recordSockets() {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = function (url, protocols) {
    const ws = new Native(url, protocols);
    const seen = { url: String(url), at: performance.now(), closedAt: null };
    window.__sockets.push(seen);
    ws.addEventListener('close', () => { seen.closedAt = performance.now(); });
    return ws;
  };
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3, prototype: Native.prototype });
}

test('a peer flooding a newcomer before its game starts: the page lets the early socket go and the game joins afresh', { timeout: 60000 }, async (t) => {
  const server = await startServer({ args: ['--relay-burst', '1000000', '--relay-per-sec', '1000000'] });
  const session = await launchBrowser({ players: 3 });
  t.after(async () => { await session.close(); await server.stop(); });
  const [alice, mallory, bob] = session.players;

  const host = await alice.newPage();
  await new HomePage(host).goto(server.url);
  await new HomePage(host).createRoom();
  await new LobbyPage(host).waitFor();
  const link = await host.getByTestId('lobby-share-link').inputValue();
  const room = new URL(link).searchParams.get('room');

  // Mallory is a signalling peer with no game: the first newcomer it hears of gets 400 signals.
  const flooder = await mallory.newPage();
  await flooder.goto(`${server.url}icon.svg`);
  await flooder.evaluate((url) => {
    window.__flood = new Promise((resolve) => {
      const ws = new WebSocket(url);
      ws.onmessage = (e) => {
        const event = JSON.parse(e.data);
        if (!event.NewPeer || window.__flooded) return;
        window.__flooded = true;
        const junk = JSON.stringify({ Signal: { receiver: event.NewPeer, data: { IceCandidate: 'junk' } } });
        for (let i = 0; i < 400; i++) ws.send(junk);
        resolve(event.NewPeer);
      };
    });
  }, `${server.url.replace('http', 'ws')}signal/${room}`);

  // Bob's game arrives 2 s late, as on a phone's network: the flood reaches his page first.
  await bob.context.route('**/*_bg.wasm', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  const guest = await bob.newPage();
  await guest.addInitScript(recordSockets);
  await guest.goto(link);
  await flooder.evaluate(() => window.__flood);
  await new LobbyPage(guest).waitFor();
  await guest.getByTestId('lobby-players').filter({ hasText: /here.*here/s }).waitFor({ timeout: 15000 });
  await screenshot(guest, 'early-signal-flooded');

  const [sockets, wasm] = await guest.evaluate(() => [
    window.__sockets.filter((w) => w.url.includes('/signal/')),
    performance.getEntriesByType('resource').find((r) => r.name.endsWith('_bg.wasm'))?.responseEnd,
  ]);
  assert.equal(sockets.length, 2, `the early socket and the game's own: ${JSON.stringify(sockets)}`);
  assert.ok(sockets[0].closedAt !== null && sockets[0].closedAt < wasm,
    `the page let the flooded socket go before the game arrived: ${JSON.stringify({ sockets, wasm })}`);
  assert.ok(sockets[1].at > wasm, 'the game connected afresh');
  assert.deepEqual(bob.errors, []);
  assert.deepEqual(alice.errors, []);
});
