#!/usr/bin/env python3
"""under_load.sh's summary of a kept run: per load level, the rows where a peer is faster and each
of Shoal's rows against its own idle figure and the issue's targets (met, at the floor of its bare
pattern, at the floor of the time slices the load takes, missed); then the plots (gnuplot).

  under_load_summary.py DIR LEVELS   (DIR as under_load.sh -o kept it; LEVELS as its -l)

Reads DIR/load-LEVEL/report.txt (compare.sh -R's report over the repetitions) and the raw outputs
beside it (Shoal's STEM.rN.out, the floor programs' floor.NAME.rN.out)."""
import os
import re
import shutil
import statistics
import subprocess
import sys

from floor_files import COPY_ROW, copy_sizes, long_calls_line

# The kept run's directory, the idle level's tables and the CPUs of the machine that ran it: set
# by main, read by the helpers below.
d, idle, ncpu = "", {}, 1


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
        m = re.match(r"\s+shoal calls over 1 ms, (\S+): (.*)", line)
        if m:  # compare.sh -P: the share of the timed time in calls over 1 ms, per repetition
            tabs[cur][2].setdefault(m.group(1), {})["_long"] = {
                int(r): (float(sh) / 100, float(o)) for r, sh, o in
                re.findall(r"r(\d+) ([\d.]+)% of the time, the others ([\d.]+) us", m.group(2))}
            continue
        m = re.match(r"\s+shoal waits per call and PE, (\S+): past spin ([\d.]+), yields ([\d.]+) "
                     r"\(slow [\d.]+\), naps ([\d.]+), sleeps ([\d.]+)(?:, spun on ([\d.]+))?", line)
        if m:  # compare.sh -P: what the waits of Shoal's row did past their spin
            tabs[cur][2].setdefault(m.group(1), {})["_waits"] = \
                f"past spin {m.group(2)}, yields {m.group(3)}, naps {m.group(4)}, sleeps {m.group(5)}" + \
                (f", spun on {m.group(6)}" if m.group(6) else "")
            continue
        t = line.split()
        if "shoal" in t and not cols:
            # the mean over PEs; with -f the slowest PE's columns follow a "|"
            mean = t[:t.index("|")] if "|" in t else t
            cols = [c for c in mean if "/" not in c and c != "faster"]
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


def rep_lines(level, stem, idle=False):
    """(repetition, split line) for every line of the level's STEM.rN.out files but comments;
    idle: only the rows measured with the load stopped for a moment (compare.sh -I: the
    programs' '# idle ' lines), their prefix cut."""
    d = level_dir(level)
    for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        m = re.fullmatch(re.escape(f"{stem}.r") + r"(\d+)\.out", f)
        if not m:
            continue
        for line in open(os.path.join(d, f), errors="replace"):
            if idle and line.startswith("# idle "):
                yield int(m.group(1)), line.split()[2:]
            elif not idle and line.strip() and not line.startswith("#"):
                yield int(m.group(1)), line.split()


def row_figure(t):
    """(name, figure) of a floor program's split row: its words less the numbers ("100 us
    slices" too), and the first number after them (None if none)."""
    num = [bool(re.fullmatch(r"[-+.\deE]+", x)) for x in t]
    last = max((i for i, n in enumerate(num) if not n), default=-1)
    figs = [float(x) for x in t[last + 1:] if re.search(r"\d", x)]
    return " ".join(x for x, n in zip(t, num) if not n), figs[0] if figs else None


def floor_reps(level, name, row, idle=False):
    """{repetition: a floor program's row (its first figure)} at a level (idle: rep_lines)."""
    vals = {}
    for rep, t in rep_lines(level, f"floor.{name}", idle):
        key, fig = row_figure(t)
        if key == row_figure(row.split())[0] and fig is not None:
            vals[rep] = fig
    return vals


