#!/usr/bin/env bash
# One stylesheet instead of Trunk's eighteen (issue 13): the page's <link rel="stylesheet">
# files, in the page's order (the cascade is the same), become one app-HASH.css. A first visit
# over HTTP/1.1 then waits for one file instead of three rounds of six, and a start from the
# service worker makes one cache lookup before the page can run its scripts. Run by
# scripts/lib/post-build.sh before the service worker is written; by hand:
# scripts/lib/css-bundle.sh dist
set -euo pipefail
dir=${1:?build folder}
cd "$dir"

mapfile -t files < <(grep -o '<link rel="stylesheet" href="/[^"]*\.css"' index.html | sed 's|.*href="/||; s|"$||')
if [ "${#files[@]}" -le 1 ]; then
  echo "css bundle: $dir already has one stylesheet" >&2
  exit 0
fi
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "css-bundle: index.html names $f, which is not in $dir" >&2; exit 1; }
done
bundle=$(mktemp)
for f in "${files[@]}"; do
  cat "$f" >>"$bundle"
  printf '\n' >>"$bundle"
done
# Minified as it is bundled (issue 49: 18.0 → 12.1 KB Brotli, in every first screen's bytes):
# comments go, every run of whitespace becomes one space, and the spaces beside a brace, a
# semicolon or a comma and after a declaration's colon go, as does the last semicolon of a block.
# Only whitespace a parser ignores is taken: a space inside a selector ("a :focus") or a value
# ("1rem + 2px") stays, and no string of ours holds a comment, a brace, a semicolon, a comma or
# two spaces. tests/e2e/css_bundle.test.js parses the sources and the bundle in Chromium and
# finds the same rules, declaration by declaration.
perl -0777 -i -pe 's{/\*.*?\*/}{}gs; s{\s+}{ }g; s{\s*([\{\};,])\s*}{$1}g; s{(?<=[\{;])([\w-]+):\s+}{$1:}g; s{;\}}{\}}g; s{^\s+|\s+$}{}g' "$bundle"
name="app-$(sha256sum "$bundle" | cut -c1-16).css"
mv "$bundle" "$name"
chmod 644 "$name"
rm -f "${files[@]}"
# The first link becomes the bundle's (integrity dropped: the file is no longer Trunk's), the rest go.
NAME="$name" perl -0777 -i -pe '
  my $first = 1;
  s{<link rel="stylesheet" href="/[^"]*\.css"[^>]*>\s*}{ $first ? do { $first = 0; qq{<link rel="stylesheet" href="/$ENV{NAME}"/>\n} } : "" }ge;
' index.html
n=$(grep -c 'rel="stylesheet"' index.html)
[ "$n" -eq 1 ] || { echo "css-bundle: index.html has $n stylesheets after bundling" >&2; exit 1; }
echo "css bundle: ${#files[@]} files → $name ($(stat -c %s "$name") B)" >&2
