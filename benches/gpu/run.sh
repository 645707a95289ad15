#!/bin/bash
# benches/gpu/run.sh [--dry-run] [--out DIR] BUILD_DIR
#
# The one-command GPU run, for a machine with one GPU (H100/H200), nvcc and a Python whose
# packages include meson, ninja and the wheels nvidia-nvshmem-cu13 and nvidia-nccl-cu13; no
# GoogleTest, no MPI, no network needed. Inside RUN_BUDGET seconds (default 450) it:
#   1. builds Shoal in BUILD_DIR (release, CUDA for NVCC_ARCH only; the GPU and NVSHMEM suites,
#      the GPU benches), and meanwhile benches/gpu/nvshmem_bench.cu against the NVSHMEM wheel
#      and benches/gpu/nccl_bench.cu against the NCCL wheel;
#   2. probes the GPU: a CUDA context, MPS (started, then kept only if a client works under it)
#      and CUDA IPC between two processes; several PEs share the GPU only if IPC works;
#   3. runs the gpu and nvshmem test suites (the GPU cases at 1, 2 and 4 PEs; the Python
#      package's arrays in CuPy and PyTorch at 1 and 2 PEs), but for the launch-shape cases
#      (suite gpu-shape), which run after the benchmarks;
#   4. benchmarks at 2, 4 and 1 PEs: device put/get latency (8 B - 1 MiB) and bandwidth,
#      on-stream barrier and float all-reduce (8 B - 64 MiB), Shoal against NVSHMEM and NCCL;
#   5. the CPU scaling of the host collectives at 2, 4, 8 and 16 PEs (benches/scaling.sh);
#   6. writes one table, BUILD_DIR/gpu-run/results.md (and prints it).
# Every step has its own time limit, cut to what is left of the budget; a step that fails or
# times out is reported and the run goes on; the exit status is 1 if one did. With --out DIR,
# DIR gets at most four files, refreshed after every step (so a run cut short still leaves
# them): console.log, results.md, logs.tar.gz (every step's log), testlog.txt.
#
# --dry-run does everything a CPU can, for real: the tools and wheel paths, the configure and
# build (less the device build check, which the CPU machine's own build compiles), the test
# suites (GPU cases exit 77 without a GPU), the builds against the wheels where they are, the
# build of ab_device_headers.sh, a short scaling run and the table script on sample results; it
# only skips what needs a GPU (the probe, MPS, the benchmarks), printing those commands. CI runs
# it under ../shared/tools/bare_gpu_image.sh, so a package the GPU machine lacks fails CI here.
# Environment: PYTHON (the Python of the wheels; default python3), NVCC_ARCH (default sm_90),
# RUN_BUDGET (seconds, default 450).
set -uo pipefail

dry=0 outdir=""
while [ $# -gt 0 ]; do
    case $1 in
    --dry-run) dry=1; shift ;;
    --out) outdir=$2; shift 2 ;;
    *) break ;;
    esac
