// Page object for the home screen: specs talk about "Practice", not about selectors.
class HomePage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.root = page.getByTestId('home');
    this.practiceButton = page.getByTestId('home-practice');
    this.createRoomButton = page.getByTestId('home-create-room');
    this.joinButton = page.getByTestId('home-join');
    this.statusLine = page.getByTestId('home-status');
  }

  /** Opens the app and waits until the wasm app has mounted the home screen. */
  async goto(baseUrl) {
    await this.page.goto(baseUrl);
    await this.root.waitFor({ state: 'visible', timeout: 15000 });
  }

  practice() { return this.practiceButton.click(); }
  createRoom() { return this.createRoomButton.click(); }
  join() { return this.joinButton.click(); }
  status() { return this.statusLine.textContent(); }
}

module.exports = { HomePage };
