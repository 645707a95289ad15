#!/bin/bash
# install_test.sh BUILD_DIR SOURCE_DIR PREFIX CUDA: install the build into a temporary
# DESTDIR (meson install), then use that tree as a user of an installed Shoal does:
#   1. an existing OpenSHMEM program with its own Makefile, make CC=shoalcc (<mpp/shmem.h>,
#      start_pes, ...), run on 2 PEs with the installed shoalrun;
#   2. a C program that includes <mpp/shmemx.h>, compiled with pkg-config's flags;
#   3. a CMake project (find_package(shoal)): a C program (shoal::shoal) and a C++ one
#      (shoal::cxx) run on 2 PEs, and where CUDA=1 a CUDA one (shoal::cuda) built and run as
#      one PE (its kernel runs only where there is a GPU).
# Every program must load the installed libshoal, not the build tree's. 77 (skipped) without
# cmake or make.
set -u
build=$1 src=$2 prefix=$3 cuda=$4
for c in cmake make; do
    command -v "$c" >/dev/null || { echo "install_test: no $c: skipped"; exit 77; }
done
meson=${MESON:-meson}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/shoal-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
unset LD_LIBRARY_PATH # meson test points it at the build tree
fail() { echo "install_test: FAIL: $*"; exit 1; }
step() { echo "== $*"; }

step "meson install into $tmp"
DESTDIR=$tmp $meson install -C "$build" --no-rebuild --quiet >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; fail "meson install"; }
root=$tmp$prefix
run() { "$root/bin/shoalrun" -n "$1" --timeout 60 "${@:2}"; }
installed_lib() { # the program loads libshoal from the installed tree
    ldd "$1" | grep -q "libshoal.so.* => $root/" || { ldd "$1"; fail "$1 does not load $root's libshoal"; }
}

step "Makefile, make CC=shoalcc"
cp -r "$src/tests/install/legacy" "$tmp/legacy"
make -s -C "$tmp/legacy" CC="$root/bin/shoalcc" || fail "make CC=shoalcc"
installed_lib "$tmp/legacy/legacy"
run 2 "$tmp/legacy/legacy" || fail "legacy on 2 PEs"

step "pkg-config"
if command -v pkg-config >/dev/null; then
    flags=$(PKG_CONFIG_PATH=$(dirname "$(find "$root" -name shoal.pc | head -1)") \
        pkg-config --define-variable=prefix="$root" --cflags --libs shoal) || fail "pkg-config shoal"
    # shellcheck disable=SC2086
    cc -std=c17 "$src/tests/install/cmake/hello.c" -o "$tmp/hello_pc" $flags \
        -Wl,-rpath,"$(dirname "$(find "$root" -name 'libshoal.so' | head -1)")" || fail "cc with pkg-config's flags"
    installed_lib "$tmp/hello_pc"
    run 2 "$tmp/hello_pc" || fail "the pkg-config build on 2 PEs"
else
    echo "(no pkg-config here)"
fi

step "CMake, find_package(shoal)"
gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
cmake -S "$src/tests/install/cmake" -B "$tmp/cm" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$root" -DSHOAL_TEST_CUDA="$([ "$cuda" = 1 ] && echo ON || echo OFF)" \
    >"$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log"; fail "cmake configure"; }
cmake --build "$tmp/cm" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "cmake --build"; }
for p in hello_c hello_cxx; do
    installed_lib "$tmp/cm/$p"
    run 2 "$tmp/cm/$p" || fail "$p on 2 PEs"
done
if [ "$cuda" = 1 ]; then
    installed_lib "$tmp/cm/hello_cuda"
    "$tmp/cm/hello_cuda" || fail "hello_cuda"
fi
echo "install_test: ok"
