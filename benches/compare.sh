#!/usr/bin/env bash
# Shoal vs Open MPI's OpenSHMEM, side by side, on this machine.
#
#   benches/compare.sh [-q] [-m] [-n "2 4"] [-r N] [-t SEC] [-T SEC] [-o DIR] [-a "ARGS"] [-b NAMES] [BUILD_DIR]
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
#   -a ARGS    extra arguments for every benchmark (e.g. "-f")
#   -b NAMES   only these programs (space separated, e.g. "shmem_put_latency shmem_reduce")
#
# Every benchmark program is compiled with Open MPI's oshcc into a temporary directory; then
# each program runs at each PE count under Open MPI
#     oshrun --allow-run-as-root --oversubscribe --mca osc ^rdma -np N prog
# and under Shoal
#     BUILD_DIR/tools/shoalrun -n N prog
# one after the other (interleaved, so that both see the same machine state). A table per
# benchmark shows both figures and the ratio ompi/shoal, then a summary of the key figures.
# Ratio direction: the column is always ompi/shoal. For latencies (us) > 1 means Shoal is
# faster; for bandwidths (MB/s) and rates (Messages/s) < 1 means Shoal is faster. The
# "faster" column says which, or "~" when they are within 5%.
# A run that dies is reported as "crashed" (with its status), one past -t as "timeout"; the
# rows it printed before that are still used. shmem_atomics_all_types is resumed after a
# crash with the crashing operation skipped (-x), so one broken AMO does not hide the rest.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common/script.sh
. "$here/common/script.sh"
quick=0
npes_list="2 4"
repeat=1
median=0
run_limit=60
total_limit=540
keep_dir=""
extra_args=""
only=""
while getopts "qmn:r:t:T:o:a:b:h" opt; do
    case $opt in
    q) quick=1 ;;
    m) median=1 ;;
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

# program name -> source (relative to benches/)
programs=(
    shmem_put_latency:pt2pt/shmem_put_latency.c
    shmem_get_latency:pt2pt/shmem_get_latency.c
    shmem_put_bw:pt2pt/shmem_put_bw.c
    shmem_get_bw:pt2pt/shmem_get_bw.c
    memcpy_bw:memcpy_bw.c
    shmem_msgrate:pt2pt/shmem_msgrate.c
    shmem_atomic_latency:atomics/shmem_atomic_latency.c
    shmem_atomics_all_types:atomics/shmem_atomics_all_types.c
    shmem_barrier:coll/shmem_barrier.c
    shmem_broadcast:coll/shmem_broadcast.c
    shmem_reduce:coll/shmem_reduce.c
    shmem_collect:coll/shmem_collect.c
    shmem_fcollect:coll/shmem_fcollect.c
    shmem_alltoall:coll/shmem_alltoall.c
)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/shoal-compare.XXXXXX")
if [ -n "$keep_dir" ]; then
    mkdir -p "$keep_dir" && out=$(cd "$keep_dir" && pwd)
else
    out=$tmp/out
    mkdir -p "$out"
fi
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT
trap 'echo "compare.sh: interrupted" >&2; exit 130' INT TERM

bench_args=()
[ "$quick" = 1 ] && bench_args+=(-q)
# shellcheck disable=SC2206
[ -n "$extra_args" ] && bench_args+=($extra_args)

# ---- Open MPI binaries ---------------------------------------------------------------------
have_ompi=1
if ! command -v oshcc >/dev/null || ! command -v oshrun >/dev/null; then
    echo "compare.sh: oshcc/oshrun not found: Open MPI columns will read 'missing'" >&2
    have_ompi=0
fi
mkdir -p "$tmp/ompi"
selected=()
for p in "${programs[@]}"; do
    name=${p%%:*}
    if [ -n "$only" ] && [[ " $only " != *" $name "* ]]; then continue; fi
    selected+=("$p")
    if [ $have_ompi = 1 ]; then
        if ! oshcc -std=c17 -O2 -I"$here/common" "$here/${p#*:}" -o "$tmp/ompi/$name" \
            2>"$out/$name.oshcc.log"; then
            echo "compare.sh: oshcc failed for $name (see $out/$name.oshcc.log)" >&2
        fi
    fi
done
shoalrun=$build/tools/shoalrun
[ -x "$shoalrun" ] || echo "compare.sh: $shoalrun not found: Shoal columns will read 'missing'" >&2

# ---- runs ------------------------------------------------------------------------------------
start=$(date +%s)
# run_one LIB NAME NPES OUTFILE [ARGS...]: writes OUTFILE, OUTFILE.err; prints the exit status
run_one() {
    local lib=$1 name=$2 np=$3 of=$4
    shift 4
    local cmd
    if [ "$lib" = ompi ]; then
        [ -x "$tmp/ompi/$name" ] || { echo missing; return; }
        cmd=(oshrun --allow-run-as-root --oversubscribe --mca osc ^rdma -np "$np" "$tmp/ompi/$name")
    else
        [ -x "$shoalrun" ] && [ -x "$build/benches/$name" ] || { echo missing; return; }
        cmd=("$shoalrun" -n "$np" "$build/benches/$name")
    fi
    timeout -k 5 "$run_limit" "${cmd[@]}" "$@" >"$of" 2>"$of.err" </dev/null
    echo $?
}

