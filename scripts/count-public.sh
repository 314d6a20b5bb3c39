#!/usr/bin/env bash
# Counts the public and open declarations of each module (a line that starts with them, after
# any attributes): the face a module shows to other packages. Usage: scripts/count-public.sh
# [TARGET_FOLDER...] (default: every target of the toolkit, the app and the examples).
set -euo pipefail
cd "$(dirname "$0")/.."
folders=("$@")
if [ ${#folders[@]} -eq 0 ]; then
  mapfile -t folders < <(ls -d Toolkit/Sources/*/ Sources/*/*/ Benchmarks/Sources/*/ Examples/*/Sources/*/ | sed 's#/$##')
fi
total=0
for folder in "${folders[@]}"; do
  count=$(find "$folder" -name '*.swift' -print0 | xargs -0 cat | grep -cE '^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public|open)\s' || true)
  printf '%-45s %5d\n' "$folder" "$count"
  total=$((total + count))
done
printf '%-45s %5d\n' total "$total"
