#!/usr/bin/env bash
# The release build players get (dist/), in three files of one app (issues 32 and 49): the
# *practice* wasm (no rooms: no WebRTC transport, pairing or share panel; no Thunderstruck Duel,
# map editor or replays), which a first Practice loads; the *base* one (rooms too, the `rooms`
# feature), which a room link loads; and the *full* one, which a device loads when it opens
# Thunderstruck, the map editor or a replay, or hosts a room (src/platform/full_app.rs; the
# page's first script picks the file). The practice and base files are split
# (scripts/lib/split-build.sh): what their first screen does not need is in files fetched when
# needed. All come from this crate: the full and practice ones are
# built first into target/dist-full and target/dist-practice, and the base build's post-build
# hook copies their files into dist/ (scripts/lib/shell-loader.sh, through DUEL_FULL_DIST and
# DUEL_PRACTICE_DIST), so the page, the budget and the service worker's list see all three.
#
# Usage: scripts/lib/build-release.sh [full|practice|base]   (no argument: all, in that order)
#   full       only the full app, into target/dist-full
#   practice   only the practice file, into target/dist-practice
#   base       only the base build into dist/ (target/dist-full and target/dist-practice must be there)
set -euo pipefail
# shellcheck source=env.sh
source "$(dirname "$0")/env.sh"
cd "$ROOT"
FULL_DIST="$ROOT/target/dist-full"
PRACTICE_DIST="$ROOT/target/dist-practice"
BASE_DIST="$ROOT/target/dist-base"
what=${1:-all}
case "$what" in
  full | practice | base | all) ;;
  *) die "usage: $0 [full|practice|base]" ;;
esac
if [ "$what" = full ] || [ "$what" = all ]; then
  trunk build --release --dist "$FULL_DIST"
fi
if [ "$what" = practice ] || [ "$what" = all ]; then
  # Split (issue 49): the first Roll's part, and the rest fetched when first needed.
  "$ROOT/scripts/lib/split-build.sh" practice "$PRACTICE_DIST"
fi
if [ "$what" = base ] || [ "$what" = all ]; then
  [ -f "$FULL_DIST/index.html" ] || die "no full app in $FULL_DIST: run $0 full first"
  ls "$PRACTICE_DIST"/dice-duel-*_bg.wasm >/dev/null 2>&1 || die "no practice file in $PRACTICE_DIST: run $0 practice first"
  # The base file split too (a room link's lobby first, the game's screen after): Trunk builds
  # the page, the styles and the assets (and an unsplit base file, which shell-loader.sh puts
  # aside for this one).
  "$ROOT/scripts/lib/split-build.sh" base "$BASE_DIST"
  DUEL_FULL_DIST="$FULL_DIST" DUEL_PRACTICE_DIST="$PRACTICE_DIST" DUEL_BASE_DIST="$BASE_DIST" \
    trunk build --release --no-default-features --features rooms
  [ "$(ls dist/dice-duel-*_bg.wasm | wc -l)" = 3 ] || die "dist/ does not hold the three files of the app"
fi
