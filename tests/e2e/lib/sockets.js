// What a page loads. Which websockets a page opens, when (in the page's time, as its resource timings are) and when
// each closes: `page.addInitScript(recordSockets)`, then read `window.__sockets`.
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

/**
 * The app's wasm files a page asks for (the network, the HTTP cache or the worker), in order:
 * which of the app's two files (issue 32) it ran. Returns the list it keeps filling.
 * @param {import('playwright-core').Page} page
 */
function wasmAsked(page) {
  const asked = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/dice-duel-[0-9a-f]+_bg\.wasm$/.test(path)) asked.push(path);
  });
  return asked;
}

module.exports = { recordSockets, wasmAsked };
