// The marks a page of tests/e2e/perf/mobile.bench.js takes of itself (installed with
// context.addInitScript before the page's own scripts): when the shell, the game's home, the
// game, a lit Roll, the lobby and the room appear, each tap, and when the signalling socket, the
// WebRTC connection and a data channel were made and opened.
/**
 * Runs in every page before its own scripts: window.__marks[name] = performance.now() the first
 * time each condition holds (checked on every DOM change), each tap on a test id ("tap:<id>"),
 * and when the signalling socket and the WebRTC connection were made and opened (the app's
 * wasm builds both with `new`, so wrapping the constructors sees them).
 */
function watchMarks() {
  const marks = (window.__marks = {});
  const mark = (k) => { if (!(k in marks)) marks[k] = performance.now(); };
  const q = (s) => document.querySelector(s);
  const shown = (e) => !!e && e.getClientRects().length > 0;
  const checks = {
    // The shell is in the page, hidden; web/boot.js unhides it and wires its buttons at once.
    shell: () => q('[data-testid="home-shell"]:not([hidden])'),
    home: () => q('[data-testid="home"]'),
    // Shown: the app shell holds a hidden copy of the choice from the start.
    choice: () => shown(q('[data-testid="home-practice-choice"]')),
    game: () => q('[data-testid="game"]'),
    // A Roll on screen whose tap the rules would take (RollButton: data-refused="false").
    roll: () => [...document.querySelectorAll('[data-testid="game"] [data-testid$="-roll"][data-refused="false"]')].some(shown),
    connecting: () => q('[data-testid="connecting"]'),
    lobby: () => q('[data-testid="lobby"]'),
    // In the room: the lobby renders only once the host's room state has arrived
    // (src/app/play.rs), and tells a guest whose room it joined, with a seat to take.
    joined: () => /^You joined /.test(q('[data-testid="lobby-joined"]')?.textContent || '')
      && q('[data-testid^="seat-"][data-testid$="-claim"]'),
  };
  const look = () => { for (const k of Object.keys(checks)) if (!(k in marks) && checks[k]()) mark(k); };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener('click', (e) => {
    const id = e.target.closest && e.target.closest('[data-testid]')?.dataset.testid;
    if (id) mark(`tap:${id}`);
  }, true);
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(...args) {
      super(...args);
      mark('wsStart');
      this.addEventListener('open', () => mark('wsOpen'));
    }
  };
  // A data channel open, and the first message through one (the host's room state, or the
  // start of it): splits the handshake from what the guest then does with what it got.
  const watchChannel = (channel) => {
    channel.addEventListener('open', () => mark('dcOpen'));
    channel.addEventListener('message', (e) => {
      mark('dcMessage');
      (window.__wire ||= []).push(['in', Math.round(performance.now()), e.data.byteLength ?? e.data.length]);
    });
    const send = channel.send.bind(channel);
    channel.send = (d) => {
      (window.__wire ||= []).push(['out', Math.round(performance.now()), d.byteLength ?? d.length]);
      return send(d);
    };
    return channel;
  };
  const PC = window.RTCPeerConnection;
  if (PC) {
    window.RTCPeerConnection = class extends PC {
      constructor(...args) {
        super(...args);
        mark('pcStart');
        this.addEventListener('connectionstatechange', () => { if (this.connectionState === 'connected') mark('pcConnected'); });
        this.addEventListener('datachannel', (e) => watchChannel(e.channel));
      }

      createDataChannel(...args) {
        return watchChannel(super.createDataChannel(...args));
      }
    };
  }
}

module.exports = { watchMarks };
