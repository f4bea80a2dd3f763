#!/usr/bin/env bash
# Installs what the build and the tests need, skipping whatever is already present at the right
# version (a warm run takes a second). Only crates.io, Debian apt and npm are used.
#
# Usage: scripts/install-tools.sh [--browser]
#   --browser   also Debian chromium + chromium-driver, firefox-esr, webkit2gtk-driver + xvfb
#               (issue 46: the other engines' smoke specs) and the npm packages of tests/e2e
#               (playwright-core, puppeteer-core, selenium-webdriver, axe-core: the versions
#               tests/e2e/package-lock.json pins)
#
# Tools go to $DICE_DUEL_TOOLS (default ~/.cache/dice-duel/tools):
#   bin/trunk, bin/wasm-bindgen (+ test runner)   cargo install --root
#   bin/wasm-split-cli                           cargo install --root (the practice file's split)
#   npm/node_modules/.bin/wasm-opt                npm binaryen (Debian's binaryen 108 is broken)
#   npm/node_modules/terser                       npm terser (the page's inline scripts minified)
# and from Debian: node and npm, haproxy and coturn (the server's sharding and TURN tests, the relay-only browser test), brotli
# and librsvg2-bin (the build's compressed copies and install icons).
set -euo pipefail
# shellcheck source=lib/env.sh
source "$(dirname "$0")/lib/env.sh"

BROWSER=0
for arg in "$@"; do
  case "$arg" in
    --browser) BROWSER=1 ;;
    -h | --help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown argument: $arg" ;;
  esac
done

mkdir -p "$TOOLS"
# One installer at a time per tool folder (two clones may run CI at once).
exec 9>"$TOOLS/.install.lock"
flock 9

apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then
    log "apt-get update"
    as_root apt-get update -q
    apt_updated=1
  fi
  log "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

# --- Rust target -------------------------------------------------------------------------------
command -v cargo >/dev/null || die "cargo not found: install Rust (rustup) first"
if command -v rustup >/dev/null; then
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
elif [ ! -d "$(rustc --print sysroot)/lib/rustlib/wasm32-unknown-unknown" ]; then
  die "the wasm32-unknown-unknown target is missing and rustup is not available"
fi

# --- Debian's packages: one apt run, beside the compiles below ----------------------------------
# Node (wasm-opt from npm, the browser tests), HAProxy and coturn (crates/server/tests/haproxy.rs
# and turn.rs; deploy/), brotli (scripts/lib/precompress.sh), rsvg-convert (scripts/lib/icons.sh)
# and, for the browser tests, Debian's chromium and its driver. On a fresh machine the download
# (about 650 MB with the three browsers) uses the network while trunk and wasm-bindgen use the cores, so it
# runs in the background and is waited for before anything needs it (issue 44).
pkgs=()
{ command -v node && command -v npm; } >/dev/null || pkgs+=(nodejs npm)
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || pkgs+=(haproxy)
command -v turnserver >/dev/null || pkgs+=(coturn)
command -v brotli >/dev/null || pkgs+=(brotli)
command -v rsvg-convert >/dev/null || pkgs+=(librsvg2-bin)
if [ "$BROWSER" -eq 1 ]; then
  command -v chromium >/dev/null || pkgs+=(chromium)
  command -v chromedriver >/dev/null || pkgs+=(chromium-driver)
  # Firefox (driven by puppeteer-core over WebDriver BiDi) and WebKitGTK's MiniBrowser (driven by
  # WebKitWebDriver, under Xvfb): about 440 MB more to download, beside the compiles.
  command -v firefox-esr >/dev/null || pkgs+=(firefox-esr)
  command -v WebKitWebDriver >/dev/null || pkgs+=(webkit2gtk-driver)
  command -v Xvfb >/dev/null || pkgs+=(xvfb)
  command -v unshare >/dev/null || pkgs+=(util-linux)
  command -v ip >/dev/null || pkgs+=(iproute2)
fi
apt_pid=
if [ "${#pkgs[@]}" -gt 0 ]; then
  log "apt-get install ${pkgs[*]} (in the background: $TOOLS/apt.log)"
  apt_install "${pkgs[@]}" >"$TOOLS/apt.log" 2>&1 &
  apt_pid=$!
fi
# apt_done: waits for the background apt run (once); its log is shown only when it failed.
apt_done() {
  [ -n "$apt_pid" ] || return 0
  local rc=0
  wait "$apt_pid" || rc=$?
  apt_pid=
  if [ "$rc" -ne 0 ]; then
    cat "$TOOLS/apt.log" >&2
    die "apt-get install failed (exit $rc)"
  fi
  log "apt-get install done"
}

# A build tool is run a few times a build, not shipped: compile it without its own fat-LTO,
# one-codegen-unit release profile (config and environment override a package's [profile]),
# which cost about half of trunk's 11 cold minutes on 2 cores.
tool_profile() {
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=2 CARGO_PROFILE_RELEASE_DEBUG=false "$@"
}

