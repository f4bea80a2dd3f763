// Page object for the home screen: specs talk about "Practice", not about selectors.
class HomePage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.root = page.getByTestId('home');
    this.practiceButton = page.getByTestId('home-practice');
    this.practiceLobbyButton = page.getByTestId('home-practice-setup');
    this.createRoomButton = page.getByTestId('home-create-room');
    this.joinButton = page.getByTestId('home-join');
    this.joinCode = page.getByTestId('home-join-code');
    this.statusLine = page.getByTestId('home-status');
    this.rulesLink = page.getByTestId('home-rules');
  }

  /** Opens the app (optionally with a query such as `?seed=3&bots=off`) and waits for the home screen. */
  async goto(baseUrl, query = '') {
    await this.page.goto(baseUrl + query);
    await this.root.waitFor({ state: 'visible', timeout: 15000 });
  }

  /**
   * Taps Practice. Over an unfinished practice game the app asks first: start a new one. The
   * first Practice on a device asks how to play (issue 33): `as` answers it ('crew', the whole
   * ship against Medium bots, as every Practice did before; or a station: 'weapons', 'helm').
   */
  async practice({ as = 'crew' } = {}) {
    await this.practiceButton.click();
    const fresh = this.page.getByTestId('home-practice-new');
    const choice = this.page.getByTestId('home-practice-choice');
    // Either the game starts or the app asks first; whichever shows.
    await this.page.getByTestId('game').or(fresh).or(choice).first().waitFor();
    if (await fresh.count()) {
      await fresh.click();
      await this.page.getByTestId('game').or(choice).first().waitFor();
    }
    if (await choice.count()) await this.page.getByTestId(`home-practice-as-${as}`).click();
  }
  practiceLobby() { return this.practiceLobbyButton.click(); }
  createRoom() { return this.createRoomButton.click(); }
  join() { return this.joinButton.click(); }
  status() { return this.statusLine.textContent(); }
}

module.exports = { HomePage };
