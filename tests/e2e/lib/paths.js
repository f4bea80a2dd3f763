// Where the things under test live. Overridable so a spec can run against another build.
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const E2E = path.resolve(__dirname, '..');

module.exports = {
  ROOT,
  /** The built app as players get it (`scripts/lib/build-release.sh` writes it: the base file and the full one). */
  DIST: process.env.DUEL_DIST || path.join(ROOT, 'dist'),
  /** The same app with the test hooks (src/test_hooks/): `scripts/lib/build-hooks.sh`
   * writes it. The room specs and bench/p2p.bench.js use it; every other spec tests `DIST`. */
  TEST_DIST: process.env.DUEL_TEST_DIST || path.join(ROOT, 'dist-test'),
  /** The one-port server: static files + matchbox signalling. */
  SERVER_BIN: process.env.DUEL_SERVER_BIN || path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target'), 'debug', 'duel-server'),
  /** Debian's chromium; Playwright's own browser download is impossible here. */
  CHROMIUM: process.env.CHROMIUM || '/usr/bin/chromium',
  /** Screenshots, server logs, browser console logs. */
  ARTIFACTS: process.env.E2E_ARTIFACTS || path.join(E2E, 'artifacts'),
};
