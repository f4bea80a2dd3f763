// The part of Playwright's Page and Locator that our page objects (HomePage, LobbyPage, GamePage)
// use, over any driver: Firefox through puppeteer-core (WebDriver BiDi), WebKitGTK through
// selenium-webdriver (classic WebDriver). One suite, three engines (issue 46): a spec written for
// Chromium runs in the others unchanged, as long as it keeps to this part.
//
// A driver gives a handful of primitives (firefox.js, webkit.js):
//   evaluate(fn, arg)           runs fn(arg) in the page, returns its (awaited) JSON value
//   evaluateOn(css, i, fn, arg) runs fn(element, arg) on the i-th match of css
//   click(css, i)               a real click (the engine's own input events) on the i-th match
//   goto(url), reload(), url(), setViewport(w, h), screenshot(file), close(), isClosed()
// Locators here are CSS selectors and an index: waits poll the page (every 50 ms), bounded by
// the page's default timeout, as Playwright's are.
const { setTimeout: sleep } = require('node:timers/promises');

const WAIT_MS = 30000;

/** Is the element shown: attached, with a box, and not hidden by CSS. Runs in the page. */
function shownInPage([css, pick]) {
  const all = [...document.querySelectorAll(css)];
  const e = all[pick < 0 ? all.length + pick : pick];
  if (!e) return { attached: false, visible: false };
  const box = e.getBoundingClientRect();
  const style = getComputedStyle(e);
  return { attached: true, visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden' };
}

class ShimLocator {
  /** @param {ShimPage} page @param {string} css @param {number} pick (negative: from the end) */
  constructor(page, css, pick = 0) {
    this.page = page;
    this.css = css;
    this.pick = pick;
  }

  first() { return new ShimLocator(this.page, this.css, 0); }
  last() { return new ShimLocator(this.page, this.css, -1); }
  nth(i) { return new ShimLocator(this.page, this.css, i); }
  or(other) { return new ShimLocator(this.page, `${this.css}, ${other.css}`, 0); }

  async count() { return this.page.driver.evaluate((css) => document.querySelectorAll(css).length, this.css); }

  async isVisible() { return (await this.shown()).visible; }

  /** { attached, visible } of the element now. */
  shown() { return this.page.driver.evaluate(shownInPage, [this.css, this.pick]); }

  /** Waits until the element is in `state` ('visible' by default, 'attached', 'hidden', 'detached'). */
  async waitFor({ state = 'visible', timeout = this.page.timeout } = {}) {
    const deadline = Date.now() + timeout;
    let last;
    for (;;) {
      last = await this.shown();
      const ok = { visible: last.visible, attached: last.attached, hidden: !last.visible, detached: !last.attached }[state];
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${this.css} to be ${state}`);
      await sleep(50);
    }
  }

  /** Waits for the element to show, then clicks it with the engine's own input. */
  async click({ timeout } = {}) {
    await this.waitFor({ timeout });
    const all = await this.count();
    await this.page.driver.click(this.css, this.pick < 0 ? all + this.pick : this.pick);
  }

  tap(opts) { return this.click(opts); }

  async evaluate(fn, arg) {
    await this.waitFor({ state: 'attached' });
    const all = await this.count();
    return this.page.driver.evaluateOn(this.css, this.pick < 0 ? all + this.pick : this.pick, fn, arg);
  }

  getAttribute(name) { return this.evaluate((e, n) => e.getAttribute(n), name); }
  textContent() { return this.evaluate((e) => e.textContent); }
  inputValue() { return this.evaluate((e) => e.value); }
  innerHTML() { return this.evaluate((e) => e.innerHTML); }
  boundingBox() {
    return this.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
  }

  /** Types `text` into an input as a paste would: the value, then one input event (as Playwright's fill). */
  fill(text) {
    return this.evaluate((e, t) => {
      e.focus();
      e.value = t;
      e.dispatchEvent(new Event('input', { bubbles: true }));
      e.dispatchEvent(new Event('change', { bubbles: true }));
    }, text);
  }
}

class ShimPage {
  constructor(driver) {
    this.driver = driver;
    this.timeout = WAIT_MS;
  }

  getByTestId(id) { return new ShimLocator(this, `[data-testid="${id}"]`); }
  locator(css) { return new ShimLocator(this, css); }

  goto(url) { return this.driver.goto(url); }
  reload() { return this.driver.reload(); }
  url() { return this.driver.url(); }
  isClosed() { return this.driver.isClosed(); }
  close() { return this.driver.close(); }
  evaluate(fn, arg) { return this.driver.evaluate(fn, arg); }
  setViewportSize({ width, height }) { return this.driver.setViewport(width, height); }
  viewportSize() { return this.driver.viewport; }
  screenshot({ path }) { return this.driver.screenshot(path); }
  waitForTimeout(ms) { return sleep(ms); }

  /** Polls `fn(arg)` in the page until it returns a truthy value; resolves to a handle of it. */
  async waitForFunction(fn, arg, { timeout = this.timeout } = {}) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = await this.driver.evaluate(fn, arg);
      if (value) return { jsonValue: async () => value };
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${fn.toString().slice(0, 120)}`);
      await sleep(50);
    }
  }
}

module.exports = { ShimPage, ShimLocator, WAIT_MS };