# --- trunk -------------------------------------------------------------------------------------
have_version() { # have_version <cmd> <version>: does `<cmd> --version` mention exactly <version>?
  command -v "$1" >/dev/null && "$1" --version 2>/dev/null | grep -qw -- "$2"
}
if ! have_version trunk "$TRUNK_VERSION"; then
  log "cargo install trunk $TRUNK_VERSION (about 5 minutes on 2 cores)"
  # 0.22 needs a newer rustc than this machine has.
  tool_profile cargo install trunk --locked --version "$TRUNK_VERSION" --root "$TOOLS"
fi

# --- wasm-bindgen-cli: exactly the version in Cargo.lock -----------------------------------------
WB_VERSION=$(lock_wasm_bindgen_version)
if [ -z "$WB_VERSION" ]; then
  log "cargo fetch (Cargo.lock has no wasm-bindgen yet)"
  (cd "$ROOT" && cargo fetch)
  WB_VERSION=$(lock_wasm_bindgen_version)
fi
[ -n "$WB_VERSION" ] || die "could not read the wasm-bindgen version from Cargo.lock"
if ! have_version wasm-bindgen "$WB_VERSION"; then
  log "cargo install wasm-bindgen-cli $WB_VERSION (about 3 minutes)"
  # Not --locked: its lockfile pins a crate version the registry no longer has.
  tool_profile cargo install wasm-bindgen-cli --version "$WB_VERSION" --root "$TOOLS"
fi
TRUNK_PIN=$(sed -n 's/^wasm_bindgen *= *"\(.*\)".*/\1/p' "$ROOT/Trunk.toml")
[ "$TRUNK_PIN" = "$WB_VERSION" ] ||
  die "Trunk.toml pins wasm_bindgen = \"$TRUNK_PIN\" but Cargo.lock has wasm-bindgen $WB_VERSION: set [tools] wasm_bindgen = \"$WB_VERSION\" in Trunk.toml"

# --- wasm-split-cli: the practice and base files' split (issue 49, scripts/lib/split-build.sh) --
# (It has no --version: cargo's own list of what it installed says which.)
if ! [ -x "$TOOLS/bin/wasm-split-cli" ] ||
  ! grep -q "^\"wasm_split_cli_support $WASM_SPLIT_VERSION " "$TOOLS/.crates.toml" 2>/dev/null; then
  log "cargo install wasm_split_cli_support $WASM_SPLIT_VERSION (about 2 minutes)"
  tool_profile cargo install wasm_split_cli_support --locked --version "$WASM_SPLIT_VERSION" \
    --features build-binary --root "$TOOLS"
fi

# --- npm tools: wasm-opt (binaryen; Debian's binaryen 108 is broken) and terser (the page's
# inline scripts, scripts/lib/minify-page-scripts.js) ---------------------------------------------
apt_done
# npm_tool PACKAGE VERSION WHY: PACKAGE@VERSION in $TOOLS/npm, unless it is there already.
npm_tool() {
  node -e 'process.exit(require(process.argv[1]).version === process.argv[2] ? 0 : 1)' \
    "$TOOLS/npm/node_modules/$1/package.json" "$2" 2>/dev/null && return
  log "npm install $1@$2 ($3)"
  mkdir -p "$TOOLS/npm"
  [ -f "$TOOLS/npm/package.json" ] || echo '{ "name": "dice-duel-tools", "private": true }' >"$TOOLS/npm/package.json"
  npm install --prefix "$TOOLS/npm" --no-audit --no-fund --save-exact "$1@$2"
}
npm_tool binaryen "$BINARYEN_VERSION" wasm-opt
npm_tool terser "$TERSER_VERSION" "the page's scripts"

# --- browser tests -----------------------------------------------------------------------------
if [ "$BROWSER" -eq 1 ]; then
  E2E="$ROOT/tests/e2e"
  # Reinstall only when package-lock.json changed since the last install.
  stamp="$E2E/node_modules/.dice-duel-lock.sha256"
  want=$(sha256sum "$E2E/package.json" "$E2E/package-lock.json" 2>/dev/null | sha256sum | cut -d' ' -f1)
  # Also when a package the lockfile names is missing (a node_modules shared with another clone).
  e2e_missing() {
    node -e 'const fs = require("fs"); const d = process.argv[1];
      const deps = Object.keys(require(d + "/package.json").dependencies || {});
      process.exit(deps.every((n) => fs.existsSync(d + "/node_modules/" + n + "/package.json")) ? 1 : 0)' "$E2E"
  }
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] || e2e_missing; then
    if [ -f "$E2E/package-lock.json" ]; then
      log "npm ci (tests/e2e)"
      (cd "$E2E" && npm ci --no-audit --no-fund)
    else
      log "npm install (tests/e2e)"
      (cd "$E2E" && npm install --no-audit --no-fund)
      want=$(sha256sum "$E2E/package.json" "$E2E/package-lock.json" | sha256sum | cut -d' ' -f1)
    fi
    echo "$want" >"$stamp"
  fi
fi

log "tools ready: trunk $TRUNK_VERSION, wasm-bindgen $WB_VERSION, wasm-opt $BINARYEN_VERSION (in $TOOLS)"
