// The styles a page loads are the ones we wrote (issue 49): scripts/lib/css-bundle.sh joins the
// page's stylesheets into one file and minifies it (comments and the whitespace a parser ignores
// go: 18.0 → 12.1 KB Brotli in every first screen). Chromium's own CSS parser reads the sources
// (style/*.css, in index.html's order) and the served bundle, and must find the same rules,
// each serialized as the browser serializes it: a space taken from a selector ("a :focus"
// becoming "a:focus") or a value ("1rem + 2px") would show here as a rule that differs.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test, useStack, paths } = require('./lib');

const stack = useStack({ players: 1 });

/** The stylesheets index.html names, in its order (the cascade's), and their text joined. */
function sources() {
  const page = fs.readFileSync(path.join(paths.ROOT, 'index.html'), 'utf8');
  const files = [...page.matchAll(/<link data-trunk rel="css" href="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(files.length > 1, `index.html names its stylesheets: ${files}`);
  return files.map((f) => fs.readFileSync(path.join(paths.ROOT, f), 'utf8')).join('\n');
}

test('the served stylesheet holds every rule of the sources, unchanged, in their order', { timeout: 60000 }, async () => {
  const page = await stack.session.players[0].newPage();
  await page.goto(stack.server.url);
  const href = await page.locator('link[rel="stylesheet"]').getAttribute('href');
  const served = await page.evaluate(async (h) => (await fetch(h)).text(), href);
  const written = sources();
  assert.ok(served.length < written.length * 0.8, `the bundle is minified: ${served.length} B against ${written.length} B written`);
  assert.ok(!served.includes('/*'), 'no comment is served');
  const strings = [...written.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/"[^"]*"|'[^']*'/g)].map((m) => m[0]);
  assert.ok(strings.length > 10 && strings.every((s) => !/[,;{}]|\s\s/.test(s)), `no string holds what the bundle's spaces are taken beside: ${strings}`);

  const [mine, theirs] = await page.evaluate(([a, b]) => {
    // Every rule as Chromium serializes it, nested rules (@media, @supports) flattened in order.
    const rules = (text) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      const out = [];
      const walk = (list, at) => {
        for (const rule of list) {
          if (rule.cssRules && !(rule instanceof CSSStyleRule)) walk(rule.cssRules, `${at}${rule.cssText.split('{')[0].trim()} » `);
          // A value with a custom property in it is kept as its tokens were written, spaces
          // included; the bundle takes only the spaces beside a comma, which never separate two
          // tokens (no string of ours holds a comma: checked above).
          else out.push(at + rule.cssText.replace(/\s*,\s*/g, ','));
        }
      };
      walk(sheet.cssRules, '');
      return out;
    };
    return [rules(a), rules(b)];
  }, [written, served]);
  assert.ok(mine.length > 300, `the sources parse into rules: ${mine.length}`);
  for (let i = 0; i < Math.max(mine.length, theirs.length); i += 1) {
    assert.equal(theirs[i], mine[i], `rule ${i} of ${mine.length} differs between the sources and the served bundle`);
  }
  await page.close();
});
