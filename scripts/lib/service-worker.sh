#!/usr/bin/env bash
# Writes the build's service worker (web/sw.js with this build's version and file list) into a
# build folder. Run by scripts/lib/post-build.sh after every Trunk build; by hand:
#   scripts/lib/service-worker.sh dist
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
dir=${1:?build folder}

cd "$dir"
# Every file the app may load, as site paths; never the compressed copies or the worker itself.
mapfile -t files < <(find . -type f ! -name '*.br' ! -name '*.gz' ! -name 'sw.js' | sed 's|^\.||' | LC_ALL=C sort)
# The version is the hash of every file's content: any change makes a new worker.
version=$(for f in "${files[@]}"; do sha256sum ".$f"; done | sha256sum | cut -c1-16)
list=$(printf '"%s",' "${files[@]}")
list="[${list%,}]"
sed -e "s|__VERSION__|$version|" -e "s|__FILES__|$list|" "$ROOT/web/sw.js" > sw.js
echo "service worker $version: ${#files[@]} files" >&2
