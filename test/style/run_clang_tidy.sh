#!/usr/bin/env bash
# The project's own clang-tidy run (checks/.clang-tidy: LLVM naming, no
# function over 120 lines) over every translation unit of checks/ and driver/
# in BUILD_DIR's compile_commands.json, headers of checks/ and driver/ included.
#   test/style/run_clang_tidy.sh [BUILD_DIR] [JOBS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BUILD=${1:-build}
JOBS=${2:-$(nproc)}
RUN_CLANG_TIDY=${RUN_CLANG_TIDY:-run-clang-tidy-19}
CLANG_TIDY=${CLANG_TIDY:-clang-tidy-19}
[[ -f $BUILD/compile_commands.json ]] ||
  { echo "run_clang_tidy: no $BUILD/compile_commands.json (configure with cmake first)" >&2; exit 2; }
command -v "$RUN_CLANG_TIDY" >/dev/null ||
  { echo "run_clang_tidy: $RUN_CLANG_TIDY not found (apt-get install clang-tidy-19)" >&2; exit 2; }
ROOT=$(pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
"$RUN_CLANG_TIDY" -clang-tidy-binary "$(command -v "$CLANG_TIDY")" -p "$BUILD" \
  -quiet -j "$JOBS" "^$ROOT/(checks|driver)/.*\\.cpp\$" >"$log" 2>&1 || status=$?
# Only the findings, each once (a header's appear once per includer).
findings=$(grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): ' "$log" | LC_ALL=C sort -u || true)
if [[ $status -ne 0 || -n $findings ]]; then
  if [[ -n $findings ]]; then
    echo "$findings"
    echo "run_clang_tidy: $(wc -l <<<"$findings") findings in the project's own code" >&2
  else
    tail -40 "$log"
    echo "run_clang_tidy: $RUN_CLANG_TIDY failed (exit $status)" >&2
  fi
  exit 1
fi
units=$(grep -cE "\"file\": \"$ROOT/(checks|driver)/" "$BUILD/compile_commands.json" || true)
echo "run_clang_tidy: no findings in checks/ and driver/ ($units translation units and their headers)"