done
if [ $# -ne 1 ]; then
    echo "usage: $0 [--dry-run] [--out DIR] BUILD_DIR" >&2
    exit 2
fi
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(mkdir -p "$1" && cd "$1" && pwd)
out=$build/gpu-run
rm -rf "$out"
mkdir -p "$out"
if [ -n "$outdir" ]; then
    outdir=$(mkdir -p "$outdir" && cd "$outdir" && pwd)
    exec > >(tee "$outdir/console.log") 2>&1
fi
py=${PYTHON:-python3}
arch=${NVCC_ARCH:-sm_90}
budget=${RUN_BUDGET:-450}
failed=0
start=$SECONDS

say() { printf '== [%3d s] %s\n' "$((SECONDS - start))" "$*"; }
note() { printf '   %s\n' "$*"; }
# publish: copy what there is to --out (a run cut short still leaves its files).
publish() {
    [ -n "$outdir" ] || return 0
    [ -f "$out/results.md" ] && cp "$out/results.md" "$outdir/"
    [ -f "$build/meson-logs/testlog.txt" ] && cp "$build/meson-logs/testlog.txt" "$outdir/"
    tar czf "$outdir/logs.tar.gz" -C "$build" gpu-run 2>/dev/null
}
# limit SECONDS: SECONDS, or what is left of the budget if less; 0 when under 10 s are left.
limit() {
    local left=$((budget - (SECONDS - start)))
    if [ "$left" -lt 10 ]; then echo 0; elif [ "$1" -gt "$left" ]; then echo "$left"; else echo "$1"; fi
}
# step NAME SECONDS CMD...: run CMD with a time limit (output to gpu-run/NAME.log) and report.
step() {
    local name=$1 secs rc t0=$SECONDS
    secs=$(limit "$2")
    shift 2
    if [ "$secs" = 0 ]; then
        note "$name: SKIPPED (the run's budget of $budget s is spent)"; failed=1; return 1
    fi
    timeout -k 5 "$secs" "$@" >"$out/$name.log" 2>&1
    rc=$?
    if [ "$rc" = 0 ]; then
        note "$name: ok ($((SECONDS - t0)) s)"
    else
        if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then note "$name: TIMED OUT after $secs s ($out/$name.log)"
        else note "$name: FAILED (exit $rc, $((SECONDS - t0)) s; $out/$name.log)"; fi
        tail -n 8 "$out/$name.log" | sed 's/^/     /'
        failed=1
    fi
    publish
    return "$rc"
}
# gpu_step NAME SECONDS CMD...: a step that needs the GPU; a dry run prints it instead.
gpu_step() {
    if [ "$dry" = 1 ]; then
        printf '   would run (%s s): ' "$2"; printf ' %q' "${@:3}"; printf '\n'
        return 0
    fi
    step "$@"
}

# --- 0. tools ----------------------------------------------------------------------------------
say "tools"
purelib="" pybin=""
if command -v "$py" >/dev/null 2>&1; then
    purelib=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' 2>/dev/null || true)
    pybin=$(dirname "$(command -v "$py")")
    note "python: $(command -v "$py") ($("$py" --version 2>&1); packages in ${purelib:-?})"
else
    note "python: $py not found"
fi
# A wheel's library: the first lib<name>*.so* under the environment's nvidia/ packages.
wheel_lib() { [ -n "$purelib" ] && find "$purelib/nvidia" -name "lib$1*.so*" 2>/dev/null | sort | head -n 1; }
wheel_include() { # the include/ beside that lib/ holding header $2
    local lib; lib=$(wheel_lib "$1")
    [ -n "$lib" ] && [ -f "$(dirname "$(dirname "$lib")")/include/$2" ] && echo "$(dirname "$(dirname "$lib")")/include"
}
nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null ||
       { [ -n "$purelib" ] && find "$purelib" -path '*/bin/nvcc' 2>/dev/null | head -n 1; } || true)
if [ -n "$nvcc" ]; then
    PATH="$(dirname "$nvcc"):$PATH"
    export CUDA_PATH=${CUDA_PATH:-$(dirname "$(dirname "$nvcc")")}
fi
# meson and ninja: on PATH, beside the Python, or its modules (pip's ninja keeps its binary in
# the package).
[ -n "$pybin" ] && PATH="$PATH:$pybin"
if ! command -v ninja >/dev/null 2>&1; then
    nbin=$("$py" -c 'import ninja, os; print(ninja.BIN_DIR)' 2>/dev/null || true)
    [ -n "$nbin" ] && [ -x "$nbin/ninja" ] && PATH="$PATH:$nbin"
