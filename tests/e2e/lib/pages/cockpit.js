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

  /** Rolls `kind` until a die shows a face in `accept`, picks it and taps `spot`; returns the face. */
  async place(kind, accept, spot, tries = 80) {
    for (let k = 0; k < tries; k++) {
      const good = (await this.tray(kind)).find((d) => d.state === 'rolled' && accept.includes(d.face));
      if (good) {
        await this.root.getByTestId(`cockpit-${kind}-die-${good.i}`).click();
        const before = await this.count(spot);
        await this.root.getByTestId(spot).click();
        // Landed: the spot holds one more, or (the second helm die) the Fighter moved and cleared the helm.
        await this.root.evaluate((root, [s, n, die]) => new Promise((resolve, reject) => {
          const t0 = Date.now();
          const look = () => {
            const landed = Number(root.querySelector(`[data-testid="${s}"]`)?.dataset.count) > n
              || root.querySelector(`[data-testid="${die}"]`)?.dataset.state !== 'rolled';
            if (landed) return resolve();
            if (Date.now() - t0 > 5000) return reject(new Error(`${die} did not land on ${s}`));
            requestAnimationFrame(look);
          };
          look();
        }), [spot, before, `cockpit-${kind}-die-${good.i}`]);
        return good.face;
      }
      await this.root.getByTestId(`cockpit-${kind}-roll`).click();
    }
    throw new Error(`${kind}: no ${accept.join('/')} in ${tries} rolls`);
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
  async lockOn(tries = 30) {
    for (let k = 0; k < tries; k++) {
      if (await this.root.locator('[data-testid="hit-tests"] li.is-hit').count()) return;
      await this.place('sensors', ['Lock', 'Double Lock'], 'cockpit-lock');
    }
    throw new Error('no lock');
  }
}

module.exports = { CockpitPage };
