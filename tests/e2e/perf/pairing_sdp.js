#!/usr/bin/env node
// Pairing codes (issue 34): what Chromium really offers for a data channel, and
// proof that the SDP rebuilt from a pairing code connects.
//
// 1. Two RTCPeerConnections with no ICE servers and one negotiated channel (as
//    matchbox_socket makes them: `negotiated: true, id: 0`), an offer and an answer
//    after ICE gathering completes: printed as JSON (`offer`, `answer`); the
//    fixtures in crates/net/src/pairing/fixtures/ came from here.
// 2. With --rebuild: a fresh pair whose offer and answer each go through
//    `pairing_code offer|answer` (SDP → code → SDP) before the other side sees
//    them; `opened` reports the message sent over the channel and the candidate
//    pair ICE chose, or FAILED.
//
// Usage (Chromium flags pass through, e.g. --disable-features=WebRtcHideLocalIpsWithMdns):
//   cargo build -p duel-net --example pairing_code
//   node tests/e2e/perf/pairing_sdp.js --rebuild [chromium flags]
//   unshare -n sh -c 'ip link set lo up; node tests/e2e/perf/pairing_sdp.js'   # no network
const { chromium } = require('playwright-core');
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const args = process.argv.slice(2);
const rebuild = args.includes('--rebuild');
const flags = args.filter(a => a !== '--rebuild');
const target = process.env.CARGO_TARGET_DIR || path.join(__dirname, '..', '..', '..', 'target');
const tool = path.join(target, 'debug', 'examples', 'pairing_code');

// In the page: two connections, their channels, and gathering that gives up after 8 s
// (with mDNS on and no network, Chromium never reports 'complete').
const setUp = () => {
  window.gather = pc => Promise.race([
    new Promise(r => {
      if (pc.iceGatheringState === 'complete') return r();
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && r());
    }),
    new Promise(r => setTimeout(() => { window.gatherTimedOut = pc.iceGatheringState; r(); }, 8000)),
  ]);
  window.a = new RTCPeerConnection({ iceServers: [] });
  window.b = new RTCPeerConnection({ iceServers: [] });
  window.ca = a.createDataChannel('matchbox_socket_0', { ordered: true, negotiated: true, id: 0 });
  window.cb = b.createDataChannel('matchbox_socket_0', { ordered: true, negotiated: true, id: 0 });
};
const offer = async () => {
  await a.setLocalDescription(await a.createOffer());
  await gather(a);
  return a.localDescription.sdp;
};
const answer = async sdp => {
  await b.setRemoteDescription({ type: 'offer', sdp });
  await b.setLocalDescription(await b.createAnswer());
  await gather(b);
  return b.localDescription.sdp;
};
const connect = async sdp => {
  await a.setRemoteDescription({ type: 'answer', sdp });
  const timeout = new Promise((_, j) => setTimeout(() => j(new Error(`timeout: ${a.connectionState}`)), 10000));
  try {
    await Promise.race([new Promise(r => (ca.readyState === 'open' ? r() : (ca.onopen = r))), timeout]);
    const got = new Promise(r => { cb.onmessage = e => r(e.data); });
    ca.send('roll 6');
    const message = await Promise.race([got, timeout]);
    const stats = [...(await a.getStats()).values()];
    const pair = stats.find(s => s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded');
    const of = id => { const c = stats.find(s => s.id === id); return `${c.candidateType} ${c.address || ''}:${c.port}`; };
    return `${message} | local ${of(pair.localCandidateId)} remote ${of(pair.remoteCandidateId)}`;
  } catch (e) {
    return `FAILED ${e.message}`;
  }
};

(async () => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: flags });
  const page = await browser.newPage();
  const fresh = async () => { await page.goto('about:blank'); await page.evaluate(setUp); };
  await fresh();
  const out = {};
  out.offer = await page.evaluate(offer);
  out.answer = await page.evaluate(answer, out.offer);
  out.gatherTimedOut = await page.evaluate(() => window.gatherTimedOut || null);
  if (rebuild) {
    const through = (kind, sdp) => execFileSync(tool, [kind], { input: sdp }).toString();
    await fresh();
    try {
      out.rebuiltOffer = through('offer', await page.evaluate(offer));
      out.rebuiltAnswer = through('answer', await page.evaluate(answer, out.rebuiltOffer));
      out.opened = await page.evaluate(connect, out.rebuiltAnswer);
    } catch (e) {
      // The code's refusal (e.g. no candidate: no network), as the player would read it.
      out.opened = `REFUSED ${(e.stderr || e.message).toString().trim()}`;
    }
  }
  console.log(JSON.stringify(out, null, 1));
  await browser.close();
})().catch(e => { console.error(e); process.exit(1); });
