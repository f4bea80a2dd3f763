// Pairing with mDNS candidates (issue 45): no page is granted the camera, as on a phone whose
// player pastes the codes, so Chromium hides its addresses behind `<uuid>.local` names; the
// room's codes carry those names, and the data channels still open.
//
// Chromium gathers nothing on loopback alone without a camera grant (PROTOCOL.md, "What Chromium
// offers"), so run-in-netns.sh runs this spec in a namespace with a veth pair and a default route
// into it (as firefox_rooms.test.js): an interface to gather on, multicast for the names to
// resolve, and still nothing leaves the machine.
//
// What is asserted of the codes: the SDP each side rebuilt from the other's code (its remote
// description: `Description::to_sdp` of what was scanned) names its host candidates by mDNS only,
// no raw address. Then Alice hosts with no server, Bob joins by pasted codes, takes Black, and
// Alice's screen shows it; the pair of candidates the connection chose is reported.
//
// Runs against the test build (dist-test/) for its hooks (the room's report, the seats).
const { after, before } = require('node:test');
const assert = require('node:assert/strict');
const { LobbyPage, launchBrowser, paths, screenshot, test } = require('./lib');
const { startStatic } = require('./lib/static');
const { RoomHooks } = require('./lib/pages/room_hooks');
const { keepPeerConnections } = require('./lib/peer_connections');

let files;
let session;
let alice;
let bob;

before(async () => {
  files = await startStatic(paths.TEST_DIST);
  session = await launchBrowser({ players: 2, camera: false });
  [alice, bob] = await Promise.all(['alice', 'bob'].map(async (label, i) => {
    const page = await session.players[i].newPage();
    await page.addInitScript(keepPeerConnections);
    return new RoomHooks(page, label);
  }));
  await Promise.all([alice, bob].map((p) => p.load(`${files.url}/`)));
});

after(async () => {
  await session?.close();
  await files?.stop();
});

/** The code a card shows, once made. */
async function codeOf(page, testid) {
  const card = page.getByTestId(testid);
  await card.waitFor({ timeout: 20000 });
  const code = await card.getAttribute('data-code');
  assert.match(code, /^DD1:/, `${testid} shows a pairing code`);
  return code;
}

/** The host candidates of every description `page`'s connections hold: `local` made here, `remote` rebuilt from the scanned code. */
function candidatesOf(page) {
  return page.evaluate(() => {
    const hosts = (sdp) => (sdp || '').split(/\r?\n/).filter((l) => l.startsWith('a=candidate:') && / typ host/.test(l))
      .map((l) => l.split(' ')[4]);
    return window.__pcs.map((pc) => ({ local: hosts(pc.localDescription?.sdp), remote: hosts(pc.remoteDescription?.sdp) }));
  });
}

/** The address kinds of the candidate pair each connected connection chose. */
function chosenPairs(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const pc of window.__pcs.filter((p) => p.connectionState === 'connected')) {
      const stats = [...(await pc.getStats()).values()];
      const byId = new Map(stats.map((s) => [s.id, s]));
      const pair = stats.find((s) => s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated);
      const local = pair && byId.get(pair.localCandidateId);
      const remote = pair && byId.get(pair.remoteCandidateId);
      out.push({ local: local && `${local.candidateType} ${local.address}`, remote: remote && `${remote.candidateType} ${remote.address}` });
    }
    return out;
  });
}

const MDNS = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$/;

test('no camera granted: the pairing codes carry mDNS names only, and two Chromium tabs link over them', { timeout: 90000 }, async () => {
  const granted = await alice.page.evaluate(() => navigator.permissions.query({ name: 'camera' }).then((p) => p.state));
  assert.notEqual(granted, 'granted', 'no page may use the camera');

  await alice.page.getByTestId('home-serverless').click();
  await alice.waitFor('alice hosts a room with no server', (s) => s.state === 'Connected' && s.role === 'Host');
  await alice.page.getByTestId('pair-invite').click();
  const offer = await codeOf(alice.page, 'pair-offer');
  await bob.page.getByTestId('home-join-camera').click();
  await bob.page.getByTestId('pair-scan-offer-input').fill(offer);
  await bob.page.getByTestId('pair-scan-offer-go').click();
  const answer = await codeOf(bob.page, 'pair-answer');

  // Bob's connection was set up from the SDP rebuilt from Alice's code: mDNS names, no address.
  const [bobs] = await candidatesOf(bob.page);
  assert.ok(bobs.remote.length > 0, `the invitation carries a host candidate: ${JSON.stringify(bobs)}`);
  for (const name of [...bobs.remote, ...bobs.local]) assert.match(name, MDNS, `an mDNS name, not an address: ${JSON.stringify(bobs)}`);

  await alice.page.getByTestId('pair-scan-answer-input').fill(answer);
  await alice.page.getByTestId('pair-scan-answer-go').click();
  for (const p of [alice, bob]) {
    await p.waitFor(`${p.label} linked over mDNS candidates`, (s) => s.state === 'Connected' && s.me !== null && s.players === 2 && s.linked === 1, 30000);
  }
  // And Alice's, from Bob's answer: the same.
  const alices = (await candidatesOf(alice.page)).filter((c) => c.remote.length > 0);
  assert.equal(alices.length, 1, JSON.stringify(alices));
  for (const name of [...alices[0].remote, ...alices[0].local]) assert.match(name, MDNS, `an mDNS name, not an address: ${JSON.stringify(alices)}`);

  // The link carries the room: Bob takes Black and Alice's lobby shows it.
  const lobby = new LobbyPage(alice.page);
  assert.notEqual(await lobby.holder(1), 'player', 'nobody holds Black before Bob takes it');
  await bob.claimSeats([1]);
  await lobby.waitHolder(1, 'player');
  const pairs = await chosenPairs(bob.page);
  assert.equal(pairs.length, 1, JSON.stringify(pairs));
  console.log(`chosen candidate pair (Bob): ${JSON.stringify(pairs[0])}`);
  await screenshot(bob.page, 'pairing-mdns-bob');
  assert.deepEqual(session.players.flatMap((p) => p.errors), []);
});