fi
export PATH
meson_cmd=(meson)
command -v meson >/dev/null 2>&1 || meson_cmd=("$py" -m mesonbuild.mesonmain)
tools_ok=1
note "nvcc: ${nvcc:-NOT FOUND} $([ -n "$nvcc" ] && "$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/(release \1)/p')"
if "${meson_cmd[@]}" --version >/dev/null 2>&1; then note "meson: ${meson_cmd[*]} $("${meson_cmd[@]}" --version)"
else note "meson: NOT FOUND (neither meson nor $py -m mesonbuild.mesonmain)"; tools_ok=0; fi
if command -v ninja >/dev/null 2>&1; then note "ninja: $(command -v ninja) $(ninja --version)"
else note "ninja: NOT FOUND"; tools_ok=0; fi
[ -n "$nvcc" ] || tools_ok=0
for t in g++ timeout tar; do command -v "$t" >/dev/null 2>&1 || { note "$t: NOT FOUND"; tools_ok=0; }; done
nvshmem_host=$(wheel_lib nvshmem_host); nvshmem_inc=$(wheel_include nvshmem_host nvshmem.h)
nvshmem_dev=""; [ -n "$nvshmem_host" ] && nvshmem_dev=$(find "$(dirname "$nvshmem_host")" -name libnvshmem_device.a | head -n 1)
nccl_lib=$(wheel_lib nccl); nccl_inc=$(wheel_include nccl nccl.h)
have_nvshmem=0; [ -n "$nvshmem_host" ] && [ -n "$nvshmem_inc" ] && [ -n "$nvshmem_dev" ] && have_nvshmem=1
have_nccl=0; [ -n "$nccl_lib" ] && [ -n "$nccl_inc" ] && have_nccl=1
note "NVSHMEM wheel: ${nvshmem_host:-not found} ${nvshmem_dev:+(+ $nvshmem_dev)}"
note "NCCL wheel: ${nccl_lib:-not found}"
mps_ctl=$(command -v nvidia-cuda-mps-control || true)
note "MPS: ${mps_ctl:-nvidia-cuda-mps-control not found}"
gpu_name=$(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | head -n 1)
note "GPU: ${gpu_name:-none seen by nvidia-smi}"
cpu="$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores"
note "CPU: $cpu; glibc $(ldd --version 2>/dev/null | head -n 1 | awk '{print $NF}')"
if [ "$tools_ok" = 0 ]; then
    echo "run.sh: a tool the build needs is missing (above): nothing can be built" >&2
    exit 1
fi
if [ "$dry" = 1 ]; then
    if command -v shellcheck >/dev/null 2>&1; then
        if shellcheck -S warning "$0" >"$out/dry-shellcheck.log" 2>&1; then note "this script: shellcheck clean"
        else note "this script: shellcheck warnings ($out/dry-shellcheck.log)"; failed=1; fi
    else
        bash -n "$0" && note "this script: parses (no shellcheck here)"
    fi
fi

# --- 1. build ----------------------------------------------------------------------------------
say "1. build Shoal in $build (CUDA for $arch), and the benchmark against each wheel"
nv_bench=$out/nvshmem_bench_nvshmem
nccl_bench=$out/nccl_bench
nv_build=("$nvcc" -std=c++17 -rdc=true -arch="$arch" -DBENCH_FORK "$src/benches/gpu/nvshmem_bench.cu"
          -I"$nvshmem_inc" -o "$nv_bench" "$nvshmem_dev" -Xlinker "$nvshmem_host" -lcuda
          -Xlinker -rpath="$(dirname "$nvshmem_host")")
nccl_build=("$nvcc" -std=c++17 -arch="$arch" "$src/benches/gpu/nccl_bench.cu" -I"$nccl_inc" -o "$nccl_bench"
            -Xlinker "$nccl_lib" -Xlinker -rpath="$(dirname "$nccl_lib")")
# The wheels' builds run beside Shoal's (they need nothing of it), each in its own log.
pids=()
if [ "$have_nvshmem" = 1 ]; then (step build-nvshmem 300 "${nv_build[@]}") & pids+=($!)
else note "no NVSHMEM wheel (include/nvshmem.h, libnvshmem_host, libnvshmem_device.a): its column stays empty"; nv_bench=""; fi
if [ "$have_nccl" = 1 ]; then (step build-nccl 300 "${nccl_build[@]}") & pids+=($!)
else note "no NCCL wheel (include/nccl.h, libnccl): its column stays empty"; nccl_bench=""; fi
if [ ! -f "$build/build.ninja" ]; then
    # A dry run leaves out the device build check and the Python package: the CPU machine's
    # own build compiles both already, and on 2 cores they would take the step's minutes.
    step setup 120 "${meson_cmd[@]}" setup "$build" "$src" -Dbuildtype=release -Dcuda=enabled \
        -Ddevice_archs="$arch" -Dcuda_args="-arch=$arch" -Dmpi=disabled -Dgpu_suite=enabled \
        -Dgpu_build_check="$([ "$dry" = 1 ] && echo false || echo true)" \
        -Dpython="$([ "$dry" = 1 ] && echo disabled || echo auto)" -Dpython_interpreter="$(command -v "$py" || echo "$py")" || true
