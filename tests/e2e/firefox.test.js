// Firefox at the table (issue 46): laptops at the table run it. Debian's Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi (lib/engines/firefox.js), runs the smoke suite (home, a
// first Practice, the layout checks at a phone's and a tablet's size, offline reopen, and a
// browser without WebRTC: here an init script removes it before the page's scripts run).
// Rooms between Firefox and Chromium: firefox_rooms.test.js.
const { launchFirefox } = require('./lib/engines/firefox');
const { smokeSuite } = require('./lib/engines/smoke');

smokeSuite('firefox', (opts) => launchFirefox({ players: 1, ...opts }), {
  withoutWebRtc: (page) => page.addInitScript(() => {
    delete window.RTCPeerConnection;
    delete window.webkitRTCPeerConnection;
  }),
});
