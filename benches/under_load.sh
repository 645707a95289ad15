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
#   -a ARGS    benchmark arguments (default "-s 8:1M -t 0.05 -L 0.03": at least 30 ms per size,
#              many time slices of the load, at every level; see the benchmarks' -L)
#   -b NAMES   programs (default: every collective, wait_until ping-pong, put/get latency and
#              the atomics latency;
#              compare.sh -b)
#   -o DIR     keep each level's compare.sh output in DIR/load-LEVEL and the summary in
#              DIR/summary.txt (default: a temporary dir, removed)
#   -T SEC     time limit of each level's comparison (compare.sh -T, default 900)
#   -B LIBDIR  also a second Shoal library, the column "before" (compare.sh -B)
#   -R DIR     summarize again what an earlier -o DIR kept (run nothing; give the same -l, -n)
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
args="-s 8:1M -t 0.05 -L 0.03"
names="shmem_barrier shmem_broadcast shmem_reduce shmem_collect shmem_fcollect shmem_alltoall shmem_pingpong shmem_put_latency shmem_get_latency shmem_atomic_latency"
keep=""
limit=900
before=()
report_only=""
while getopts "r:n:l:a:b:o:T:B:R:h" opt; do
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
    [ -n "$report_only" ] && break
    tag=${level//[:\/]/-}
    load=()
    [ "$level" != 0 ] && load=(-L "$level")
    # shellcheck disable=SC2086
    echo "== load $level ==" >&2
    "$here/compare.sh" -r "$reps" -m -P -n "$npes_list" -a "$args" -b "$names" -T "$limit" \
        "${load[@]}" "${before[@]}" -o "$dir/load-$tag" "$build" >"$dir/load-$tag.log" 2>&1
done

python3 - "$dir" "$levels" "$npes_list" <<'PY' | tee "$dir/summary.txt"
import os, re, shutil, subprocess, sys
d, levels, npes = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()


def level_dir(level):
    return os.path.join(d, "load-" + re.sub(r"[:/]", "-", level))


def parse(level):
    """{(program, np): (metric, [keys], {key: {column: value}})} and the loser lines."""
    tabs, losers = {}, []
    try:
        text = open(os.path.join(level_dir(level), "report.txt"), errors="replace").read().splitlines()
    except OSError:
        return tabs, ["  (no report)"]
    cur, cols, in_losers = None, [], False
    for line in text:
        m = re.match(r"== (\S+), (\d+) PEs: (\S+)", line)
        if m:
            cur, cols, in_losers = (m.group(1), m.group(2)), [], False
            tabs[cur] = (m.group(3), [], {})
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
        if not cur or not line.strip():
            continue
        t = line.split()
        if "shoal" in t and not cols:
            cols = [c for c in t if "/" not in c and c != "faster"]
            continue
        if line.startswith(" ") or not cols:
            continue
        vals = {}
        for c, v in zip(cols, t[1:]):
            try:
                vals[c] = float(v.rstrip("!"))
            except ValueError:
                pass
        tabs[cur][1].append(t[0])
        tabs[cur][2][t[0]] = vals
    return tabs, losers


data = {level: parse(level) for level in levels}
idle = data.get("0", ({}, []))[0]
for level in levels:
    tabs, losers = data[level]
    print(f"## load {level}: {'idle' if level == '0' else 'beside ' + level + ' busy process(es) (N or N:busy_ms/idle_ms)'}")
    for l in losers:
        print(l)
    if level != "0" and idle:
        worst = []
        for k, (metric, keys, rows) in tabs.items():
            if not metric.startswith("Latency"):
                continue
            for key in keys:
                v, base = rows[key].get("shoal"), idle.get(k, (None, None, {}))[2].get(key, {}).get("shoal")
                if v and base:
                    worst.append((v / base, k, key, v, base))
        worst.sort(reverse=True)
        print("  Shoal loaded against Shoal idle, the 12 largest ratios (us):")
        for r, k, key, v, base in worst[:12]:
            print(f"    {k[0]:<22} {k[1]:>2} PEs {key:>10}: {v:>10.3f} loaded, {base:>10.3f} idle, x{r:.2f}")
    print()

# Plots: per program and PE count, Shoal's latency at each load level against the size (solid),
# Open MPI's OpenSHMEM the same (dashed).
if shutil.which("gnuplot"):
    os.makedirs(os.path.join(d, "plots"), exist_ok=True)
    progs = sorted({k for level in levels for k, t in data[level][0].items() if t[1] and t[1][0].isdigit()})
    made = 0
    for prog, np in progs:
        series = []
        for lib, dash in (("shoal", 1), ("ompi", 2)):
            for i, level in enumerate(levels):
                t = data[level][0].get((prog, np))
                if not t:
                    continue
                pts = [(int(key), t[2][key][lib]) for key in t[1] if key.isdigit() and lib in t[2][key]]
                if pts:
                    series.append((f"{lib}, load {level}", dash, i + 1, pts))
        if not series:
            continue
        dat = os.path.join(d, "plots", f"{prog}.np{np}.dat")
        with open(dat, "w") as f:
            for name, _, _, pts in series:
                f.write(f"# {name}\n" + "".join(f"{x} {y}\n" for x, y in pts) + "\n\n")
        svg = os.path.join(d, "plots", f"{prog}.np{np}.svg")
        plot = ", ".join(f"'{dat}' index {i} with linespoints dt {dash} lc {c} title '{name}'"
                         for i, (name, dash, c, _) in enumerate(series))
        script = (f"set terminal svg size 760,480 noenhanced; set output '{svg}'; set logscale xy 2; "
                  f"set xtics 4; set key left top font ',9'; "
                  f"set title '{prog}, {np} PEs: idle and beside busy processes'; set xlabel 'bytes'; "
                  f"set ylabel 'latency (us)'; plot {plot}")
        subprocess.run(["gnuplot", "-e", script], check=False)
        made += 1
    print(f"{made} plot(s) in {os.path.join(d, 'plots')}")
PY