fi
built=0
step build 480 ninja -C "$build" && built=1
for p in "${pids[@]}"; do wait "$p" || failed=1; done
[ -x "$nv_bench" ] || nv_bench=""
[ -x "$nccl_bench" ] || nccl_bench=""
if [ -f "$build/.ninja_log" ]; then # the longest compile steps, for the 60 s rule
    awk 'NR > 1 {printf "%.1f %s\n", ($2 - $1) / 1000, $4}' "$build/.ninja_log" | sort -rn | head -n 5 >"$out/slowest-steps.txt"
    note "longest compile steps (s): $(head -n 3 "$out/slowest-steps.txt" | tr '\n' ' ')"
fi
if compgen -G "$build/python/shoal/_core*.so" >/dev/null; then
    note "Python package: built (its GPU test, python_gpu_np1/2 in the gpu suite, hands arrays to CuPy and PyTorch)"
else
    note "Python package: not built ($(grep -m 1 -o 'Python package shoal: .*' "$build/meson-logs/meson-log.txt" 2>/dev/null || echo 'see meson-log.txt'))"
fi
shoal_bench=$build/benches/gpu/nvshmem_bench
probe=$build/benches/gpu/gpu_probe
shoalrun=$build/tools/shoalrun
if [ "$built" = 0 ]; then
    say "the build failed: nothing to test or measure"
    publish
    exit 1
fi

# --- 2. probe: context, MPS, IPC ----------------------------------------------------------------
say "2. probe the GPU: a context, MPS, CUDA IPC between two processes"
pes_list=(2 4 1)
share="unknown"
mps_state="not tried"
if [ "$dry" = 1 ]; then
    note "would run $probe (a CUDA context and IPC between two processes), without then with MPS"
    if [ -x "$probe" ] && "$probe" >"$out/dry-probe.log" 2>&1; then
        note "probe: a context works here?! ($(cat "$out/dry-probe.log"))"
    elif [ -x "$probe" ]; then
        note "probe: built; here it says: $(head -n 1 "$out/dry-probe.log")"
    else
        note "probe: NOT BUILT ($probe)"; failed=1
    fi
else
    mps_dir=$out/mps
    stop_mps() { [ -n "$mps_ctl" ] && echo quit | CUDA_MPS_PIPE_DIRECTORY=$mps_dir/pipe "$mps_ctl" >/dev/null 2>&1; true; }
    step probe-plain 60 "$probe"
    sed -n 's/^PROBE /   /p' "$out/probe-plain.log"
    if [ -n "$mps_ctl" ]; then
        mkdir -p "$mps_dir/pipe" "$mps_dir/log"
        export CUDA_MPS_PIPE_DIRECTORY=$mps_dir/pipe CUDA_MPS_LOG_DIRECTORY=$mps_dir/log
        if timeout 20 "$mps_ctl" -d >"$out/mps-start.log" 2>&1; then
            trap stop_mps EXIT
            failed_before=$failed
            if step probe-mps 60 "$probe" && grep -q '^PROBE context ok' "$out/probe-mps.log"; then
                mps_state="on"
                sed -n 's/^PROBE \(ipc.*\)/   under MPS: \1/p' "$out/probe-mps.log"
            else
                mps_state="started, but a client failed under it: stopped"
                stop_mps; trap - EXIT
                unset CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY
                failed=$failed_before # the probe without MPS decides
            fi
        else
            mps_state="could not start ($(head -c 200 "$out/mps-start.log"))"
        fi
    else
        mps_state="no nvidia-cuda-mps-control"
    fi
    note "MPS: $mps_state"
    final_probe=$out/probe-plain.log
    [ "$mps_state" = on ] && final_probe=$out/probe-mps.log
    if ! grep -q '^PROBE context ok' "$final_probe"; then
        say "no CUDA context can be made: nothing runs on the GPU"
        publish
        exit 1
    fi
    if grep -q '^PROBE ipc ok' "$final_probe"; then
        share="yes"
    else
        share="no: $(sed -n 's/^PROBE ipc //p' "$final_probe")"
        pes_list=(1)
    fi
    note "PEs share the GPU: $share; benchmarks at ${pes_list[*]} PEs"
