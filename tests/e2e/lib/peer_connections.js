// Every peer connection a page makes, kept where a test can read or close them (`window.__pcs`):
// hand `keepPeerConnections` to `page.addInitScript` before the page loads. It runs in the page,
// so it names nothing outside itself.

/** Runs in the page: wraps `RTCPeerConnection` so each one made is pushed to `window.__pcs`. */
function keepPeerConnections() {
  const Real = window.RTCPeerConnection;
  if (typeof Real !== 'function') return;
  window.__pcs = [];
  const Kept = function (...args) {
    const pc = new Real(...args);
    window.__pcs.push(pc);
    return pc;
  };
  Kept.prototype = Real.prototype;
  Object.setPrototypeOf(Kept, Real);
  window.RTCPeerConnection = Kept;
}

module.exports = { keepPeerConnections };
