#!/usr/bin/env bash
# Where each collective should switch algorithm on this machine: every algorithm of a
# collective forced by its SHOAL_COLL_* variable (docs/collectives.md), run side by side over
# a size sweep, interleaved, and the crossover read off. The measurement behind the defaults
# in runtime/src/coll/engine/tune.c. Needs no MPI.
#
#   benches/crossover.sh [-n "2 4 8"] [-r N] [-s MIN:MAX] [-t SEC] [-c NAMES] [-o DIR] [BUILD_DIR]
#
#   -n LIST    PE counts (default "2 4 8")
#   -r N       runs per variant, interleaved; each figure is the median (default 3)
#   -s MIN:MAX size sweep (default 8:64K; broadcast push against pull: up to 4M)
#   -t SEC     time cap per size of each run (default 0.03)
#   -c NAMES   collectives (default "bcast reduce fcollect collect alltoall alltoalls"; also
#              alltoall-copy, fcollect-copy, bcast-copy: memcpy, rep movsb and non-temporal
#              stores for the large copies; reduce-channel, collect-channel: without the pair
#              channels, with the default share and with a share of 48K)
#   -o DIR     keep the raw outputs there
#   BUILD_DIR  an already-built Shoal build directory (default ./build)
#
# Variants: bcast: mailbox / push / pull; the others: mailbox / direct (push); *-copy: the
# copy instruction (SHOAL_COLL_MOVSB, SHOAL_COLL_STREAM); *-channel: SHOAL_COLL_CHANNEL (only
# where the PEs outnumber the CPUs; elsewhere the variants are the same). For each size
# the table gives every variant's mean over PEs and slowest PE (us) and the fastest variant by
# the slowest PE (the time the collective is complete); the last line per table is the
# smallest size from which the direct variant wins at every larger size. Payloads a variant
# cannot take (a mailbox collective over more members than the flat maximum) run the other
# algorithm: compare equal there.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common/script.sh
. "$here/common/script.sh"
script_supervise "${BASH_SOURCE[0]}" "$@"
counts="2 4 8"
reps=3
sizes="8:64K"
cap=0.03
colls="bcast reduce fcollect collect alltoall alltoalls"
keep=""
while getopts "n:r:s:t:c:o:h" opt; do
    case $opt in
    n) counts=$OPTARG ;;
    r) reps=$OPTARG ;;
    s) sizes=$OPTARG ;;
    t) cap=$OPTARG ;;
    c) colls=$OPTARG ;;
    o) keep=$OPTARG ;;
    h) script_help "$0"; exit 0 ;;
    *) echo "crossover.sh: see -h" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
build=$(script_build_dir crossover.sh "${1:-}") || exit 2
shoalrun=$build/tools/shoalrun
[ -x "$shoalrun" ] || { echo "crossover.sh: $shoalrun not found (build first)" >&2; exit 2; }
out=${keep:-$(mktemp -d "${TMPDIR:-/tmp}/shoal-crossover.XXXXXX")}
mkdir -p "$out"
[ -n "$keep" ] || trap 'rm -rf "$out"' EXIT
big=1T # a threshold no payload reaches: the mailbox algorithm everywhere

# the copy instructions of the large paths: memcpy, rep movsb, non-temporal stores
copies="memcpy=SHOAL_COLL_MOVSB=off,SHOAL_COLL_STREAM=off movsb=SHOAL_COLL_MOVSB=0,SHOAL_COLL_STREAM=off stream=SHOAL_COLL_STREAM=0"
# collective -> program, then "variant=VAR=VALUE[,VAR=VALUE]" per algorithm
declare -A prog=([bcast]=shmem_broadcast [reduce]=shmem_reduce [fcollect]=shmem_fcollect
    [collect]=shmem_collect [alltoall]=shmem_alltoall [alltoalls]=shmem_alltoalls
    [alltoall-copy]=shmem_alltoall [fcollect-copy]=shmem_fcollect [bcast-copy]=shmem_broadcast
    [reduce-channel]=shmem_reduce [collect-channel]=shmem_collect)
