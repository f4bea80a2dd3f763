// Saved games in IndexedDB, for the app's replays (src/records/db.rs calls these).
// A small promise API over one object store, keyed by the game's own key, so
// saving a game twice keeps one copy. Each entry: {key, saved, mode, crews,
// result, room, bytes}; `list` leaves the bytes out. `pack`/`unpack` turn a
// game file into a link-safe text (deflate + base64url) and back.
window.ddGames = (() => {
  const DB = 'dice-duel';
  const STORE = 'games';
  let opening = null;
  function db() {
    opening = opening || new Promise((resolve, reject) => {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => { opening = null; reject(req.error); };
    });
    return opening;
  }
  function run(mode, work) {
    return db().then((d) => new Promise((resolve, reject) => {
      const tx = d.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req ? req.result : undefined);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error('the browser refused to store the game'));
    }));
  }
  async function stream(bytes, transform) {
    const out = new Blob([bytes]).stream().pipeThrough(transform);
    return new Uint8Array(await new Response(out).arrayBuffer());
  }
  return {
    put: (entry) => run('readwrite', (s) => s.put(entry)).then(() => entry.key),
    get: (key) => run('readonly', (s) => s.get(key)).then((e) => (e ? e.bytes : null)),
    remove: (key) => run('readwrite', (s) => s.delete(key)),
    list: () => run('readonly', (s) => s.getAll()).then((all) => all
      .map(({ bytes, ...rest }) => ({ ...rest, size: bytes ? bytes.length : 0 }))
      .sort((a, b) => b.saved - a.saved)),
    pack: async (bytes) => {
      const z = await stream(bytes, new CompressionStream('deflate-raw'));
      let text = '';
      for (let i = 0; i < z.length; i += 0x8000) text += String.fromCharCode(...z.subarray(i, i + 0x8000));
      return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    },
    unpack: async (text) => {
      const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
      const z = Uint8Array.from(bin, (c) => c.charCodeAt(0));
      return stream(z, new DecompressionStream('deflate-raw'));
    },
  };
})();
