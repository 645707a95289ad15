#!/usr/bin/env bash
# Shoal vs Open MPI's OpenSHMEM (and, for the collectives, Open MPI's MPI collectives), side by
# side, on this machine.
#
#   benches/compare.sh [-q] [-m] [-f] [-n "2 4"] [-r N] [-t SEC] [-T SEC] [-o DIR] [-a "ARGS"]
#                      [-b NAMES] [-B LIBDIR] [-L LOAD] [-k N] [-P] [BUILD_DIR]
#
#   BUILD_DIR  an already-built Shoal build directory (default ./build): its
#              tools/shoalrun and benches/<program> are used as they are.
#   -q         quick: pass -q to every benchmark (a few iterations, sizes <= 64 KiB)
#   -n LIST    PE counts (default "2 4")
#   -r N       run every benchmark N times (interleaved) and keep each row's best figure
#              (lowest latency, highest bandwidth/rate): steadier on a shared, noisy machine
#   -m         keep each row's median over the N runs instead, and report the spread (min-max)
#              beside it (use with -r 5 or more)
#   -t SEC     time limit per run (default 60); a run past it is reported as "timeout"
#   -T SEC     time limit for the whole comparison (default 540); later runs are "skipped"
#   -o DIR     keep the raw outputs, report.txt and results.md (every table in Markdown: the
#              body of benches/RESULTS.md) in DIR (default: a temporary dir, removed)
#   -f         also the slowest PE's figure of every collective (the benchmarks' -f Max column:
#              the PE whose calls took longest on average; the collective is complete only
#              when it is): a second set of columns and ratios
#   -a ARGS    extra arguments for every benchmark (e.g. "-s 8:4M -t 0.05")
#   -b NAMES   only these programs (space separated, e.g. "shmem_put_latency shmem_reduce"); a
#              reduction variant is named shmem_reduce.OP or shmem_reduce.TYPE-OP (below)
#   -B LIBDIR  a second Shoal library (a directory holding another build's libshoal.so.0, e.g.
#              the code before a change) run with the same benchmark binaries through
#              LD_LIBRARY_PATH, interleaved: the column "before" and the ratio before/shoal
#   -o DIR     also writes DIR/plots/*.svg (gnuplot, if installed): latency against size per
#              collective and PE count, one line per library, dashed: the slowest PE
#   -R DIR     report again from the raw outputs an earlier -o DIR kept (run nothing; give the
#              same -n, -r, -m, -f, -b and -B as that run)
#   -L LOAD    run everything (the floor included) beside unrelated busy processes, started
#              after the builds and stopped by pid at the end: N (N processes that spin) or
#              N:B/I (each spins B ms, sleeps I ms, over and over); BUILD_DIR/benches/busy_load;
#              a trailing s (1s, 1:5/5s): each started with setsid, as a program from another
#              terminal (the kernel's autogroup then shares a CPU between terminals); a trailing
#              c (2c): each in a cgroup of the cpu controller of its own, as a service's process
#              (root: the kernel shares a CPU between cgroups); a trailing n (1n): each at nice
#              19, as a background job; then t (1t, 1nt): each spinning in a second thread while
#              its main thread waits, as a thread pool
#              Give the benchmarks a time floor then (-a "... -L 0.03"): a window of 1000 fast
#              calls is shorter than one time slice of the load, and its mean says only whether
#              a slice fell in it; and a settle (-S 0.2): a library whose init slept gets more
#              than its share of a loaded CPU for about 0.1 s after
#   -I         with -L: each row also with the busy processes stopped (SIGSTOP) for a moment,
#              then the row itself beside them (the benchmarks' -I; their pids travel in
#              SHOAL_BENCH_LOAD_PIDS): this VM's figures move 2-4x within seconds, and a
#              loaded row is judged against the idle figure of the same moment (a line under
#              each table; under_load.sh's targets). Only at PE counts up to the CPUs: with
#              more PEs, Shoal's waits adapt to the load over 100 ms windows (SHOAL_AVOID_BUSY),
#              and a load stopped for each row reads as one that comes and goes (4 PEs beside
#              2 busy processes: sum-reduce of 8 B-4 KiB 53-86 us with it, 19-43 without)
#   -k N       start the libraries' turn N further along (each repetition starts one further
#              still): a caller that runs single repetitions (under_load.sh) passes its own count
#   -P         Shoal's rows are followed by what its waits did past their spin, per call and
#              PE (the benchmarks' -P: naps, yields, doorbell sleeps), kept in the raw outputs
#              and listed under each table
#
# Every benchmark program is compiled with Open MPI's oshcc into a temporary directory; then
# each program runs at each PE count under Open MPI
#     oshrun --allow-run-as-root --oversubscribe --mca osc ^rdma -np N prog
# and under Shoal
#     BUILD_DIR/tools/shoalrun -n N prog
# and each collective's MPI counterpart (benches/mpi/mpi_coll.c, built with mpicc: MPI_Barrier,
# MPI_Bcast, MPI_Allreduce, MPI_Allgather, MPI_Allgatherv, MPI_Alltoall, MPI_Alltoall of
# vector types) under
#     mpirun --allow-run-as-root --oversubscribe -np N prog
# one after the other (interleaved, so that all see the same machine state; the order of the
# libraries turns with each repetition). A table per benchmark shows the figures and the
# ratios ompi/shoal and mpi/shoal, then the rows where a peer is faster, the steps where
# Shoal's time falls as the size grows (a cliff), and a summary of the key figures.
# Ratio direction: the column is always ompi/shoal. For latencies (us) > 1 means Shoal is
# faster; for bandwidths (MB/s) and rates (Messages/s) < 1 means Shoal is faster. The
# "faster" column says which, or "~" when they are within 5%.
# A run that dies is reported as "crashed" (with its status), one past -t as "timeout"; the
# rows it printed before that are still used. shmem_atomics_all_types is resumed after a
# crash with the crashing operation skipped (-x), so one broken AMO does not hide the rest.
set -u
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common/script.sh
. "$here/common/script.sh"
script_supervise "${BASH_SOURCE[0]}" "$@"
quick=0
npes_list="2 4"
repeat=1
median=0
run_limit=60
total_limit=540
keep_dir=""
extra_args=""
only=""
slowest=0
base_lib=""
report_only=""
load=""
shift_order=0
paths=0
idle_pass=0
while getopts "qmfn:r:t:T:o:a:b:B:R:L:k:PIh" opt; do
    case $opt in
    q) quick=1 ;;
    m) median=1 ;;
    f) slowest=1 ;;
    B) base_lib=$(cd "$OPTARG" 2>/dev/null && pwd) || { echo "compare.sh: no directory $OPTARG" >&2; exit 2; } ;;
    R) report_only=$OPTARG; keep_dir=$OPTARG ;;
    L) load=$OPTARG ;;
    P) paths=1 ;;
    I) idle_pass=1 ;;
    k) shift_order=$OPTARG ;;
    n) npes_list=$OPTARG ;;
    r) repeat=$OPTARG ;;
    t) run_limit=$OPTARG ;;
    T) total_limit=$OPTARG ;;
    o) keep_dir=$OPTARG ;;
    a) extra_args=$OPTARG ;;
    b) only=$OPTARG ;;
    h) script_help "$0"; exit 0 ;;
    *) echo "compare.sh: see -h" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
build=$(script_build_dir compare.sh "${1:-}") || exit 2

