#!/usr/bin/env bash
# Writes Brotli (.br, quality 11) and gzip (.gz, -9) copies beside every wasm, js, css, html,
# svg, json and webmanifest file of a build, for duel-server to send to browsers that accept
# them (crates/server/src/files.rs). Run by Trunk after each build (Trunk.toml's post_build
# hook, on its staging folder) so a build's copies always match it; a file whose copies are
# no older than it keeps them. By hand:
#   scripts/lib/precompress.sh dist
# Brotli comes from Debian's `brotli` (scripts/install-tools.sh); without it only gzip is written.
set -euo pipefail

dir=${1:-${TRUNK_STAGING_DIR:-}}
[ -n "$dir" ] && [ -d "$dir" ] || { echo "precompress: no build folder given" >&2; exit 1; }

have_brotli=1
command -v brotli >/dev/null || { have_brotli=0; echo "precompress: brotli not found, writing gzip only" >&2; }

# fresh COPY FILE: COPY is FILE's already, no older than it (gzip and brotli give a copy its
# file's time, brotli to the second; a build folder compressed again after a change to its page
# or worker): Brotli 11 on three wasm files takes minutes on a busy 2-core machine
# (offline.test.js' new build timed out in it).
fresh() { [ -e "$1" ] && [ "$(stat -c %Y "$1")" -ge "$(stat -c %Y "$2")" ]; }

find "$dir" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' \
  -o -name '*.svg' -o -name '*.json' -o -name '*.webmanifest' \) -print0 |
  while IFS= read -r -d '' file; do
    fresh "$file.gz" "$file" || gzip -9 -n -k -f "$file"
    if [ "$have_brotli" -eq 1 ] && ! fresh "$file.br" "$file"; then brotli -q 11 -k -f "$file"; fi
  done
