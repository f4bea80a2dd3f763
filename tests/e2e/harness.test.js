// The harness itself (lib/bounded.js): a browser test stuck on a wait that has no bound of its
// own (a promise the page never settles) fails at the test's bound, not at CI's, and leaves a
// screenshot, the page's console and the server log, named in its error.
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test } = require('./lib');

test('a stuck test fails at its bound with a screenshot, the console and the server log', { timeout: 60000 }, () => {
  const artifacts = fs.mkdtempSync(path.join(os.tmpdir(), 'harness-'));
  const t0 = Date.now();
  // A run of its own, not a child of this one (NODE_TEST_CONTEXT would make it report to us).
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', path.join(__dirname, 'fixtures', 'hangs.fixture.js')], {
    env: { ...env, E2E_ARTIFACTS: artifacts },
    encoding: 'utf8',
    timeout: 50000,
  });
  const seconds = (Date.now() - t0) / 1000;
  assert.notEqual(run.status, 0, `the stuck test must fail:\n${run.stdout}`);
  assert.ok(seconds < 40, `failed after ${seconds.toFixed(1)} s`);
  assert.match(run.stdout, /no answer within 4000 ms/);
  assert.match(run.stdout, /evidence: .*failed-a_page_that_never_answers\.txt/);
  const files = fs.readdirSync(artifacts);
  const report = fs.readFileSync(path.join(artifacts, 'failed-a_page_that_never_answers.txt'), 'utf8');
  assert.match(report, /the page said this before it hung/, 'the console is kept');
  assert.match(report, /## server http:\/\/127\.0\.0\.1:\d+\//, 'the server log is kept');
  assert.ok(files.some((f) => /^failed-a_page_that_never_answers-player0-page\d+\.png$/.test(f)), files.join(', '));
  fs.rmSync(artifacts, { recursive: true, force: true });
});
