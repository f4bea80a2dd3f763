// Which websockets a page opens, when (in the page's time, as its resource timings are) and when
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

module.exports = { recordSockets };