fi

# --- 3. tests ----------------------------------------------------------------------------------
say "3. gpu and nvshmem test suites"
step tests 180 "${meson_cmd[@]}" test -C "$build" --no-rebuild --print-errorlogs --suite gpu --suite nvshmem \
    --no-suite gpu-shape
tests_line=$(grep -E '^(Ok|Fail|Skipped|Timeout):' "$out/tests.log" | tr -s ' ' | tr '\n' ' ')
note "tests: ${tests_line:-no summary}"

# --- 4. benchmarks ---------------------------------------------------------------------------
say "4. benchmarks at ${pes_list[*]} PEs"
p2p=(-m 1048576 -i 50 put_lat get_lat)
big=(-m 67108864 -i 20 put_bw get_bw barrier allreduce)
nv_env=(env NVSHMEM_SYMMETRIC_SIZE=1G NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME=lo
        LD_LIBRARY_PATH="$(dirname "$nvshmem_host")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
# A test killed inside a kernel can leave MPS refusing new clients for a few seconds (seen on an
# H200): wait until the probe gets a context again, at most 20 s.
if [ "$dry" = 0 ]; then
    for _ in $(seq 1 20); do "$probe" >/dev/null 2>&1 && break; sleep 1; done
fi
# results NAME: whether gpu-run/NAME.log holds a RESULT line (a library that cannot start several
# PEs on one GPU is not tried again at a larger count: a hang would cost a whole time limit).
results() { grep -q '^RESULT' "$out/$1.log" 2>/dev/null; }
nv_multi=1
for np in "${pes_list[@]}"; do
    gpu_step "shoal-np$np-p2p" 45 env SHOAL_SYMMETRIC_DEVICE_SIZE=1G "$shoalrun" -n "$np" "$shoal_bench" "${p2p[@]}"
    gpu_step "shoal-np$np-big" 60 env SHOAL_SYMMETRIC_DEVICE_SIZE=1G "$shoalrun" -n "$np" "$shoal_bench" "${big[@]}"
    if [ -n "$nv_bench" ] && { [ "$np" = 1 ] || [ "$nv_multi" = 1 ]; }; then
        gpu_step "nvshmem-np$np-p2p" 40 "${nv_env[@]}" "$nv_bench" -n "$np" "${p2p[@]}"
        if [ "$dry" = 0 ] && [ "$np" -gt 1 ] && ! results "nvshmem-np$np-p2p"; then
            nv_multi=0; note "NVSHMEM gave no result at $np PEs on one GPU: not tried at more"
        else
            failed_before=$failed
            gpu_step "nvshmem-np$np-big" 50 "${nv_env[@]}" "$nv_bench" -n "$np" "${big[@]}"
            # NVSHMEM's own limit, not a failure of the run: its on-stream reductions refuse
            # several PEs on one GPU ("limited MPG"); the rows before them stand.
            if [ "$dry" = 0 ] && grep -q 'not supported with limited MPG' "$out/nvshmem-np$np-big.log"; then
                echo "SKIP allreduce not supported by NVSHMEM with several PEs on one GPU (limited MPG)" >>"$out/nvshmem-np$np-big.log"
                failed=$failed_before
                note "nvshmem-np$np-big: NVSHMEM refuses on-stream reductions with several PEs on one GPU: its all-reduce cells stay empty"
            fi
        fi
    fi
    if [ -n "$nccl_bench" ]; then
        gpu_step "nccl-np$np" 40 "$nccl_bench" -n "$np" -m 67108864 -i 20
    fi
done

# --- 4b. the launch-shape cases, after the benchmarks: a kernel that hangs there and is killed
# can leave MPS refusing clients for a while. Their log names each case as it starts.
say "4b. the launch-shape test cases"
cp "$build/meson-logs/testlog.txt" "$out/testlog-main.txt" 2>/dev/null
step tests-shape 100 "${meson_cmd[@]}" test -C "$build" --no-rebuild --print-errorlogs --suite gpu-shape
shape_line=$(grep -E '^(Ok|Fail|Skipped|Timeout):' "$out/tests-shape.log" | tr -s ' ' | tr '\n' ' ')
tests_line="$tests_line; launch shapes: ${shape_line:-no summary}"

# --- 5. CPU scaling ----------------------------------------------------------------------------
if [ "$dry" = 1 ]; then
    say "4c. the build of ab_device_headers.sh (the same-run comparison of a device-header change)"
    step ab-build 120 env AB_BUILD_ONLY=1 "$src/benches/gpu/ab_device_headers.sh" "$build" "$src/device/include"
    say "5. CPU scaling of the host collectives (a short form here: 2 PEs, one run)"
    step scaling 120 "$src/benches/scaling.sh" -n 2 -r 1 -s 8 "$build"
else
    say "5. CPU scaling of the host collectives at 2, 4, 8 and 16 PEs"
    step scaling 100 "$src/benches/scaling.sh" -n "2 4 8 16" -r 1 -s "8 64K" "$build"
fi

# --- 6. the table ----------------------------------------------------------------------------
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
    cell = lambda lib: r.get(lib, "") or (f"skipped: {skips[(lib, np)]}" if op == "allreduce" and (lib, np) in skips else "")
    print(f"| {op} | {size} | {np} | {unit} | {cell('shoal')} | {cell('nvshmem')} | {cell('nccl')} |")
PY
}
if [ "$dry" = 1 ]; then
    sample=$(mktemp -d)
    printf 'RESULT put_lat 8 1.250 us\nRESULT allreduce 1024 9.500 us\n' >"$sample/shoal-np2-p2p.log"
    printf 'RESULT put_lat 8 1.100 us\nRESULT allreduce 1024 8.000 us WRONG\n' >"$sample/nvshmem-np2-big.log"
    printf 'SKIP allreduce invalid usage\n' >"$sample/nccl-np2.log"
    printf 'RESULT put_lat 8 1.300 us\nSKIP allreduce limited MPG\n' >"$sample/nvshmem-np4-big.log"
    printf 'RESULT allreduce 1024 20.000 us\n' >"$sample/shoal-np4-big.log"
    if table "$sample" >"$sample/table.md" 2>"$sample/err" && grep -q '^| put_lat | 8 | 2 | us | 1.25 | 1.10 |' "$sample/table.md" &&
        grep -q '^| allreduce | 1024 | 2 | us | 9.50 | 8.00 WRONG | skipped: invalid usage |' "$sample/table.md" &&
        grep -q '^| allreduce | 1024 | 4 | us | 20.00 | skipped: limited MPG |  |' "$sample/table.md"; then
        note "the table script makes the table from sample results"
    else
        note "the table script FAILED on sample results:"; cat "$sample/table.md" "$sample/err"; failed=1
    fi
    rm -rf "$sample"
else
    {
        echo "# Shoal, NVSHMEM and NCCL on ${gpu_name:-?}"
        echo
        echo "CPU: $cpu. $(sed -n 's/^PROBE device /GPU: /p' "$final_probe" | head -n 1)."
        echo "MPS: $mps_state. PEs share the GPU (CUDA IPC): $share."
        echo "Tests (gpu and nvshmem suites): ${tests_line:-no summary}."
        echo "Latencies in microseconds per call, bandwidths in GB/s; benches/gpu/run.sh, $(date -u '+%Y-%m-%d %H:%M UTC')."
        echo
        table "$out"
        echo
        echo "## CPU scaling of the host collectives (benches/scaling.sh, Shoal alone)"
        echo
        echo '```'
        cat "$out/scaling.log" 2>/dev/null
        echo '```'
    } >"$out/results.md"
    cat "$out/results.md"
fi
publish
say "done in $((SECONDS - start)) s$([ "$failed" = 0 ] || echo '; some steps FAILED')"
exit "$failed"
