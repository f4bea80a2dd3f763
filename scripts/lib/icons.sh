#!/usr/bin/env bash
# Renders the app's icons for install from its one source, public/icon.svg, into a build
# folder: 192 and 512 px (Android, ChromeOS, desktop), 180 px (iPadOS home screen) and a
# 512 px maskable icon (the picture in the middle 80 %, on the background colour, so a
# launcher's circle or squircle never cuts a die). Run by scripts/lib/post-build.sh; needs
# Debian's librsvg2-bin (scripts/install-tools.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
dir=${1:?build folder}
src="$ROOT/public/icon.svg"
command -v rsvg-convert >/dev/null || { echo "icons: rsvg-convert missing: run scripts/install-tools.sh" >&2; exit 1; }

rsvg-convert -w 192 -h 192 "$src" -o "$dir/icon-192.png"
rsvg-convert -w 512 -h 512 "$src" -o "$dir/icon-512.png"
rsvg-convert -w 180 -h 180 "$src" -o "$dir/apple-touch-icon.png"
# Maskable: the source's drawing (without its outer <svg> element) scaled into the safe zone.
body=$(sed -e '1d' -e '$d' "$src")
printf '%s\n' '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' \
  '<rect width="64" height="64" fill="#0b0f1e"/>' \
  '<g transform="translate(6.4 6.4) scale(0.8)">' "$body" '</g></svg>' |
  rsvg-convert -w 512 -h 512 -o "$dir/icon-maskable-512.png"
