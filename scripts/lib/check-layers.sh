#!/usr/bin/env bash
# Checks the app's layers (docs/LAYERS.md): every top-level module of src/ belongs to one layer,
# and a module imports only its own code, the crates and the layers below it:
#
#   root        app (and main.rs)   may import anything: it mounts the screens
#   screens     one folder each     widgets, the store, data; never another screen
#   widgets     board, panels, …    other widgets, the store, data
#   services    boot, test_hooks    other services, the store, data: what runs sessions and storage
#   store       store               data only: the state as signals, and the one way to change it
#   data        session, route, …   only data: no store, no view
#
# An import is any `crate::NAME` path in the code (use lines, `crate::{a, b}` groups over several
# lines, paths inside `view!`), and a `super::` chain that climbs to the crate root. Comments are
# skipped. Fails, naming the file, the line and the import, on an import that goes up or
# sideways between screens, and on a module that is in no layer (add it to the lists below).
# Above the services, no code holds the session (`with_session`): screens and widgets read it
# and act on it through the store's reads and actions (STYLE habit 13). Nor do they call a
# service: they act through the store (`Store::act`; what needs a service is an `Errand`, which
# the store hands to the runner the services gave it).
#
# Usage: scripts/lib/check-layers.sh [SRC_DIR]   (default: src/ of this repository)
#        scripts/lib/check-layers.sh --self-test (plants violations in a scratch tree; they must
#                                                 be found, and a clean tree must pass)
#        scripts/lib/check-layers.sh --ranks     (prints the layers, lowest first, for
#                                                 `scripts/lib/import-graph --ranks - src`)
set -euo pipefail

ROOT_LAYER="app main"
SCREENS="debrief game home lessons lobby maps replay rules thunderstruck"
WIDGETS="board pairing panels stations"
SERVICES="boot test_hooks"
STORE="store"
DATA="atlas course feed net pause platform records route session trust ui"
# Screens' files that still call a service directly (relative to src/): to be converted.

# --ranks: the layers, lowest first, one a line (`scripts/lib/import-graph --ranks` reads them).
ranks() {
  printf 'data %s\nstore %s\nservice %s\nwidget %s\nscreen %s\nroot %s\n' \
    "$DATA" "$STORE" "$SERVICES" "$WIDGETS" "$SCREENS" "$ROOT_LAYER"
}