# label:source[:MPI counterpart[:arguments]] (source relative to benches/). The program is the
# label up to its first '.': shmem_reduce.xor runs shmem_reduce -O xor. The reductions share
# one algorithm per size range in both libraries and differ only in the combine loop, so every
# operation runs on long and one operation (sum) on each other type.
programs=(
    shmem_put_latency:pt2pt/shmem_put_latency.c
    shmem_get_latency:pt2pt/shmem_get_latency.c
    shmem_pingpong:pt2pt/shmem_pingpong.c
    shmem_put_bw:pt2pt/shmem_put_bw.c
    shmem_get_bw:pt2pt/shmem_get_bw.c
    memcpy_bw:memcpy_bw.c
    shmem_msgrate:pt2pt/shmem_msgrate.c
    shmem_atomic_latency:atomics/shmem_atomic_latency.c
    shmem_atomics_all_types:atomics/shmem_atomics_all_types.c
    shmem_barrier:coll/shmem_barrier.c:barrier
    shmem_broadcast:coll/shmem_broadcast.c:bcast
    shmem_reduce:coll/shmem_reduce.c:allreduce
    shmem_collect:coll/shmem_collect.c:allgatherv
    shmem_fcollect:coll/shmem_fcollect.c:allgather
    shmem_alltoall:coll/shmem_alltoall.c:alltoall
    shmem_alltoalls:coll/shmem_alltoalls.c:alltoalls
    "shmem_reduce.prod:coll/shmem_reduce.c:allreduce:-O prod"
    "shmem_reduce.and:coll/shmem_reduce.c:allreduce:-O and"
    "shmem_reduce.or:coll/shmem_reduce.c:allreduce:-O or"
    "shmem_reduce.xor:coll/shmem_reduce.c:allreduce:-O xor"
    "shmem_reduce.max:coll/shmem_reduce.c:allreduce:-O max"
    "shmem_reduce.min:coll/shmem_reduce.c:allreduce:-O min"
    "shmem_reduce.int-sum:coll/shmem_reduce.c:allreduce:-T int"
    "shmem_reduce.float-sum:coll/shmem_reduce.c:allreduce:-T float"
    "shmem_reduce.double-sum:coll/shmem_reduce.c:allreduce:-T double"
)
# field N (1-based, ':'-separated) of a programs entry
field() { local IFS=:; local a; read -r -a a <<<"$1"; echo "${a[$(($2 - 1))]:-}"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/shoal-compare.XXXXXX")
if [ -n "$keep_dir" ]; then
    mkdir -p "$keep_dir" && out=$(cd "$keep_dir" && pwd)
else
    out=$tmp/out
    mkdir -p "$out"
fi
cleanup() { script_stop_load; rm -rf "$tmp"; }
trap cleanup EXIT
trap 'echo "compare.sh: interrupted" >&2; exit 130' INT TERM

bench_args=()
[ "$quick" = 1 ] && bench_args+=(-q)
[ "$slowest" = 1 ] && bench_args+=(-f)
# shellcheck disable=SC2206
[ -n "$extra_args" ] && bench_args+=($extra_args)

# ---- Open MPI binaries ---------------------------------------------------------------------
have_ompi=1
if ! command -v oshcc >/dev/null || ! command -v oshrun >/dev/null; then
    echo "compare.sh: oshcc/oshrun not found: Open MPI columns will read 'missing'" >&2
    have_ompi=0
fi
have_mpi=1
if ! command -v mpicc >/dev/null || ! command -v mpirun >/dev/null; then
    echo "compare.sh: mpicc/mpirun not found: MPI columns will read 'missing'" >&2
    have_mpi=0
fi
mkdir -p "$tmp/ompi" "$tmp/mpi"
selected=()
for p in "${programs[@]}"; do
    name=$(field "$p" 1)
    prog=${name%%.*}
    if [ -n "$only" ] && [[ " $only " != *" $name "* ]]; then continue; fi
    selected+=("$p")
    [ -n "$report_only" ] && continue
    if [ $have_ompi = 1 ] && [ ! -x "$tmp/ompi/$prog" ]; then
        if ! oshcc -std=c17 -O2 -I"$here/common" "$here/$(field "$p" 2)" -o "$tmp/ompi/$prog" \
            2>"$out/$prog.oshcc.log"; then
            echo "compare.sh: oshcc failed for $prog (see $out/$prog.oshcc.log)" >&2
        fi
    fi
    peer=$(field "$p" 3)
    if [ -n "$peer" ] && [ $have_mpi = 1 ] && [ ! -x "$tmp/mpi/mpi_$peer" ]; then
        if ! mpicc -std=c17 -O2 -I"$here/common" "-DMPI_COLL=MPI_COLL_${peer^^}" \
            "$here/mpi/mpi_coll.c" -o "$tmp/mpi/mpi_$peer" 2>"$out/mpi_$peer.mpicc.log"; then
            echo "compare.sh: mpicc failed for mpi_$peer (see $out/mpi_$peer.mpicc.log)" >&2
        fi
    fi
done
libs="ompi shoal"
[ -n "$base_lib" ] && libs="ompi before shoal"
if [ $have_mpi = 1 ]; then libs="ompi mpi ${libs#ompi }"; fi
shoalrun=$build/tools/shoalrun
[ -x "$shoalrun" ] || echo "compare.sh: $shoalrun not found: Shoal columns will read 'missing'" >&2

# ---- load ------------------------------------------------------------------------------------
# -L: the busy processes, started now (the builds are done) and stopped by cleanup.
unset SHOAL_BENCH_LOAD_PIDS # only -I names processes to stop
if [ -n "$load" ] && [ -z "$report_only" ]; then
    script_start_load compare.sh "$load" "$build" || exit 2
    if [ "$idle_pass" = 1 ]; then
        # busy_load -c (and -s where its setsid fails) spins in a child
        sleep 0.2
        stoppable=()
        # shellcheck disable=SC2207
        for p in "${load_pids[@]}"; do stoppable+=("$p" $(pgrep -P "$p")); done
        export SHOAL_BENCH_LOAD_PIDS="${stoppable[*]}"
        bench_args+=(-I)
    fi
fi
[ "$paths" = 1 ] && bench_args+=(-P)

# ---- runs ------------------------------------------------------------------------------------
start=$(date +%s)
# still_env NPES: the command prefix that keeps -I's pids from a run of NPES processes: none up
# to the CPUs, `env -u SHOAL_BENCH_LOAD_PIDS` past them (see -I)
still_env() {
    [ "$1" -gt "$(nproc)" ] && echo env -u SHOAL_BENCH_LOAD_PIDS
}
# run_one LIB ENTRY NPES OUTFILE [ARGS...]: writes OUTFILE, OUTFILE.err; prints the exit status
run_one() {
    local lib=$1 entry=$2 np=$3 of=$4
    shift 4
    local name prog peer cmd env=() vargs=()
    name=$(field "$entry" 1)
    prog=${name%%.*}
    peer=$(field "$entry" 3)
    # shellcheck disable=SC2206
    vargs=($(field "$entry" 4))
    case $lib in
    ompi)
        [ -x "$tmp/ompi/$prog" ] || { echo missing; return; }
        cmd=(oshrun --allow-run-as-root --oversubscribe --mca osc ^rdma -np "$np" "$tmp/ompi/$prog") ;;
    mpi)
        [ -n "$peer" ] && [ -x "$tmp/mpi/mpi_$peer" ] || { echo missing; return; }
        cmd=(mpirun --allow-run-as-root --oversubscribe -np "$np" "$tmp/mpi/mpi_$peer") ;;
    *)
        [ -x "$shoalrun" ] && [ -x "$build/benches/$prog" ] || { echo missing; return; }
        [ "$lib" = before ] && env=(env "LD_LIBRARY_PATH=$base_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
        cmd=("${env[@]}" "$shoalrun" -n "$np" "$build/benches/$prog") ;;
    esac
    # a run killed between its SIGSTOP and SIGCONT (-I) must not leave the load stopped
    # shellcheck disable=SC2086
    [ -n "${SHOAL_BENCH_LOAD_PIDS:-}" ] && kill -CONT $SHOAL_BENCH_LOAD_PIDS 2>/dev/null
    # shellcheck disable=SC2046
    timeout -k 5 "$run_limit" $(still_env "$np") "${cmd[@]}" "${vargs[@]}" "$@" >"$of" 2>"$of.err" </dev/null
    echo $?
}

