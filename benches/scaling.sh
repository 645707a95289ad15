#!/usr/bin/env bash
# How Shoal's collectives grow with the number of PEs, against log2 N (from 2 to 16 PEs; the
# figure means something where there are as many cores as PEs). Needs no MPI: shoalrun starts
# the PEs, so it runs unchanged on any machine with a Shoal build (a 16-core one for the real
# measurement).
#
#   benches/scaling.sh [-n "2 4 8 16"] [-r N] [-s "SIZE ..."] [-f] [BUILD_DIR]
#
#   -n LIST    PE counts (default "2 4 8 16")
#   -r N       runs per count; each figure is the median (default 3)
#   -s SIZES   payloads of the data collectives, one table each (default "8"; e.g. "8 64K 1M")
#   -f         also the slowest PE's figure (a second table per size)
#   BUILD_DIR  an already-built Shoal build directory (default ./build)
#
# One row per PE count: barrier_all, then broadcast, reduce (sum of longs), fcollect, collect,
# alltoall and alltoalls at SIZE (us, mean over PEs), and below each figure its ratio to the
# smallest count; the last column of that row is log2(N) / log2(smallest N), what an
# O(log N) collective's ratio stays near (a one-round algorithm up to 8 members grows with the
# N-1 messages each member handles instead). Counts above the number of CPUs are marked
# "oversubscribed": there every figure measures context switches, not the algorithm.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common/script.sh
. "$here/common/script.sh"
script_supervise "${BASH_SOURCE[0]}" "$@"
counts="2 4 8 16"
reps=3
sizes="8"
slowest=0
while getopts "n:r:s:fh" opt; do
    case $opt in
    n) counts=$OPTARG ;;
    r) reps=$OPTARG ;;
    s) sizes=$OPTARG ;;
    f) slowest=1 ;;
    h) script_help "$0"; exit 0 ;;
    *) echo "scaling.sh: see -h" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
build=$(script_build_dir scaling.sh "${1:-}") || exit 2
shoalrun=$build/tools/shoalrun
[ -x "$shoalrun" ] || { echo "scaling.sh: $shoalrun not found (build first)" >&2; exit 2; }
ncpu=$(nproc)

# figure NAME NPES [ARGS...]: "MEAN SLOWEST", the median over $reps runs of the mean over PEs
# (column 2) and of the slowest PE (column 4) of the first data row.
figure() {
    local name=$1 np=$2 row means=() slows=()
    shift 2
    for ((i = 0; i < reps; i++)); do
        row=$(timeout -k 5 300 "$shoalrun" -n "$np" "$build/benches/$name" -f "$@" 2>/dev/null |
            awk '!/^#/ && NF >= 4 {print $2, $4; exit}')
        [ -n "$row" ] && means+=("${row% *}") slows+=("${row#* }")
    done
    [ ${#means[@]} -gt 0 ] || { echo "- -"; return; }
    echo "$(median "${means[@]}") $(median "${slows[@]}")"
}
median() {
    printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

cols=(barrier_all broadcast reduce fcollect collect alltoall alltoalls)
echo "# scaling.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $ncpu CPUs ($(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)), median of $reps runs"
for size in $sizes; do
    figs=("mean over PEs:2")
    [ "$slowest" = 1 ] && figs+=("slowest PE:4")
    declare -A val=()
    for np in $counts; do
        k=0
        for p in shmem_barrier shmem_broadcast shmem_reduce shmem_fcollect shmem_collect shmem_alltoall shmem_alltoalls; do
            if [ $k = 0 ]; then r=$(figure "$p" "$np" -o barrier_all); else r=$(figure "$p" "$np" -s "$size"); fi
            val[$np,2,$k]=${r% *} val[$np,4,$k]=${r#* }
            k=$((k + 1))
        done
    done
    for f in "${figs[@]}"; do
        c=${f##*:}
        echo
        echo "# latency (us), ${f%%:*}; data collectives at $size bytes; \"x\" rows: ratio to the first count, last column log2(N)/log2(first N)"
        printf '%-6s' PEs
        printf ' %12s' "${cols[@]}"
        printf ' %9s\n' log2-ratio
        first_np=""
        for np in $counts; do
            [ -z "$first_np" ] && first_np=$np
            note=""
            [ "$np" -gt "$ncpu" ] && note="  oversubscribed"
            printf '%-6s' "$np"
            for i in "${!cols[@]}"; do printf ' %12s' "${val[$np,$c,$i]}"; done
            printf ' %9s%s\n' "" "$note"
            printf '%-6s' "  x"
            for i in "${!cols[@]}"; do
                v=${val[$np,$c,$i]} b=${val[$first_np,$c,$i]}
                if [ "$v" = - ] || [ "$b" = - ]; then
                    printf ' %12s' -
                else
                    printf ' %12s' "$(awk -v a="$v" -v b="$b" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}')"
                fi
            done
            printf ' %9s\n' "$(awk -v a="$np" -v b="$first_np" 'BEGIN {printf "%.2f", (b > 1 ? log(a) / log(b) : 0)}')"
        done
    done
    unset val
done
