#!/usr/bin/env bash
# The practice and base files (issue 49), split: what their first screen needs in the main wasm,
# the rest in files of their own, fetched when first needed (src/platform/split.rs; after one
# visit the service worker has them all). The practice file leaves out what a first Practice's
# first Roll does not need (the lobby, the result, the rules, Learn, a lesson's card, the game's
# home) and the bots' battle thinking; the base file what a room link's lobby does not need (the
# game's screen, fetched in the lobby; the result, the rules, Learn, a lesson's card, the home).
# Trunk has no split step (its pipeline runs wasm-bindgen itself), so this builds a file as
# cargo-leptos `--split` does:
#
#   cargo rustc (the file's features and `split`; its final link keeps relocations, which
#   wasm-split reads: `-Clink-args=--emit-relocs` on that crate only, so no dependency is
#   rebuilt) → wasm-split-cli (the main wasm, a wasm per split point and per shared chunk, and
#   `__wasm_split.js`, the link module the chunks are loaded through) → wasm-bindgen
#   --keep-lld-exports on the main wasm (the chunks import its memory, table and functions) →
#   wasm-opt -O1 on every wasm (the release's level) → names with a content hash.
#
# Writes OUT_DIR: dice-duel-H.js, dice-duel-H_bg.wasm and the folder dice-duel-split-H/ (the link
# module and the chunks), H a hash of every file, so the server caches them as immutable
# (crates/server/src/headers.rs) and two builds never mix. scripts/lib/shell-loader.sh copies
# the three into dist/ (DUEL_PRACTICE_DIST, DUEL_BASE_DIST).
#
# Usage: scripts/lib/split-build.sh practice|base OUT_DIR
set -euo pipefail
# shellcheck source=env.sh
source "$(dirname "$0")/env.sh"
cd "$ROOT"
case "${1:-}" in
  practice) features=split ;;
  base) features=rooms,split ;;
  *) die "usage: $0 practice|base OUT_DIR" ;;
esac
which=$1
OUT=${2:?usage: $0 practice|base OUT_DIR}
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
NAME=dice-duel
command -v wasm-split-cli >/dev/null || die "no wasm-split-cli on PATH (run scripts/install-tools.sh)"

log "cargo: the $which file, split points on, linked with its relocations"
cargo rustc --offline --profile web --target wasm32-unknown-unknown -p dice-duel --bin dice-duel \
  --no-default-features --features "$features" -- -Clink-args=--emit-relocs
RAW=$TARGET_DIR/wasm32-unknown-unknown/web/$NAME.wasm

WORK=$(mktemp -d "${TMPDIR:-/tmp}/split-build.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/split" "$WORK/out/link"

log "wasm-split"
wasm-split-cli "$RAW" "$WORK/split" --target web --out-name "$NAME"
[ -f "$WORK/split/__wasm_split.js" ] || die "wasm-split wrote no link module: are the split points compiled in?"

log "wasm-bindgen (the main wasm; it keeps the exports the chunks import)"
wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir "$WORK/out" --out-name "$NAME" \
  "$WORK/split/$NAME.wasm"
grep -q '"./__wasm_split.js"' "$WORK/out/$NAME.js" || die "the glue does not import the link module"

log "wasm-opt -O1 on every wasm"
wasm-opt -O1 "$WORK/out/${NAME}_bg.wasm" -o "$WORK/out/${NAME}_bg.wasm"
for f in "$WORK/split"/*.wasm; do
  b=$(basename "$f")
  [ "$b" = "$NAME.wasm" ] && continue
  # (binaryen warns of the name section's subsection 3, which it does not read.)
  wasm-opt -O1 "$f" -o "$WORK/out/link/$b" 2> >(grep -v 'unknown name subsection' >&2)
done
cp "$WORK/split/__wasm_split.js" "$WORK/out/link/"

# One hash for the whole set: the glue names the link module's folder and the link module the
# glue, so neither can be hashed alone.
hash=$(cd "$WORK/out" && find . -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)
js=$NAME-$hash.js wasm=${NAME}-${hash}_bg.wasm link=$NAME-split-$hash
# The glue imports "./__wasm_split.js"; the link module imports "./dice-duel.js" (from its folder,
# one level down now). Each is rewritten, and must be found exactly where expected.
# Only the import statements: the wasm's imports object keeps the module name the wasm asks for.
perl -0777 -i -pe 's{from\s*"\./__wasm_split\.js"}{from "./'"$link"'/__wasm_split.js"}g or die "no link import in the glue\n"' "$WORK/out/$NAME.js"
perl -0777 -i -pe 's{from\s*"\./'"$NAME"'\.js"}{from "../'"$js"'"}g or die "no glue import in the link module\n"' "$WORK/out/link/__wasm_split.js"
! grep -qE 'from\s*"\./'"$NAME"'\.js"' "$WORK/out/link/__wasm_split.js" || die "the link module still imports the unhashed glue"
grep -q '"\./__wasm_split\.js":' "$WORK/out/$NAME.js" || die "the glue's imports object lost the link module's name"

rm -rf "$OUT"
mkdir -p "$OUT"
mv "$WORK/out/$NAME.js" "$OUT/$js"
mv "$WORK/out/${NAME}_bg.wasm" "$OUT/$wasm"
mv "$WORK/out/link" "$OUT/$link"
log "the $which file: $js, $wasm ($(stat -c %s "$OUT/$wasm") B) and $link/ ($(find "$OUT/$link" -name '*.wasm' | wc -l) split files)"
