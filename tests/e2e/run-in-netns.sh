#!/usr/bin/env bash
# Runs the browser tests (Node's test runner) inside a fresh network namespace that has only
# loopback: nothing can leave the machine, and Chromium sends no mDNS on a real network card.
# Build everything first (trunk build --release, cargo build -p duel-server): there is no
# network in here.
#
# Usage: tests/e2e/run-in-netns.sh [spec.test.js ...]   (default: every *.test.js here)
#   VERBOSE=1          print the browsers' console
#   DUEL_SERVER_BIN, DUEL_DIST, CHROMIUM   override what is tested (see lib/paths.js)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
if [ -z "${DICE_DUEL_IN_NETNS:-}" ]; then
  # As a normal user, a user namespace maps us to root inside so we may bring lo up.
  userns=(); [ "$(id -u)" -eq 0 ] || userns=(-r)
  exec env DICE_DUEL_IN_NETNS=1 unshare "${userns[@]}" -n -- "$0" "$@"
fi
ip link set lo up

cd "$HERE"
[ -d node_modules/playwright-core ] || { echo "tests/e2e: run scripts/install-tools.sh --browser first" >&2; exit 1; }
# Fresh artifacts (screenshots, server logs) for every run.
rm -rf artifacts && mkdir -p artifacts
# Chromium profiles and crash dumps stay out of the shared /tmp.
TMPDIR=$(mktemp -d "$HERE/artifacts/tmp.XXXXXX"); export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

if [ $# -eq 0 ]; then
  mapfile -t specs < <(find . -name node_modules -prune -o -name '*.test.js' -print | sort)
else
  specs=("$@")
fi
# TAP reporter: ends with "# pass N" / "# fail N", which scripts/test adds up.
node --test --test-reporter=tap "${specs[@]}"
