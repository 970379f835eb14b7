#!/usr/bin/env bash
# Set up, build and try cudalint on a fresh Debian 12 machine.
#
#   ./bootstrap.sh example   install what is missing, build, lint the bundled
#                            example (fixtures/missing-restrict/) and show the
#                            patch its fix-it would make
#   ./bootstrap.sh test      install what is missing, build, run the test
#                            suite (ctest) and verify/run --compile-only
#
# Environment: CUDALINT_JOBS (build jobs, default: all cores), CUDA_PATH or
# CUDA_HOME (the CUDA toolkit, default: nvcc on PATH or /usr/local/cuda),
# CUDALINT_REQUIRE_CUDA=1 (fail instead of skipping verify/ when there is no
# CUDA toolkit; the default when CI=true).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

usage() {
  echo "usage: ./bootstrap.sh example|test" >&2
  exit 2
}
[[ $# -eq 1 ]] || usage
MODE=$1
[[ $MODE == example || $MODE == test ]] || usage

say() { printf '\n==> %s\n' "$*"; }
warn() { printf 'bootstrap: warning: %s\n' "$*" >&2; }
die() {
  printf 'bootstrap: error: %s\n' "$*" >&2
  exit 1
}

# --- Step 1: packages and the CUDA toolkit -----------------------------------
PACKAGES=(clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools
  clang-tidy-19 clangd-19 clang-format-19 libomp-19-dev nlohmann-json3-dev cmake ninja-build ccache libgtest-dev libgmock-dev
  universal-ctags
  python3 git g++ make pre-commit chromium)

say "Step 1/3: checking Debian packages"
MISSING=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || MISSING+=("$pkg")
done
# npm (for the SARIF validator the tests use): Debian's, unless some npm is
# already on PATH (a Node.js installed from elsewhere would conflict).
if [[ $MODE == test ]] && ! command -v npm >/dev/null; then
  MISSING+=(npm)
fi
if [[ ${#MISSING[@]} -eq 0 ]]; then
  echo "all ${#PACKAGES[@]} packages are installed"
else
  echo "missing: ${MISSING[*]}"
  SUDO=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null ||
      die "not root and no sudo: run as root: apt-get update && apt-get install -y --no-install-recommends ${MISSING[*]}"
    # -n: never wait for a password on a terminal that may not exist (CI).
    SUDO=(sudo -n)
    sudo -n true 2>/dev/null ||
      die "sudo needs a password; run: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${MISSING[*]}"
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update
  "${SUDO[@]}" apt-get install -y --no-install-recommends "${MISSING[@]}"
fi

# The CUDA toolkit: cudalint parses CUDA code with its headers, and verify/
# compiles the fixtures with its nvcc. cudalint looks for it the same way.
CUDA_DIR=""
for candidate in "${CUDA_PATH:-}" "${CUDA_HOME:-}"; do
  if [[ -n $candidate && -d $candidate/include ]]; then
    CUDA_DIR=$candidate
    break
  fi
done
if [[ -z $CUDA_DIR ]] && command -v nvcc >/dev/null; then
  CUDA_DIR=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
fi
if [[ -z $CUDA_DIR && -d /usr/local/cuda/include ]]; then
  CUDA_DIR=/usr/local/cuda
fi
NVCC=""
if [[ -n $CUDA_DIR && -x $CUDA_DIR/bin/nvcc ]]; then
  NVCC=$CUDA_DIR/bin/nvcc
fi
if [[ -n $NVCC ]]; then
  echo "CUDA toolkit: $CUDA_DIR ($("$NVCC" --version | tail -n 1))"
elif [[ -n $CUDA_DIR ]]; then
  echo "CUDA toolkit: $CUDA_DIR (headers only: no bin/nvcc, so verify/ cannot compile)"
else
  warn "no CUDA toolkit found (looked at \$CUDA_PATH, \$CUDA_HOME, nvcc on PATH, /usr/local/cuda)."
  warn "cudalint builds without it, but linting real CUDA code needs its headers, and verify/ needs nvcc."
  warn "Install the CUDA toolkit (https://developer.nvidia.com/cuda-downloads) and/or set CUDA_PATH=<install dir>, then rerun."
fi

# --- Step 2: build ------------------------------------------------------------
JOBS=${CUDALINT_JOBS:-$(nproc)}
say "Step 2/3: building cudalint in build/ ($JOBS jobs)"
GENERATOR=(-G Ninja)
if [[ -f build/CMakeCache.txt ]] &&
  ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' build/CMakeCache.txt; then
  # An existing build tree made with another generator: keep it.
  GENERATOR=()
fi
cmake -S . -B build "${GENERATOR[@]}" -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$JOBS"

# --- Step 3: the example or the tests -----------------------------------------
if [[ $MODE == example ]]; then
  say "Step 3/3: build/bin/cudalint fixtures/missing-restrict/"
  status=0
  build/bin/cudalint fixtures/missing-restrict/ || status=$?
  case $status in
  0) echo "exit status 0: no findings" ;;
  1)
    echo "exit status 1: findings reported (that is what the example is for)"
    say "The patch that --fix-notes would apply (printed by --fix-notes --diff; nothing is changed)"
    build/bin/cudalint --fix-notes --diff fixtures/missing-restrict/conv1d.cu 2>/dev/null || true
    ;;
  *)
    [[ -n $CUDA_DIR ]] || warn "no CUDA toolkit was found; that is the likely cause (see step 1)."
    die "cudalint exited with status $status: a file could not be analysed"
    ;;
  esac
  echo
  echo "Next: build/bin/cudalint --help, docs/user-guide.md, docs/checks/missing-restrict.md"
  exit 0
fi

failed=()
skipped=""

# The official SARIF validator, pinned by tools/sarif/package-lock.json and
# installed there (nothing global); the tests validate every SARIF report
# they write with it (test/sarif/validate_official.py).
say "Installing the SARIF validator (npm ci in tools/sarif)"
SARIF_TOOL=tools/sarif/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
if [[ -x $SARIF_TOOL && tools/sarif/node_modules/.package-lock.json -nt tools/sarif/package-lock.json ]]; then
  echo "installed: $(cat tools/sarif/package.json | grep -o '"@microsoft/sarif-multitool": "[^"]*"')"
elif (cd tools/sarif && npm ci --no-audit --no-fund --loglevel=error); then
  # npm 11 no longer runs the package's own `chmod u+x` install script.
  [[ -f $SARIF_TOOL ]] && chmod u+x "$SARIF_TOOL"
else
  if [[ ${CI:-} == true ]]; then
    failed+=("npm ci in tools/sarif (the SARIF validator)")
  else
    warn "could not install the SARIF validator; its test will be skipped."
  fi
fi

say "Step 3/3: ctest --test-dir build --output-on-failure"
ctest --test-dir build --output-on-failure || failed+=("ctest")

say "verify/run --compile-only"
REQUIRE_CUDA=${CUDALINT_REQUIRE_CUDA:-}
if [[ -z $REQUIRE_CUDA && ${CI:-} == true ]]; then
  REQUIRE_CUDA=1
fi
if [[ -z $NVCC && $REQUIRE_CUDA != 1 ]]; then
  warn "SKIPPED verify/run: it compiles the fixtures with nvcc and no CUDA toolkit was found (set CUDALINT_REQUIRE_CUDA=1 to make this an error)."
  skipped=" (verify/run skipped: no CUDA toolkit)"
else
  verify/run --compile-only ${NVCC:+--nvcc "$NVCC"} || failed+=("verify/run --compile-only")
fi

echo
if [[ ${#failed[@]} -gt 0 ]]; then
  die "failed: $(printf '%s; ' "${failed[@]}")"
fi
echo "bootstrap: all tests passed$skipped"
