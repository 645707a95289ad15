#!/usr/bin/env bash
# Shoal vs Open MPI's OpenSHMEM across two simulated hosts (tests/multihost/run.sh: network
# namespaces joined by a veth pair, own IPC/PID/mount namespaces, so UCX has no shared memory
# or cross-memory attach between them and goes over TCP), with the same launcher (mpirun).
#
#   benches/multihost.sh [-r N] [-p "1 2 4"] [-t SEC] [-L LOAD] [-B LIBDIR] [-o DIR] [BUILD_DIR]
#
#   BUILD_DIR  a built Shoal build directory (default ./build): its benches/<program>
#   -r N       runs per figure, interleaved (Open MPI, Shoal, Open MPI, ...); the median is kept
#              and the spread (min-max) shown (default 3)
#   -p LIST    PEs per host for the collectives (default "1 2 4"); point-to-point figures are
#              taken at 1 PE per host (PE 0 on host a drives PE 1 on host b)
#   -t SEC     time limit per run (default 120); a run past it reads "timeout"
#   -L LOAD    unrelated load beside both hosts, started after the builds and stopped at the end
#              by pid: N busy processes, or N:BUSY_MS/IDLE_MS (each busy, then idle, in turns)
#   -B LIBDIR  also a second Shoal library (its libshoal.so), the column "before", run with
#              the same programs in the same repetitions
#   -o DIR     keep the raw outputs there
# MULTIHOST_SPLIT_CPUS=1 (run.sh): each host on its own half of the CPUs.
#
# Open MPI runs each program built with oshcc, with --mca osc ^rdma (as compare.sh);
# Shoal runs its own build: off-node PEs through the tcp transport (the default where no node
# has an RDMA device; SHOAL_OFFNODE=mpi in the environment measures the mpi transport instead).
# Figures: 8 B put+quiet and get latency, 1 MiB put bandwidth, fetch-add latency (heap),
# barrier_all, 8 B and 1 MiB sum reduction (shmem_long_sum_to_all), 8 B and 64 KiB alltoall
# (shmem_alltoall64, bytes per PE pair). Skipped (77) where run.sh cannot make the hosts (not
# root, no mpirun or network namespaces).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common/script.sh
. "$here/common/script.sh"
script_supervise "${BASH_SOURCE[0]}" "$@"
repeat=3 pers="1 2 4" limit=120 keep="" load="" before=""
while getopts "r:p:t:o:L:B:h" opt; do
    case $opt in
    r) repeat=$OPTARG ;; p) pers=$OPTARG ;; t) limit=$OPTARG ;; o) keep=$OPTARG ;;
    L) load=$OPTARG ;; B) before=$OPTARG ;;
    h) script_help "$0"; exit 0 ;;
    *) echo "multihost.sh: see -h" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
build=$(script_build_dir multihost.sh "${1:-}") || exit 2
libs="ompi shoal"
if [ -n "$before" ]; then
    [ -e "$before/libshoal.so" ] || { echo "multihost.sh: -B $before has no libshoal.so" >&2; exit 2; }
    before=$(cd "$before" && pwd) libs="ompi before shoal"
fi
run=$here/../tests/multihost/run.sh
command -v oshcc >/dev/null || { echo "multihost.sh: no oshcc: skipped"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/shoal-multihost.XXXXXX")
trap 'script_stop_load; rm -rf "$tmp"' EXIT
out=${keep:-$tmp/out}
mkdir -p "$out"

# figure label | program | arguments | row | PEs per host ("all": every -p entry)
figures=(
    "put 8 B + quiet (us)|shmem_put_latency|-s 8:8|8|1"
    "get 8 B (us)|shmem_get_latency|-s 8:8|8|1"
    "put bandwidth 1 MiB (MB/s)|shmem_put_bw|-s 1M:1M|1048576|1"
    "fetch-add (us)|shmem_atomic_latency|-m heap -o fetch_add|fetch_add@heap|1"
    "barrier_all (us)|shmem_barrier|-o barrier_all|barrier_all|all"
    "sum reduce 8 B (us)|shmem_reduce|-s 8:8|8|all"
    "sum reduce 1 MiB (us)|shmem_reduce|-s 1M:1M|1048576|all"
    "alltoall 8 B (us)|shmem_alltoall|-s 8:8|8|all"
    "alltoall 64 KiB (us)|shmem_alltoall|-s 64K:64K|65536|all"
)
src_of() { # program -> source under benches/
    case $1 in
    shmem_put_latency|shmem_get_latency|shmem_put_bw) echo "pt2pt/$1.c" ;;
    shmem_atomic_latency) echo "atomics/$1.c" ;; *) echo "coll/$1.c" ;;
    esac
}
for f in "${figures[@]}"; do
    IFS='|' read -r _ prog _ _ _ <<<"$f"
    [ -x "$tmp/$prog" ] && continue
    oshcc -std=c17 -O2 -I"$here/common" "$here/$(src_of "$prog")" -o "$tmp/$prog" ||
        { echo "multihost.sh: oshcc failed for $prog" >&2; exit 1; }
