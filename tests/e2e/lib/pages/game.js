// Page object for the game screen. Stations are driven by clicks only; the
// helpers retry rolls until the face they need shows (the dice are the host's).
const { runUntil } = require('../clock');
const STATION_NUMBER = { weapons: 1, sensors: 2, tractor: 3, shields: 4, helm: 5 };

/**
 * The running freeze's steps, on the overlay or (once it has closed) on the
 * result card that keeps them. Under `fast=1` the overlay lasts 1.2 s: a wait
 * for one step after another may outlast it on a loaded machine, so a step
 * is found wherever it is still shown.
 * @param {import('playwright-core').Page} page
 */
const freezeSteps = (page) => page.locator('[data-testid="freeze-step"], [data-testid="freeze-result-step"]');

/**
 * The running freeze's call ("White: Fire 1!"): the overlay's, or once it has closed (the same
 * race as `freezeSteps`), the result card's that keeps it. Waits (bounded by the page's default
 * timeout) until one is shown.
 * @param {import('playwright-core').Page} page
 */
async function freezeCall(page) {
  const shown = await page.waitForFunction(() => {
    const call = document.querySelector('[data-testid="freeze-call"]')
      ?? document.querySelector('[data-testid="freeze-result"] .freeze-result__call');
    return call ? call.textContent : null;
  });
  return shown.jsonValue();
}

/**
 * On the test's clock (lib/clock.js): runs it until a freeze step (on the overlay or the result
 * card) matches `re`. The overlay then stays as long as the spec reads it.
 * @param {import('playwright-core').Page} page  @param {RegExp} re
 */
const freezeStepShown = (page, re) => runUntil(page, `a freeze step ${re}`, (src) => [...document.querySelectorAll('[data-testid="freeze-step"], [data-testid="freeze-result-step"]')]
  .some((e) => new RegExp(src).test(e.textContent)), { arg: re.source, maxMs: 20000 });

class GamePage {
  /** @param {import('playwright-core').Page} page */
  constructor(page, ship = 0) {
    this.page = page;
    this.ship = ship;
    this.root = page.getByTestId('game');
  }

  async waitFor() {
    await this.root.waitFor({ state: 'visible', timeout: 15000 });
  }

  tab(station) { return this.page.getByTestId(`tab-${this.ship}-${station}`); }

  /** Shows a station (one tap) and waits for its screen. */
  async show(station) {
    await this.tab(station).click();
    await this.page.getByTestId(`station-${station}`).waitFor({ state: 'visible' });
  }

  async showBoard() {
    await this.page.getByTestId('tab-board').click();
    await this.page.getByTestId('board-view').waitFor({ state: 'visible' });
  }

  /** Energy dice at a station (its striped section). */
  async energyAt(station) {
    return Number(await this.page.getByTestId(`${station}-energy`).getAttribute('data-count'));
  }

  /** Engineering: rolls until a die shows `n`, then sends it (energy → station). */
  async sendEnergy(n, { tries = 60, ms = 30000 } = {}) {
    await this.show('engineering');
    const deadline = Date.now() + ms;
    for (let k = 0; k < tries && Date.now() < deadline; k++) {
      const send = this.page.getByTestId(`eng-send-${n}`);
      if (await send.evaluate((e) => e.classList.contains('is-ready'))) {
        await send.click();
        return;
      }
      await this.page.getByTestId('engineering-roll').click();
    }
    throw new Error(`no energy die showed ${n} within ${tries} rolls or ${ms} ms`);
  }

  /** The dice beside a station's display: [{ i, face, state }]. */
  async tray(station) {
    return this.page.evaluate((st) => [...document.querySelectorAll(`[data-testid^="${st}-die-"]`)].map((e) => ({
      i: Number(e.dataset.testid.split('-').pop()),
      face: e.dataset.face,
      state: e.dataset.state,
    })), station);
  }

  /**
   * Energy → station → placement: rolls the station's dice (asking Engineering
   * for energy when it has none) until one shows a face in `accept`, then taps
   * the spot `spotFor(face)` returns. Returns the face placed.
   */
  async place(station, accept, spotFor, { tries = 80, ms = 30000 } = {}) {
    const deadline = Date.now() + ms;
    for (let k = 0; k < tries && Date.now() < deadline; k++) {
      await this.show(station);
      const dice = await this.tray(station);
      const good = dice.find((d) => d.state === 'rolled' && accept.includes(d.face));
      if (good) {
        const spot = spotFor(good.face);
        if (spot) {
          // Pick the die, then tap the box (a box that already holds a die still takes it).
          await this.page.getByTestId(`${station}-die-${good.i}`).click();
          await this.page.getByTestId(spot).click();
          return good.face;
        }
      }
      if (dice.some((d) => d.state === 'rolled') || (await this.energyAt(station)) > 0) {
        await this.page.getByTestId(`${station}-roll`).click();
      } else {
        await this.sendEnergy(STATION_NUMBER[station]);
      }
    }
    throw new Error(`${station}: no ${accept.join('/')} within ${tries} tries or ${ms} ms`);
  }

  /** Placed dice in a spot. */
  async countIn(spot) {
    return Number(await this.page.getByTestId(spot).getAttribute('data-count'));
  }

  shipSquare(ship) { return this.page.getByTestId(`board-ship-${ship}`).first().getAttribute('data-square'); }
  damage(ship) { return this.page.getByTestId(`hud-ship-${ship}`).getAttribute('data-damage'); }

  /** The text of the newest toast. */
  async lastToast() {
    const toast = this.page.getByTestId('toast').last();
    await toast.waitFor({ state: 'visible', timeout: 5000 });
    return toast.textContent();
  }
}

module.exports = { GamePage, STATION_NUMBER, freezeCall, freezeStepShown, freezeSteps };
