#!/usr/bin/env bash
# Fails, listing the files and the changes, when a C++ source of checks/,
# driver/ or test/unit/ is not as clang-format-19 (LLVM style, .clang-format)
# would write it. Fix with: test/style/check_format.sh --fix
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source test/style/sources.sh
CLANG_FORMAT=${CLANG_FORMAT:-clang-format-19}
command -v "$CLANG_FORMAT" >/dev/null ||
  { echo "check_format: $CLANG_FORMAT not found (apt-get install clang-format-19)" >&2; exit 2; }
mapfile -t files < <(project_sources format)
if [[ ${1:-} == --fix ]]; then
  "$CLANG_FORMAT" -i "${files[@]}"
  echo "check_format: formatted ${#files[@]} files"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  if ! "$CLANG_FORMAT" --dry-run --Werror "$f" 2>/dev/null; then
    bad+=("$f")
  fi
done
if [[ ${#bad[@]} -gt 0 ]]; then
  for f in "${bad[@]}"; do
    echo "check_format: not formatted: $f"
    diff -u "$f" <("$CLANG_FORMAT" "$f") | head -20 || true
  done
  echo "check_format: ${#bad[@]} of ${#files[@]} files need clang-format; run test/style/check_format.sh --fix" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files formatted"
