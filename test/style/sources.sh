# The project's own C++ sources, one per line: what clang-format keeps in
# LLVM style and what the size limits apply to. Sourced by the style scripts.
# $1 selects: "format" (checks/, driver/ and test/unit/, the shims aside)
# or "limits" (checks/ and driver/).
project_sources() {
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  local dirs=(checks driver)
  [[ $1 == format ]] && dirs+=(test/unit)
  (cd "$root" && find "${dirs[@]}" -type f \( -name '*.cpp' -o -name '*.h' \) \
    -not -path 'driver/worker/include-shims/*' | LC_ALL=C sort)
}