def floor_long(level, name, row):
    """{repetition: the share of a floor program's row's timed time in calls over 1 ms} at a
    level: the '#   calls over 1 ms' line after the row (copy_floor, coll_floor)."""
    vals, d_ = {}, level_dir(level)
    for f in sorted(os.listdir(d_)) if os.path.isdir(d_) else []:
        m = re.fullmatch(re.escape(f"floor.{name}.r") + r"(\d+)\.out", f)
        if not m:
            continue
        after = False
        for line in open(os.path.join(d_, f), errors="replace"):
            if not line.startswith("#") and line.strip():
                after = row_figure(line.split())[0] == row_figure(row.split())[0]
            elif after and line.startswith("#   calls over 1 ms:"):
                lc = long_calls_line(line)
                if lc:
                    vals[int(m.group(1))] = lc[0]
                after = False
    return vals


def floor_value(level, name, row):
    """Median over the repetitions of a floor program's row (its first figure), None if absent."""
    vals = list(floor_reps(level, name, row).values())
    return statistics.median(vals) if vals else None


def shoal_reps(level, prog, np, key, idle=False):
    """{repetition: Shoal's figure (the mean over PEs) of one row} at a level (idle: rep_lines)."""
    vals = {}
    for rep, t in rep_lines(level, f"{prog}.{np}.shoal", idle):
        if len(t) > 1 and t[0] == key:
            try:
                vals[rep] = float(t[1].rstrip("!"))
            except ValueError:
                pass
    return vals


def against_idle(level, prog, np, key, v, base):
    """(loaded/idle, loaded - idle, idle shown, basis) of one of Shoal's rows: against the same
    row with the load stopped for a moment (-I; the median over the repetitions), else against
    the idle level's figure of its own repetition (paired)."""
    vr, sr = shoal_reps(level, prog, np, key), shoal_reps(level, prog, np, key, True)
    ks = [k for k in sorted(set(vr) & set(sr)) if sr[k] > 0]
    if ks:
        return (statistics.median(vr[k] / sr[k] for k in ks), statistics.median(vr[k] - sr[k] for k in ks),
                statistics.median(sr[k] for k in ks), "same moment")
    br = shoal_reps("0", prog, np, key)
    return (paired(vr, br, lambda x, y: x / y, v / base), paired(vr, br, lambda x, y: x - y, v - base),
            base, "idle run")


def paired(a, b, op, fallback):
    """The median over the repetitions both levels ran of op(a[k], b[k]): each loaded figure
    against the idle figure of its own repetition, as the repetitions of all levels interleave
    and this VM's idle figures move 2-4x from one minute to the next; fallback where fewer than
    two repetitions pair."""
    ks = sorted(set(a) & set(b))
    got = [op(a[k], b[k]) for k in ks if b[k]]
    return statistics.median(got) if len(got) >= 2 else fallback


PATTERN_ROW = {"shmem_barrier": "barrier", "shmem_broadcast": "broadcast_8", "shmem_reduce": "reduce_8",
               "shmem_fcollect": "fcollect_8", "shmem_collect": "fcollect_8", "shmem_alltoall": "fcollect_8"}


def pattern_floor(level, prog, np, key):
    """(figure, name) of the bare pattern that bounds a row of prog at np PEs, at this level:
    a row of 1 KiB or more, the bare copies of that program (copy_floor of the largest size it
    ran up to the row's; from 64 KiB the better of ordinary and non-temporal stores); a smaller
    collective, its bare store/load pattern (coll_floor); put, get, ping-pong and atomics, a
    cache line passed between two CPUs (line_pingpong)."""
    if key.isdigit() and int(key) >= 1024 and prog in COPY_ROW:
        n = int(key)
        for size, nbytes in reversed(copy_sizes(level_dir(level))):
            if nbytes > n:
                continue
            # a kept run whose copy_floor has no pingpong row: its broadcast (a copy and a flag each way)
            for row in (COPY_ROW[prog], "broadcast"):
                got = [(floor_value(level, f"copy_floor_n{np}_{size}{nt}", row), nt) for nt in ("", "-t")]
                got = [g for g in got if g[0]]
                if got:
                    fig, nt = min(got)
                    return fig, f"copy_floor {row} {size}", (f"copy_floor_n{np}_{size}{nt}", row)
        if n >= 65536:
            return None, "", None
        # a run without copies of this size: as a smaller row
    if prog in PATTERN_ROW:
        name = "coll_floor" if np == 2 else f"coll_floor_n{np}"
        return floor_value(level, name, PATTERN_ROW[prog]), f"coll_floor {PATTERN_ROW[prog]}", (name, PATTERN_ROW[prog])
    return floor_value(level, "line_pingpong", "line_transfer"), "line transfer", ("line_pingpong", "line_transfer")


