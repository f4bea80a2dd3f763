// One duel-server and one headless browser for a spec file: started before its
// tests, stopped after them. `stack.server.url`, `stack.session.players`.
// `dist`: the build to serve (default `dist/`; `paths.TEST_DIST` for the test hooks).
const { after, before } = require('node:test');
const { startServer } = require('./server');
const { launchBrowser } = require('./browser');

function useStack({ players = 1, dist, touch = false } = {}) {
  const stack = { server: null, session: null };
  before(async () => {
    stack.server = await startServer(dist ? { dist } : {});
    stack.session = await launchBrowser({ players, touch });
  });
  after(async () => {
    await stack.session?.close();
    await stack.server?.stop();
  });
  return stack;
}

module.exports = { useStack };
