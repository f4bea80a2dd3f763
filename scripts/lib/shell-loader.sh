#!/usr/bin/env bash
# Hands the page's start to web/boot.js (issue 13): takes Trunk's own loader out of a build's
# index.html (the module script that starts the wasm at once, and the preloads that fetch it
# while the page is still parsing) and fills in boot.js's file names. boot.js then shows a
# first visit the home at once and fetches the game behind it. Run by scripts/lib/post-build.sh
# before the service worker is written; by hand: scripts/lib/shell-loader.sh dist
set -euo pipefail
# shellcheck source=env.sh
source "$(dirname "$0")/env.sh"
dir=${1:?build folder}
cd "$dir"

# Neither Trunk's loader nor an unfilled name is left in the page (two loaders would start the
# game twice).
handed_over() { ! grep -q 'TrunkApplicationStarted", {detail' index.html && ! grep -qE '__(APP|FULL|PRACTICE)_' index.html; }
# A build already handed over (post-build.sh run again on it, as offline.test.js does): as is.
if handed_over; then
  echo "shell loader: $dir already starts through web/boot.js" >&2
  exit 0
fi

# This build's own file (the base one, when the full and practice ones are added below).
js=$(ls dice-duel-*.js 2>/dev/null | grep -v '_bg' || true)
wasm=$(ls dice-duel-*_bg.wasm 2>/dev/null || true)
[ "$(wc -w <<<"$js")" = 1 ] && [ "$(wc -w <<<"$wasm")" = 1 ] ||
  { echo "shell-loader: not one dice-duel-*.js and one *_bg.wasm in $dir: '$js' '$wasm'" >&2; exit 1; }
bytes=$(stat -c %s "$wasm")
# The practice file (issue 49): DUEL_PRACTICE_DIST names a finished build of it, the app with
# no rooms, which a first Practice loads. Without it, the practice file is this one.
# other_file DIR WHAT: copies DIR's one app into this build; sets OTHER_JS and OTHER_WASM.
other_file() {
  OTHER_JS=$(cd "$1" && ls dice-duel-*.js | grep -v '_bg')
  OTHER_WASM=$(cd "$1" && ls dice-duel-*_bg.wasm)
  [ "$(wc -w <<<"$OTHER_JS")" = 1 ] && [ "$(wc -w <<<"$OTHER_WASM")" = 1 ] ||
    { echo "shell-loader: not one $2 app in $1" >&2; exit 1; }
  [ "$OTHER_WASM" != "$wasm" ] || { echo "shell-loader: $1 holds this very build" >&2; exit 1; }
  cp "$1/$OTHER_JS" "$1/$OTHER_WASM" .
  # A split file's other parts (scripts/lib/split-build.sh): its folder.
  local parts
  for parts in "$1"/dice-duel-split-*/; do
    [ -d "$parts" ] && cp -r "$parts" .
  done
  return 0
}
# The base file split (issue 49, scripts/lib/split-build.sh): DUEL_BASE_DIST names it, and it
# takes the place of the one Trunk built here (the same code, in one file).
if [ -n "${DUEL_BASE_DIST:-}" ]; then
  other_file "$DUEL_BASE_DIST" base
  rm -f "$js" "$wasm"
  js=$OTHER_JS wasm=$OTHER_WASM bytes=$(stat -c %s "$OTHER_WASM")
fi
# The full app (issue 32): DUEL_FULL_DIST names a finished build of it (scripts/lib/build-release.sh),
# whose two files join this one. Without it (a build of one file), the full app is this one.
full_js=$js full_wasm=$wasm full_bytes=$bytes
if [ -n "${DUEL_FULL_DIST:-}" ]; then
  other_file "$DUEL_FULL_DIST" full
  full_js=$OTHER_JS full_wasm=$OTHER_WASM full_bytes=$(stat -c %s "$OTHER_WASM")
fi
practice_js=$js practice_wasm=$wasm practice_bytes=$bytes
if [ -n "${DUEL_PRACTICE_DIST:-}" ]; then
  other_file "$DUEL_PRACTICE_DIST" practice
  practice_js=$OTHER_JS practice_wasm=$OTHER_WASM practice_bytes=$(stat -c %s "$OTHER_WASM")
fi

JS="/$js" WASM="/$wasm" BYTES="$bytes" FJS="/$full_js" FWASM="/$full_wasm" FBYTES="$full_bytes" \
  PJS="/$practice_js" PWASM="/$practice_wasm" PBYTES="$practice_bytes" perl -0777 -i -pe '
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
  $n += s{__PRACTICE_JS__}{$ENV{PJS}}g;
  $n += s{__PRACTICE_WASM__}{$ENV{PWASM}}g;
  $n += s{__PRACTICE_WASM_BYTES__}{$ENV{PBYTES}}g;
  die "shell-loader: index.html is not the page Trunk 0.21 writes (only $n of 12 changes made)\n" if $n < 12;
' index.html
if ! handed_over; then
  echo "shell-loader: index.html still has Trunk's loader or an unfilled name" >&2
  exit 1
fi
# The page's scripts (its first script, web/games.js, web/boot.js) minified: every first screen
# downloads them before the game (issue 49: 7.3 → 6.1 KB Brotli for the page). Terser is pinned
# (scripts/lib/env.sh) and installed by scripts/install-tools.sh: a build without it would send
# other bytes than the record's (scripts/lib/check-budget.sh).
[ -f "$TOOLS/npm/node_modules/terser/package.json" ] ||
  die "no terser in $TOOLS/npm (run scripts/install-tools.sh)"
NODE_PATH="$TOOLS/npm/node_modules" node "$ROOT/scripts/lib/minify-page-scripts.js" index.html
echo "shell loader: $js, $wasm ($bytes B); the full app: $full_wasm ($full_bytes B); practice: $practice_wasm ($practice_bytes B)" >&2
