#!/usr/bin/env bash
# Counts the public and open declarations in each module's sources (comments left out): the
# toolkit's face to apps. Usage: scripts/count-public.sh [FOLDER...] (default: every target folder).
set -euo pipefail
cd "$(dirname "$0")/.."
folders=("$@")
[ ${#folders[@]} -gt 0 ] || mapfile -t folders < <(find Toolkit/Sources Sources Benchmarks/Sources Examples/Todo/Sources -mindepth 1 -maxdepth 2 -type d \
  -exec sh -c 'ls "$1"/*.swift >/dev/null 2>&1 || find "$1" -maxdepth 2 -name "*.swift" | grep -q . ' _ {} \; -print 2>/dev/null | sort)
total=0
for folder in "${folders[@]}"; do
  count=$(find "$folder" -name '*.swift' -print0 | xargs -0 cat | grep -vE '^\s*//' | grep -cE '(^|\s)(public|open)\s' || true)
  printf '%-45s %5d\n' "$folder" "$count"
  total=$((total + count))
done
printf '%-45s %5d\n' total "$total"
