// The page's inline scripts minified (issue 49): the page's first script, web/games.js and
// web/boot.js are in every first screen's bytes before the game (7.3 → 6.1 KB Brotli). Terser
// (npm, pinned in scripts/lib/env.sh) compresses and renames what is local to each script; a
// classic script's top-level names stay (other scripts and the wasm reach them through
// `window`). The server's Content-Security-Policy hashes the inline scripts of the page it
// serves (crates/server/src/csp.rs), so the hashes follow.
// Usage: NODE_PATH=<dir holding terser> node scripts/lib/minify-page-scripts.js index.html
const fs = require('node:fs');
const { minify } = require('terser');

async function main() {
  const file = process.argv[2];
  const page = fs.readFileSync(file, 'utf8');
  const scripts = [...page.matchAll(/(<script\b([^>]*)>)([\s\S]*?)(<\/script>)/g)];
  let out = '';
  let at = 0;
  let before = 0;
  let after = 0;
  for (const m of scripts) {
    const [whole, open, attrs, body, close] = m;
    out += page.slice(at, m.index);
    at = m.index + whole.length;
    if (/\bsrc=/.test(attrs) || !body.trim()) {
      out += whole;
      continue;
    }
    const module = /type=["']?module/.test(attrs);
    const result = await minify(body, { module, compress: { passes: 2 }, mangle: true, format: { comments: false } });
    if (typeof result.code !== 'string') throw new Error(`terser gave no code for a script of ${file}`);
    // "</script" inside a string would end the element early.
    if (/<\/script/i.test(result.code)) throw new Error(`a minified script of ${file} holds "</script"`);
    before += body.length;
    after += result.code.length;
    out += open + result.code + close;
  }
  out += page.slice(at);
  fs.writeFileSync(file, out);
  console.error(`page scripts: ${scripts.length} inline, ${before} → ${after} B`);
}

main().catch((e) => {
  console.error(`minify-page-scripts: ${e.message}`);
  process.exit(1);
});
