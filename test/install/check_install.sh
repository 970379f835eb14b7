#!/usr/bin/env bash
# Installs cudalint as a user would, and uses it away from the build tree:
#   cmake --install into a temporary prefix, and cpack's .deb and .tar.gz;
#   the installed binary lints the bundled example from another directory,
#   with the installed shim headers and no path into the build tree; the
#   installed plugin loads into clang-tidy-19; the .deb declares its Debian
#   dependencies and works unpacked anywhere.
#   test/install/check_install.sh BUILD_DIR
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
SOURCE=$(pwd)
BUILD=$(cd "${1:-build}" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "check_install: $*" >&2; exit 1; }

PREFIX=$WORK/prefix
cmake --install "$BUILD" --prefix "$PREFIX" >/dev/null
for f in bin/cudalint lib/libcudalint-tidy.so \
         share/cudalint/include/cudalint_nvcc_compat.h \
         share/cudalint/include/texture_fetch_functions.h \
         share/man/man1/cudalint.1 share/doc/cudalint/README.md \
         share/doc/cudalint/user-guide.md \
         share/doc/cudalint/checks/missing-restrict.md; do
  [[ -e $PREFIX/$f ]] || fail "not installed: $f"
done

# The installed binary, from elsewhere: the example, its shims, no build path.
mkdir -p "$WORK/elsewhere/example"
cp "$SOURCE/fixtures/missing-restrict/conv1d.cu" "$WORK/elsewhere/example/"
cp -r "$SOURCE/fixtures/common" "$WORK/elsewhere/"
cd "$WORK/elsewhere/example"
status=0
"$PREFIX/bin/cudalint" --no-cache conv1d.cu >out.txt 2>&1 || status=$?
[[ $status -eq 1 ]] || { cat out.txt; fail "installed cudalint exited $status, expected 1 (findings)"; }
grep -q "conv1d.cu:11:17: warning: 'w' is reloaded after each store through 'out' \[cudalint-missing-restrict\]" out.txt ||
  { cat out.txt; fail "installed cudalint did not report the example's finding"; }
"$PREFIX/bin/cudalint" --print-commands conv1d.cu >commands.txt
grep -q "$PREFIX/share/cudalint/include" commands.txt ||
  fail "installed cudalint does not use the installed shim headers"
if grep -q "$BUILD" commands.txt; then fail "installed cudalint points into the build tree: $(cat commands.txt)"; fi
if readelf -d "$PREFIX/bin/cudalint" | grep -i runpath | grep -q "$BUILD"; then
  fail "installed cudalint's RUNPATH names the build tree"
fi
"$PREFIX/bin/cudalint" --version | grep -q "built with .*clang version 19" ||
  fail "--version does not name the clang it was built with"
"$PREFIX/bin/cudalint" --version | grep -Eq "CUDA [0-9.]+ at |no CUDA installation found" ||
  fail "--version does not say which CUDA it found"

# The installed plugin in the real clang-tidy-19.
clang-tidy-19 --load="$PREFIX/lib/libcudalint-tidy.so" --checks='-*,cudalint-*' \
  --list-checks | grep -q "cudalint-missing-restrict" ||
  fail "the installed plugin does not register its checks in clang-tidy-19"

# The packages: a .deb with its dependencies, and a .tar.gz.
cd "$BUILD"
cpack -B "$WORK/packages" >"$WORK/cpack.log" 2>&1 || { cat "$WORK/cpack.log"; fail "cpack failed"; }
DEB=$(ls "$WORK"/packages/cudalint_*.deb)
TGZ=$(ls "$WORK"/packages/cudalint-*.tar.gz)
depends=$(dpkg-deb -f "$DEB" Depends)
for pkg in libllvm19 libclang-cpp19 libclang-common-19-dev; do
  [[ $depends == *"$pkg"* ]] || fail ".deb does not depend on $pkg: $depends"
done
contents=$(dpkg-deb -c "$DEB")
for f in ./usr/bin/cudalint ./usr/lib/libcudalint-tidy.so \
         ./usr/share/cudalint/include/cudalint_nvcc_compat.h \
         ./usr/share/man/man1/cudalint.1 ./usr/share/doc/cudalint/user-guide.md; do
  grep -qF " $f" <<<"$contents" || fail ".deb lacks $f"
done
tarball=$(tar tzf "$TGZ")
grep -q "^cudalint-[0-9.]*-Linux/bin/cudalint$" <<<"$tarball" ||
  fail ".tar.gz lacks bin/cudalint at its top"
grep -q "/share/cudalint/include/cudalint_nvcc_compat.h$" <<<"$tarball" ||
  fail ".tar.gz lacks the shim headers"
# apt resolves the .deb's dependencies (a dry run: nothing is installed).
if command -v apt-get >/dev/null; then
  apt-get -s install "$DEB" >"$WORK/apt.log" 2>&1 ||
    { cat "$WORK/apt.log"; fail "apt-get cannot install the .deb (dry run)"; }
  grep -q "^Inst cudalint" "$WORK/apt.log" ||
    { cat "$WORK/apt.log"; fail "apt-get would not install cudalint (dry run)"; }
fi
# Unpacked anywhere, the .deb's tree works too.
dpkg-deb -x "$DEB" "$WORK/root"
cd "$WORK/elsewhere/example"
status=0
"$WORK/root/usr/bin/cudalint" --no-cache conv1d.cu >deb.txt 2>&1 || status=$?
[[ $status -eq 1 ]] && grep -q "cudalint-missing-restrict" deb.txt ||
  { cat deb.txt; fail "the .deb's cudalint, unpacked, did not lint the example"; }
echo "check_install: installed, packaged (.deb: Depends: $depends), and used away from the build tree"