# Runs NAME at NPES for LIB into $out/NAME.NPES.LIB.out, with .status holding
# ok | wrong | crashed <rc> [<ops>] | timeout | missing | skipped.
run_bench() {
    local lib=$1 entry=$2 np=$3 rep=$4
    local name
    name=$(field "$entry" 1)
    local base=$out/$name.$np.$lib.r$rep
    if [ $(( $(date +%s) - start )) -ge "$total_limit" ]; then
        echo skipped >"$base.status"; : >"$base.out"; return
    fi
    if [ "$name" != shmem_atomics_all_types ]; then
        local rc
        rc=$(run_one "$lib" "$entry" "$np" "$base.out" "${bench_args[@]}")
        case $rc in
        0) echo ok ;; 1) if grep -q WRONG "$base.out"; then echo wrong; else echo "crashed 1"; fi ;;
        124|137) echo timeout ;; missing) echo missing ;; *) echo "crashed $rc" ;;
        esac >"$base.status"
        return
    fi
    # The all-types run: -v announces each operation, so after a crash the operation that
    # was running is known; the run is resumed with it (and everything done) skipped.
    : >"$base.out"
    local skip="" crashed_ops="" first_rc="" attempt rc status=""
    : >"$base.out.err"
    for attempt in 1 2 3 4 5 6 7 8 9 10; do
        local args=("${bench_args[@]}" -v)
        [ -n "$skip" ] && args+=(-x "$skip")
        rc=$(run_one "$lib" "$entry" "$np" "$base.part" "${args[@]}")
        cat "$base.part" >>"$base.out"
        cat "$base.part.err" >>"$base.out.err" 2>/dev/null
        case $rc in
        0) status=ok; break ;;
        1) if grep -q '^# completed' "$base.part"; then status=wrong; break; fi ;;
        124|137) status=timeout; break ;;
        missing) status=missing; break ;;
        esac
        # crashed: the last announced operation without a result row is the culprit
        local op
        op=$(python3 - "$base.part" <<'PY'
import sys
last = None
for line in open(sys.argv[1], errors="replace"):
    t = line.split()
    if line.startswith("# running ") and len(t) >= 3:
        last = t[2]
    elif t and not line.startswith("#") and t[0] == last:
        last = None
print(last or "")
PY
)
        first_rc=${first_rc:-$rc}
        if [ -z "$op" ]; then status="crashed $rc"; break; fi
        crashed_ops="$crashed_ops${crashed_ops:+,}$op"
        done_ops=$(grep -v '^#' "$base.out" | awk 'NF {print $1}' | paste -sd, -)
        skip="$crashed_ops${done_ops:+,}$done_ops"
        status="crashed $rc"
        if [ $(( $(date +%s) - start )) -ge "$total_limit" ]; then break; fi
    done
    rm -f "$base.part" "$base.part.err"
    # a crash that was resumed past: "crashed <first status> <ops>", whatever came after
    [ -n "$crashed_ops" ] && status="crashed $first_rc $crashed_ops"
    echo "$status" >"$base.status"
}

# The machine's floor, measured in the same run (once per repetition, between the libraries'
# runs): a cache-line round trip between two cores, one context switch between processes, and
# each small collective's bare communication pattern at 2 processes (benches/machine/). Every
# small collective is also reported as a multiple of them. With more PEs than cores, one
# context switch among that many processes (sched_handoff -n) and their bare barrier asleep on a
# futex (barrier_floor -n); where collectives are measured,
# the local copy bandwidth up to 4 MiB (memcpy_bw: one PE copies, as a collective's copies do),
# the floor of the large sizes.
run_floor() {
    local rep=$1 np settle=() still=()
    # the benchmarks' settle (-a "... -S SEC") before each bare collective pattern too
    [[ " $extra_args " =~ \ -S\ ([0-9.]+)\  ]] && settle=(-S "${BASH_REMATCH[1]}")
    # -I: the bare patterns' rows also with the load stopped for a moment
    [ "$idle_pass" = 1 ] && [ -n "${SHOAL_BENCH_LOAD_PIDS:-}" ] && still=(-I)
    for f in line_pingpong sched_handoff coll_floor; do
        local fargs=()
        [ "$f" = line_pingpong ] && fargs=("${still[@]}")
        # each row at least 50 ms: beside load, many time slices
        [ "$f" = coll_floor ] && fargs=(-L 0.05 "${settle[@]}" "${still[@]}")
        if [ -x "$build/benches/$f" ]; then
            timeout -k 5 "$run_limit" "$build/benches/$f" "${fargs[@]}" >"$out/floor.$f.r$rep.out" 2>&1 </dev/null
        else
            : >"$out/floor.$f.r$rep.out"
        fi
    done
    for np in $npes_list; do
        [ "$np" -gt "$(nproc)" ] || continue
        [ -x "$build/benches/sched_handoff" ] &&
            timeout -k 5 "$run_limit" "$build/benches/sched_handoff" -n "$np" \
                >"$out/floor.sched_handoff_n$np.r$rep.out" 2>&1 </dev/null
        # the bare barrier of that many processes that sleep on a futex (no spin to lose)
        [ -x "$build/benches/barrier_floor" ] &&
            timeout -k 5 "$run_limit" "$build/benches/barrier_floor" -n "$np" -i 5000 \
                >"$out/floor.barrier_floor_n$np.r$rep.out" 2>&1 </dev/null
    done
    # (the copies bound put, get and ping-pong from 4 KiB too: under_load.sh's targets)
    if [[ " ${selected[*]} " =~ \ shmem_([a-z_.-]*:coll/|pingpong|put_latency|get_latency) ]]; then
        [ -x "$build/benches/memcpy_bw" ] &&
            timeout -k 5 "$run_limit" "$shoalrun" -n 2 "$build/benches/memcpy_bw" -s 64:4M -t 0.05 \
                >"$out/floor.memcpy_bw.r$rep.out" 2>&1 </dev/null
        # per PE count: the bare pattern of the 8-byte collectives (coll_floor), and the bare
        # copies of the 1 KiB-4 MiB ones and of ping-pong (copy_floor; from 64 KiB with ordinary
        # and non-temporal stores; each row at least 50 ms: beside load, many time slices):
        # beside load a row of a few KiB slows down with its copies (4 PEs beside a load busy 5
        # ms of 10, the bare copies of 16-32 KiB 1.8-2.3x their idle time, of a 1-2 KiB reduce
        # 1.95-2.1x, a bare barrier 1.7x)
        for np in $npes_list; do
            # shellcheck disable=SC2046
            [ "$np" -gt 2 ] && [ -x "$build/benches/coll_floor" ] &&
                timeout -k 5 "$run_limit" $(still_env "$np") "$build/benches/coll_floor" -n "$np" -i 20000 -L 0.05 \
                    "${settle[@]}" "${still[@]}" >"$out/floor.coll_floor_n$np.r$rep.out" 2>&1 </dev/null
            [ -x "$build/benches/copy_floor" ] || continue
            for sz in 1K 2K 4K 8K 16K 32K 64K 256K 1M 4M; do
                for nt in "" -t; do
                    [ -n "$nt" ] && [ "${sz%K}" != "$sz" ] && [ "$sz" != 64K ] && [ "$sz" != 256K ] && continue
                    # shellcheck disable=SC2046
                    timeout -k 5 "$run_limit" $(still_env "$np") "$build/benches/copy_floor" -n "$np" -s "$sz" -L 0.05 $nt "${still[@]}" \
                        >"$out/floor.copy_floor_n${np}_$sz$nt.r$rep.out" 2>&1 </dev/null
                done
            done
        done
    fi
}

if [ -n "$report_only" ]; then
    repeat_runs=0
    head -3 "$out/report.txt" >"$out/report.head" 2>/dev/null
    grep -E '^# (unrelated load beside|load average after)' "$out/report.txt" >>"$out/report.head" 2>/dev/null
    mv "$out/report.head" "$out/report.txt"
