#!/usr/bin/env bash
# Hands the page's start to web/boot.js (issue 13): takes Trunk's own loader out of a build's
# index.html (the module script that starts the wasm at once, and the preloads that fetch it
# while the page is still parsing) and fills in boot.js's file names. boot.js then shows a
# first visit the home at once and fetches the game behind it. Run by scripts/lib/post-build.sh
# before the service worker is written; by hand: scripts/lib/shell-loader.sh dist
set -euo pipefail
dir=${1:?build folder}
cd "$dir"

# Neither Trunk's loader nor an unfilled name is left in the page (two loaders would start the
# game twice).
handed_over() { ! grep -q 'TrunkApplicationStarted", {detail' index.html && ! grep -qE '__(APP|FULL)_' index.html; }
# A build already handed over (post-build.sh run again on it, as offline.test.js does): as is.
if handed_over; then
  echo "shell loader: $dir already starts through web/boot.js" >&2
  exit 0
fi

# This build's own file (the base one, when the full one is added below).
js=$(ls dice-duel-*.js 2>/dev/null | grep -v '_bg' || true)
wasm=$(ls dice-duel-*_bg.wasm 2>/dev/null || true)
[ "$(wc -w <<<"$js")" = 1 ] && [ "$(wc -w <<<"$wasm")" = 1 ] ||
  { echo "shell-loader: not one dice-duel-*.js and one *_bg.wasm in $dir: '$js' '$wasm'" >&2; exit 1; }
bytes=$(stat -c %s "$wasm")
# The full app (issue 32): DUEL_FULL_DIST names a finished build of it (scripts/lib/build-release.sh),
# whose two files join this one. Without it (a build of one file), the full app is this one.
full_js=$js full_wasm=$wasm full_bytes=$bytes
if [ -n "${DUEL_FULL_DIST:-}" ]; then
  full_js=$(cd "$DUEL_FULL_DIST" && ls dice-duel-*.js | grep -v '_bg')
  full_wasm=$(cd "$DUEL_FULL_DIST" && ls dice-duel-*_bg.wasm)
  [ "$(wc -w <<<"$full_js")" = 1 ] && [ "$(wc -w <<<"$full_wasm")" = 1 ] ||
    { echo "shell-loader: not one full app in $DUEL_FULL_DIST" >&2; exit 1; }
  [ "$full_wasm" != "$wasm" ] || { echo "shell-loader: $DUEL_FULL_DIST holds this very build" >&2; exit 1; }
  cp "$DUEL_FULL_DIST/$full_js" "$DUEL_FULL_DIST/$full_wasm" .
  full_bytes=$(stat -c %s "$full_wasm")
fi

JS="/$js" WASM="/$wasm" BYTES="$bytes" FJS="/$full_js" FWASM="/$full_wasm" FBYTES="$full_bytes" perl -0777 -i -pe '
  my $n = 0;
  $n += s{<link rel="modulepreload"[^>]*>\s*}{}g;
  $n += s{<link rel="preload"[^>]*_bg\.wasm"[^>]*>\s*}{}g;
  $n += s{<script type="module">\s*import init, \* as bindings from [^<]*?TrunkApplicationStarted[^<]*</script>\s*}{}s;
  $n += s{__APP_JS__}{$ENV{JS}}g;
  $n += s{__APP_WASM__}{$ENV{WASM}}g;
  $n += s{__APP_WASM_BYTES__}{$ENV{BYTES}}g;
  $n += s{__FULL_JS__}{$ENV{FJS}}g;
  $n += s{__FULL_WASM__}{$ENV{FWASM}}g;
  $n += s{__FULL_WASM_BYTES__}{$ENV{FBYTES}}g;
  die "shell-loader: index.html is not the page Trunk 0.21 writes (only $n of 9 changes made)\n" if $n < 9;
' index.html
if ! handed_over; then
  echo "shell-loader: index.html still has Trunk's loader or an unfilled name" >&2
  exit 1
fi
echo "shell loader: $js, $wasm ($bytes B); the full app: $full_wasm ($full_bytes B)" >&2
