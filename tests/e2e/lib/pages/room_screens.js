// Two screens of one room, read as a player would compare them: where each ship is drawn, the
// damage each shows and (in the test build) the state's hash. Shared by rooms.test.js (two
// Chromium tabs) and firefox_rooms.test.js (Firefox with Chromium), whose pages may be
// Playwright's or lib/engines/shim.js's.

/** What both screens must agree on: ship squares and damage as drawn, plus the debug hash if published. */
async function seen(page) {
  return page.evaluate(() => {
    const attr = (id, a) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute(a) ?? null;
    const d = window.__duel;
    return {
      squares: [attr('board-ship-0', 'data-square'), attr('board-ship-1', 'data-square')],
      damage: [attr('hud-ship-0', 'data-damage'), attr('hud-ship-1', 'data-damage')],
      hash: d ? d.hash : null,
      head: d ? d.head : null,
    };
  });
}

/** Waits until both screens show the same things (`pred` holding on each). */
async function sameOnBoth(a, b, what, pred = () => true, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    last = await Promise.all([seen(a), seen(b)]);
    if (JSON.stringify(last[0]) === JSON.stringify(last[1]) && last.every(pred)) return last[0];
    if (Date.now() > deadline) throw new Error(`screens differ (${what}): ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Loads front tube 1 (Nose, Body, Tail) through the Weapons station's screen; `opts` bounds
 * each part's rolls (GamePage.place: 80 tries or 30 s by default). */
async function loadTorpedo(game, opts = {}) {
  const tube = 'f0';
  for (const part of ['Nose', 'Body', 'Tail']) {
    await game.place('weapons', [part], () => `weapons-${tube}-${part.toLowerCase()}`, opts);
  }
  await game.page.waitForFunction((t) => document.querySelector(`[data-testid="weapons-tube-${t}"]`)?.classList.contains('is-loaded'), tube);
}

module.exports = { loadTorpedo, sameOnBoth, seen };
