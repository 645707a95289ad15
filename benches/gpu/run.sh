#!/bin/bash
# benches/gpu/run.sh [--dry-run] BUILD_DIR
#
# The one-command GPU run, for a machine with one GPU (an H100), nvcc and meson in a Python
# environment with the wheels nvidia-nvshmem-cu13 and nvidia-nccl-cu13 installed, no mpirun and
# no network. In about 10 minutes it:
#   1. builds Shoal in BUILD_DIR (meson, release; the CUDA plugin, the GPU tests, the benches);
#   2. starts MPS (PEs share the GPU: without it their waiting kernels would take turns) and
#      stops it at exit;
#   3. runs the gpu and nvshmem test suites (each case at 1, 2 and 4 PEs);
#   4. builds benches/gpu/nvshmem_bench.cu against the NVSHMEM wheel (the Shoal build of the same
#      source is part of step 1) and benches/gpu/nccl_bench.cu against the NCCL wheel;
#   5. at 1, 2 and 4 PEs: device put/get latency (8 B - 1 MiB) and bandwidth, on-stream barrier
#      and on-stream float all-reduce (8 B - 64 MiB) for Shoal and NVSHMEM, all-reduce for NCCL;
#   6. writes one table to BUILD_DIR/gpu-run/results.md (and prints it); every step's output is
#      in BUILD_DIR/gpu-run/*.log.
# A failing step is reported and the run goes on; the exit status is non-zero if one failed.
#
# --dry-run checks every step without a GPU: the tools it would use (missing ones reported),
# the benchmark sources (compiled against Shoal where nvcc is, against NVSHMEM and NCCL where
# their headers are), the table script on sample results; it prints every command it would run.
# Environment: PYTHON (the Python of the wheels, default python3), NVCC_ARCH (default sm_90).
set -uo pipefail

