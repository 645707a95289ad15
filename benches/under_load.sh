#!/usr/bin/env bash
# Shoal against Open MPI (OpenSHMEM and MPI collectives) idle and beside unrelated CPU load,
# every load level through benches/compare.sh -L, in one run.
#
#   benches/under_load.sh [-r N] [-n "2 4"] [-l LEVELS] [-a ARGS] [-b NAMES] [-o DIR] [-T SEC] [BUILD_DIR]
#
#   -r N       repetitions of every figure (interleaved; median kept, default 3)
#   -n LIST    PE counts (default "2 4")
#   -l LEVELS  load levels (default "0 1 2 1:5/5"): 0 = idle, N = N busy processes,
#              N:B/I = N processes busy B ms then idle I ms in turns (compare.sh -L)
#   -a ARGS    benchmark arguments (default "-s 8:1M -t 0.05")
#   -b NAMES   programs (default: every collective, wait_until ping-pong, put/get latency and
#              the atomics latency;
#              compare.sh -b)
#   -o DIR     keep each level's compare.sh output in DIR/load-LEVEL and the summary in
#              DIR/summary.txt (default: a temporary dir, removed)
#   -T SEC     time limit of each level's comparison (compare.sh -T, default 900)
#   -B LIBDIR  also a second Shoal library, the column "before" (compare.sh -B)
# Shoal's rows carry what its waits did past their spin (-P: naps, yields, sleeps per call and
# PE). The summary lists, per level, the rows where a peer is faster by more than 5% and each
# of Shoal's rows against its own idle figure.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common/script.sh
. "$here/common/script.sh"
reps=3
npes_list="2 4"
levels="0 1 2 1:5/5"
args="-s 8:1M -t 0.05"
names="shmem_barrier shmem_broadcast shmem_reduce shmem_collect shmem_fcollect shmem_alltoall shmem_pingpong shmem_put_latency shmem_get_latency shmem_atomic_latency"
keep=""
limit=900
before=()
while getopts "r:n:l:a:b:o:T:B:h" opt; do
    case $opt in
    r) reps=$OPTARG ;;
    n) npes_list=$OPTARG ;;
    l) levels=$OPTARG ;;
    a) args=$OPTARG ;;
    b) names=$OPTARG ;;
    o) keep=$OPTARG ;;
    T) limit=$OPTARG ;;
    B) before=(-B "$OPTARG") ;;
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

for level in $levels; do
    tag=${level//[:\/]/-}
    load=()
    [ "$level" != 0 ] && load=(-L "$level")
    # shellcheck disable=SC2086
    echo "== load $level ==" >&2
    "$here/compare.sh" -r "$reps" -m -P -n "$npes_list" -a "$args" -b "$names" -T "$limit" \
        "${load[@]}" "${before[@]}" -o "$dir/load-$tag" "$build" >"$dir/load-$tag.log" 2>&1
done

python3 - "$dir" "$levels" "$npes_list" <<'PY' | tee "$dir/summary.txt"
import os, re, sys
d, levels, npes = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()

def tables(level):
    """{(program, np, key): (shoal, best peer, peer name)} and the loser lines of one level."""
    rows, losers = {}, []
    path = os.path.join(d, "load-" + re.sub(r"[:/]", "-", level), "report.txt")
    try:
        text = open(path, errors="replace").read().splitlines()
    except OSError:
        return rows, ["  (no report: " + path + ")"]
    cur, cols, in_losers = None, [], False
    for line in text:
        m = re.match(r"== (\S+), (\d+) PEs: (\S+)", line)
        if m:
            cur, in_losers = (m.group(1), m.group(2), m.group(3)), False
            continue
        if line.startswith("== Rows where a peer is faster"):
            in_losers, cur = True, None
            losers.append(line.strip())
            continue
        if line.startswith("=="):
            in_losers, cur = False, None
            continue
        if in_losers and line.startswith("  "):
            losers.append(line.rstrip())
            continue
        if cur and line.strip():
            t = line.split()
            if "shoal" in t:  # the column names
                cols = t
                continue
            if line.startswith(" "):
                continue
            if cols and len(t) > len(cols) // 2:
                vals = dict(zip(cols, t[1:]))
                rows[(cur[0], cur[1], t[0])] = (vals.get("shoal"), cur[2])
    return rows, losers

idle, _ = tables("0") if "0" in levels else ({}, [])
for level in levels:
    rows, losers = tables(level)
    print(f"## load {level}: {'idle' if level == '0' else 'beside ' + level + ' busy process(es) (N or N:busy_ms/idle_ms)'}")
    for l in losers:
        print(l)
    if level != "0" and idle:
        print("  Shoal loaded / Shoal idle (latency rows, us):")
        worst = []
        for k, (v, metric) in rows.items():
            base = idle.get(k, (None, None))[0]
            try:
                r = float(v) / float(base)
            except (TypeError, ValueError, ZeroDivisionError):
                continue
            if metric == "us" or metric.startswith("Latency"):
                worst.append((r, k, v, base))
        worst.sort(reverse=True)
        for r, k, v, base in worst[:12]:
            print(f"    {k[0]:<22} {k[1]:>2} PEs {k[2]:>10}: {v:>10} us loaded, {base:>10} idle, x{r:.2f}")
    print()
PY
