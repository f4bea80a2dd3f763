#!/usr/bin/env bash
# Trunk's post-build hook (Trunk.toml): the install icons rendered from public/icon.svg, the
# stylesheets as one file, the game's loader handed to web/boot.js (the app shell), the service
# worker for this build (which precaches them), then the Brotli and gzip copies of everything
# (the worker included). Runs on Trunk's staging folder.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=${1:-${TRUNK_STAGING_DIR:?no build folder given}}
"$HERE/icons.sh" "$dir"
"$HERE/css-bundle.sh" "$dir"
"$HERE/shell-loader.sh" "$dir"
"$HERE/service-worker.sh" "$dir"
"$HERE/precompress.sh" "$dir"
