// Page object for the lobby: crews, seats, bots, rules, map, start.
const { onTestClock, runUntilShown } = require('../clock');
class LobbyPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.root = page.getByTestId('lobby');
  }

  async waitFor() {
    await this.root.waitFor({ state: 'visible', timeout: 15000 });
  }

  /** Players per ship: 1, 2, 3, 4 (with a Captain) or 6 (one seat per station). */
  async crew(n) {
    await this.page.getByTestId(`lobby-crew-${n}`).click();
    await this.page.waitForFunction((k) => document.querySelector(`[data-testid="lobby-crew-${k}"]`)?.classList.contains('is-on'), n);
  }

  seat(i) { return this.page.getByTestId(`seat-${i}`); }
  holder(i) { return this.seat(i).getAttribute('data-holder'); }

  /** Waits until seat `i` is held by `holder` ("player", "bot" or "open"). */
  async waitHolder(i, holder) {
    await this.page.waitForFunction(([k, h]) => document.querySelector(`[data-testid="seat-${k}"]`)?.dataset.holder === h, [i, holder]);
  }

  /** Makes seat `i` this device's: frees it from a bot if need be, then takes it. */
  async take(i) {
    if ((await this.holder(i)) === 'bot') {
      await this.page.getByTestId(`seat-${i}-unbot`).click();
      await this.waitHolder(i, 'open');
    }
    await this.page.getByTestId(`seat-${i}-claim`).click();
    await this.waitHolder(i, 'player');
  }

  /** Gives seat `i` to a bot (releasing it first if it is ours). */
  async bot(i) {
    if ((await this.holder(i)) === 'player') {
      await this.page.getByTestId(`seat-${i}-release`).click();
      await this.waitHolder(i, 'open');
    }
    await this.page.getByTestId(`seat-${i}-bot`).click();
    await this.waitHolder(i, 'bot');
  }

  async fillBots() { await this.page.getByTestId('lobby-fill-bots').click(); }

  async start() {
    await this.page.getByTestId('lobby-start').click();
    // On the test's clock nothing moves until the test runs it (lib/clock.js).
    if (onTestClock(this.page)) await runUntilShown(this.page, 'game', { maxMs: 15000 });
    await this.page.getByTestId('game').waitFor({ state: 'visible', timeout: 15000 });
  }
}

module.exports = { LobbyPage };