# check SRC_DIR: prints every violation; exits 1 if there is one.
check() {
  local src=$1
  [ -d "$src" ] || { echo "error: no directory $src" >&2; exit 2; }
  find "$src" -name '*.rs' -print0 | sort -z | xargs -0 awk \
    -v src="$src" -v root="$ROOT_LAYER" -v screens="$SCREENS" -v widgets="$WIDGETS" \
    -v services="$SERVICES" -v store="$STORE" -v data="$DATA" '
    BEGIN {
      n = split(data, a, " ");     for (i = 1; i <= n; i++) rank[a[i]] = 0
      n = split(store, a, " ");    for (i = 1; i <= n; i++) rank[a[i]] = 1
      n = split(services, a, " "); for (i = 1; i <= n; i++) rank[a[i]] = 2
      n = split(widgets, a, " ");  for (i = 1; i <= n; i++) rank[a[i]] = 3
      n = split(screens, a, " ");  for (i = 1; i <= n; i++) rank[a[i]] = 4
      n = split(root, a, " ");     for (i = 1; i <= n; i++) rank[a[i]] = 5
      layer[0] = "data"; layer[1] = "store"; layer[2] = "service"; layer[3] = "widget"
      layer[4] = "screen"; layer[5] = "root"
      SCREEN = 4; WIDGET = 3; SERVICE = 2
      bad = 0
    }
    # report(WHY): one violation, with the file, the line and the line itself.
    function report(why,   text) {
      text = $0; gsub(/^[ \t]+/, "", text)
      printf "%s:%d: %s\n    %s\n", FILENAME, FNR, why, text
      bad++
    }
    # edge(TARGET): the current file imports top-level module TARGET.
    function edge(target) {
      if (target == mod || target == "self" || target == "super" || target == "") return
      if (!(target in rank)) { report("imports `" target "`, a module in no layer"); return }
      if (rank[target] > rank[mod])
        report(layer[rank[mod]] " `" mod "` imports " layer[rank[target]] " `" target "`: only the layers below may be imported")
      else if (rank[target] == SCREEN && rank[mod] == SCREEN)
        report("screen `" mod "` imports screen `" target "`: what two screens share moves down to the widgets, the services or the data")
      else if (rank[target] == SERVICE && (rank[mod] == WIDGET || rank[mod] == SCREEN))
        report(layer[rank[mod]] " `" mod "` imports service `" target "`: screens and widgets act through the store (Store::act; an Errand for a service)")
    }
    # group(S): scans S inside a `crate::{…}` group (depth gdepth); returns what follows it.
    function group(s,   c, id) {
      while (s != "" && gdepth > 0) {
        c = substr(s, 1, 1)
        if (c ~ /[A-Za-z_]/) {
          match(s, /^[A-Za-z_][A-Za-z0-9_]*/); id = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1)
          if (gdepth == 1 && gitem) edge(id)
          gitem = 0
          continue
        }
        if (c == "{") gdepth++
        else if (c == "}") gdepth--
        else if (c == "," && gdepth == 1) gitem = 1
        s = substr(s, 2)
      }
      return s
    }
    FNR == 1 {
      rel = substr(FILENAME, length(src) + 2)
      np = split(rel, part, "/")
      mod = part[1]; sub(/\.rs$/, "", mod)
      depth = (part[np] == "mod.rs") ? np - 1 : np
      gdepth = 0; braces = 0; ninl = 0
      if (!(mod in rank)) { printf "%s: module `%s` is in no layer: add it to scripts/lib/check-layers.sh and docs/LAYERS.md\n", FILENAME, mod; bad++ }
    }
    !(mod in rank) { next }
    {
      line = $0
      cut = index(line, "//"); if (cut) line = substr(line, 1, cut - 1)
      if (rank[mod] >= WIDGET && line ~ /with_session\(/)
        report(layer[rank[mod]] " `" mod "` holds the session (with_session): add a read or an action to the store")
      if (gdepth > 0) line = group(line)
      while (match(line, /crate::(\{|[A-Za-z_][A-Za-z0-9_]*)/)) {
        tok = substr(line, RSTART + 7, RLENGTH - 7)
        line = substr(line, RSTART + RLENGTH)
        if (tok == "{") { gdepth = 1; gitem = 1; line = group(line) } else edge(tok)
      }
      # super::super::…::NAME climbing to the crate root names a top-level module; an inline
      # `mod x { … }` (tests) is one level deeper, so its braces are counted.
      rest = $0; if (cut) rest = substr(rest, 1, cut - 1)
      if (rest ~ /^[ \t]*(pub(\([a-z]+\))? )?mod [A-Za-z_][A-Za-z0-9_]* *\{/) inl[++ninl] = braces
      while (match(rest, /(super::)+[A-Za-z_][A-Za-z0-9_]*/)) {
        chain = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
        ups = gsub(/super::/, "", chain)
        if (depth > 0 && ups == depth + ninl) edge(chain)
      }
      rest = $0; if (cut) rest = substr(rest, 1, cut - 1)
      braces += gsub(/\{/, "", rest) - gsub(/\}/, "", rest)
      while (ninl > 0 && braces <= inl[ninl]) ninl--
    }
    END {
      if (bad) { printf "\n%d layering violation(s); the layers are in docs/LAYERS.md\n", bad; exit 1 }
    }'
}

# self_test: a scratch tree with one planted violation per rule must fail naming each; the same
# tree without them must pass.
self_test() {
  local dir out rc=0
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' RETURN
  mkdir -p "$dir/src/store" "$dir/src/home" "$dir/src/replay" "$dir/src/board" "$dir/src/app" \
    "$dir/src/boot" "$dir/src/session"
  printf 'mod app;\n' >"$dir/src/main.rs"
  printf 'use crate::home::Home;\nuse crate::{route, store::Store};\n' >"$dir/src/app/mod.rs"
  printf '//! crate::home in a comment is no import.\nuse crate::platform::now_ms;\n' >"$dir/src/store/mod.rs"
  printf 'fn f(s: Store) { s.with_session(|s| s.pending()); }\n' >>"$dir/src/store/mod.rs"
  printf 'use crate::store::Store;\nuse crate::board::Board;\n' >"$dir/src/home/mod.rs"
  printf 'use crate::{\n    route::Route,\n    store::Store,\n};\n' >"$dir/src/replay/mod.rs"
  printf 'use crate::store::use_store;\n' >"$dir/src/board/mod.rs"
  printf 'use crate::{route::Route, session::Mode, store::Store};\n' >"$dir/src/boot/mod.rs"
  printf 'fn f(s: Store) { s.with_session(|s| s.save()); }\n' >>"$dir/src/boot/mod.rs"
  printf 'use crate::platform::now_ms;\n' >"$dir/src/session/mod.rs"
  printf 'use crate::session::Mode;\n' >"$dir/src/route.rs"
  if ! out=$(check "$dir/src"); then
    echo "FAIL: the clean tree fails:"; echo "$out"; return 1
  fi
  # The planted violations, one per rule.
  printf 'fn f() { crate::home::Home(); }\n' >>"$dir/src/store/mod.rs"          # store -> screen
  printf 'fn g(s: Store) { crate::boot::start(s); }\n' >>"$dir/src/store/mod.rs" # store -> service
  printf 'use crate::store::Store;\n' >>"$dir/src/route.rs"                       # data -> store
  printf 'use crate::{\n    route,\n    boot::learn,\n};\n' >>"$dir/src/session/mod.rs" # data -> service, in a group
  printf 'use crate::{\n    records,\n    replay::watch,\n};\n' >>"$dir/src/home/mod.rs" # screen -> screen, in a group
  printf 'use super::super::app::keys;\nmod tests {\n    use super::super::home;\n}\n' >"$dir/src/replay/keys.rs" # screen -> root via super; home is replay::home
  printf 'use crate::home::Home;\n' >>"$dir/src/board/mod.rs"                    # widget -> screen
  printf 'fn h(s: Store) { crate::boot::leave(s); }\n' >>"$dir/src/board/mod.rs"   # widget -> service
  printf 'pub fn x() {}\n' >"$dir/src/gadgets.rs"                                # a module in no layer
  printf 'fn g(s: Store) { s.with_session(|s| s.pending()); }\n' >>"$dir/src/home/mod.rs" # the session
  out=$(check "$dir/src") && { echo "FAIL: the planted violations pass"; return 1; }
  echo "$out"
  for want in "store \`store\` imports screen \`home\`" \
    "store \`store\` imports service \`boot\`" \
    "data \`route\` imports store \`store\`" \
    "data \`session\` imports service \`boot\`" \
    "screen \`home\` imports screen \`replay\`" \
    "screen \`replay\` imports root \`app\`" \
    "widget \`board\` imports screen \`home\`" \
    "widget \`board\` imports service \`boot\`" \
    "module \`gadgets\` is in no layer" \
    "screen \`home\` holds the session"; do
    grep -qF "$want" <<<"$out" || { echo "FAIL: not reported: $want"; rc=1; }
  done
  if grep -q "records\|\`route\`$\|boot.*holds the session" <<<"$out"; then
    echo "FAIL: an import down (or a service holding the session) was reported"; rc=1
  fi
  [ "$rc" -eq 0 ] && echo "ok: check-layers.sh finds each planted violation and passes the clean tree"
  return "$rc"
}

case "${1:-}" in
  --self-test) self_test ;;
  --ranks) ranks ;;
  -h | --help) sed -n '2,23p' "$0" ;;
  *)
    # Run from the repository root, so that the files are named src/….
    [ $# -gt 0 ] || cd "$(dirname "$0")/../.."
    SRC=${1:-src}
    check "$SRC" || exit 1
    echo "ok: the layers hold (root: $ROOT_LAYER; screens: $SCREENS; widgets: $WIDGETS; services: $SERVICES; store: $STORE; data: $DATA)"
    ;;
esac
