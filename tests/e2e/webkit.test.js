// WebKit at the table (issue 46): iPhones and iPads run Safari's engine. Debian's WebKitGTK
// (MiniBrowser under Xvfb, lib/engines/webkit.js) runs the smoke suite: home, a first Practice,
// the layout checks at a phone's and a tablet's size, offline reopen. Debian builds it without
// WebRTC, so here the room link's sentence is what a real browser without WebRTC shows, with no
// script removing anything. Safari's own WebRTC cannot be tested on these machines
// (docs/PROTOCOL.md, "Browsers").
const { launchWebKit } = require('./lib/engines/webkit');
const { smokeSuite } = require('./lib/engines/smoke');

smokeSuite('webkit', launchWebKit, {
  // Nothing to remove: this WebKitGTK has no RTCPeerConnection at all.
  withoutWebRtc: async () => {},
});
