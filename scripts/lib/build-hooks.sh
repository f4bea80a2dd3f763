#!/usr/bin/env bash
# The test build (dist-test/): the app plus the test hooks (src/test_hooks/), for the room specs
# and the latency bench. The same page as the release build, except that the app's wasm is not
# passed through wasm-opt: players never get this build, its size is not measured, and the
# optimiser's 40 s (one core) would only delay the browser tests. Trunk takes the page from a
# copy of index.html with that one attribute changed (index.hooks.html, not kept in git), so
# the two can never drift apart.
#
# Usage: scripts/lib/build-hooks.sh   (after `cargo fetch`; writes dist-test/)
set -euo pipefail
# shellcheck source=env.sh
source "$(dirname "$0")/env.sh"
cd "$ROOT"
page=index.hooks.html
trap 'rm -f "$ROOT/$page"' EXIT
# Only the app's wasm (data-bin="dice-duel"); the QR decoder's worker stays as shipped.
sed '/data-bin="dice-duel"/ s/data-wasm-opt="1"/data-wasm-opt="0"/' index.html > "$page"
grep -q 'data-bin="dice-duel" data-wasm-opt="0"' "$page" || die "index.html: the app's rust link changed; update $0"
trunk build --release --features test-hooks --dist dist-test "$page"
[ -f dist-test/index.html ] || die "trunk wrote no dist-test/index.html"
