#!/usr/bin/env bash
# The load budget (issue 32): the bytes a room link or a first Practice transfers before its
# first screen, as the server sends them (the build's Brotli copies, scripts/lib/precompress.sh).
# Both need the page and every stylesheet, script and wasm the page names (the service worker
# excepted: it is registered once the game runs). Fails above the budget, so a change that
# makes a friend on mobile data wait longer is seen when it is made, not in a bench months on.
#
# The ratchet (issue 49): the last recorded figure is in scripts/lib/load-record (bytes, one
# line). The check fails when a build needs more than RATCHET_BYTES above it (win them back, or
# record the new figure with its reason in docs/PERFORMANCE.md), and also when it needs more than
# RATCHET_BYTES below it: a change that saves bytes records them (`--record`), so the budget only
# comes down with it (as Chromium's binary-size checks do). The slack covers a build's paths
# (a fresh machine's cargo home) in the panic strings; the release build is otherwise the same
# bytes on every machine (pinned rustc, trunk, wasm-bindgen and wasm-opt).
#
# Usage: scripts/lib/check-budget.sh DIST [BUDGET_KB]
#        scripts/lib/check-budget.sh DIST --record   (writes DIST's figure to the record)
#        scripts/lib/check-budget.sh --self-test    (shows the check fails above a budget and
#                                                    away from its record)
# BUDGET_KB (the hard ceiling) defaults to $LOAD_BUDGET_KB, else the figure below.
# docs/PERFORMANCE.md ("The load budget") says where the figures come from.
set -euo pipefail

RECORD=${LOAD_RECORD:-$(dirname "$0")/load-record}
RATCHET_BYTES=2000

# 760 since issue 43 (2026-11-28): the room's defences against a single peer (one voice per
# device, leader stickiness, history from its host, the crew's dice by number) and issue 46's
# WebRTC check are in the base file, +12 KB (758.2 KB). 762 since 2026-11-29: the audit's terms
# (attack 5) and the serverless rejoin (issue 45), +1.9 KB (760.4 KB). To be won back by issue
# 49's practice without the network's weight: docs/PERFORMANCE.md. 776 since the evening of
# 2026-11-29: issue 43's elections back, the pinned newcomer and the two tables, +13.4 KB
# (773.8 KB). 782 since the night of 2026-11-29: commands and batches signed end to end (issue 43, point
# 10) and a forked serverless host that rejoins live (issue 45), +5.9 KB (779.7 KB).
DEFAULT_BUDGET_KB=782

# bytes_sent FILE: the Brotli copy's size, or the file's own when the build wrote none.
bytes_sent() {
  if [ -f "$1.br" ]; then stat -c %s "$1.br"; else stat -c %s "$1"; fi
}

# first_screen_bytes DIST: prints each file and sets TOTAL to the bytes before a first screen.
first_screen_bytes() {
  local dist=$1 name bytes
  TOTAL=0
  [ -f "$dist/index.html" ] || { echo "error: no $dist/index.html (build it first)" >&2; return 2; }
  local files=(index.html)
  # The page names its files from the root ("/app-HASH.css"); inline scripts mention others.
  # The full app's files (issue 32: the line `window.__ddFull = …`) load only when a device
  # opens Thunderstruck Duel, the map editor or a replay: not before a first screen.
  while read -r name; do
    [ "$name" = sw.js ] && continue
    [ -f "$dist/$name" ] && files+=("$name")
  done < <(grep -v 'window.__ddFull = ' "$dist/index.html" | grep -oE "[\"']/[A-Za-z0-9_.-]+\.(css|js|wasm)[\"']" | tr -d "\"'/" | sort -u)
  for name in "${files[@]}"; do
    bytes=$(bytes_sent "$dist/$name")
    TOTAL=$((TOTAL + bytes))
    printf '  %-44s %9d B\n' "$name" "$bytes"
  done
}

kb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1000 }'; }

