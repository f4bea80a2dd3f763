#!/usr/bin/env bash
# Hands the page's start to web/boot.js (issue 13): takes Trunk's own loader out of a build's
# index.html (the module script that starts the wasm at once, and the preloads that fetch it
# while the page is still parsing) and fills in boot.js's file names. boot.js then shows a
# first visit the home at once and fetches the game behind it. Run by scripts/lib/post-build.sh
# before the service worker is written; by hand: scripts/lib/shell-loader.sh dist
set -euo pipefail
dir=${1:?build folder}
cd "$dir"

js=$(ls dice-duel-*.js 2>/dev/null | grep -v '_bg' | head -n1 || true)
wasm=$(ls dice-duel-*_bg.wasm 2>/dev/null | head -n1 || true)
[ -n "$js" ] && [ -n "$wasm" ] || { echo "shell-loader: no dice-duel-*.js / *_bg.wasm in $dir" >&2; exit 1; }
bytes=$(stat -c %s "$wasm")
# Neither Trunk's loader nor an unfilled name is left in the page (two loaders would start the
# game twice).
handed_over() { ! grep -q 'TrunkApplicationStarted", {detail' index.html && ! grep -q '__APP_' index.html; }
# A build already handed over (post-build.sh run again on it, as offline.test.js does): as is.
if handed_over; then
  echo "shell loader: $dir already starts through web/boot.js" >&2
  exit 0
fi

JS="/$js" WASM="/$wasm" BYTES="$bytes" perl -0777 -i -pe '
  my $n = 0;
  $n += s{<link rel="modulepreload"[^>]*>\s*}{}g;
  $n += s{<link rel="preload"[^>]*_bg\.wasm"[^>]*>\s*}{}g;
  $n += s{<script type="module">\s*import init, \* as bindings from [^<]*?TrunkApplicationStarted[^<]*</script>\s*}{}s;
  $n += s{__APP_JS__}{$ENV{JS}}g;
  $n += s{__APP_WASM__}{$ENV{WASM}}g;
  $n += s{__APP_WASM_BYTES__}{$ENV{BYTES}}g;
  die "shell-loader: index.html is not the page Trunk 0.21 writes (only $n of 6 changes made)\n" if $n < 6;
' index.html
if ! handed_over; then
  echo "shell-loader: index.html still has Trunk's loader or an unfilled name" >&2
  exit 1
fi
echo "shell loader: $js, $wasm ($bytes B)" >&2
