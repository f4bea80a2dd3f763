# shellcheck shell=bash
# Sourced by the scripts in scripts/: repository root, tool folder, PATH.
# The tools live outside the repository so that every clone on this machine reuses them.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TOOLS=${DICE_DUEL_TOOLS:-$HOME/.cache/dice-duel/tools}
export ROOT TOOLS
export PATH="$TOOLS/bin:$TOOLS/npm/node_modules/.bin:$PATH"

TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132.0.0
# npm terser: the page's inline scripts minified (scripts/lib/minify-page-scripts.js).
TERSER_VERSION=5.39.0
# wasm_split_cli_support's CLI (issue 49): the practice file split into the first screen's part
# and the rest, and the base file likewise (scripts/lib/split-build.sh). Its section is `__wasm_split_unstable`: pinned.
WASM_SPLIT_VERSION=0.2.4

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Runs a command as root (directly, or through sudo when we are not root).
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# The `wasm-bindgen` version Cargo.lock pins (empty when the lockfile lacks it).
lock_wasm_bindgen_version() {
  [ -f "$ROOT/Cargo.lock" ] || return 0
  awk '/^\[\[package\]\]/ { name = "" }
       /^name = "wasm-bindgen"$/ { name = "wasm-bindgen" }
       name == "wasm-bindgen" && /^version = / { gsub(/"/, "", $3); print $3; exit }' "$ROOT/Cargo.lock"
}