check() {
  local dist=$1 budget_kb=$2 total record
  first_screen_bytes "$dist" || return $?
  total=$TOTAL
  if [ "$total" -gt $((budget_kb * 1000)) ]; then
    echo "FAIL: a room link or a first Practice needs $(kb "$total") KB before its first screen; the budget is $budget_kb KB"
    return 1
  fi
  record=$(tr -dc 0-9 2>/dev/null <"$RECORD" || true)
  [ -n "$record" ] || { echo "FAIL: no recorded figure in $RECORD (write one: $0 $dist --record)"; return 1; }
  if [ "$total" -gt $((record + RATCHET_BYTES)) ]; then
    echo "FAIL: a room link or a first Practice needs $(kb "$total") KB, $(kb $((total - record))) KB more than the last recorded $(kb "$record") KB: win the bytes back, or record the new figure ($0 $dist --record) and say why in docs/PERFORMANCE.md"
    return 1
  fi
  if [ "$total" -lt $((record - RATCHET_BYTES)) ]; then
    echo "FAIL: a room link or a first Practice needs $(kb "$total") KB, $(kb $((record - total))) KB less than the recorded $(kb "$record") KB: record the saving ($0 $dist --record) so the budget comes down with it"
    return 1
  fi
  echo "ok: a room link or a first Practice needs $(kb "$total") KB before its first screen (recorded $(kb "$record") KB ± $(kb $RATCHET_BYTES); ceiling $budget_kb KB)"
}

record() {
  first_screen_bytes "$1" >/dev/null || return $?
  local before
  before=$(tr -dc 0-9 2>/dev/null <"$RECORD" || true)
  echo "$TOTAL" >"$RECORD"
  echo "recorded $(kb "$TOTAL") KB in $RECORD (was $(kb "${before:-0}") KB)"
}

self_test() {
  local dir
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' RETURN
  printf '%s' "<link href=\"/app-1.css\"><script>import('/g-1.js'); fetch('/g-1_bg.wasm'); navigator.serviceWorker.register('/sw.js')</script>" >"$dir/index.html"
  head -c 3000 /dev/urandom >"$dir/g-1_bg.wasm"
  head -c 200 /dev/urandom >"$dir/app-1.css"
  head -c 100 /dev/urandom >"$dir/g-1.js"
  head -c 9000 /dev/urandom >"$dir/sw.js"
  # The full app's line names a bigger file that a first screen does not load.
  printf '\n%s' "<script>window.__ddFull = { js: '/f-1.js', wasm: '/f-1_bg.wasm' };</script>" >>"$dir/index.html"
  head -c 9000 /dev/urandom >"$dir/f-1_bg.wasm"
  RECORD="$dir/record"
  first_screen_bytes "$dir" >/dev/null
  local t=$TOTAL
  echo "$t" >"$RECORD"
  if check "$dir" 2 >/dev/null; then echo "FAIL: 3.4 KB passed a 2 KB budget"; return 1; fi
  check "$dir" 4 >/dev/null || { echo "FAIL: 3.4 KB (the worker left out) failed a 4 KB budget"; return 1; }
  # The ratchet: 2 KB of slack either side of the record, no more.
  echo $((t - RATCHET_BYTES)) >"$RECORD"
  check "$dir" 9 >/dev/null || { echo "FAIL: 2 KB above the record failed"; return 1; }
  echo $((t - RATCHET_BYTES - 1)) >"$RECORD"
  if check "$dir" 9 >/dev/null; then echo "FAIL: 2 KB and a byte above the record passed"; return 1; fi
  echo $((t + RATCHET_BYTES + 1)) >"$RECORD"
  if check "$dir" 9 >/dev/null; then echo "FAIL: a saving of over 2 KB passed unrecorded"; return 1; fi
  record "$dir" >/dev/null
  [ "$(cat "$RECORD")" = "$t" ] || { echo "FAIL: --record wrote $(cat "$RECORD"), not $t"; return 1; }
  check "$dir" 9 >/dev/null || { echo "FAIL: the figure just recorded failed"; return 1; }
  head -c 300 /dev/urandom >"$dir/g-1_bg.wasm.br"
  echo $((t - 2700)) >"$RECORD"
  check "$dir" 1 >/dev/null || { echo "FAIL: the Brotli copy was not the size counted"; return 1; }
  echo "ok: the budget check fails above its ceiling and 2 KB away from its record either side, and counts what the server sends"
}

if [ "${1:-}" = --self-test ]; then
  self_test
elif [ "${2:-}" = --record ]; then
  record "$1"
else
  check "${1:?usage: check-budget.sh DIST [BUDGET_KB]}" "${2:-${LOAD_BUDGET_KB:-$DEFAULT_BUDGET_KB}}"
fi
