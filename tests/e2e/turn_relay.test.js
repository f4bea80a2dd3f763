// Players behind strict NATs meet through a TURN relay (issue 19): a real coturn (Debian's
// `turnserver`, installed by scripts/install-tools.sh) with its REST-API shared secret, and a
// duel-server that mints each room's credentials at /ice. Both browsers are held to relay-only
// ICE (`iceTransportPolicy: 'relay'`, as a network that blocks every direct path would force),
// so no host candidate can carry the game: if the server's credentials were refused, or the
// app did not ask /ice for them, the two would never meet. They join, sit, start and play,
// their data channels run over relayed candidate pairs, and coturn logs the allocations.
//
// Runs against the test build (dist-test/): the hooks open the room and act.
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { freePort, launchBrowser, paths, startServer, test } = require('./lib');
const { RoomHooks, waitConverged } = require('./lib/pages/room_hooks');

const SECRET = crypto.randomBytes(18).toString('base64url');
let coturn;
let coturnLog;
let server;
let session;
let alice;
let bob;
const room = `e2e-relay-${crypto.randomBytes(6).toString('base64url')}`;

/** Every RTCPeerConnection the page makes is relay-only, and kept for its stats. */
function relayOnly() {
  const Native = window.RTCPeerConnection;
  window.__relayPcs = [];
  window.RTCPeerConnection = class extends Native {
    constructor(config = {}, ...rest) {
      super({ ...config, iceTransportPolicy: 'relay' }, ...rest);
      window.__relayPcs.push({ pc: this, servers: (config.iceServers || []).flatMap((s) => [].concat(s.urls)) });
    }
  };
}

/** Per connected peer connection: the ICE servers it was given and its selected pair's candidate types. */
function selectedPairs() {
  return Promise.all(window.__relayPcs.filter(({ pc }) => pc.connectionState === 'connected').map(async ({ pc, servers }) => {
    const stats = [...(await pc.getStats()).values()];
    const byId = new Map(stats.map((s) => [s.id, s]));
    const transport = stats.find((s) => s.type === 'transport' && s.selectedCandidatePairId);
    const pair = transport
      ? byId.get(transport.selectedCandidatePairId)
      : stats.find((s) => s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated);
    return {
      servers,
      local: pair && byId.get(pair.localCandidateId)?.candidateType,
      remote: pair && byId.get(pair.remoteCandidateId)?.candidateType,
    };
  }));
}

async function startCoturn(port, relayPorts) {
  const dir = path.join(paths.ARTIFACTS, `coturn-${port}`);
  fs.mkdirSync(dir, { recursive: true });
  coturnLog = path.join(dir, 'turn.log');
  const bin = ['/usr/bin/turnserver', '/usr/sbin/turnserver'].find((p) => fs.existsSync(p));
  assert.ok(bin, 'coturn is not installed: scripts/install-tools.sh installs it (Debian package coturn)');
  coturn = spawn(bin, [
    '-n', '--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1', `--listening-port=${port}`,
    `--min-port=${relayPorts}`, `--max-port=${relayPorts + 200}`, '--realm=dice-duel',
    '--use-auth-secret', `--static-auth-secret=${SECRET}`, '--fingerprint',
    // Everything here is loopback, which a public relay denies (deploy/turnserver.conf).
    '--no-tls', '--no-dtls', '--no-cli', '--allow-loopback-peers', '--verbose',
    `--log-file=${coturnLog}`, '--simple-log',
  ], { stdio: 'ignore' });
  // It listens within a moment; the app's /ice answer does not depend on it.
  const deadline = Date.now() + 10000;
  while (!(fs.existsSync(coturnLog) && /listener opened on|Total General servers/i.test(fs.readFileSync(coturnLog, 'utf8')))) {
    assert.ok(Date.now() < deadline, 'coturn did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

before(async () => {
  const turnPort = await freePort();
  await startCoturn(turnPort, 50000 + (turnPort % 10000));
  const secretFile = path.join(paths.ARTIFACTS, `turn-secret-${turnPort}`);
  fs.writeFileSync(secretFile, SECRET);
  server = await startServer({
    dist: paths.TEST_DIST,
    args: ['--turn-url', `turn:127.0.0.1:${turnPort}`, '--turn-secret-file', secretFile],
  });
  session = await launchBrowser({ players: 2 });
  const pages = await Promise.all(session.players.map((p) => p.newPage()));
  for (const page of pages) await page.addInitScript(relayOnly);
  [alice, bob] = [new RoomHooks(pages[0], 'alice'), new RoomHooks(pages[1], 'bob')];
  await Promise.all([alice.load(server.url), bob.load(server.url)]);
});

after(async () => {
  await session?.close();
  await server?.stop();
  coturn?.kill('SIGKILL');
});

test('two browsers held to relay-only ICE meet through coturn with the credentials duel-server minted, and play', { timeout: 100000 }, async () => {
  await alice.open(room, { host: true });
  await bob.open(room);
  await bob.waitFor('the guest to reach the host through the relay', (s) => s.state === 'Connected' && s.me !== null, 30000);
  await alice.claimSeats([0]);
  await bob.claimSeats([1]);
  assert.equal((await alice.start()).ok, true);
  await waitConverged([alice, bob], 'the started game', 20000, (s) => s.started && s.players === 2);
  for (const [actor, seat] of [[alice, 0], [bob, 1], [alice, 0], [bob, 1]]) {
    const before = await actor.state();
    const deadline = Date.now() + 20000;
    let sent;
    while (!(sent = await actor.act(seat, 'cheap')).ok && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(sent.ok, true, JSON.stringify(sent));
    await waitConverged([alice, bob], `${actor.label}'s move on both`, 20000, (s) => s.head > before.head);
  }

  // The game ran over relayed pairs, set up with the relay /ice named.
  for (const tab of [alice, bob]) {
    const pairs = await tab.page.evaluate(selectedPairs);
    assert.ok(pairs.length >= 1, `${tab.label} has a connected peer connection`);
    for (const p of pairs) {
      assert.equal(p.local, 'relay', `${tab.label}: ${JSON.stringify(p)}`);
      assert.equal(p.remote, 'relay', `${tab.label}: ${JSON.stringify(p)}`);
      assert.ok(p.servers.some((u) => u.startsWith('turn:127.0.0.1:')), `${tab.label} was given the relay: ${JSON.stringify(p)}`);
    }
  }
  const log = fs.readFileSync(coturnLog, 'utf8');
  assert.ok((log.match(/ALLOCATE processed, success/g) || []).length >= 2, 'coturn granted both relays');
  assert.match(log, /CHANNEL_BIND processed, success|CREATE_PERMISSION processed, success/, 'coturn relayed between them');
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