# Runs NAME at NPES for LIB into $out/NAME.NPES.LIB.out, with .status holding
# ok | wrong | crashed <rc> [<ops>] | timeout | missing | skipped.
run_bench() {
    local lib=$1 name=$2 np=$3 rep=$4
    local base=$out/$name.$np.$lib.r$rep
    if [ $(( $(date +%s) - start )) -ge "$total_limit" ]; then
        echo skipped >"$base.status"; : >"$base.out"; return
    fi
    if [ "$name" != shmem_atomics_all_types ]; then
        local rc
        rc=$(run_one "$lib" "$name" "$np" "$base.out" "${bench_args[@]}")
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
        rc=$(run_one "$lib" "$name" "$np" "$base.part" "${args[@]}")
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
# small collective is also reported as a multiple of them.
run_floor() {
    local rep=$1
    for f in line_pingpong sched_handoff coll_floor; do
        if [ -x "$build/benches/$f" ]; then
            timeout -k 5 "$run_limit" "$build/benches/$f" >"$out/floor.$f.r$rep.out" 2>&1 </dev/null
        else
            : >"$out/floor.$f.r$rep.out"
        fi
    done
}

{
    echo "# Shoal vs Open MPI: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)"
    echo "# Shoal build: $build;  benchmark args: ${bench_args[*]:-(defaults)};  runs per figure: $repeat ($([ "$median" = 1 ] && echo "median, spread min-max" || echo "best kept"));  raw outputs: ${keep_dir:-temporary}"
    echo "# load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews the figures)"
} | tee "$out/report.txt"
for rep in $(seq 1 "$repeat"); do
    printf '  [%d/%d] measuring the floor (line_pingpong, sched_handoff, coll_floor) ...\n' "$rep" "$repeat" >&2
    run_floor "$rep"
    for p in "${selected[@]}"; do
        name=${p%%:*}
        for np in $npes_list; do
            for lib in ompi shoal; do
                printf '  [%d/%d] running %-24s %d PEs  %-5s ... ' "$rep" "$repeat" "$name" "$np" "$lib" >&2
                t0=$(date +%s%N)
                run_bench "$lib" "$name" "$np" "$rep"
                t1=$(date +%s%N)
                printf '%s (%d.%d s)\n' "$(cat "$out/$name.$np.$lib.r$rep.status")" \
                    $(( (t1 - t0) / 1000000000 )) $(( (t1 - t0) / 100000000 % 10 )) >&2
            done
        done
    done
done
echo "# load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/report.txt"

# ---- report --------------------------------------------------------------------------------
names=()
for p in "${selected[@]}"; do names+=("${p%%:*}"); done
python3 - "$out" "$npes_list" "$repeat" "$median" "${names[@]}" <<'PY' | tee -a "$out/report.txt"
import math, os, statistics, sys

out, npes_list, repeat = sys.argv[1], [int(x) for x in sys.argv[2].split()], int(sys.argv[3])
use_median, names = sys.argv[4] == "1", sys.argv[5:]
LIBS = ("ompi", "shoal")


STATUS_RANK = {"ok": 0, "wrong": 1, "crashed": 2, "timeout": 3, "skipped": 4, "missing": 5}


def load_one(base):
    """-> (status, metric column name, {key: value}, [keys in order], set of WRONG keys)"""
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
            v = float(t[1])
        except (IndexError, ValueError):
            continue
        if t[0] not in rows:
            order.append(t[0])
        rows[t[0]] = v
        if "WRONG" in t[2:]:
            wrong.add(t[0])
    return status, metric, rows, order, wrong


SPREAD = {}  # (name, np, lib, key) -> (min, max) over the runs, with -m


def merge(values, low):
    """The figure kept from the repeated runs: the median with -m, else the best."""
    if use_median:
        return statistics.median(values)
    return min(values) if low else max(values)


def load(name, np, lib):
    """Merge the repeated runs (each row's best or median figure); the worst status."""
    runs = [load_one(os.path.join(out, f"{name}.{np}.{lib}.r{r}")) for r in range(1, repeat + 1)]
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
    for k, v in seen.items():
        SPREAD[(name, np, lib, k)] = (min(v), max(v))
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

print()
print("Ratio column = ompi/shoal. Latency(us): > 1 means Shoal is faster. Bandwidth(MB/s) and")
print("Messages/s: < 1 means Shoal is faster. 'faster' names the winner ('~' = within 5%).")
for n in names:
    for np in npes_list:
        res = {lib: data[(n, np, lib)] for lib in LIBS}
        metric = res["shoal"][1] or res["ompi"][1] or "value"
        keys = list(res["ompi"][3])
        keys += [k for k in res["shoal"][3] if k not in res["ompi"][2]]
        stats = ", ".join(f"{lib}: {res[lib][0]}" for lib in LIBS)
        print()
        print(f"== {n}, {np} PEs: {metric} ({'lower' if lower_is_better(metric) else 'higher'} is better)   [{stats}]")
        kw = max([12] + [len(k) for k in keys])
        print(f"{'':<{kw}} {'ompi':>12} {'shoal':>12} {'ompi/shoal':>11}  faster")
        if not keys:
            print("  (no rows)")
        for k in keys:
            cells = []
            for lib in LIBS:
                st, _, rows, _, wrong = res[lib]
                if k in rows:
                    c = fmt(rows[k]) + ("!" if k in wrong else "")
                else:
                    c = short_status(st) if short_status(st) not in ("ok", "wrong") else "-"
                cells.append(c)
            r, who = verdict(res["ompi"][2].get(k), res["shoal"][2].get(k), metric)
            print(f"{k:<{kw}} {cells[0]:>12} {cells[1]:>12} {r:>11}  {who}")
        for lib in LIBS:
            if res[lib][4]:
                print(f"  {lib}: {len(res[lib][4])} row(s) WRONG (marked !): the data check failed")
            st = res[lib][0]
            if st.startswith("crashed") and len(st.split()) > 2:
                print(f"  {lib}: crashed in {st.split()[2]} (status {st.split()[1]}); resumed past it")

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
        for lib in LIBS:
            b, m = get(n, np, lib, MiB), get("memcpy_bw", np, lib, MiB)
            cells.append(f"{100 * b / m:.0f}%" if b and m else "-")
        print(f"{what + ' bw / memcpy bw, 1 MiB':<40} {np:>3} {cells[0]:>12} {cells[1]:>12}   >= 90%")
        md.append(f"| {what} bw / memcpy bw, 1 MiB | {np} | {cells[0]} | {cells[1]} | >= 90% |")
    for n, label, factor in (("shmem_fcollect", "fcollect 1 MiB/PE, result MB/s", np),
                             ("shmem_reduce", "sum-reduce 1 MiB, MB/s reduced", 1)):
        if n not in names:
            continue
        cells = []
        for lib in LIBS:
            lat = get(n, np, lib, MiB)
            cells.append(f"{factor * (1 << 20) / lat:.0f}" if lat else "-")  # bytes/us = MB/s
        print(f"{label:<40} {np:>3} {cells[0]:>12} {cells[1]:>12}")
        md.append(f"| {label} | {np} | {cells[0]} | {cells[1]} | |")

if "shmem_atomics_all_types" in names:
    print()
    print("== shmem_atomics_all_types: operations completed / WRONG / crashed")
    md += ["", "## shmem_atomics_all_types: completed / WRONG / crashed", ""]
    for np in npes_list:
        for lib in LIBS:
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
def floor_rows(prog):
    """{key: [value per run]} from the floor programs' outputs."""
    got = {}
    for r in range(1, repeat + 1):
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
bare = floor_rows("coll_floor")
fl = {
    "line transfer (half a bound round trip)": line.get("line_transfer"),
    "cache-line round trip, bound": line.get("line_rtt_bound"),
    "cache-line round trip, unbound": line.get("line_rtt_unbound"),
    "context switch (one CPU)": switch.get("one CPU (every hand-off a switch)"),
}
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
    print("   transfers where the issue sets one) and latency / context switch (more PEs than cores)")
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

# every table, in Markdown, the PE counts side by side
md += ["", "## All figures", ""]
for n in names:
    res = {(np, lib): data[(n, np, lib)] for np in npes_list for lib in LIBS}
    metric = next((r[1] for r in res.values() if r[1]), "value")
    keys = []
    for r in res.values():
        keys += [k for k in r[3] if k not in keys]
    md += [f"### {n}: {metric} ({'lower' if lower_is_better(metric) else 'higher'} is better)", ""]
    head = "| " + ("Operation" if keys and not keys[0].isdigit() else "Size") + " |"
    rule = "| --- |"
    for np in npes_list:
        head += f" ompi {np} PEs | shoal {np} PEs | ompi/shoal |"
        rule += " --: | --: | --: |"
    md += [head, rule]
    for k in keys:
        row = f"| {k} |"
        for np in npes_list:
            vals = []
            for lib in LIBS:
                st, _, rows, _, wrong = res[(np, lib)]
                vals.append(rows.get(k))
                row += " " + (cell(rows.get(k), n, np, lib) + (" WRONG" if k in wrong else "")) + " |"
            row += f" {verdict(vals[0], vals[1], metric)[0]} |"
        md.append(row)
    md.append("")
with open(os.path.join(out, "results.md"), "w") as f:  # the body of benches/RESULTS.md
    f.write("\n".join(md) + "\n")
PY
echo "# total time: $(( $(date +%s) - start )) s" | tee -a "$out/report.txt"