done

[ -n "$load" ] && { script_start_load multihost.sh "$load" "$build" || exit 2; }
{
    echo "# Shoal vs Open MPI across two simulated hosts: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1)"
    echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg); runs per figure: $repeat (median, spread min-max)"
    echo "# unrelated load beside the hosts (-L): $load_desc"
    [ -n "$before" ] && echo "# before: the library in $before"
} | tee "$out/report.txt"
for rep in $(seq "$repeat"); do
    for f in "${figures[@]}"; do
        IFS='|' read -r label prog args row where <<<"$f"
        for per in $([ "$where" = all ] && echo "$pers" || echo "$where"); do
            for lib in $libs; do
                base="$out/$prog.${args// /}.$per.$lib.r$rep"
                [ -e "$base.out" ] && continue  # the same run serves several figures
                if [ $lib = ompi ]; then
                    MULTIHOST_MPIRUN_ARGS="--mca osc ^rdma" timeout -k 5 "$limit" \
                        "$run" "$per" "$tmp/$prog" $args >"$base.out" 2>"$base.err"
                elif [ $lib = before ]; then
                    LD_LIBRARY_PATH="$before${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" timeout -k 5 \
                        "$limit" "$run" "$per" "$build/benches/$prog" $args >"$base.out" 2>"$base.err"
                else
                    timeout -k 5 "$limit" "$run" "$per" "$build/benches/$prog" $args \
                        >"$base.out" 2>"$base.err"
                fi
                rc=$?
                [ $rc = 77 ] && { echo "multihost.sh: $(tail -1 "$base.out"): skipped"; exit 77; }
                echo "  [$rep/$repeat] $prog $args, $per per host, $lib: status $rc" >&2
            done
        done
    done
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/report.txt"

python3 - "$out" "$repeat" "$pers" "$libs" "${figures[@]}" <<'PY' | tee -a "$out/report.txt"
import statistics, sys
out, repeat, pers, libs, figures = (sys.argv[1], int(sys.argv[2]), sys.argv[3].split(),
                                    sys.argv[4].split(), sys.argv[5:])
def value(base, row):
    try:
        for line in open(base + ".out", errors="replace"):
            t = line.split()
            if t and t[0] == row and len(t) > 1:
                return float(t[1]) if "WRONG" not in t else None
    except OSError:
        pass
    return None
title = {"ompi": "Open MPI", "before": "before", "shoal": "Shoal"}
print("\n| figure | PEs per host | " + " | ".join(title[lib] for lib in libs) +
      " | Shoal speed / Open MPI's |" + (" Shoal speed / before's |" if "before" in libs else ""))
print("| --- | --- |" + " --- |" * (len(libs) + 1 + ("before" in libs)))
def speed(label, shoal, other):
    """>= 1: Shoal at least as fast as other (latency: other / Shoal; MB/s: Shoal / other)."""
    if not shoal or not other:
        return "-"
    return f"{(shoal / other) if 'MB/s' in label else (other / shoal):.2f}"
for f in figures:
    label, prog, args, row, where = f.split("|")
    for per in (pers if where == "all" else [where]):
        cells, med = [], {}
        for lib in libs:
            vs = [value(f"{out}/{prog}.{args.replace(' ', '')}.{per}.{lib}.r{r}", row)
                  for r in range(1, repeat + 1)]
            vs = [v for v in vs if v is not None]
            if not vs:
                cells.append("failed"); continue
            med[lib] = statistics.median(vs)
            cells.append(f"{med[lib]:.4g}" + (f" ({min(vs):.4g}-{max(vs):.4g})" if len(vs) > 1 else ""))
        ratios = [speed(label, med.get("shoal"), med.get("ompi"))]
        if "before" in libs:
            ratios.append(speed(label, med.get("shoal"), med.get("before")))
        print(f"| {label} | {per} | " + " | ".join(cells + ratios) + " |")
PY
