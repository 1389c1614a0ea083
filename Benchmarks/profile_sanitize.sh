#!/usr/bin/env bash
# Instructions the sanitizer spends on a page, counted by callgrind (repeatable
# on a shared machine, where timings are not). Builds SanitizeProfile in release
# mode, then for each page counts what runs inside `measuredWork`:
#   100k, 1m   the dictionary page of the ordo-one benchmark at that size
#   fixtures   the fixture site's five result pages, together
#   p58k       proxy_compare.py's page (what the proxy benchmark serves)
#   p58k-images  the same page with each entry's image at an address of its own
#              (275 images the page names once each: the first decision's cost)
#   FILE       any HTML file
# and writes OUT/callgrind.PAGE (read it with callgrind_annotate --inclusive=yes)
# and OUT/out.PAGE, the rendered output, to cmp against another build's.
#
#   bash Benchmarks/profile_sanitize.sh OUT [PAGE ...]   (default: fixtures p58k 100k 1m)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:?usage: profile_sanitize.sh OUT [PAGE ...]}"; shift
pages=("$@"); [ ${#pages[@]} -gt 0 ] || pages=(fixtures p58k 100k 1m)
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$here"
# SwiftPM keeps this package's plan of the main package's sources until the
# manifest changes: a source file added there would be missing from the build.
touch Package.swift
swift build -c release --product SanitizeProfile >&2
# valgrind 3.19 cannot read the debug information Swift writes: profile a copy without it
# (the function names stay).
binary="$out/SanitizeProfile"
objcopy --strip-debug "$(swift build -c release --show-bin-path)/SanitizeProfile" "$binary"
for page in "${pages[@]}"; do
  argument="$page"
  if [ "$page" = p58k ] || [ "$page" = p58k-images ]; then
    argument="$out/$page.html"
    python3 -c "import sys; sys.path.insert(0, '$here'); import proxy_compare; open(sys.argv[1], 'w').write(proxy_compare.dictionary_page(images_each_new=sys.argv[2] == 'p58k-images'))" "$argument" "$page"
  fi
  name="$(basename "$page")"
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --toggle-collect='*measuredWork*' \
    --callgrind-out-file="$out/callgrind.$name" "$binary" "$argument" 2>/dev/null
  SWIFT_DETERMINISTIC_HASHING=1 "$binary" "$argument" print > "$out/out.$name"
  total="$(grep -E '^(summary|totals):' "$out/callgrind.$name" | head -1 | awk '{print $2}')"
  printf '%-10s %14s instructions  %9s bytes out\n' "$name" "$(echo "$total" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')" "$(stat -c %s "$out/out.$name")"
done
