// A plain static file server on a free loopback port: the app's files and nothing else (no
// /signal, no /ice), for the specs of rooms with no signalling server (issue 34).
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { live } = require('./bounded');

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
};

/** Serves `dist` on 127.0.0.1; `/` is index.html. @returns {Promise<{url: string, stop: () => Promise<void>}>} */
async function startStatic(dist) {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(dist, name === '/' ? 'index.html' : path.normalize(name).replace(/^(\.\.[/\\])+/, ''));
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const handle = {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => { live.servers.delete(handle); server.close(() => resolve()); server.closeAllConnections(); }),
    logFile: null,
  };
  live.servers.add(handle);
  return handle;
}

module.exports = { startStatic };