dry=0
if [ "${1:-}" = "--dry-run" ]; then dry=1; shift; fi
if [ $# -ne 1 ]; then
    echo "usage: $0 [--dry-run] BUILD_DIR" >&2
    exit 2
fi
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(mkdir -p "$1" && cd "$1" && pwd)
out=$build/gpu-run
mkdir -p "$out"
py=${PYTHON:-python3}
arch=${NVCC_ARCH:-sm_90}
pes_list=(1 2 4)
failed=0
start=$SECONDS

say() { printf '== %s\n' "$*"; }
note() { printf '   %s\n' "$*"; }
# step NAME CMD...: run CMD (output to gpu-run/NAME.log), or print it under --dry-run.
step() {
    local name=$1; shift
    if [ "$dry" = 1 ]; then
        printf '   would run:'; printf ' %q' "$@"; printf '\n'
        return 0
    fi
    local t0=$SECONDS
    if "$@" >"$out/$name.log" 2>&1; then
        note "$name: ok ($((SECONDS - t0)) s)"
    else
        note "$name: FAILED (exit $?; $out/$name.log)"
        tail -n 5 "$out/$name.log" | sed 's/^/     /'
        failed=1
        return 1
    fi
}

# --- tools -------------------------------------------------------------------------------
say "tools"
purelib=""
if command -v "$py" >/dev/null 2>&1; then
    purelib=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' 2>/dev/null || true)
    note "python: $(command -v "$py") (packages in ${purelib:-?})"
else
    note "python: $py not found"
fi
# A wheel's library: the first lib<name>*.so* under the environment's nvidia/ packages.
wheel_lib() { [ -n "$purelib" ] && find "$purelib/nvidia" -name "lib$1*.so*" 2>/dev/null | sort | head -n 1; }
wheel_include() { # the include/ beside that lib/ holding header $2
    local lib; lib=$(wheel_lib "$1")
    [ -n "$lib" ] && [ -f "$(dirname "$(dirname "$lib")")/include/$2" ] && echo "$(dirname "$(dirname "$lib")")/include"
}
nvcc=$(command -v nvcc || { [ -n "$purelib" ] && find "$purelib" -path '*/bin/nvcc' 2>/dev/null | head -n 1; } || true)
meson_cmd=(meson)
command -v meson >/dev/null 2>&1 || meson_cmd=("$py" -m mesonbuild.mesonmain)
nvshmem_host=$(wheel_lib nvshmem_host); nvshmem_inc=$(wheel_include nvshmem_host nvshmem.h)
nvshmem_dev=""; [ -n "$nvshmem_host" ] && nvshmem_dev=$(find "$(dirname "$nvshmem_host")" -name libnvshmem_device.a | head -n 1)
nccl_lib=$(wheel_lib nccl); nccl_inc=$(wheel_include nccl nccl.h)
have_nvshmem=0; [ -n "$nvshmem_host" ] && [ -n "$nvshmem_inc" ] && [ -n "$nvshmem_dev" ] && have_nvshmem=1
have_nccl=0; [ -n "$nccl_lib" ] && [ -n "$nccl_inc" ] && have_nccl=1
note "nvcc: ${nvcc:-not found}"
note "meson: ${meson_cmd[*]}"
note "NVSHMEM wheel: ${nvshmem_host:-not found} ${nvshmem_dev:+(+ $nvshmem_dev)}"
note "NCCL wheel: ${nccl_lib:-not found}"
note "MPS: $(command -v nvidia-cuda-mps-control || echo 'nvidia-cuda-mps-control not found')"
if [ "$dry" = 0 ]; then
    note "GPU: $(nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null | head -n 1 || echo '?')"
    if [ -z "$nvcc" ]; then echo "run.sh: no nvcc: nothing to build" >&2; exit 1; fi
fi
note "CPU: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores"
# Where a wheel is missing (a dry run here), its commands show where its files would be.
nvshmem_host=${nvshmem_host:-WHEEL/nvshmem/lib/libnvshmem_host.so.3}
nvshmem_dev=${nvshmem_dev:-WHEEL/nvshmem/lib/libnvshmem_device.a}
nvshmem_inc=${nvshmem_inc:-WHEEL/nvshmem/include}
nccl_lib=${nccl_lib:-WHEEL/nccl/lib/libnccl.so.2}
nccl_inc=${nccl_inc:-WHEEL/nccl/include}
if [ -n "$nvcc" ]; then
    PATH="$(dirname "$nvcc"):$PATH"
    export PATH
    export CUDA_PATH=${CUDA_PATH:-$(dirname "$(dirname "$nvcc")")}
fi

if [ "$dry" = 1 ]; then
    if command -v shellcheck >/dev/null 2>&1; then
        if shellcheck -S warning "$0" >"$out/dry-shellcheck.log" 2>&1; then note "this script: shellcheck clean"
        else note "this script: shellcheck warnings ($out/dry-shellcheck.log)"; failed=1; fi
    else
        bash -n "$0" && note "this script: parses (no shellcheck here)"
    fi
fi

# --- 1. build ----------------------------------------------------------------------------
say "1. build Shoal in $build"
if [ ! -f "$build/build.ninja" ]; then
    step setup "${meson_cmd[@]}" setup "$build" "$src" -Dbuildtype=release -Dcuda=enabled
fi
step build "${meson_cmd[@]}" compile -C "$build"
shoal_bench=$build/benches/gpu/nvshmem_bench
if [ "$dry" = 1 ]; then
    if [ -x "$shoal_bench" ]; then
        note "nvshmem_bench.cu against Shoal: built by meson ($shoal_bench)"
    elif [ -n "$nvcc" ]; then
        if "$nvcc" -std=c++17 -c "$src/benches/gpu/nvshmem_bench.cu" -I"$src/runtime/include" \
            -I"$src/device/include" -o "$out/nvshmem_bench_shoal.o" >"$out/dry-compile-shoal.log" 2>&1; then
            note "nvshmem_bench.cu against Shoal: compiles"
        else
            note "nvshmem_bench.cu against Shoal: does NOT compile ($out/dry-compile-shoal.log)"; failed=1
        fi
    else
        note "nvshmem_bench.cu against Shoal: no nvcc here, not compiled"
    fi
fi

# --- 2. MPS --------------------------------------------------------------------------------
say "2. MPS (up to ${pes_list[-1]} PEs share the GPU)"
mps_dir=$out/mps
stop_mps() { echo quit | CUDA_MPS_PIPE_DIRECTORY=$mps_dir/pipe nvidia-cuda-mps-control >/dev/null 2>&1 || true; }
if [ "$dry" = 1 ]; then
    note "would start: nvidia-cuda-mps-control -d (pipes in $mps_dir/pipe), and stop it at exit"
elif command -v nvidia-cuda-mps-control >/dev/null 2>&1; then
    mkdir -p "$mps_dir/pipe" "$mps_dir/log"
    export CUDA_MPS_PIPE_DIRECTORY=$mps_dir/pipe CUDA_MPS_LOG_DIRECTORY=$mps_dir/log
    if nvidia-cuda-mps-control -d; then
        trap stop_mps EXIT
        note "started (Shoal's device heap says so once PEs share the GPU)"
    else
        note "could not start MPS: PEs sharing the GPU take turns"
    fi
else
    note "nvidia-cuda-mps-control not found: PEs sharing the GPU take turns"
fi

# --- 3. tests ----------------------------------------------------------------------------
say "3. gpu and nvshmem test suites (1, 2 and 4 PEs)"
step tests "${meson_cmd[@]}" test -C "$build" --no-rebuild --print-errorlogs --suite gpu --suite nvshmem

# --- 4. the other libraries' builds ----------------------------------------------------------
say "4. nvshmem_bench.cu against the NVSHMEM wheel, nccl_bench.cu against the NCCL wheel"
nv_bench=$out/nvshmem_bench_nvshmem
nccl_bench=$out/nccl_bench
nv_build=("$nvcc" -std=c++17 -rdc=true -arch="$arch" -DBENCH_FORK "$src/benches/gpu/nvshmem_bench.cu"
          -I"$nvshmem_inc" -o "$nv_bench" "$nvshmem_host" "$nvshmem_dev" -lcuda
          -Xlinker -rpath="$(dirname "$nvshmem_host")")
nccl_build=("$nvcc" -std=c++17 -arch="$arch" "$src/benches/gpu/nccl_bench.cu" -I"$nccl_inc" -o "$nccl_bench"
            "$nccl_lib" -Xlinker -rpath="$(dirname "$nccl_lib")")
if [ "$have_nvshmem" = 1 ]; then
    step build-nvshmem "${nv_build[@]}" || nv_bench=""
    if [ "$dry" = 1 ] && [ -n "$nvcc" ]; then
        "$nvcc" -std=c++17 -rdc=true -DBENCH_FORK -c "$src/benches/gpu/nvshmem_bench.cu" -I"$nvshmem_inc" \
            -o "$out/nvshmem_bench_nvshmem.o" >"$out/dry-compile-nvshmem.log" 2>&1 &&
            note "nvshmem_bench.cu against NVSHMEM: compiles" ||
            { note "nvshmem_bench.cu against NVSHMEM: does NOT compile ($out/dry-compile-nvshmem.log)"; failed=1; }
    fi
else
    note "no NVSHMEM wheel (include/nvshmem.h, libnvshmem_host, libnvshmem_device.a): its column stays empty"
    [ "$dry" = 1 ] && { printf '   would run:'; printf ' %q' "${nv_build[@]}"; printf '\n'; }
    [ "$dry" = 1 ] || nv_bench=""
fi
if [ "$have_nccl" = 1 ]; then
    step build-nccl "${nccl_build[@]}" || nccl_bench=""
else
    note "no NCCL wheel (include/nccl.h, libnccl): its column stays empty"
    [ "$dry" = 1 ] && { printf '   would run:'; printf ' %q' "${nccl_build[@]}"; printf '\n'; }
    [ "$dry" = 1 ] || nccl_bench=""
fi

# --- 5. benchmarks -------------------------------------------------------------------------
say "5. benchmarks at ${pes_list[*]} PEs"
p2p=(-m 1048576 -i 50 put_lat get_lat)
big=(-m 67108864 -i 20 put_bw get_bw barrier allreduce)
nv_env=(env NVSHMEM_SYMMETRIC_SIZE=1G NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME=lo
        LD_LIBRARY_PATH="$(dirname "$nvshmem_host")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
if [ "$dry" = 1 ]; then # what the runs need is there (or will be, once built)
    for f in "$build/tools/shoalrun" "$shoal_bench"; do
        [ -x "$f" ] && note "found $f" || note "not built here: $f"
    done
fi
for np in "${pes_list[@]}"; do
    step "shoal-np$np-p2p" env SHOAL_SYMMETRIC_DEVICE_SIZE=1G "$build/tools/shoalrun" -n "$np" --timeout 150 \
        "$shoal_bench" "${p2p[@]}"
    step "shoal-np$np-big" env SHOAL_SYMMETRIC_DEVICE_SIZE=1G "$build/tools/shoalrun" -n "$np" --timeout 150 \
        "$shoal_bench" "${big[@]}"
    if [ -n "$nv_bench" ]; then
        step "nvshmem-np$np-p2p" "${nv_env[@]}" timeout 150 "$nv_bench" -n "$np" "${p2p[@]}"
        step "nvshmem-np$np-big" "${nv_env[@]}" timeout 150 "$nv_bench" -n "$np" "${big[@]}"
    fi
    if [ -n "$nccl_bench" ]; then
        step "nccl-np$np" timeout 150 "$nccl_bench" -n "$np" -m 67108864 -i 20
    fi
done

# --- 6. the table ------------------------------------------------------------------------
say "6. the table"
table() { # table LOG_DIR > markdown: every RESULT line of LIB-npN-*.log, by op, size and PEs
    "$py" - "$1" <<'PY'
import glob, os, re, sys
rows, skips = {}, {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*-np*.log"))):
    m = re.match(r"(shoal|nvshmem|nccl)-np(\d+)", os.path.basename(path))
    if not m:
        continue
    lib, np = m.group(1), int(m.group(2))
    for line in open(path, errors="replace"):
        f = line.split()
        if len(f) >= 5 and f[0] == "RESULT":
            cell = f"{float(f[3]):.2f}" + (" WRONG" if "WRONG" in f[5:] else "")
            rows.setdefault((f[1], int(f[2]), np, f[4]), {})[lib] = cell
        elif len(f) >= 2 and f[0] == "SKIP":
            skips[(lib, np)] = " ".join(f[2:])
order = ["put_lat", "get_lat", "put_bw", "get_bw", "barrier", "allreduce"]
print("| operation | bytes | PEs | unit | Shoal | NVSHMEM | NCCL |")
print("| --- | ---: | ---: | --- | ---: | ---: | ---: |")
for (op, size, np, unit) in sorted(rows, key=lambda k: (order.index(k[0]) if k[0] in order else 99, k[2], k[1])):
    r = rows[(op, size, np, unit)]
    nccl = r.get("nccl", "") or (f"skipped: {skips[('nccl', np)]}" if op == "allreduce" and ("nccl", np) in skips else "")
    print(f"| {op} | {size} | {np} | {unit} | {r.get('shoal', '')} | {r.get('nvshmem', '')} | {nccl} |")
PY
}
if [ "$dry" = 1 ]; then
    sample=$(mktemp -d)
    printf 'RESULT put_lat 8 1.250 us\nRESULT allreduce 1024 9.500 us\n' >"$sample/shoal-np2-p2p.log"
    printf 'RESULT put_lat 8 1.100 us\nRESULT allreduce 1024 8.000 us WRONG\n' >"$sample/nvshmem-np2-big.log"
    printf 'SKIP allreduce invalid usage\n' >"$sample/nccl-np2.log"
    if table "$sample" >"$sample/table.md" 2>"$sample/err" && grep -q '^| put_lat | 8 | 2 | us | 1.25 | 1.10 |' "$sample/table.md" &&
        grep -q '^| allreduce | 1024 | 2 | us | 9.50 | 8.00 WRONG | skipped: invalid usage |' "$sample/table.md"; then
        note "the table script makes the table from sample results"
    else
        note "the table script FAILED on sample results:"; cat "$sample/table.md" "$sample/err"; failed=1
    fi
    rm -rf "$sample"
else
    {
        echo "# Shoal, NVSHMEM and NCCL on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)"
        echo
        echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1). PEs share the one GPU (MPS)."
        echo "Latencies in microseconds per call, bandwidths in GB/s; benches/gpu/run.sh."
        echo
        table "$out"
    } >"$out/results.md"
    cat "$out/results.md"
fi
say "done in $((SECONDS - start)) s$([ "$failed" = 0 ] || echo '; some steps FAILED')"
exit "$failed"
