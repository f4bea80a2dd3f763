// Dice Duel's service worker: the app opens with no network after one visit
// (practice against bots needs nothing else). Generated per build by
// scripts/lib/service-worker.sh, which fills in the build's version and its
// exact file list, so a new build never mixes with an old one's files.
//
// - Hashed files (wasm, js, css: their names change with their content) and
//   the icons are served from this build's cache first.
// - The page itself (any navigation) comes from the network when it answers
//   within NAVIGATION_MS, else from the cache: online, a new build is seen at
//   once; offline, the cached page of this build opens.
// - The signalling socket, the ICE settings and /health never touch the cache.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `dice-duel-${VERSION}`;
const NAVIGATION_MS = 2500;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // The page is asked of the server afresh; hashed files may come from the
      // HTTP cache the first visit just filled (their names change with their content).
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: f === '/index.html' ? 'reload' : 'default' }))))
      // The new build is complete in its cache: it may take over at once.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('dice-duel-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function fromCache(path) {
  return caches.open(CACHE).then((cache) => cache.match(path));
}

/** The network's answer within `ms`, else a rejection. */
function network(request, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('slow network')), ms);
    fetch(request).then(
      (response) => { clearTimeout(timer); resolve(response); },
      (error) => { clearTimeout(timer); reject(error); },
    );
  });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/signal') || url.pathname.startsWith('/ice') || url.pathname === '/health') return;
  if (request.mode === 'navigate') {
    event.respondWith(
      network(request, NAVIGATION_MS)
        .then((response) => (response.ok ? response : Promise.reject(new Error(`HTTP ${response.status}`))))
        .catch(() => fromCache('/index.html').then((cached) => cached || fetch(request))),
    );
    return;
  }
  if (FILES.includes(url.pathname)) {
    event.respondWith(fromCache(url.pathname).then((cached) => cached || fetch(request)));
  }
});
