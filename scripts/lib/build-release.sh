#!/usr/bin/env bash
# The release build players get (dist/), in two files of one app (issue 32): the *base* wasm (no
# Thunderstruck Duel, map editor or replays: the `full` feature off), which a room link and a
# first Practice load, and the *full* one, which a device loads when it opens one of those
# (src/platform/full_app.rs; web/boot.js picks the file). Both come from this crate; the full one
# is built first into target/dist-full, and the base build's post-build hook copies its two files
# into dist/ (scripts/lib/shell-loader.sh, through DUEL_FULL_DIST), so the page, the budget and
# the service worker's list all see both.
#
# Usage: scripts/lib/build-release.sh [full|base]   (no argument: both, in that order)
#   full   only the full app, into target/dist-full
#   base   only the base build into dist/ (target/dist-full must be there)
set -euo pipefail
# shellcheck source=env.sh
source "$(dirname "$0")/env.sh"
cd "$ROOT"
FULL_DIST="$ROOT/target/dist-full"
what=${1:-both}
case "$what" in
  full | both) trunk build --release --dist "$FULL_DIST" ;;
  base) ;;
  *) die "usage: $0 [full|base]" ;;
esac
case "$what" in
  base | both)
    [ -f "$FULL_DIST/index.html" ] || die "no full app in $FULL_DIST: run $0 full first"
    DUEL_FULL_DIST="$FULL_DIST" trunk build --release --no-default-features
    [ "$(ls dist/dice-duel-*_bg.wasm | wc -l)" = 2 ] || die "dist/ does not hold the two files of the app"
    ;;
esac
