// Times seat-key signing and checking in wasm (Node's V8, as Chrome's).
import { readFileSync } from 'node:fs';
const bytes = readFileSync(process.argv[2]);
const { instance } = await WebAssembly.instantiate(bytes, {});
const x = instance.exports;
function time(name, f, n) {
  f(Math.max(1, n / 10)); // warm up
  const runs = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const out = f(n);
    runs.push((performance.now() - t0) * 1000 / n);
    if (out === undefined) throw new Error(name);
  }
  runs.sort((a, b) => a - b);
  console.log(`${name}: median ${runs[2].toFixed(1)} µs, best ${runs[0].toFixed(1)} µs (${n} per run, 5 runs)`);
}
time('sign a vote', x.sign_votes, 400);
time('verify a vote', x.verify_votes, 400);
time('verify a chain commitment', x.verify_chain_commits, 400);