channels="none=SHOAL_COLL_CHANNEL=off channel=SHOAL_COLL_CHANNEL=auto channel48K=SHOAL_COLL_CHANNEL=48K"
declare -A variants=(
    [bcast]="mailbox=SHOAL_COLL_BCAST_DIRECT=$big,SHOAL_COLL_BCAST_PULL=$big push=SHOAL_COLL_BCAST_DIRECT=0,SHOAL_COLL_BCAST_PULL=$big pull=SHOAL_COLL_BCAST_PULL=0"
    [reduce]="mailbox=SHOAL_COLL_REDUCE_DIRECT=$big direct=SHOAL_COLL_REDUCE_DIRECT=0"
    [fcollect]="mailbox=SHOAL_COLL_FCOLLECT_PUSH=$big push=SHOAL_COLL_FCOLLECT_PUSH=0"
    [collect]="mailbox=SHOAL_COLL_COLLECT_LEAD=$big,SHOAL_COLL_COLLECT_PUSH=$big push=SHOAL_COLL_COLLECT_LEAD=0,SHOAL_COLL_COLLECT_PUSH=0"
    [alltoall]="mailbox=SHOAL_COLL_ALLTOALL_PUSH=$big push=SHOAL_COLL_ALLTOALL_PUSH=0"
    [alltoalls]="mailbox=SHOAL_COLL_ALLTOALL_PUSH=$big push=SHOAL_COLL_ALLTOALL_PUSH=0"
    [alltoall-copy]="$copies" [fcollect-copy]="$copies" [bcast-copy]="$copies"
    [reduce-channel]="$channels" [collect-channel]="$channels")

echo "# crossover.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# build $build, sizes $sizes, -t $cap, median of $reps interleaved runs"
for c in $colls; do
    p=${prog[$c]:-}
    [ -n "$p" ] || { echo "crossover.sh: unknown collective $c" >&2; exit 2; }
    for np in $counts; do
        for ((r = 1; r <= reps; r++)); do
            for v in ${variants[$c]}; do
                name=${v%%=*}
                IFS=, read -r -a envs <<<"${v#*=}"
                env "${envs[@]}" timeout -k 5 300 "$shoalrun" -n "$np" "$build/benches/$p" \
                    -f -s "$sizes" -t "$cap" >"$out/$c.$np.$name.r$r" 2>&1 </dev/null
            done
        done
        names=()
        for v in ${variants[$c]}; do names+=("${v%%=*}"); done
        python3 - "$out" "$c" "$np" "$reps" "${names[@]}" <<'PY'
import os, statistics, sys
out, c, np, reps, names = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:]
fig = {}  # (variant, size) -> (mean, slowest) medians
sizes = []
for v in names:
    runs = {}
    for r in range(1, reps + 1):
        try:
            lines = open(os.path.join(out, f"{c}.{np}.{v}.r{r}"), errors="replace").read().splitlines()
        except OSError:
            continue
        for line in lines:
            t = line.split()
            if line.startswith("#") or len(t) < 4 or not t[0].isdigit():
                continue
            runs.setdefault(int(t[0]), []).append((float(t[1]), float(t[3])))
    for s, vals in runs.items():
        if s not in sizes:
            sizes.append(s)
        fig[(v, s)] = (statistics.median(x[0] for x in vals), statistics.median(x[1] for x in vals))
sizes.sort()
print()
print(f"== {c}, {np} PEs: mean / slowest PE (us), median of {reps}; best = lowest slowest-PE figure")
print(f"{'size':>9}" + "".join(f" {v + ' mean':>13} {v + ' slow':>13}" for v in names) + "  best")
best = {}
for s in sizes:
    row = f"{s:>9}"
    have = {v: fig[(v, s)] for v in names if (v, s) in fig}
    for v in names:
        m, w = have.get(v, (None, None))
        row += f" {m:>13.3f} {w:>13.3f}" if m is not None else f" {'-':>13} {'-':>13}"
    if have:
        best[s] = min(have, key=lambda v: have[v][1])
        row += f"  {best[s]}"
    print(row)
# the smallest size from which a non-mailbox variant is best at every larger size
for v in names[1:]:
    ok = [s for s in sizes if best.get(s) != names[0]]
    cross = None
    for i, s in enumerate(sizes):
        if all(best.get(t) != names[0] for t in sizes[i:]):
            cross = s
            break
    print(f"crossover {names[0]} -> the others: {cross if cross is not None else 'none in range'}")
    break
PY
    done
done
