#!/usr/bin/env bash
# How Shoal's latency-bound collectives grow with the number of PEs (issue 3: "log N from 2
# to 16 PEs, where 16 cores are available"). Needs no MPI: shoalrun starts the PEs.
#
#   benches/scaling.sh [-n "2 4 8 16"] [-r N] [-s SIZE] [BUILD_DIR]
#
#   -n LIST    PE counts (default "2 4 8 16")
#   -r N       runs per count, each row keeps its best figure (default 3)
#   -s SIZE    payload of broadcast / reduce / fcollect / collect / alltoall (default 8)
#   BUILD_DIR  an already-built Shoal build directory (default ./build)
#
# Prints one row per PE count: barrier_all, then each collective at SIZE (us, mean over PEs),
# and below each figure its ratio to the smallest count. For O(log N) growth the ratio from 2
# to 16 PEs stays near log2(16)/log2(2) = 4 (a one-round algorithm up to 8 members grows with
# the N-1 messages each member handles). Counts above the number of CPUs are marked
# "oversubscribed": there every figure measures context switches, not the algorithm.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common/script.sh
. "$here/common/script.sh"
counts="2 4 8 16"
reps=3
size=8
while getopts "n:r:s:h" opt; do
    case $opt in
    n) counts=$OPTARG ;;
    r) reps=$OPTARG ;;
    s) size=$OPTARG ;;
    h) script_help "$0"; exit 0 ;;
    *) echo "scaling.sh: see -h" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
build=$(script_build_dir scaling.sh "${1:-}") || exit 2
shoalrun=$build/tools/shoalrun
[ -x "$shoalrun" ] || { echo "scaling.sh: $shoalrun not found (build first)" >&2; exit 2; }
ncpu=$(nproc)

# figure NAME NPES [ARGS...]: best (lowest) latency over $reps runs of the first data row.
figure() {
    local name=$1 np=$2 best="" v
    shift 2
    for ((i = 0; i < reps; i++)); do
        v=$(timeout -k 5 120 "$shoalrun" -n "$np" "$build/benches/$name" "$@" 2>/dev/null |
            awk '!/^#/ && NF >= 2 {print $2; exit}')
        [ -n "$v" ] || continue
        if [ -z "$best" ] || awk -v a="$v" -v b="$best" 'BEGIN {exit !(a < b)}'; then best=$v; fi
    done
    echo "${best:--}"
}

cols=(barrier_all broadcast reduce fcollect collect alltoall)
printf '# Shoal collectives against the PE count: latency (us), mean over PEs, best of %s runs;\n' "$reps"
printf '# collectives at %s bytes; %s CPUs here; "x" rows: ratio to the first count\n' "$size" "$ncpu"
printf '%-6s' PEs
printf ' %12s' "${cols[@]}"
printf '\n'
declare -A first
for np in $counts; do
    vals=(
        "$(figure shmem_barrier "$np" -o barrier_all)"
        "$(figure shmem_broadcast "$np" -s "$size")"
        "$(figure shmem_reduce "$np" -s "$size")"
        "$(figure shmem_fcollect "$np" -s "$size")"
        "$(figure shmem_collect "$np" -s "$size")"
        "$(figure shmem_alltoall "$np" -s "$size")"
    )
    note=""
    [ "$np" -gt "$ncpu" ] && note="  oversubscribed"
    printf '%-6s' "$np"
    printf ' %12s' "${vals[@]}"
    printf '%s\n' "$note"
    printf '%-6s' "  x"
    for i in "${!cols[@]}"; do
        v=${vals[$i]}
        [ -z "${first[$i]:-}" ] && [ "$v" != - ] && first[$i]=$v
        if [ "$v" = - ] || [ -z "${first[$i]:-}" ]; then
            printf ' %12s' -
        else
            printf ' %12s' "$(awk -v a="$v" -v b="${first[$i]}" 'BEGIN {printf "%.2f", a / b}')"
        fi
    done
    printf '\n'
done
