// Dice Duel's boot (issue 13): the app shell, the game's loader and the service worker.
//
// A first visit to the home screen (no service worker yet, no room or test options in the
// address) shows the home at once from the page itself (web/shell.html and the CSS, about
// 22 KB Brotli), while the game (the practice file's wasm, about 615 KB: issue 49) arrives
// behind it: the page asks for it at low priority beside the styles (index.html), so a slow
// connection spends its first bytes on a screen the player can use and no moment of its line
// idle. A tap made before the game has arrived is remembered, said ("Loading the game…
// 40 %") and done by the game as soon as it starts; a name, the device switches and "No
// thanks" are kept in the same storage the game reads. Every other load (a room link, a
// replay, a returning visit served by the service worker from this device) starts the game at
// once, and says "Loading the game… 40 %" (the splash) if it has not started within a moment,
// instead of a blank page.
//
// A connection that asks to save data (the browser's data saver, or a 2G link: a train) spends
// nothing on the game until the player chooses something to play, and the shell says so; a
// first visit that only looks at the home then costs its 22 KB and no more.
//
// Trunk's own loader is taken out of the page by scripts/lib/shell-loader.sh, which also
// fills in this build's file names below.
(() => {
  // The file this load starts: the practice one, the base one (rooms) or the full one, as the
  // page's first script chose (index.html, issues 32 and 49); scripts/lib/shell-loader.sh fills
  // in this build's names there. A room control tapped in the shell before the game has
  // started changes it (fileFor).
  let files = window.__ddFiles;
  /** This tab loads the full app from now on (src/platform/full_app.rs reads it too). */
  const FULL_KEY = 'dice-duel/full';
  const NAME_KEY = 'dice-duel/name';
  /** How Practice starts, once chosen (src/boot/first_practice.rs): then Practice asks nothing. */
  const PRACTICE_START_KEY = 'dice-duel/practice-start';
  const SEEN_KEY = 'dice-duel/lessons-seen';
  /** A Practice tapped here, handed to the game's start (src/boot/first_practice.rs). */
  const SHELL_PRACTICE_KEY = 'dice-duel/shell-practice';

  const shell = document.getElementById('dd-shell');
  const splash = document.getElementById('dd-splash');
  /** Before the splash shows: a game served by the service worker starts sooner than this. */
  const SPLASH_MS = 400;
  const atHome = location.search === '' && ['', '#', '#/'].includes(location.hash);
  const firstVisit = !(navigator.serviceWorker && navigator.serviceWorker.controller);
  const useShell = !!shell && atHome && firstVisit;
  /** The page's answer (index.html): a connection that asks to save data. */
  const saveData = !!window.__ddSaveData;
  const find = (root, id) => root.querySelector(`[data-testid="${id}"]`);
  const store = {
    get: (key) => { try { return localStorage.getItem(key); } catch { return null; } },
    set: (key, value) => { try { localStorage.setItem(key, value); } catch { /* no storage: the game says so */ } },
    setSession: (key, value) => { try { sessionStorage.setItem(key, value); } catch { /* none: the game asks again */ } },
    takeSession: (key) => {
      try { const value = sessionStorage.getItem(key); sessionStorage.removeItem(key); return value; } catch { return null; }
    },
  };
  // An offer left by a load that never started its game (the tab reloaded meanwhile) is void.
  store.takeSession(SHELL_PRACTICE_KEY);

  /** What the player asked for before the game had arrived: a button's test id (and a room code). */
  let pending = null;
  /** The control that was tapped: it shows the game's arrival (the status line may be below the fold). */
  let tapped = null;
  let share = 0;
  let failure = null;
  let started = false;
  /** The shell's download of the game, while it may still be given up for another file. */
  let download = null;
  /** The game's code is running: no other file can take its place now. Until then (its bytes
   * still arriving, or being compiled) a tap may give it up (switchTo). */
  let running = false;

  /** The line that tells the wait: the shell's (for a tap made there) or the splash's. */
  function status(text) {
    const line = useShell ? find(shell, 'home-loading') : find(splash, 'loading-splash-status');
    line.hidden = false;
    line.textContent = text;
  }

  function waiting() {
    const pct = Math.min(99, Math.round(share * 100));
    if (tapped) {
      tapped.classList.toggle('is-loading', !failure);
      tapped.setAttribute('aria-busy', String(!failure));
      tapped.style.setProperty('--load', `${pct}%`);
    }
    if (failure) return status(failure);
    status(share > 0 ? `Loading the game… ${pct} %` : 'Loading the game…');
  }

  /** The tapped control no longer waits for the game (another was tapped, or the ask withdrawn). */
  function settle() {
    if (!tapped) return;
    tapped.classList.remove('is-loading');
    tapped.removeAttribute('aria-busy');
    tapped = null;
  }

  /** The player asked for `asked` (a control's test id, a room code; `then`, a control the
   * first one opens) by `control`. */
  function ask(asked, control) {
    if (tapped !== control) settle();
    pending = asked;
    tapped = control;
    const wanted = fileFor(asked, control);
    if (wanted && wanted.wasm !== files.wasm && !running) switchTo(wanted);
    if (!running) offerPractice();
    waiting();
    begin();
  }

  /**
   * The file a tap in the shell needs, when the practice one would only load it next (issue
   * 49): a room to create, host with no internet or join by camera, Thunderstruck Duel and the
   * map editor need the full app; a room joined by its code, the base file. `null`: the file
   * chosen (a practice, the rules, a lesson). A browser without WebRTC keeps the practice file,
   * which says why it cannot be in a room, and loads nothing more.
   */
  function fileFor(asked, control) {
    const webrtc = typeof RTCPeerConnection === 'function';
    const full = ['home-create-room', 'home-serverless', 'home-join-camera'];
    if (webrtc && full.includes(asked.id)) return window.__ddFull;
    if (control && control.tagName === 'A' && window.__ddFullRoute.test(control.getAttribute('href') || '')) {
      return window.__ddFull;
    }
    if (webrtc && asked.id === 'home-join-go') return window.__ddRooms;
    return null;
  }

  /** Gives up the download under way (if any) for `wanted`'s: its bytes come first. */
  function switchTo(wanted) {
    files = wanted;
    share = 0;
    if (download) download.abort();
  }

  function wire() {
    shell.hidden = false;
    if (store.get(SEEN_KEY) === null) find(shell, 'home-learn-offer').hidden = false;
    if (saveData) find(shell, 'shell-data-saver').hidden = false;
    const name = find(shell, 'home-name');
    name.value = store.get(NAME_KEY) || '';
    name.addEventListener('change', () => {
      // As the game's set_name: no control characters, at most 24, trimmed.
      store.set(NAME_KEY, [...name.value].filter((c) => c >= ' ' && c !== '\x7f').slice(0, 24).join('').trim());
    });
    for (const box of shell.querySelectorAll('input[type=checkbox][data-key]')) {
      box.checked = store.get(box.dataset.key) !== '0';
      box.addEventListener('change', () => store.set(box.dataset.key, box.checked ? '1' : '0'));
    }
    const join = find(shell, 'shell-join');
    join.addEventListener('submit', (event) => {
      event.preventDefault();
      ask({ id: 'home-join-go', code: find(shell, 'home-join-code').value }, find(shell, 'home-join-go'));
    });
    shell.addEventListener('click', (event) => {
      const target = event.target.closest('button, a');
      // The join form's own button submits the form (above).
      if (!target || target.form) return;
      const id = target.dataset.testid;
      const choice = find(shell, 'home-practice-choice');
      if (id === 'home-practice' && store.get(PRACTICE_START_KEY) === null) {
        // A first Practice asks how to play: asked here, while the game loads, and answered
        // to the game's own choice when it starts (handOver). Unanswered, the game asks again.
        choice.hidden = false;
        target.setAttribute('aria-expanded', 'true');
        // The loading line follows the choice, so it stays on a phone's screen.
        choice.append(find(shell, 'home-loading'));
        choice.querySelector('h2').focus();
        ask({ id }, target);
      } else if (id === 'home-practice-choice-close') {
        choice.hidden = true;
        find(shell, 'home-practice').setAttribute('aria-expanded', 'false');
        shell.querySelector('nav').after(find(shell, 'home-loading'));
        pending = null;
        if (!running) offerPractice();
        settle();
      } else if (id && id.startsWith('home-practice-as-')) {
        ask({ id: 'home-practice', then: id }, target);
      } else if (id === 'home-learn-dismiss') {
        store.set(SEEN_KEY, '1');
        find(shell, 'home-learn-offer').hidden = true;
      } else if (id === 'home-join') {
        join.hidden = !join.hidden;
        if (!join.hidden) find(shell, 'home-join-code').focus();
      } else if (target.tagName === 'A') {
        // A link changes the address; the game opens on that screen when it starts.
        ask({ id: null }, target);
      } else if (id) {
        ask({ id }, target);
      }
    });
  }

  /** The wasm's response, counted as it arrives (for "Loading the game… 40 %"). */
  function counted(asked, bytes) {
    return asked.then((response) => {
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      if (!response.body || !bytes) return response;
      const reader = response.body.getReader();
      let seen = 0;
      const body = new ReadableStream({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          seen += value.byteLength;
          share = seen / bytes;
          if (pending || (splash && !splash.hidden)) waiting();
          controller.enqueue(value);
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/wasm' } });
    });
  }

  const tick = () => new Promise((resolve) => setTimeout(resolve, 16));
  async function until(id) {
    for (let k = 0; k < 250; k++) {
      const element = find(document, id);
      if (element) return element;
      await tick();
    }
    return null;
  }

  /** How the Practice `asked` starts, if it is one whose choice is made: a choice's key, or
   * "chosen" for the one this device remembers (src/boot/first_practice.rs reads both). */
  function practiceOffered(asked) {
    if (!asked || asked.id !== 'home-practice') return null;
    if (asked.then) return asked.then.replace(/^home-practice-as-/, '');
    return store.get(PRACTICE_START_KEY) !== null ? 'chosen' : null;
  }

  /**
   * Keeps the tab's offer to the game's start in step with the tap waiting: a Practice whose
   * choice is made starts as the game starts, instead of its home being built to be tapped
   * through (issue 49); anything else, no offer.
   */
  function offerPractice() {
    const how = practiceOffered(pending);
    if (how) store.setSession(SHELL_PRACTICE_KEY, how);
    else store.takeSession(SHELL_PRACTICE_KEY);
  }

  /** The game has started (its own home is mounted): the shell goes, a remembered tap is done. */
  async function handOver() {
    // The focus moves to the same control in the game's home (not when a choice starts a
    // game, or the game started the practice: the game's screen takes the focus).
    const focused = shell.contains(document.activeElement) && !(pending && (pending.then || pending.taken))
      ? document.activeElement.dataset.testid : null;
    // The game's home may come in a file of its own (the practice file is split, issue 49): the
    // shell stays over its "Loading…" (style/main.css) until it is built, or fails (said).
    for (let k = 0; k < 600 && find(document, 'screen-loading'); k++) await tick();
    shell.remove();
    const asked = pending;
    pending = null;
    if (focused) (await until(focused))?.focus();
    // The game started the practice: the focus goes to its screen's heading, as the game's own
    // screen changes move it (src/app/focus.rs), not to the page's body with the shell gone. Its
    // first frames may build the screen again (the battle begins on the host's first events):
    // for a moment the focus follows the new heading, unless the player has moved it.
    if (asked && asked.taken) {
      const onHeading = () => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const heading = find(document, 'game')?.querySelector('h1');
        if (!heading) return;
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      };
      onHeading();
      const follow = new MutationObserver(onHeading);
      follow.observe(document.body, { childList: true, subtree: true });
      setTimeout(() => follow.disconnect(), 3000);
      return;
    }
    if (!asked || !asked.id) return;
    if (asked.code !== undefined) {
      (await until('home-join'))?.click();
      const input = await until('home-join-code');
      if (!input) return;
      input.value = asked.code;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    (await until(asked.id))?.click();
    if (asked.then) (await until(asked.then))?.click();
  }

  function failed(error) {
    failure = `The game could not be loaded (${error && error.message ? error.message : error}). Check the connection, then reload the page.`;
    console.error('Dice Duel could not start:', error);
    if (!useShell && splash) {
      splash.hidden = false;
      find(splash, 'loading-splash-status').setAttribute('role', 'alert');
    }
    waiting();
    if (useShell) find(shell, 'home-loading').scrollIntoView({ block: 'center' });
  }

  /** Fetches and starts the game, once. */
  function begin() {
    if (started) return;
    started = true;
    start();
  }

  /**
   * The game asks for the rest of itself (src/platform/full_app.rs): the full file is fetched,
   * its share reported to `onShare` (0–1) as it arrives, and once the browser holds it (the HTTP
   * cache; the service worker's, offline) the tab is marked and reloads into it, at the same
   * address. Rejects, in words, if it cannot.
   */
  window.__ddLoadFull = async (onShare) => {
    const full = window.__ddFull;
    const [response] = await Promise.all([fetch(full.wasm), fetch(full.js).then((r) => r.text())]);
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    const reader = response.body && response.body.getReader();
    let seen = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += value.byteLength;
      if (onShare && full.bytes) onShare(Math.min(1, seen / full.bytes));
    }
    // Without the mark the reload would start the base file again, and ask again, forever.
    let marked = false;
    try { sessionStorage.setItem(FULL_KEY, '1'); marked = sessionStorage.getItem(FULL_KEY) === '1'; } catch { /* below */ }
    if (!marked) throw new Error('this browser keeps nothing across a reload of the page: private browsing can do this');
    location.reload();
  };

  async function start() {
    let wasm;
    let bindings;
    try {
      // Both at once: the wasm streams in while the JS glue is parsed. From the service worker,
      // and for a room link, both were asked for at the top of the page (index.html), before
      // the styles; on a first visit, the wasm alone (its glue is asked for here).
      // Taken once, and only for the file this start wants (a tap may have chosen another).
      const mine = files;
      const early = window.__ddEarly && !window.__ddEarly.taken && window.__ddEarly.files === mine ? window.__ddEarly : null;
      if (early) early.taken = true;
      // From the service worker the bytes come at once: the browser's own response (not a
      // counted copy) lets V8 reuse the code it compiled last time.
      download = early ? early.abort : new AbortController();
      const asked = early ? early.wasm : fetch(mine.wasm, { signal: download.signal });
      const response = early && early.fromWorker ? early.wasm : counted(asked, mine.bytes || 0);
      response.catch(() => {}); // Said below, by the glue's await.
      bindings = await (early && early.js ? early.js : import(mine.js));
      // A tap asked for another file while this one's glue was loading: that one starts.
      if (mine !== files) return start();
      // A returning guest's page answers the room's offer first (index.html, `beforeTheGame`).
      if (window.__ddSignal && window.__ddSignal.beforeTheGame) await window.__ddSignal.beforeTheGame();
      if (mine !== files) return start();
      wasm = await bindings.default({ module_or_path: response });
      running = true;
      // The game's start took the Practice offered (offerPractice), or left it: a saved one is
      // there, and the game's home asks first (handOver taps it as before). No tap can come
      // between the game's start and this line: both run in the one task that instantiates it.
      const offered = store.takeSession(SHELL_PRACTICE_KEY);
      if (offered === null && practiceOffered(pending)) pending.taken = true;
      if (mine !== window.__ddFiles) {
        // The shell's tap chose this file (switchTo). As __ddLoadFull's mark: a reload of this
        // tab stays on the full app. Set only once it runs: a file without rooms that finds the
        // mark takes its own switch for a refused one (src/platform/full_app.rs).
        if (mine === window.__ddFull) store.setSession(FULL_KEY, '1');
        window.__ddFiles = mine;
      }
    } catch (error) {
      // A tap gave up this download for another file's (switchTo): that one starts.
      if (!running && download && download.signal.aborted) return start();
      return failed(error);
    }
    download = null;
    if (splash) splash.remove();
    window.wasmBindings = bindings;
    dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
    if (useShell) await handOver();
    // The service worker precaches the build after the game has loaded, from the HTTP
    // cache the load just filled, so a first visit never fetches the wasm twice.
    if ('serviceWorker' in navigator) {
      navigator.serviceWorker.register('/sw.js').then((reg) => {
        // A tab left open for hours still hears of a new build.
        setInterval(() => reg.update().catch(() => {}), 30 * 60 * 1000);
      }).catch(() => {});
    }
  }

  if (!useShell) {
    if (shell) shell.remove();
    setTimeout(() => { if (splash && splash.isConnected && !failure) { splash.hidden = false; waiting(); } }, SPLASH_MS);
    begin();
  } else {
    if (splash) splash.remove();
    wire();
    // Saving data: the first tap that asks for the game fetches it (ask()). Else the page
    // asked for it already, beside the styles (index.html): it starts as it arrives.
    if (saveData) return;
    begin();
  }
})();