def floor_ratio(level, prog, np, key):
    """(loaded/idle of the bare pattern of a row, or None; its name): against the same pattern
    with the load stopped for a moment (-I), else paired by repetition with the idle run."""
    fl, fname, src = pattern_floor(level, prog, np, key)
    if src:
        lr, sr = floor_reps(level, *src), floor_reps(level, *src, idle=True)
        ks = [k for k in sorted(set(lr) & set(sr)) if sr[k] > 0]
        if ks:
            return statistics.median(lr[k] / sr[k] for k in ks), fname
    fi, _, src0 = pattern_floor("0", prog, np, key)
    if not (fl and fi):
        return None, fname
    # the idle run's better store kind may differ: pair each level's own choice
    return paired(floor_reps(level, *src), floor_reps("0", *src0), lambda x, y: x / y, fl / fi), fname


def switch_cost(level, np):
    """One context switch of np processes at a level: on the slowest CPU with them dealt over
    the CPUs as the PEs are (a busy process then shares a CPU with some of them, as with the
    PEs), by the cheapest of sched_handoff's "dealt" rows, yield or futex wake (beside a busy
    process on each CPU a yield may give it a slice: 51 us, a wake 2.1), each run's; in runs
    kept without those rows, np processes on one CPU, else 2."""
    per_rep = {}
    for rep, t in rep_lines(level, f"floor.sched_handoff_n{np}"):
        key, fig = row_figure(t)
        if key.startswith("dealt") and fig is not None:
            per_rep[rep] = min(per_rep.get(rep, fig), fig)
    return statistics.median(per_rep.values()) if per_rep else \
        floor_value(level, f"sched_handoff_n{np}", "one CPU (every hand-off a switch)") \
        or floor_value(level, "sched_handoff", "one CPU (every hand-off a switch)")


def barrier_reps(level, np):
    """{repetition: the bare barrier of np processes on this machine's CPUs at this level}: the
    better of the spinning pattern (coll_floor) and the futex barriers (barrier_floor)."""
    got = [floor_reps(level, f"coll_floor_n{np}", "barrier")]
    got += [floor_reps(level, f"barrier_floor_n{np}", r) for r in
            (f"barrier of {np}, central, futex sleep", f"barrier of {np}, central, yield then sleep")]
    return {k: min(g[k] for g in got if k in g) for k in set().union(*got)}


def barrier_cost(level, np):
    """The median over the repetitions of barrier_reps."""
    vals = list(barrier_reps(level, np).values())
    return statistics.median(vals) if vals else None


