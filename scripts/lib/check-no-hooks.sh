#!/usr/bin/env bash
# Checks that a built app carries no test hooks: no `test_hook_*` (src/test_hooks.rs) or
# `net_probe_*` (the old probe) wasm export or JS binding, and no `window.__duel`.
#
# Usage: scripts/lib/check-no-hooks.sh RELEASE_DIST [HOOKS_DIST]
#   RELEASE_DIST   what players get (dist/): must contain none of them
#   HOOKS_DIST     the test build (dist-test/): must contain them, which shows the check
#                  finds hooks where they are (it can fail)
# Looks in the wasm binary (export names are plain strings in its export section) and the
# JS glue wasm-bindgen wrote (one wrapper function per export).
set -euo pipefail
PATTERN='test_hook_[a-z_]*|net_probe_[a-z_]*|__duel'

# hooks_in DIR: prints every distinct hook name found in DIR's *.wasm and *.js.
hooks_in() {
  local dir=$1 files=()
  shopt -s nullglob
  files=("$dir"/*.wasm "$dir"/*.js)
  shopt -u nullglob
  [ "${#files[@]}" -gt 0 ] || { echo "error: no .wasm or .js in $dir (build it first)" >&2; exit 2; }
  grep -aoE "$PATTERN" "${files[@]}" | sed 's/^[^:]*://' | sort -u || true
}

release=$1
found=$(hooks_in "$release")
if [ -n "$found" ]; then
  echo "FAIL: $release ships test hooks:" $found
  exit 1
fi
echo "ok: $release has no test hook (searched its .wasm and .js for /$PATTERN/)"

if [ $# -ge 2 ]; then
  found=$(hooks_in "$2")
  for want in test_hook_open test_hook_state __duel; do
    grep -qx "$want" <<<"$found" || { echo "FAIL: $2 lacks $want: the check above would miss hooks"; exit 1; }
  done
  echo "ok: the check finds the hooks in $2:" $found
fi
