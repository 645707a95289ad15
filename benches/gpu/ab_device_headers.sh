#!/bin/bash
# benches/gpu/ab_device_headers.sh BUILD_DIR OLD_INCLUDE [ROUNDS]
#
# Device put/get before and after a change of the device headers, on one GPU in one run: builds
# BUILD_DIR/benches/gpu/nvshmem_bench_old from benches/gpu/nvshmem_bench.cu exactly as ninja
# builds nvshmem_bench, with OLD_INCLUDE first on the include path (a folder holding the old
# shoal/device/*.h, e.g. from `git show REV:device/include/shoal/device/rma.h`), then runs the
# two programs in turns, ROUNDS times (default 3), at 2 PEs: put/get latency and bandwidth,
# 8 B - 1 MiB. Prints each RESULT line prefixed "old N" or "new N". The device code of
# nvshmem_bench is the headers' own (no -rdc), so only what they inline differs; on-stream
# calls go through the one libshoal_cuda.so of BUILD_DIR in both. AB_BUILD_ONLY=1: build only
# (run.sh --dry-run checks the build that way).
set -u
if [ $# -lt 2 ]; then
    echo "usage: $0 BUILD_DIR OLD_INCLUDE [ROUNDS]" >&2
    exit 2
fi
old_inc=$(cd "$2" && pwd) || exit 2
rounds=${3:-3}
cd "$1" || exit 2
cmds=$(ninja -t commands benches/gpu/nvshmem_bench) || exit 1
compile=$(grep -E -- '-c [^ ]*benches/gpu/nvshmem_bench\.cu$' <<<"$cmds")
link=$(tail -n 1 <<<"$cmds")
[ -n "$compile" ] || { echo "$0: no compile command of nvshmem_bench.cu in $1" >&2; exit 1; }
# its object (and depfile, where meson writes one) apart from ninja's
compile=${compile//benches\/gpu\/nvshmem_bench.p\/nvshmem_bench.cu.o/benches\/gpu\/nvshmem_bench_old.o}
# OLD_INCLUDE before the source tree's device/include (relative or absolute, as meson wrote it)
compile=$(sed -E "s| -I([^ ]*device/include)( \|$)| -I$old_inc -I\1\2|" <<<"$compile")
grep -q -- "-I$old_inc " <<<"$compile" || { echo "$0: no device/include in the compile command" >&2; exit 1; }
link=${link//benches\/gpu\/nvshmem_bench.p\/nvshmem_bench.cu.o/benches\/gpu\/nvshmem_bench_old.o}
link=${link//-o benches\/gpu\/nvshmem_bench /-o benches\/gpu\/nvshmem_bench_old }
eval "$compile" && eval "$link" || { echo "$0: the old build failed" >&2; exit 1; }
[ "${AB_BUILD_ONLY:-0}" = 1 ] && exit 0
for r in $(seq 1 "$rounds"); do
    for v in old new; do
        exe=benches/gpu/nvshmem_bench
        [ "$v" = old ] && exe=benches/gpu/nvshmem_bench_old
        SHOAL_SYMMETRIC_DEVICE_SIZE=1G timeout 60 tools/shoalrun -n 2 "$exe" -m 1048576 -i 50 \
            put_lat get_lat put_bw get_bw 2>&1 | sed -n "s/^RESULT/$v $r/p"
    done
done
