#!/usr/bin/env bash
# Shoal against Open MPI (OpenSHMEM and MPI collectives) idle and beside unrelated CPU load,
# every load level through benches/compare.sh -L, in one run.
#
#   benches/under_load.sh [-r N] [-n "2 4"] [-l LEVELS] [-a ARGS] [-b NAMES] [-o DIR] [-T SEC] [-f] [BUILD_DIR]
#
#   -r N       repetitions of every figure (interleaved; median kept, default 3)
#   -n LIST    PE counts (default "2 4")
#   -l LEVELS  load levels (default "0 1 2 1:5/5"): 0 = idle, N = N busy processes,
#              N:B/I = N processes busy B ms then idle I ms in turns, a trailing s = started
#              with setsid (1s: as a program from another terminal), a trailing c = each in a
#              cgroup of the cpu controller of its own (2c: as a service's; root), a trailing n
#              = each at nice 19 (1n: a background job), then t = each spinning in a second
#              thread (1t: as a thread pool) (compare.sh -L)
#   -a ARGS    benchmark arguments (default "-s 8:1M -t 0.05 -L 0.03 -S 0.2": at least 30 ms per
#              size, many time slices of the load, at every level, after 0.2 s of barriers (a
#              library whose init slept gets more than its share for a while; the benchmarks'
#              -L and -S))
#   -b NAMES   programs (default: every collective, wait_until ping-pong, put/get latency and
#              the atomics latency;
#              compare.sh -b)
#   -o DIR     keep each level's compare.sh output in DIR/load-LEVEL and the summary in
#              DIR/summary.txt (default: a temporary dir, removed)
#   -T SEC     time limit of each level's comparison in each repetition (compare.sh -T, default 900)
#   -B LIBDIR  also a second Shoal library, the column "before" (compare.sh -B)
#   -f         also the slowest PE's figure of every collective (compare.sh -f): a second set of
#              columns, and a peer faster there counts as a losing row too; the targets are
#              checked on the mean over PEs
#   -R DIR     summarize again what an earlier -o DIR kept (run nothing; give the same -l, -n, -f)
# Shoal's rows carry what its waits did past their spin (-P: naps, yields, sleeps per call and
# PE). Beside load every row is also measured with the busy processes stopped for a moment
# (compare.sh -I; PE counts up to the CPUs): this VM's figures move 2-4x within seconds (the
# same row idle read 0.11 and 0.34 us a few seconds apart), so a loaded row is judged against
# that idle figure of the same moment where it has one, not against the idle level's run
# minutes away. The summary lists, per level, the rows where a peer is faster by more than 5% and each
# of Shoal's rows against its own idle figure; a row that misses its target carries what its
# waits did (two rounds sleep twice a call: a collect whose blocks do not fit its first round, a
# reduction on the direct path).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common/script.sh
. "$here/common/script.sh"
script_supervise "${BASH_SOURCE[0]}" "$@"
reps=3
npes_list="2 4"
levels="0 1 2 1:5/5"
args="-s 8:1M -t 0.05 -L 0.03 -S 0.2"
names="shmem_barrier shmem_broadcast shmem_reduce shmem_collect shmem_fcollect shmem_alltoall shmem_pingpong shmem_put_latency shmem_get_latency shmem_atomic_latency"
keep=""
limit=900
before=()
slowest=()
report_only=""
while getopts "r:n:l:a:b:o:T:B:R:fh" opt; do
    case $opt in
    r) reps=$OPTARG ;;
    n) npes_list=$OPTARG ;;
    l) levels=$OPTARG ;;
    a) args=$OPTARG ;;
    b) names=$OPTARG ;;
    o) keep=$OPTARG ;;
    T) limit=$OPTARG ;;
    B) before=(-B "$OPTARG") ;;
    R) report_only=1; keep=$OPTARG ;;
    f) slowest=(-f) ;;
    h) script_help "$0"; exit 0 ;;
    *) echo "under_load.sh: see -h" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
build=$(script_build_dir under_load.sh "${1:-}") || exit 2
if [ -n "$keep" ]; then
    mkdir -p "$keep" && dir=$(cd "$keep" && pwd)
else
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
fi

# Repetitions outer, levels inner: this VM's idle figures change by up to 4x from one minute to
# the next (where the host runs its two vCPUs), so every level's repetition k runs beside every
# other level's, and each level's median is taken over the same stretch of time.
tag_of() { local t=${1//[:\/]/-}; echo "$t"; }
for rep in $(seq 1 "$reps"); do
    [ -n "$report_only" ] && break
    for level in $levels; do
        tag=$(tag_of "$level")
        load=()
        [ "$level" != 0 ] && load=(-L "$level" -I)
        echo "== repetition $rep/$reps, load $level ==" >&2
        run=$dir/run-$tag
        rm -rf "$run"
        # shellcheck disable=SC2086
        "$here/compare.sh" -r 1 -k $((rep - 1)) -m -P "${slowest[@]}" -n "$npes_list" -a "$args" -b "$names" \
            -T "$limit" "${load[@]}" "${before[@]}" -o "$run" "$build" >"$dir/load-$tag.r$rep.log" 2>&1
        mkdir -p "$dir/load-$tag"
        if [ "$rep" = 1 ]; then
            sed -n '1,4p' "$run/report.txt" | sed "s/runs per figure: 1 (median, spread min-max)/runs per figure: $reps (median, spread min-max; repetitions of every load level interleaved by under_load.sh)/" \
                >"$dir/load-$tag/report.txt"
        fi
        for f in "$run"/*.r1.*; do
            [ -e "$f" ] || continue
            b=${f##*/}
            mv "$f" "$dir/load-$tag/${b/.r1./.r$rep.}"
        done
        rm -rf "$run"
    done
done
# each level's report over its repetitions (compare.sh -R: the raw outputs, nothing run again)
for level in $levels; do
    [ -n "$report_only" ] && break
    tag=$(tag_of "$level")
    "$here/compare.sh" -R "$dir/load-$tag" -r "$reps" -m -P "${slowest[@]}" -n "$npes_list" -b "$names" \
        "${before[@]}" "$build" >"$dir/load-$tag.log" 2>&1
done

# the summary and the plots (common/under_load_summary.py)
python3 "$here/common/under_load_summary.py" "$dir" "$levels" \
    | tee "$dir/summary.txt"
