#!/usr/bin/env bash
# The steps of action.yml (the GitHub Action) that are not GitHub's own:
#   github-action.sh install   put cudalint on PATH: keep one already there,
#                              else build this checkout with bootstrap.sh
#   github-action.sh lint      lint $INPUT_PATHS into $INPUT_SARIF_FILE
#                              (with -p $INPUT_BUILD_PATH, --baseline
#                              $INPUT_BASELINE, $INPUT_ARGS), print the
#                              findings in the log, and set the step's
#                              outputs: findings, sarif-file.
# It runs outside GitHub too: GITHUB_OUTPUT and GITHUB_PATH default to
# /dev/null, and the test suite runs it so (test/driver/github-action.test).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
GITHUB_OUTPUT=${GITHUB_OUTPUT:-/dev/null}
GITHUB_PATH=${GITHUB_PATH:-/dev/null}

install() {
  if command -v cudalint >/dev/null; then
    echo "cudalint: using $(command -v cudalint) ($(cudalint --version | head -1))"
    return
  fi
  echo "cudalint: not on PATH; building it from $HERE"
  "$HERE/bootstrap.sh" example
  echo "$HERE/build/bin" >>"$GITHUB_PATH"
}

lint() {
  local sarif=${INPUT_SARIF_FILE:-cudalint.sarif}
  local -a args=(--format=sarif --output="$sarif")
  [[ -n ${INPUT_BUILD_PATH:-} ]] && args+=(-p "$INPUT_BUILD_PATH")
  [[ -n ${INPUT_BASELINE:-} ]] && args+=(--baseline="$INPUT_BASELINE")
  # shellcheck disable=SC2206 # word splitting is the interface
  local -a extra=(${INPUT_ARGS:-}) paths=(${INPUT_PATHS:-.})
  local status=0
  cudalint "${args[@]}" "${extra[@]}" "${paths[@]}" || status=$?
  # The same findings as text, for the job log.
  cudalint --quiet "${args[@]:2}" "${extra[@]}" "${paths[@]}" >&2 || true
  if [[ $status -ge 2 && ! -s $sarif ]]; then
    echo "::error::cudalint could not run (exit status $status)"
    exit "$status"
  fi
  local findings
  findings=$(python3 -c 'import json, sys
print(sum(1 for r in json.load(open(sys.argv[1]))["runs"][0]["results"]
          if r["level"] != "note" and not r["ruleId"].startswith("clang-diagnostic-")))' "$sarif")
  echo "findings=$findings" >>"$GITHUB_OUTPUT"
  echo "sarif-file=$sarif" >>"$GITHUB_OUTPUT"
  [[ $status -eq 2 ]] && echo "::warning::cudalint could not analyse every file; see the log"
  echo "cudalint: $findings finding(s) reported, SARIF in $sarif"
}

case ${1:-} in
install) install ;;
lint) lint ;;
*) echo "usage: github-action.sh install|lint" >&2; exit 2 ;;
esac