def targets(level, tabs):
    """The issue's targets for each of Shoal's latency rows at a load level, against its idle
    figure: with no more PEs than CPUs within 2x of idle, else at its bare pattern's own
    loaded/idle ratio (within 10%); with more PEs than CPUs within 2 context switches of idle
    (switch_cost, at this level), else within
    what the bare barrier of np processes gains beside the load (+10%), or, from 1 KiB, within
    10% of its bare copies' own loaded/idle ratio. Each ratio and gain is paired by repetition
    (paired): a loaded figure against the idle one of its own repetition. Also at the floor: a
    collective whose calls of over 1 ms (a time slice lost to the load, compare.sh -P) hold
    no more of its timed time than they hold of its bare pattern's (+5 points) while its other
    calls meet the target (slices: the medians over the repetitions); such calls are what the
    load's slices cost any waiter on this kernel (docs/troubleshooting.md)."""
    met, floor_met, slices_met, missed, slices_rows = 0, 0, 0, [], []
    for k, (metric, keys, rows) in tabs.items():
        if not metric.startswith("Latency"):
            continue
        prog, np = k[0], int(k[1])
        for key in keys:
            v, base = rows[key].get("shoal"), idle.get(k, (None, None, {}))[2].get(key, {}).get("shoal")
            if not v or not base:
                continue
            ratio, gain, base, basis = against_idle(level, prog, np, key, v, base)
            fr, fname = floor_ratio(level, prog, np, key)
            if np <= ncpu:
                ok, at_floor = ratio <= 2, fr is not None and ratio <= 1.1 * fr
                why = f"bare {fname} x{fr:.2f}" if fr is not None else "no floor"
            else:
                sw = switch_cost(level, np)
                bl, bi = barrier_cost(level, np), barrier_cost("0", np)
                bgain = paired(barrier_reps(level, np), barrier_reps("0", np), lambda x, y: x - y,
                               bl - bi if bl and bi else None)
                ok = sw is not None and gain <= 2 * sw
                at_floor = (bgain is not None and bgain > 0 and gain <= 1.1 * bgain) or \
                           (fname.startswith("copy_floor") and fr is not None and ratio <= 1.1 * fr)
                why = (f"2 switches {2 * sw:.1f} us" if sw else "no switch") + \
                      (f", bare barrier {bi:.1f} -> {bl:.1f} us" if bl and bi else "") + \
                      (f", bare {fname} x{fr:.2f}" if fname.startswith("copy_floor") and fr is not None else "")
            lost = slices(level, prog, np, key, rows[key].get("_long"), base,
                          None if np <= ncpu else 2 * (switch_cost(level, np) or 0))
            if ok:
                met += 1
            elif at_floor:
                floor_met += 1
            elif lost and lost[0]:
                slices_met += 1
                slices_rows.append((ratio, prog, np, key, v, base, basis, lost[1]))
            else:
                waits = rows[key].get("_waits")
                missed.append((ratio, prog, np, key, v, base, basis,
                               why + (f"; {waits} per call and PE" if waits else "") +
                               (f"; {lost[1]}" if lost else "")))
    return met, floor_met, slices_met, sorted(missed, reverse=True), sorted(slices_rows, reverse=True)


def slices(level, prog, np, key, lg, base, within):
    """(met, what) of the slices test of targets for one row (None where it has no such
    figures): Shoal's share of the timed time in calls of over 1 ms against its bare pattern's
    (the copy_floor or coll_floor row pattern_floor picks), and its other calls against the
    idle figure base (2x at most; with more PEs than CPUs, within + base at most)."""
    if not lg:
        return None
    _, _, src = pattern_floor(level, prog, np, key)
    fl = floor_long(level, *src) if src and src[0].startswith(("copy_floor", "coll_floor")) else {}
    what = "bare copies" if src and src[0].startswith("copy_floor") else "bare pattern"
    share = statistics.median(sh for sh, _ in lg.values())
    other = statistics.median(o for _, o in lg.values())
    if not fl:
        return False, f"calls over 1 ms {100 * share:.0f}% of the time ({what}: no figure)"
    fshare = statistics.median(fl.values())
    other_ok = other <= 2 * base if within is None else other - base <= within
    return (other_ok and share <= fshare + 0.05,
            f"calls over 1 ms {100 * share:.0f}% of the time ({what} {100 * fshare:.0f}%), the "
            f"others {other:.3f} us")