else
    repeat_runs=$repeat
{
    echo "# Shoal vs Open MPI: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)"
    echo "# Shoal build: $build;  benchmark args: ${bench_args[*]:-(defaults)};  runs per figure: $repeat ($([ "$median" = 1 ] && echo "median, spread min-max" || echo "best kept"));  raw outputs: ${keep_dir:-temporary}"
    echo "# load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews the figures)"
    echo "# unrelated load beside the runs (-L): $load_desc"
} | tee "$out/report.txt"
fi
for rep in $(seq 1 "$repeat_runs"); do
    printf '  [%d/%d] measuring the floor (line_pingpong, sched_handoff, coll_floor, memcpy_bw, copy_floor) ...\n' "$rep" "$repeat" >&2
    run_floor "$rep"
    # the libraries in turn, starting one further along each repetition (drift in the machine's
    # state then favours none of them)
    read -r -a order <<<"$libs"
    k=$(( (rep - 1 + shift_order) % ${#order[@]} ))
    order=("${order[@]:$k}" "${order[@]:0:$k}")
    for p in "${selected[@]}"; do
        name=$(field "$p" 1)
        for np in $npes_list; do
            for lib in "${order[@]}"; do
                if [ "$lib" = mpi ] && [ -z "$(field "$p" 3)" ]; then continue; fi
                printf '  [%d/%d] running %-24s %d PEs  %-6s ... ' "$rep" "$repeat" "$name" "$np" "$lib" >&2
                t0=$(date +%s%N)
                run_bench "$lib" "$p" "$np" "$rep"
                t1=$(date +%s%N)
                printf '%s (%d.%d s)\n' "$(cat "$out/$name.$np.$lib.r$rep.status")" \
                    $(( (t1 - t0) / 1000000000 )) $(( (t1 - t0) / 100000000 % 10 )) >&2
            done
        done
    done
done
[ -z "$report_only" ] && echo "# load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/report.txt"

# ---- report --------------------------------------------------------------------------------
names=()
for p in "${selected[@]}"; do names+=("$(field "$p" 1)"); done
COMPARE_PLOTS=$([ -n "$keep_dir" ] && echo 1 || echo 0) \
PYTHONPATH="$here/common${PYTHONPATH:+:$PYTHONPATH}" python3 - "$out" "$npes_list" "$repeat" "$median" "$libs" "$slowest" "${names[@]}" <<'PY' | tee -a "$out/report.txt"
import glob, math, os, re, statistics, sys
from floor_files import COPY_ROW, copy_sizes, long_calls_line

out, npes_list, repeat = sys.argv[1], [int(x) for x in sys.argv[2].split()], int(sys.argv[3])
use_median, LIBS, use_slowest, names = sys.argv[4] == "1", sys.argv[5].split(), sys.argv[6] == "1", sys.argv[7:]
PEERS = [lib for lib in LIBS if lib != "shoal"]  # each gets a ratio column: peer/shoal


STATUS_RANK = {"ok": 0, "wrong": 1, "crashed": 2, "timeout": 3, "skipped": 4, "missing": 5}


def load_one(base, col=1):
    """-> (status, metric column name, {key: value}, [keys in order], set of WRONG keys); col 1
    is the mean over PEs, col 3 (with the benchmarks' -f) the slowest PE's figure."""
    try:
        status = open(base + ".status").read().strip() or "?"
    except OSError:
        status = "missing"
    metric, rows, order, wrong = None, {}, [], set()
    try:
        lines = open(base + ".out", errors="replace").read().splitlines()
    except OSError:
        lines = []
    for line in lines:
        t = line.split()
        if not t:
            continue
        if line.startswith("#"):
            if len(t) >= 3 and t[1] in ("Size", "Operation"):
                metric = t[2]
            continue
        try:
            v = float(t[col])
        except (IndexError, ValueError):
            continue
        if t[0] not in rows:
            order.append(t[0])
        rows[t[0]] = v
        if "WRONG" in t[2:]:
            wrong.add(t[0])
    return status, metric, rows, order, wrong


SPREAD = {}  # (name, np, lib, key) -> (min, max) over the runs, with -m
RUNS = {}  # (name, np, lib, key) -> [figure of run 1, run 2, ...] (None where missing)


def merge(values, low):
    """The figure kept from the repeated runs: the median with -m, else the best."""
    if use_median:
        return statistics.median(values)
    return min(values) if low else max(values)


def load(name, np, lib, col=1):
    """Merge the repeated runs (each row's best or median figure); the worst status."""
    runs = [load_one(os.path.join(out, f"{name}.{np}.{lib}.r{r}"), col) for r in range(1, repeat + 1)]
    status = max((r[0] for r in runs), key=lambda s: STATUS_RANK.get(s.split()[0] if s else "?", 9))
    metric = next((r[1] for r in runs if r[1]), None)
    low = lower_is_better(metric)
    seen, order, wrong = {}, [], set()
    for _, _, rr, oo, ww in runs:
        for k in oo:
            if k not in seen:
                order.append(k)
                seen[k] = []
            seen[k].append(rr[k])
        wrong |= ww
    rows = {k: merge(v, low) for k, v in seen.items()}
    tag = lib if col == 1 else lib + "@slowest"
    for k, v in seen.items():
        SPREAD[(name, np, tag, k)] = (min(v), max(v))
        RUNS[(name, np, tag, k)] = [rr.get(k) for _, _, rr, _, _ in runs]
    return status, metric, rows, order, wrong


def lower_is_better(metric):
    return metric is None or "Latency" in metric


def fmt(v):
    if v is None:
        return "-"
    if v >= 1e6:
        return f"{v:.4g}"
    if v >= 100:
        return f"{v:.1f}"
    return f"{v:.3f}"


def short_status(st):
    return st.split()[0] if st else "?"


def verdict(o, s, metric):
    if o is None or s is None or o <= 0 or s <= 0:
        return "-", ""
    r = o / s
    if abs(r - 1) < 0.05:
        who = "~"
    elif (r > 1) == lower_is_better(metric):
        who = "shoal"
    else:
        who = "ompi"
    return f"{r:.2f}", who


data = {(n, np, lib): load(n, np, lib) for n in names for np in npes_list for lib in LIBS}
# the slowest PE's figures (-f): the same shape
slow = {(n, np, lib): load(n, np, lib, 3) for n in names for np in npes_list for lib in LIBS} if use_slowest else {}


def mkey(lib, n, k):
    """The row of LIB's output that matches row K of program N (MPI has one barrier row)."""
    return "barrier" if lib == "mpi" and n.startswith("shmem_barrier") else k


def ratio(p, s):
    return p / s if p and s and p > 0 and s > 0 else None


def who_wins(vals, metric):
    """vals: {lib: figure}. The fastest library, '~' when the others are within 5% of it."""
    have = {lib: v for lib, v in vals.items() if v}
    if len(have) < 2:
        return ""
    low = lower_is_better(metric)
    best = min(have, key=have.get) if low else max(have, key=have.get)
    rest = [v for lib, v in have.items() if lib != best]
    close = all(abs(v / have[best] - 1) < 0.05 for v in rest)
    return "~" if close else best


libs_of = {}  # program -> the libraries that ran it (mpi only where it has a counterpart)
for n in names:
    libs_of[n] = [lib for lib in LIBS if any(data[(n, np, lib)][0] != "missing" or data[(n, np, lib)][2]
                                             for np in npes_list)] or ["ompi", "shoal"]
    if "shoal" not in libs_of[n]:
        libs_of[n].append("shoal")

print()
print("Ratio columns = peer/shoal (ompi: Open MPI's OpenSHMEM, mpi: Open MPI's MPI collective,")
print("before: Shoal with -B's library). Latency(us): > 1 means Shoal is faster. Bandwidth(MB/s)")
print("and Messages/s: < 1 means Shoal is faster. 'faster' names the winner ('~' = within 5%).")
if use_slowest:
    print("'| slowest PE' columns: the same for the PE whose calls took longest on average.")
def run_lines(stem):
    """The lines of each run's raw output STEM.rN.out that exists."""
    for r in range(1, repeat + 1):
        try:
            yield open(os.path.join(out, f"{stem}.r{r}.out"), errors="replace").read().splitlines()
        except OSError:
            continue


def idle_rows(n, np, lib):
    """-I: {row key: [the row's figure with the load stopped, per run]} (the benchmarks'
    '# idle KEY VALUE' line before each row)."""
    rows = {}
    for lines in run_lines(f"{n}.{np}.{lib}"):
        for line in lines:
            t = line.split()
            if line.startswith("# idle ") and len(t) >= 4:
                try:
                    rows.setdefault(t[2], []).append(float(t[3]))
                except ValueError:
                    pass
    return rows


def wait_paths(n, np):
    """-P: {row key: what Shoal's waits did past their spin} from run 1's raw output (the
    benchmarks' '#   waits per call and PE: ...' line after each row)."""
    paths, key = {}, None
    try:
        lines = open(os.path.join(out, f"{n}.{np}.shoal.r1.out"), errors="replace").read().splitlines()
    except OSError:
        return paths
    for line in lines:
        if line.startswith("#   waits per call and PE:") and key:
            paths[key] = line.split(":", 1)[1].strip()
        elif line and not line.startswith("#"):
            key = line.split()[0]
    return paths


def long_calls(n, np):
    """-P: {row key: {repetition: (share of the timed time in calls over 1 ms, the other calls'
    mean in us)}} from Shoal's raw output (the collectives' '#   calls over 1 ms:' line after
    each row, benches/common/bench.h)."""
    got = {}
    for f in glob.glob(os.path.join(out, f"{n}.{np}.shoal.r*.out")):
        rep, key = int(re.search(r"\.r(\d+)\.out$", f).group(1)), None
        for line in open(f, errors="replace"):
            lc = long_calls_line(line)
            if lc and key:
                got.setdefault(key, {})[rep] = lc
            elif line.strip() and not line.startswith("#"):
                key = line.split()[0]
    return got


for n in names:
    libs = libs_of[n]
    peers = [lib for lib in libs if lib != "shoal"]
    for np in npes_list:
        res = {lib: data[(n, np, lib)] for lib in libs}
        metric = res["shoal"][1] or res.get("ompi", res["shoal"])[1] or "value"
        keys = []
        for lib in ("ompi", "shoal") + tuple(libs):
            if lib in res and lib != "mpi":
                keys += [k for k in res[lib][3] if k not in keys]
        stats = ", ".join(f"{lib}: {res[lib][0]}" for lib in libs)
        print()
        print(f"== {n}, {np} PEs: {metric} ({'lower' if lower_is_better(metric) else 'higher'} is better)   [{stats}]")
        kw = max([12] + [len(k) for k in keys])
        sets = [("", data)] + ([("slowest ", slow)] if use_slowest and lower_is_better(metric) else [])
        head = f"{'':<{kw}}"
        for tag, _ in sets:
            if tag:
                head += " |"
            head += "".join(f" {lib:>10}" for lib in libs)
            head += "".join(f" {p + '/sh':>9}" for p in peers)
            head += "  faster  "
        print(head)
        if not keys:
            print("  (no rows)")
        for k in keys:
            line = f"{k:<{kw}}"
            for tag, d in sets:
                if tag:
                    line += " |"
                vals = {}
                for lib in libs:
                    st, _, rows, _, wrong = d[(n, np, lib)]
                    v = rows.get(mkey(lib, n, k))
                    vals[lib] = v
                    if v is not None:
                        c = fmt(v) + ("!" if mkey(lib, n, k) in wrong else "")
                    else:
                        c = short_status(st) if short_status(st) not in ("ok", "wrong") else "-"
                    line += f" {c:>10}"
                for p in peers:
                    r = ratio(vals[p], vals["shoal"])
                    line += f" {(f'{r:.2f}' if r else '-'):>9}"
                line += f"  {who_wins(vals, metric):<8}"
            print(line.rstrip())
        waits = wait_paths(n, np)
        for k in keys:
            if k in waits:
                print(f"  shoal waits per call and PE, {k}: {waits[k]}")
        for k, reps in long_calls(n, np).items():
            if k in keys and any(share > 0 for share, _ in reps.values()):
                print(f"  shoal calls over 1 ms, {k}: " + "; ".join(
                    f"r{r} {100 * reps[r][0]:.0f}% of the time, the others {fmt(reps[r][1])} us" for r in sorted(reps)))
        still = idle_rows(n, np, "shoal")
        if still and lower_is_better(metric):
            got = [f"{k} {fmt(statistics.median(still[k]))}" + (f" (x{res['shoal'][2][k] / statistics.median(still[k]):.2f})"
                   if res["shoal"][2].get(k) and statistics.median(still[k]) > 0 else "") for k in keys if k in still]
            print("  shoal with the load stopped for a moment, same row (-I; loaded/that):")
            for i in range(0, len(got), 6):
                print("    " + ", ".join(got[i:i + 6]))
        for lib in libs:
            if res[lib][4]:
                print(f"  {lib}: {len(res[lib][4])} row(s) WRONG (marked !): the data check failed")
            st = res[lib][0]
            if st.startswith("crashed") and len(st.split()) > 2:
                print(f"  {lib}: crashed in {st.split()[2]} (status {st.split()[1]}); resumed past it")

# ---- where a peer wins, and where Shoal's time falls as the size grows ----
def paired(n, np, peer, shoal_lib, k, tag):
    """Median over the repetitions of peer/shoal, each taken within one repetition (the
    libraries run back to back there, so both see the same machine state); None with one run."""
    a = RUNS.get((n, np, peer + ("" if tag == "mean" else "@slowest"), mkey(peer, n, k)))
    b = RUNS.get((n, np, shoal_lib + ("" if tag == "mean" else "@slowest"), k))
    if not a or not b or repeat < 2:
        return None
    rs = [x / y for x, y in zip(a, b) if x and y]
    return statistics.median(rs) if rs else None


TOL = 0.05
losers, cliffs = [], []
for n in names:
    for np in npes_list:
        for tag, d in [("mean", data)] + ([("slowest", slow)] if use_slowest else []):
            sh = d[(n, np, "shoal")]
            if not lower_is_better(sh[1]) and sh[1] is not None:
                continue
            for k in sh[3]:
                s_ = sh[2].get(k)
                for p in [lib for lib in libs_of[n] if lib in ("ompi", "mpi")]:
                    v = d[(n, np, p)][2].get(mkey(p, n, k))
                    r = ratio(v, s_)
                    rp = paired(n, np, p, "shoal", k, tag)
                    decide = rp if rp is not None else r
                    if decide is not None and decide < 1 - TOL:
                        losers.append((n, np, k, tag, p, v, s_, r, rp))
            # a cliff: the time falls by more than 10% as the size doubles, beyond the runs'
            # spread (the fastest run at the smaller size is slower than the slowest at the
            # larger one)
            sizes = [k for k in sh[3] if k.isdigit()]
            slib = "shoal" if tag == "mean" else "shoal@slowest"
            for a, b in zip(sizes, sizes[1:]):
                ta, tb = sh[2].get(a), sh[2].get(b)
                sa, sb = SPREAD.get((n, np, slib, a), (ta, ta)), SPREAD.get((n, np, slib, b), (tb, tb))
                if ta and tb and ta > tb * 1.10 and sa[0] > sb[1]:
                    cliffs.append((n, np, tag, a, ta, b, tb))
if losers or any(lower_is_better(data[(n, npes_list[0], "shoal")][1]) for n in names):
    print()
    print(f"== Rows where a peer is faster than Shoal by more than {TOL:.0%} ({len(losers)}): by the median")
    print("   of the per-repetition ratios (paired) where there are repetitions, else the ratio of medians;")
    print("   with -I, each library's figure of the same row with the load stopped a moment before (its")
    print("   own moment: this VM's speed moves 2-4x within seconds)")
    for n, np, k, tag, p, v, s_, r, rp in losers:
        pr = f"{rp:.2f}" if rp is not None else "-"
        pi, si = idle_rows(n, np, p).get(mkey(p, n, k)), idle_rows(n, np, "shoal").get(k)
        still = f"  load stopped: {p} {fmt(statistics.median(pi))}, shoal {fmt(statistics.median(si))}" \
            if pi and si and tag == "mean" else ""
        print(f"  {n:<24} {np:>2} PEs {k:>10} {tag:<7}  {p:<4} {fmt(v):>10}  shoal {fmt(s_):>10}  ratio {r:.2f}  paired {pr}{still}")
    print()
    print(f"== Steps where Shoal's time falls by more than 10% as the size doubles, beyond the spread ({len(cliffs)})")
    for n, np, tag, a, ta, b, tb in cliffs:
        print(f"  {n:<24} {np:>2} PEs {tag:<7}  {a:>8}: {fmt(ta):>10}   {b:>8}: {fmt(tb):>10}")

# ---- summary of the key figures ----
def get(n, np, lib, key):
    if (n, np, lib) not in data:
        return None
    return data[(n, np, lib)][2].get(key)


def status(n, np, lib):
    if (n, np, lib) not in data:
        return "not run"
    return short_status(data[(n, np, lib)][0])


summary = []  # (label, np, ompi, shoal, metric, unit note)
MiB = str(1 << 20)
for np in npes_list:
    summary += [
        ("put+quiet latency, 8 B (us)", np, ("shmem_put_latency", "8"), "Latency"),
        ("get latency, 8 B (us)", np, ("shmem_get_latency", "8"), "Latency"),
        ("fetch-add latency, heap (us)", np, ("shmem_atomic_latency", "fetch_add@heap"), "Latency"),
        ("fetch-add latency, global (us)", np, ("shmem_atomic_latency", "fetch_add@global"), "Latency"),
        ("compare-swap latency, heap (us)", np, ("shmem_atomic_latency", "compare_swap@heap"), "Latency"),
        ("compare-swap latency, global (us)", np, ("shmem_atomic_latency", "compare_swap@global"), "Latency"),
        ("put bandwidth, 1 MiB (MB/s)", np, ("shmem_put_bw", MiB), "Bandwidth"),
        ("get bandwidth, 1 MiB (MB/s)", np, ("shmem_get_bw", MiB), "Bandwidth"),
        ("memcpy bandwidth, 1 MiB (MB/s)", np, ("memcpy_bw", MiB), "Bandwidth"),
        ("put message rate, 8 B (msg/s)", np, ("shmem_msgrate", "8"), "Messages/s"),
        ("barrier_all (us)", np, ("shmem_barrier", "barrier_all"), "Latency"),
        ("broadcast, 8 B (us)", np, ("shmem_broadcast", "8"), "Latency"),
        ("sum-reduce, 8 B (us)", np, ("shmem_reduce", "8"), "Latency"),
        ("collect, 8 B (us)", np, ("shmem_collect", "8"), "Latency"),
        ("fcollect, 8 B (us)", np, ("shmem_fcollect", "8"), "Latency"),
        ("alltoall, 8 B (us)", np, ("shmem_alltoall", "8"), "Latency"),
        ("fcollect, 1 MiB per PE (us)", np, ("shmem_fcollect", MiB), "Latency"),
        ("sum-reduce, 1 MiB (us)", np, ("shmem_reduce", MiB), "Latency"),
    ]

print()
print("== Summary: key figures (ratio = ompi/shoal; 'faster' names the winner, '~' = within 5%)")
print(f"{'figure':<40} {'PEs':>3} {'ompi':>12} {'shoal':>12} {'ompi/shoal':>11}  faster")


def cell(v, n, np, lib):
    return fmt(v) if v is not None else (status(n, np, lib) if status(n, np, lib) not in ("ok", "wrong") else "-")


md = ["## Key figures", "",
      "Ratio = ompi/shoal: for latencies > 1 means Shoal is faster, for bandwidths and rates < 1 does.",
      "", "| figure | PEs | Open MPI | Shoal | ompi/shoal | faster |", "| --- | --: | --: | --: | --: | --- |"]
for label, np, (n, key), metric in summary:
    if n not in names:
        continue
    o, s = get(n, np, "ompi", key), get(n, np, "shoal", key)
    r, who = verdict(o, s, metric)
    print(f"{label:<40} {np:>3} {cell(o, n, np, 'ompi'):>12} {cell(s, n, np, 'shoal'):>12} {r:>11}  {who}")
    md.append(f"| {label} | {np} | {cell(o, n, np, 'ompi')} | {cell(s, n, np, 'shoal')} | {r} | {who} |")

# derived: put/get bandwidth as a share of memcpy (same library run), collective throughput
print()
print(f"{'derived (each library against itself)':<40} {'PEs':>3} {'ompi':>12} {'shoal':>12}   target")
md += ["", "## Derived (each library against its own run)", "",
       "| figure | PEs | Open MPI | Shoal | target |", "| --- | --: | --: | --: | --- |"]
for np in npes_list:
    for what in ("put", "get"):
        n = f"shmem_{what}_bw"
        if n not in names or "memcpy_bw" not in names:
            continue
        cells = []
        for lib in ("ompi", "shoal"):
            b, m = get(n, np, lib, MiB), get("memcpy_bw", np, lib, MiB)
            cells.append(f"{100 * b / m:.0f}%" if b and m else "-")
        print(f"{what + ' bw / memcpy bw, 1 MiB':<40} {np:>3} {cells[0]:>12} {cells[1]:>12}   >= 90%")
        md.append(f"| {what} bw / memcpy bw, 1 MiB | {np} | {cells[0]} | {cells[1]} | >= 90% |")
    for n, label, factor in (("shmem_fcollect", "fcollect 1 MiB/PE, result MB/s", np),
                             ("shmem_reduce", "sum-reduce 1 MiB, MB/s reduced", 1)):
        if n not in names:
            continue
        cells = []
        for lib in ("ompi", "shoal"):
            lat = get(n, np, lib, MiB)
            cells.append(f"{factor * (1 << 20) / lat:.0f}" if lat else "-")  # bytes/us = MB/s
        print(f"{label:<40} {np:>3} {cells[0]:>12} {cells[1]:>12}")
        md.append(f"| {label} | {np} | {cells[0]} | {cells[1]} | |")

if "shmem_atomics_all_types" in names:
    print()
    print("== shmem_atomics_all_types: operations completed / WRONG / crashed")
    md += ["", "## shmem_atomics_all_types: completed / WRONG / crashed", ""]
    for np in npes_list:
        for lib in ("ompi", "shoal"):
            st, _, rows, _, wrong = data[("shmem_atomics_all_types", np, lib)]
            crashed = st.split()[2] if st.startswith("crashed") and len(st.split()) > 2 else ""
            line = f"  {np} PEs {lib:<5}: {len(rows)} completed, {len(wrong)} WRONG"
            if crashed:
                line += f", crashed in: {crashed}"
            line += f"   [{st.split()[0] if st else '?'}]"
            print(line)
            md.append("- " + line.strip())
        common = [k for k in data[("shmem_atomics_all_types", np, "ompi")][2]
                  if k in data[("shmem_atomics_all_types", np, "shoal")][2]]
        if common:
            o = data[("shmem_atomics_all_types", np, "ompi")][2]
            s = data[("shmem_atomics_all_types", np, "shoal")][2]
            ratios = [o[k] / s[k] for k in common if o[k] > 0 and s[k] > 0]
            if ratios:
                g = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
                who = "about even" if abs(g - 1) < 0.05 else ("Shoal" if g > 1 else "Open MPI") + " faster on average"
                line = (f"{np} PEs: geometric mean of ompi/shoal latency over {len(ratios)} operations"
                        f" both completed: {g:.2f} ({who})")
                print("  " + line)
                md.append("- " + line)

# ---- the floor, and the small collectives as multiples of it ----
def floor_rows(prog, runs=None):
    """{key: [value per run]} from the floor programs' outputs (runs: these only)."""
    got = {}
    for r in runs or range(1, repeat + 1):
        try:
            lines = open(os.path.join(out, f"floor.{prog}.r{r}.out"), errors="replace").read().splitlines()
        except OSError:
            continue
        for line in lines:
            if line.startswith("#"):
                continue
            parts = line.rsplit(None, 1)
            try:
                got.setdefault(parts[0].strip(), []).append(float(parts[1]))
            except (IndexError, ValueError):
                pass
    return got


line = floor_rows("line_pingpong")
switch = floor_rows("sched_handoff")
bare = {}
for r in range(1, repeat + 1):  # coll_floor rows: name, mean, slowest
    try:
        for ln in open(os.path.join(out, f"floor.coll_floor.r{r}.out"), errors="replace"):
            t = ln.split()
            if not ln.startswith("#") and len(t) >= 2:
                try:
                    bare.setdefault(t[0], []).append(float(t[1]))
                except ValueError:
                    pass
    except OSError:
        pass
fl = {
    "line transfer (half a bound round trip)": line.get("line_transfer"),
    "cache-line round trip, bound": line.get("line_rtt_bound"),
    "cache-line round trip, unbound": line.get("line_rtt_unbound"),
    "context switch (one CPU)": switch.get("one CPU (every hand-off a switch)"),
}
# with more PEs than CPUs: the switch on the slowest CPU with that many processes dealt over the
# CPUs as the PEs are, yielding or woken from a futex, each run's cheaper (under_load.sh's
# target counts in it)
for np in npes_list:
    per_run = [[v[0] for k, v in floor_rows(f"sched_handoff_n{np}", [r]).items() if k.startswith("dealt")]
               for r in range(1, repeat + 1)]
    fl[f"context switch, {np} processes dealt over the CPUs"] = [min(d) for d in per_run if d]
fl = {k: v for k, v in fl.items() if v}
if fl:
    print()
    print("== The floor, measured in the same run (median over the repetitions, spread min-max)")
    md += ["", "## The floor (same run)", "", "| floor | us (median) | spread |", "| --- | --: | --- |"]
    for k, v in fl.items():
        med = statistics.median(v)
        print(f"{k:<42} {med:>8.4f}   {min(v):.4f}-{max(v):.4f}")
        md.append(f"| {k} | {med:.4f} | {min(v):.4f}-{max(v):.4f} |")
    xfer = statistics.median(fl["line transfer (half a bound round trip)"]) if "line transfer (half a bound round trip)" in fl else None
    csw = statistics.median(fl["context switch (one CPU)"]) if "context switch (one CPU)" in fl else None
    small = [("barrier_all", "shmem_barrier", "barrier_all", 2), ("broadcast 8 B", "shmem_broadcast", "8", 2),
             ("sum-reduce 8 B", "shmem_reduce", "8", 3), ("fcollect 8 B", "shmem_fcollect", "8", 3),
             ("collect 8 B", "shmem_collect", "8", None), ("alltoall 8 B", "shmem_alltoall", "8", None)]
    bare_of = {"shmem_barrier": "barrier", "shmem_broadcast": "broadcast_8", "shmem_reduce": "reduce_8",
               "shmem_fcollect": "fcollect_8"}
    print()
    print("== Small collectives in units of the floor: latency / line transfer (2 PEs; target in")
    print("   transfers where a target is set) and latency / context switch (more PEs than cores)")
    md += ["", "## Small collectives in units of the floor", "",
           "| collective | PEs | ompi (us) | shoal (us) | spread shoal | ompi / floor | shoal / floor | floor | target |",
           "| --- | --: | --: | --: | --- | --: | --: | --- | --- |"]
    ncpu = os.cpu_count() or 1
    for label, n, key, target in small:
        if n not in names:
            continue
        for np in npes_list:
            over = np > ncpu
            unit, uname = (csw, "switches") if over else (xfer, "transfers")
            if not unit:
                continue
            o, s_ = get(n, np, "ompi", key), get(n, np, "shoal", key)
            sp = SPREAD.get((n, np, "shoal", key))
            tgt = ""
            if not over and target:
                tgt = f"<= {target} transfers"
            elif over and n == "shmem_barrier":
                tgt = "<= 1.2 switches"
            oc = f"{o / unit:.2f}" if o else "-"
            sc = f"{s_ / unit:.2f}" if s_ else "-"
            spread = f"{sp[0]:.3f}-{sp[1]:.3f}" if sp else "-"
            print(f"{label:<16} {np:>2} PEs  ompi {fmt(o):>8} = {oc:>6} {uname}   shoal {fmt(s_):>8} = {sc:>6} {uname}  ({spread})  {tgt}")
            md.append(f"| {label} | {np} | {fmt(o)} | {fmt(s_)} | {spread} | {oc} | {sc} | {uname} | {tgt} |")

    if bare and 2 in npes_list:
        print()
        print("== 2 PEs against each collective's bare pattern (coll_floor: the same OSU loop with")
        print("   only the stores and loads the pattern needs). ompi/bare >= 2 is where a 2x lead")
        print("   over Open MPI is physically possible at all.")
        md += ["", "## 2 PEs against the bare pattern of each collective (coll_floor, same run)", "",
               "| collective | bare (us) | spread | ompi (us) | shoal (us) | ompi / bare | shoal / bare | ompi/shoal |",
               "| --- | --: | --- | --: | --: | --: | --: | --: |"]
        for label, n, key, _ in small:
            b = bare.get(bare_of.get(n, ""))
            if n not in names or not b:
                continue
            bm = statistics.median(b)
            o, s_ = get(n, 2, "ompi", key), get(n, 2, "shoal", key)
            ob = f"{o / bm:.2f}" if o else "-"
            sb = f"{s_ / bm:.2f}" if s_ else "-"
            os_ = f"{o / s_:.2f}" if o and s_ else "-"
            print(f"{label:<16} bare {bm:>7.3f} ({min(b):.3f}-{max(b):.3f})  ompi {fmt(o):>8} = {ob:>5}x  shoal {fmt(s_):>8} = {sb:>5}x  ompi/shoal {os_}")
            md.append(f"| {label} | {bm:.3f} | {min(b):.3f}-{max(b):.3f} | {fmt(o)} | {fmt(s_)} | {ob} | {sb} | {os_} |")

# ---- per PE count: each collective at 8 B and at 1/4 MiB against its bare pattern ----
def floor_file_rows(fname):
    """{key: [(mean, slowest) per run]} from floor.FNAME.rN.out (mean only: slowest = mean)."""
    got = {}
    for lines in run_lines(f"floor.{fname}"):
        for line in lines:
            t = line.split()
            if line.startswith("#") or len(t) < 2:
                continue
            try:
                vals = [float(x) for x in t[1:3]]
            except ValueError:
                continue
            got.setdefault(t[0], []).append((vals[0], vals[-1]))
    return got


FLOOR_OF = {  # program, key -> (floor file kind, row)
    ("shmem_barrier", "barrier_all"): ("coll", "barrier"), ("shmem_broadcast", "8"): ("coll", "broadcast_8"),
    ("shmem_reduce", "8"): ("coll", "reduce_8"), ("shmem_fcollect", "8"): ("coll", "fcollect_8"),
}
# copy_floor's sizes: those its raw outputs name (the shell's loop above picks them)
COPY_SIZES = dict(copy_sizes(out))
for size, nbytes in COPY_SIZES.items():
    for prog, row in COPY_ROW.items():
        if prog not in ("shmem_put_latency", "shmem_get_latency"):  # a table of collectives and ping-pong
            FLOOR_OF[(prog, str(nbytes))] = ("copy" + size, row)
frows = []
for np in npes_list:
    coll = floor_file_rows("coll_floor" if np == 2 else f"coll_floor_n{np}")
    copies = {}
    for size in COPY_SIZES:
        a, b = floor_file_rows(f"copy_floor_n{np}_{size}"), floor_file_rows(f"copy_floor_n{np}_{size}-t")
        # per row, each run's better of the two store kinds
        copies[size] = {k: [min(x, y) for x, y in zip(a.get(k, []), b.get(k, []))] or a.get(k, []) for k in set(a) | set(b)}
    for (prog, key), (kind, row) in FLOOR_OF.items():
        if prog not in names:
            continue
        src = coll if kind == "coll" else copies[kind[4:]]
        runs = src.get(row)
        if not runs:
            continue
        fm, fs = statistics.median(x[0] for x in runs), statistics.median(x[1] for x in runs)
        cells = []
        for lib in ("ompi", "mpi", "shoal"):
            m = data[(prog, np, lib)][2].get(mkey(lib, prog, key)) if (prog, np, lib) in data else None
            sl = slow[(prog, np, lib)][2].get(mkey(lib, prog, key)) if use_slowest and (prog, np, lib) in slow else None
            cells.append((m, sl))
        if any(m for m, _ in cells):  # a size the benchmarks ran
            frows.append((prog, np, key, fm, fs, cells))
if frows:
    print()
    print("== Each collective against its bare pattern, same run (coll_floor at 8 B, copy_floor at")
    print("   1-64 KiB, 256 KiB, 1 and 4 MiB: from 64 KiB the better of ordinary and non-temporal stores).")
    print("   peer/floor < 2 means a lead of 2x over that peer is impossible on this machine; mean | slowest PE")
    print(f"{'collective':<18} {'PEs':>3} {'size':>8} {'floor':>15} {'ompi':>15} {'mpi':>15} {'shoal':>15} {'ompi/floor':>11} {'shoal/floor':>12}")
    md += ["", "## Each collective against its bare pattern (same run)", "",
           "coll_floor at 8 B, copy_floor at 1-64 KiB, 256 KiB, 1 and 4 MiB (from 64 KiB the better of ordinary and "
           "non-temporal stores); "
           "figures mean / slowest PE (us). A peer under twice the floor cannot be beaten by 2x here.", "",
           "| collective | PEs | size | floor | ompi | mpi | shoal | ompi/floor | shoal/floor |",
           "| --- | --: | --: | --: | --: | --: | --: | --: | --: |"]
    for prog, np, key, fm, fs, cells in sorted(frows, key=lambda r: (r[0], r[1], int(r[2]) if r[2].isdigit() else 0)):
        def pair(m, s_):
            return f"{fmt(m)}/{fmt(s_)}" if s_ else fmt(m)
        (om, os_), (mm, ms), (sm, ss) = cells
        ofl = f"{om / fm:.2f}" + (f"/{os_ / fs:.2f}" if os_ and fs else "") if om and fm else "-"
        sfl = f"{sm / fm:.2f}" + (f"/{ss / fs:.2f}" if ss and fs else "") if sm and fm else "-"
        line = (f"{prog:<18} {np:>3} {key:>8} {pair(fm, fs):>15} {pair(om, os_):>15} {pair(mm, ms):>15} "
                f"{pair(sm, ss):>15} {ofl:>11} {sfl:>12}")
        print(line)
        md.append(f"| {prog} | {np} | {key} | {pair(fm, fs)} | {pair(om, os_)} | {pair(mm, ms)} | {pair(sm, ss)} | {ofl} | {sfl} |")

# the rows a peer wins and the cliffs, then every table, in Markdown, the PE counts side by side
md += ["", f"## Rows where a peer is faster than Shoal by more than {TOL:.0%}", "",
       "Decided by the median of the per-repetition ratios (paired: the libraries run back to back "
       "within a repetition), else by the ratio of the medians.", ""]
if losers:
    md += ["| program | PEs | size | figure | peer | peer (us) | shoal (us) | peer/shoal | paired |",
           "| --- | --: | --: | --- | --- | --: | --: | --: | --: |"]
    md += [f"| {n} | {np} | {k} | {tag} | {p} | {fmt(v)} | {fmt(s_)} | {r:.2f} | {f'{rp:.2f}' if rp is not None else '-'} |"
           for n, np, k, tag, p, v, s_, r, rp in losers]
else:
    md.append("None.")
md += ["", "## Steps where Shoal's time falls by more than 10% as the size doubles (beyond the runs' spread)", ""]
if cliffs:
    md += ["| program | PEs | figure | size | us | next size | us |", "| --- | --: | --- | --: | --: | --: | --: |"]
    md += [f"| {n} | {np} | {tag} | {a} | {fmt(ta)} | {b} | {fmt(tb)} |" for n, np, tag, a, ta, b, tb in cliffs]
else:
    md.append("None.")
md += ["", "## All figures", ""]
for n in names:
    libs = libs_of[n]
    peers = [lib for lib in libs if lib != "shoal"]
    for tag, d in [("mean over PEs", data)] + ([("slowest PE", slow)] if use_slowest else []):
        res = {(np, lib): d[(n, np, lib)] for np in npes_list for lib in libs}
        metric = next((r[1] for r in res.values() if r[1]), "value")
        if tag != "mean over PEs" and not lower_is_better(metric):
            continue
        keys = []
        for (np, lib), r in res.items():
            if lib != "mpi":
                keys += [k for k in r[3] if k not in keys]
        md += [f"### {n}: {metric}, {tag} ({'lower' if lower_is_better(metric) else 'higher'} is better)", ""]
        head = "| " + ("Operation" if keys and not keys[0].isdigit() else "Size") + " |"
        rule = "| --- |"
        for np in npes_list:
            head += "".join(f" {lib} {np} PEs |" for lib in libs) + "".join(f" {p}/shoal |" for p in peers)
            rule += " --: |" * (len(libs) + len(peers))
        md += [head, rule]
        for k in keys:
            row = f"| {k} |"
            for np in npes_list:
                vals = {}
                for lib in libs:
                    st, _, rows, _, wrong = res[(np, lib)]
                    v = rows.get(mkey(lib, n, k))
                    vals[lib] = v
                    row += " " + (cell(v, n, np, lib) + (" WRONG" if mkey(lib, n, k) in wrong else "")) + " |"
                for p in peers:
                    r = ratio(vals[p], vals["shoal"])
                    row += f" {r:.2f} |" if r else " - |"
            md.append(row)
        md.append("")

# plots: latency against size, one SVG per collective and PE count (-o DIR, gnuplot)
plot_dir = os.path.join(out, "plots")
gnuplot = next((os.path.join(d, "gnuplot") for d in os.environ.get("PATH", "").split(":")
                if os.access(os.path.join(d, "gnuplot"), os.X_OK)), None)
if os.environ.get("COMPARE_PLOTS") == "1" and gnuplot:
    import subprocess
    os.makedirs(plot_dir, exist_ok=True)
    made = 0
    colours = {"ompi": "#d62728", "mpi": "#ff7f0e", "before": "#7f7f7f", "shoal": "#1f77b4"}
    titles = {"ompi": "Open MPI OpenSHMEM", "mpi": "Open MPI MPI", "before": "Shoal before", "shoal": "Shoal"}
    for n in names:
        libs = libs_of[n]
        for np in npes_list:
            metric = data[(n, np, "shoal")][1]
            keys = [k for k in data[(n, np, "shoal")][3] if k.isdigit()]
            if not keys or not lower_is_better(metric):
                continue
            dat = os.path.join(plot_dir, f"{n}.np{np}.dat")
            cols = []
            with open(dat, "w") as f:
                f.write("# size " + " ".join(f"{lib}_mean {lib}_slowest" for lib in libs) + "\n")
                for k in keys:
                    row = [k]
                    for lib in libs:
                        for d in (data, slow):
                            v = d.get((n, np, lib), (None, None, {}))[2].get(k) if d else None
                            row.append(repr(v) if v else "NaN")
                    f.write(" ".join(row) + "\n")
            plots = []
            for i, lib in enumerate(libs):
                c = colours.get(lib, "#2ca02c")
                # lines without point marks, coordinates to 0.1 px, no empty groups: 45 -> 20 KB
                plots.append(f"'{dat}' using 1:{2 + 2 * i} with lines lw 2 lc rgb '{c}' dt 1 title '{titles.get(lib, lib)}'")
                if use_slowest:
                    plots.append(f"'{dat}' using 1:{3 + 2 * i} with lines lw 1 lc rgb '{c}' dt 2 title '{titles.get(lib, lib)}, slowest PE'")
            svg = os.path.join(plot_dir, f"{n}.np{np}.svg")
            script = "\n".join([
                "set terminal svg size 900,480 dynamic noenhanced font 'sans,11'",
                f"set output '{svg}'",
                f"set title '{n}, {np} PEs ({metric}, lower is better)'",
                "set logscale xy 2", "set format x '%.0s%cB'", "set format y '%g'",
                "set xlabel 'size (bytes)'", "set ylabel 'latency (us)'", "set key outside right top",
                "set grid", "plot " + ", ".join(plots)])
            if subprocess.run([gnuplot], input=script, text=True, capture_output=True).returncode == 0:
                made += 1
                with open(svg) as f:
                    text = f.read()
                text = re.sub(r"d='[^']*'", lambda m: re.sub(r"\d+\.\d+", lambda k: f"{float(k.group()):.1f}", m.group()), text)
                text = re.sub(r"<g [^>]*>\s*</g>\n?", "", text)
                with open(svg, "w") as f:
                    f.write(text)
    print()
    print(f"== {made} plot(s) in {plot_dir}")
with open(os.path.join(out, "results.md"), "w") as f:  # the body of benches/RESULTS.md
    f.write("\n".join(md) + "\n")
PY
echo "# total time: $(( $(date +%s) - start )) s" | tee -a "$out/report.txt"
