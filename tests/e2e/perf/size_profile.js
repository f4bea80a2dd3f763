#!/usr/bin/env node
// The wasm's size by crate (issue 13): `twiggy top` lists every function and data
// segment of the bindgen'd release wasm with its size; this sums them by the crate
// their (demangled) name starts with. A generic instantiation counts for the crate of
// its path (`core::ptr::drop_in_place<dice_duel::…>` is `core`), so `core` and `alloc`
// hold the app's monomorphised std code. The names section is left out (wasm-opt strips
// it): the total is the code and data wasm-opt then shrinks to the shipped file.
//
// Usage: node tests/e2e/perf/size_profile.js [path/to/dice-duel_bg.wasm] [--top 15]
// (needs `twiggy`: `cargo install twiggy --locked`; after `trunk build --release`)
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 15;
const target = process.env.CARGO_TARGET_DIR || path.join(__dirname, '..', '..', '..', 'target');
const wasm = args[0] || path.join(target, 'wasm-bindgen', 'release', 'dice-duel_bg.wasm');

const csv = execFileSync('twiggy', ['top', '-n', '1000000', '--format', 'csv', wasm], { maxBuffer: 1 << 28 }).toString();

/** One CSV line → fields (twiggy quotes names that hold commas or quotes). */
function fields(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') quoted = false; else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(cur); cur = ''; } else cur += c;
  }
  out.push(cur);
  return out;
}

function crateOf(name) {
  const generic = name.match(/^<T as ([A-Za-z_]\w*)::/);
  if (generic) return generic[1];
  const path = name.match(/^<?&?(?:mut )?(?:dyn )?([A-Za-z_]\w*)(?:\[[0-9a-f]+\])?::/);
  if (path) return path[1];
  if (name.startsWith('data segment')) return '(data: strings, tables)';
  if (/^(type|import|export|elem|table)/.test(name)) return '(types, imports, tables)';
  return '(unnamed)';
}

const sizes = new Map();
let total = 0;
for (const line of csv.trim().split('\n').slice(1)) {
  const [name, shallow] = fields(line);
  if (name.includes('"function names" subsection') || name.startsWith('custom section')) continue;
  const size = Number(shallow);
  total += size;
  const crate = crateOf(name);
  sizes.set(crate, (sizes.get(crate) || 0) + size);
}
console.log(`${wasm}: ${total.toLocaleString('en')} B of code and data (names section left out)`);
console.log('| crate | bytes | share |');
console.log('|---|---:|---:|');
for (const [crate, size] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`| ${crate} | ${size.toLocaleString('en')} | ${((100 * size) / total).toFixed(1)} % |`);
}