def report_cpus(data_dir, levels):
    """The CPUs of the machine that ran a kept run (its reports' first line: "N cores"), else
    this one's: a run summarized again elsewhere (-R) keeps its own targets."""
    for level in levels:
        try:
            with open(os.path.join(data_dir, "load-" + re.sub(r"[:/]", "-", level), "report.txt"),
                      errors="replace") as f:
                m = re.search(r", (\d+) cores", f.readline())
        except OSError:
            continue
        if m:
            return int(m.group(1))
    return os.cpu_count() or 1


def summarize(data, levels):
    """Print each level's losing rows, Shoal's largest loaded/idle ratios and its rows against
    the targets."""
    for level in levels:
        tabs, losers = data[level]
        print(f"## load {level}: {'idle' if level == '0' else 'beside ' + level + ' busy process(es) (N or N:busy_ms/idle_ms; a trailing s: each started with setsid; c: each in a cgroup of its own; n: each at nice 19; then t: each spinning in a second thread)'}")
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
                        r, _, base, basis = against_idle(level, k[0], int(k[1]), key, v, base)
                        worst.append((r, k, key, v, base, basis))
            worst.sort(reverse=True)
            print("  Shoal loaded against Shoal idle (the same row with the load stopped for a moment where")
            print("  measured, else the idle run), the 12 largest ratios (us):")
            for r, k, key, v, base, basis in worst[:12]:
                print(f"    {k[0]:<22} {k[1]:>2} PEs {key:>10}: {v:>10.3f} loaded, {base:>10.3f} idle ({basis}), x{r:.2f}")
            # per PE count: the targets differ with and without more PEs than CPUs
            for np in sorted({k[1] for k in tabs}, key=int):
                met, floor_met, slices_met, missed, slices_rows = targets(level, {k: t for k, t in tabs.items() if k[1] == np})
                print(f"  {np} PEs against the targets (PEs <= CPUs: 2x idle; more PEs: idle + 2 context "
                      f"switches; each loaded figure against the same row with the load stopped for a moment, "
                      f"else the idle run's of its own repetition): {met} rows "
                      f"met, {floor_met} at the floor measured beside the same load (the bare pattern's own "
                      f"loaded/idle), {slices_met} at the floor of the time slices the load takes (calls "
                      f"over 1 ms hold no more of the time than of the bare pattern's, the others meet the "
                      f"target), {len(missed)} missed")
                for r, prog, np_, key, v, base, basis, why in missed[:20]:
                    print(f"    missed {prog:<22} {np_:>2} PEs {key:>10}: {v:>10.3f} loaded, {base:>10.3f} idle "
                          f"({basis}; medians), x{r:.2f} paired ({why})")
                for r, prog, np_, key, v, base, basis, why in slices_rows[:20]:
                    print(f"    slices {prog:<22} {np_:>2} PEs {key:>10}: {v:>10.3f} loaded, {base:>10.3f} idle "
                          f"({basis}; medians), x{r:.2f} paired ({why})")
        print()

    # Plots: per program and PE count, Shoal's latency at each load level against the size (solid),
    # Open MPI's OpenSHMEM the same (dashed), the library of -B the same (dotted).


def plot(data, levels):
    if shutil.which("gnuplot"):
        os.makedirs(os.path.join(d, "plots"), exist_ok=True)
        progs = sorted({k for level in levels for k, t in data[level][0].items() if t[1] and t[1][0].isdigit()})
        made = 0
        for prog, np in progs:
            series = []
            for lib, dash in (("shoal", 1), ("ompi", 2), ("before", 3)):
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


def main(argv):
    global d, idle, ncpu
    if len(argv) < 3:
        print("usage: under_load_summary.py DIR LEVELS", file=sys.stderr)
        return 2
    d, levels = argv[1], argv[2].split()
    data = {level: parse(level) for level in levels}
    idle = data.get("0", ({}, []))[0]
    ncpu = report_cpus(d, levels)
    summarize(data, levels)
    plot(data, levels)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
