// The pairing cards' codes, as the serverless specs read them: an invitation a device shows,
// the answer the other shows back (`data-code` on the card, a `DD1:` code).
const assert = require('node:assert/strict');

/** The code the card `testid` shows, once made, and once it is not `old`. */
async function codeOf(page, testid, old = null) {
  await page.waitForFunction(([id, was]) => {
    const code = document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-code');
    return !!code && code !== was;
  }, [testid, old], { timeout: 20000 });
  const code = await page.getByTestId(testid).getAttribute('data-code');
  assert.match(code, /^DD1:/, `${testid} shows a pairing code`);
  return code;
}

/** `from` shows a new invitation and returns it (read at once: the last card goes when its device links). */
async function invitation(from) {
  const old = await from.page.evaluate(() => document.querySelector('[data-testid="pair-offer"]')?.getAttribute('data-code') ?? null);
  await from.page.getByTestId('pair-invite').tap();
  return codeOf(from.page, 'pair-offer', old);
}

module.exports = { codeOf, invitation };
