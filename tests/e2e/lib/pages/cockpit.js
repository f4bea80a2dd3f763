// Page object for a Pilot's cockpit (Die Fighter): one card with the helm's two slots, the
// missile bay, the sensors and a tray per kind of die. No energy: the helpers roll at will
// until the face they need shows (the dice are the host's). Everything is looked up inside
// the cockpit, so a device that also crews a Capital ship's stations is no confusion.
class CockpitPage {
  /** @param {import('playwright-core').Page} page  @param {number} ship  the Fighter's ship number */
  constructor(page, ship) {
    this.page = page;
    this.ship = ship;
    this.root = page.getByTestId('station-cockpit');
  }

  /** Shows the cockpit tab and waits for the card. */
  async show() {
    await this.page.getByTestId(`tab-${this.ship}-cockpit`).click();
    await this.root.waitFor({ state: 'visible' });
  }

  health() { return this.root.getByTestId('cockpit-health').getAttribute('data-health'); }
  count(spot) { return this.root.getByTestId(spot).getAttribute('data-count').then(Number); }

  /** One kind of dice (helm, weapons, sensors, tractor) beside the card: [{ i, face, state }]. */
  async tray(kind) {
    return this.root.evaluate((root, k) => [...root.querySelectorAll(`[data-testid^="cockpit-${k}-die-"]`)].map((e) => ({
      i: Number(e.dataset.testid.split('-').pop()),
      face: e.dataset.face,
      state: e.dataset.state,
    })), kind);
  }

  /**
   * Rolls `kind` until a die shows a face in `accept`, picks it and taps `spot`; returns the face.
   * Bounded by `tries` rolls and by `ms` in all, whichever comes first.
   */
  async place(kind, accept, spot, { tries = 80, ms = 30000 } = {}) {
    const deadline = Date.now() + ms;
    for (let k = 0; k < tries && Date.now() < deadline; k++) {
      const good = (await this.tray(kind)).find((d) => d.state === 'rolled' && accept.includes(d.face));
      if (good) {
        const die = `cockpit-${kind}-die-${good.i}`;
        await this.root.getByTestId(die).click();
        const before = await this.count(spot);
        await this.root.getByTestId(spot).click();
        // Landed: the spot holds one more, or (the second helm die) the Fighter moved and cleared
        // the helm. Polled on a timer from Playwright's side, so the wait has a bound even if the
        // page stops drawing frames (an animation-frame loop inside evaluate() had none: the
        // mission-3 hang of issue 35).
        await this.page.waitForFunction(([s, n, d]) => Number(document.querySelector(`[data-testid="${s}"]`)?.dataset.count) > n
          || document.querySelector(`[data-testid="${d}"]`)?.dataset.state !== 'rolled', [spot, before, die], { polling: 50, timeout: 5000 })
          .catch((e) => { throw new Error(`${die} did not land on ${spot}: ${e.message.split('\n')[0]}`); });
        return good.face;
      }
      await this.root.getByTestId(`cockpit-${kind}-roll`).click();
    }
    throw new Error(`${kind}: no ${accept.join('/')} within ${tries} rolls or ${ms} ms`);
  }

  /** Both helm slots filled with `faces` (default: any forward face): the Fighter moves. */
  async fly(faces = ['Forward 1', 'Forward 2']) {
    await this.place('helm', faces, 'cockpit-helm-a');
    await this.place('helm', faces, 'cockpit-helm-b');
  }

  /** Nose, body and tail in the missile bay. */
  async loadMissile() {
    for (const part of ['Nose', 'Body', 'Tail']) {
      await this.place('weapons', [part], `cockpit-${part.toLowerCase()}`);
    }
    await this.page.waitForFunction(() => document.querySelector('[data-testid="cockpit-bay"]')?.classList.contains('is-loaded'));
  }

  /** Locks until the hit test says HIT. */
  async lockOn({ tries = 30, ms = 30000 } = {}) {
    const deadline = Date.now() + ms;
    for (let k = 0; k < tries && Date.now() < deadline; k++) {
      if (await this.root.locator('[data-testid="hit-tests"] li.is-hit').count()) return;
      let want = ['Lock', 'Double Lock'];
      if ((await this.tray('sensors')).length === 0) {
        // Every sensor die is on the lock and it still misses (four single Locks at range 5):
        // take a single Lock off, rerolled where it stood (R22), and hold out for a Double Lock.
        await this.root.locator('[data-testid^="sensors-placed-"][data-face="Lock"]').first().click();
        await this.root.getByTestId('cockpit-sensors-reroll-placed').click();
        want = ['Double Lock'];
      }
      await this.place('sensors', want, 'cockpit-lock', { ms: Math.max(1000, deadline - Date.now()) });
    }
    throw new Error(`no lock within ${tries} placements or ${ms} ms`);
  }
}

module.exports = { CockpitPage };
