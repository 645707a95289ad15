#!/usr/bin/env bash
# Small collectives idle and under unrelated CPU load, Shoal against Open MPI's OpenSHMEM in
# the same run (issue: waits must not stall for whole scheduler time slices when other
# processes hold the cores).
#
#   benches/under_load.sh [-r N] [-n "2 4"] [-H HOGS] [BUILD_DIR]
#
#   -r N     repetitions of every measurement (interleaved; the median is reported, default 5)
#   -n LIST  PE counts (default "2 4")
#   -H HOGS  busy background processes for the loaded rows (default 2: one per core here)
# Rows: shmem_barrier_all and 8-byte shmem_long_sum_to_all, in us (benches/coll programs),
# idle and with HOGS processes spinning (`while :; do :; done`), each library the same way:
# Shoal with BUILD_DIR/tools/shoalrun, Open MPI with oshrun --mca osc ^rdma. Then the floor:
# sched_handoff's one-CPU hand-off rows, idle and loaded.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common/script.sh
. "$here/common/script.sh"
reps=5
npes_list="2 4"
hogs=2
while getopts "r:n:H:h" opt; do
    case $opt in
    r) reps=$OPTARG ;;
    n) npes_list=$OPTARG ;;
    H) hogs=$OPTARG ;;
    h) script_help "$0"; exit 0 ;;
    *) echo "under_load.sh: see -h" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
build=$(script_build_dir under_load.sh "${1:-}") || exit 2
tmp=$(mktemp -d)
hog_pids=()
stop_hogs() { [ ${#hog_pids[@]} -gt 0 ] && kill "${hog_pids[@]}" 2>/dev/null; wait 2>/dev/null; hog_pids=(); }
trap 'stop_hogs; rm -rf "$tmp"' EXIT
have_ompi=1
for p in barrier reduce; do
    oshcc -std=c17 -O2 -I"$here/common" "$here/coll/shmem_$p.c" -o "$tmp/$p" 2>/dev/null || have_ompi=0
done

# One figure: the barrier_all row, or the 8-byte row of the reduce sweep.
figure() { # lib np prog
    local lib=$1 np=$2 prog=$3 args=() cmd
    [ "$prog" = reduce ] && args=(-s 8:8)
    if [ "$lib" = shoal ]; then
        cmd=(timeout 60 "$build/tools/shoalrun" -n "$np" --timeout 50 "$build/benches/shmem_$prog" "${args[@]}")
    else
        [ "$have_ompi" = 1 ] || { echo missing; return; }
        cmd=(timeout 60 oshrun --allow-run-as-root --oversubscribe --mca osc ^rdma -np "$np" "$tmp/$prog" "${args[@]}")
    fi
    "${cmd[@]}" 2>/dev/null | awk -v p="$prog" '(p=="barrier" && $1=="barrier_all") || (p=="reduce" && $1=="8") {print $2; exit}'
}
median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }

echo "# under_load: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), median of $reps, $hogs busy processes in the loaded rows"
printf '%-4s %-12s %-7s %12s %12s %12s\n' PEs operation state "shoal(us)" "ompi(us)" "ompi/shoal"
for np in $npes_list; do
    for prog in barrier reduce; do
        for state in idle loaded; do
            [ "$state" = loaded ] && for _ in $(seq "$hogs"); do (while :; do :; done) & hog_pids+=($!); done
            : >"$tmp/s"; : >"$tmp/o"
            for _ in $(seq "$reps"); do
                figure shoal "$np" "$prog" >>"$tmp/s"
                figure ompi "$np" "$prog" >>"$tmp/o"
            done
            stop_hogs
            s=$(grep -v missing "$tmp/s" | median); o=$(grep -v missing "$tmp/o" | median)
            r=$(awk -v s="$s" -v o="$o" 'BEGIN { if (s+0 > 0 && o+0 > 0) printf "%.2f", o / s; else print "-" }')
            name=$([ "$prog" = barrier ] && echo barrier_all || echo reduce_8B)
            printf '%-4s %-12s %-7s %12s %12s %12s\n' "$np" "$name" "$state" "$s" "$o" "$r"
        done
    done
done
# The floor: one hand-off between two processes on one CPU, and one that wakes a sleeper on
# the other CPU (benches/machine/sched_handoff), idle and beside the same busy processes; a
# 4-PE barrier on 2 cores needs one switch per core, and under load at least one wake-up
# across CPUs (the PEs of the other core are not running when the last one arrives).
if [ -x "$build/benches/sched_handoff" ]; then
    for state in idle loaded; do
        [ "$state" = loaded ] && for _ in $(seq "$hogs"); do (while :; do :; done) & hog_pids+=($!); done
        "$build/benches/sched_handoff" -i 20000 | awk -v s="$state" '/^(one CPU|CPU to CPU)/ {
            v = $NF; $NF = ""; printf "floor %-7s %-40s %10s us\n", s, $0, v }'
        for np in $npes_list; do
            [ -x "$build/benches/barrier_floor" ] || break
            "$build/benches/barrier_floor" -i 2000 -n "$np" | awk -v s="$state" '/^barrier/ {
                v = $NF; $NF = ""; printf "floor %-7s %-40s %10s us\n", s, $0, v }'
        done
        stop_hogs
    done
fi
