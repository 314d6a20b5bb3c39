#!/usr/bin/env bash
# The app's tests that use real processes (end-to-end, mpv, servers, SQLite files, ffprobe,
# downloads) on a busy machine: two CPU burners per core run beside `swift test`. Each burner is
# a busy loop this script starts and ends by its pid, on every way out. Prints how many tests
# passed, failed and were skipped, and the failures; fails if any did. The tests must be built
# already.
#
#   scripts/test-stress.sh [SCRATCH_PATH]     (default .build; SWIFT=swift, BURNERS_PER_CORE=2)
set -euo pipefail
scratch=${1:-.build}
swift=${SWIFT:-swift}
per_core=${BURNERS_PER_CORE:-2}
suites='EndToEndTests|MPVTests|ServerTests|ServerClientTests|LibraryTests|FileDownloadTests|OfflineDownloadsTests|MediaScanTests|AppLibraryTests'
log="$scratch/test-stress.log"
mkdir -p "$scratch"

burners=()
stop_burners() {
  for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${burners[@]}"; do wait "$pid" 2>/dev/null || true; done
  burners=()
}
trap stop_burners EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

cores=$(nproc)
for _ in $(seq $((cores * per_core))); do
  ( while :; do :; done ) &
  burners+=("$!")
done
echo "test-stress: ${#burners[@]} CPU burners on $cores cores (pids ${burners[*]}); log in $log"

status=0
"$swift" test --skip-build --scratch-path "$scratch" --filter "^($suites)\\." > "$log" 2>&1 || status=$?
stop_burners

# Swift Testing's lines: "<symbol> Test <name> passed after …" / "… failed after …".
passed=$(grep -E '^\S+ Test .* passed after' "$log" | grep -cv 'Test run with' || true)
failed=$(grep -E '^\S+ Test .* failed after' "$log" | grep -cv 'Test run with' || true)
# "<symbol> Test <name> skipped: <why>" (a trait's condition, such as running as root).
skipped=$(grep -cE '^\S+ Test .* skipped' "$log" || true)
echo "test-stress: $passed passed, $failed failed, $skipped skipped"
if [ "$failed" -gt 0 ] || [ "$status" -ne 0 ]; then
  grep -E '^\S+ Test .* failed after' "$log" | grep -v 'Test run with' || true
  grep -E '(error|Error):' "$log" | head -20 || true
  exit 1
fi
