// Starts `duel-server` on a free loopback port for one spec file, and stops it again.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { ARTIFACTS, DIST, SERVER_BIN } = require('./paths');
const { live } = require('./bounded');

/** Asks the kernel for a free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server and waits until it serves the app's index.html.
 * @param {{ dist?: string, bin?: string, args?: string[], timeoutMs?: number }} [opts]
 * @returns {Promise<{ url: string, port: number, logFile: string, stop: () => Promise<void> }>}
 */
async function startServer(opts = {}) {
  const bin = opts.bin || SERVER_BIN;
  const dist = opts.dist || DIST;
  if (!fs.existsSync(bin)) throw new Error(`server binary ${bin} is missing: cargo build -p duel-server`);
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    const how = dist === DIST ? 'scripts/lib/build-release.sh' : 'scripts/lib/build-hooks.sh';
    throw new Error(`${dist}/index.html is missing: ${how}`);
  }

  const port = await freePort();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const logFile = path.join(ARTIFACTS, `server-${port}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(bin, ['--bind', `127.0.0.1:${port}`, '--dist', dist, ...(opts.args || [])], {
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let exited = null;
  child.on('exit', (code, signal) => { exited = { code, signal }; });

  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + (opts.timeoutMs || 15000);
  for (;;) {
    if (exited) {
      throw new Error(`duel-server exited early (${JSON.stringify(exited)}):\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`duel-server did not answer on ${url}:\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    await sleep(100);
  }

  const server = { url, port, logFile };
  const stop = async () => {
    live.servers.delete(server);
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  };
  server.stop = stop;
  live.servers.add(server);
  return server;
}

module.exports = { startServer, freePort };
