#!/usr/bin/env python3
"""Test of under_load_summary.py's verdicts: a kept run made up here (2 CPUs, idle and beside 2
busy processes, 3 repetitions) whose rows each fall in one class of the issue's targets, by
each path that puts them there; the summary must sort every row where its figures put it.

  check_under_load_summary.py [SUMMARY_PY]"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SUMMARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "under_load_summary.py")
REPS = (1, 2, 3)

# Shoal's rows at 2 PEs (no more PEs than CPUs: the target is 2x the same-moment idle figure):
# size: (loaded, idle a moment before, share of the time in calls over 1 ms, the other calls' us)
REDUCE2 = {
    8: (0.50, 0.30, 0.00, 0.50),      # x1.67: met
    16: (0.96, 0.30, 0.30, 0.40),     # x3.2, its bare pattern x3.0 (+10% allowed): at the floor
    32: (1.50, 0.30, 0.50, 0.40),     # x5; 50% in long calls, bare 48% (+5 points), others 0.4: slices
    64: (1.50, 0.30, 0.70, 0.40),     # x5; 70% in long calls against 48%: missed
    2048: (6.00, 2.00, 0.00, 6.00),   # x3.0, its bare copies x2.8: at the floor (copies)
}
# Shoal's rows at 4 PEs (more PEs than CPUs: idle + 2 switches; no same-moment idle figure there,
# so each repetition pairs with the idle level's): name: (loaded, idle)
BARRIER4 = {
    "barrier_all": (6.0, 3.0),        # +3.0 us against 2 switches of 2.0: met
    "barrier": (10.0, 3.0),           # +7.0, the bare barrier 2.0 -> 8.5 (+6.5, +10%): at the floor
    "sync_all": (20.0, 3.0),          # +17: missed
}


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def report(level_dir, tables, losers):
    """compare.sh -R's report.txt: a header, one table per (program, PEs), the losers' section."""
    out = ["# Shoal vs Open MPI: 2026-01-01 00:00 UTC, 2 cores, test CPU", "# made up", "", ""]
    for (prog, np), (rows, extra) in tables.items():
        out.append(f"== {prog}, {np} PEs: Latency(us) (lower is better)   [ompi: ok, shoal: ok]")
        out.append("                   ompi      shoal   ompi/sh  faster   |       ompi      shoal   ompi/sh  faster")
        for key, v in rows.items():
            out.append(f"{key:<10} {10 * v:>10.3f} {v:>10.3f} {10.0:>9.2f}  shoal    | {10 * v:>10.3f} "
                       f"{v:>10.3f} {10.0:>9.2f}  shoal")
        out += extra + [""]
    out.append(f"== Rows where a peer is faster than Shoal by more than 5% ({len(losers)}): by the median")
    out += losers + ["", "== Steps where Shoal's time falls by more than 10% as the size doubles (0)", ""]
    write(os.path.join(level_dir, "report.txt"), "\n".join(out))


def long_line(share, other):
    return (f"#   calls over 1 ms: 0.10 per 1000 calls and process, {100 * share:.0f}% of the timed time; "
            f"the others {other:.3f} us a call")


def make(root):
    l0, l2 = os.path.join(root, "load-0"), os.path.join(root, "load-2")
    os.makedirs(l0)
    os.makedirs(l2)
    report(l0, {("shmem_reduce", 2): ({k: v[1] for k, v in REDUCE2.items()}, []),
                ("shmem_barrier", 4): ({k: v[1] for k, v in BARRIER4.items()}, [])}, [])
    long = [f"  shoal calls over 1 ms, {k}: " + "; ".join(
        f"r{r} {100 * v[2]:.0f}% of the time, the others {v[3]:.3f} us" for r in REPS)
        for k, v in REDUCE2.items() if v[2]]
    report(l2, {("shmem_reduce", 2): ({k: v[0] for k, v in REDUCE2.items()}, long),
                ("shmem_barrier", 4): ({k: v[0] for k, v in BARRIER4.items()}, [])},
           ["  shmem_reduce          2 PEs     128: made-up loser line"])
    for r in REPS:
        write(os.path.join(l2, f"shmem_reduce.2.shoal.r{r}.out"), "# reduce\n" + "".join(
            f"# idle {k} {v[1]:.3f} 0 0 100\n{k} {v[0]:.3f} 0 0 100\n" for k, v in REDUCE2.items()))
        for lvl, i in ((l0, 1), (l2, 0)):
            write(os.path.join(lvl, f"shmem_barrier.4.shoal.r{r}.out"), "# barrier\n" + "".join(
                f"{k} {v[i]:.3f} 0 0 100\n" for k, v in BARRIER4.items()))
        # the bare patterns: reduce_8 x3.0 with 48% in long calls, the 4-process barrier 2.0 -> 8.5
        write(os.path.join(l2, f"floor.coll_floor.r{r}.out"),
              "# coll_floor\n# idle reduce_8 0.300 0.300\nreduce_8 0.900 0.950\n" + long_line(0.48, 0.3) + "\n")
        write(os.path.join(l0, f"floor.coll_floor_n4.r{r}.out"), "# coll_floor\nbarrier 2.000 2.000\n")
        write(os.path.join(l2, f"floor.coll_floor_n4.r{r}.out"), "# coll_floor\nbarrier 8.500 8.500\n")
        write(os.path.join(l2, f"floor.sched_handoff_n4.r{r}.out"),
              "# sched_handoff\none CPU (every hand-off a switch)  4.000\ndealt, 100 us slices, yield  50.000\n"
              "dealt, 100 us slices, futex   2.000\n")
        # the bare copies of 2 KiB: reduce x2.8
        write(os.path.join(l2, f"floor.copy_floor_n2_2K.r{r}.out"),
              "# copy_floor\n# idle reduce 1.000 1.000 100\nreduce 2.800 2.900 100\n" + long_line(0.0, 2.8) + "\n")


def main():
    failed = []

    def expect(cond, what):
        if not cond:
            failed.append(what)

    with tempfile.TemporaryDirectory() as root:
        make(root)
        env = dict(os.environ, PATH="/nonexistent")  # no gnuplot: the verdicts only
        run = subprocess.run([sys.executable, SUMMARY, root, "0 2"], capture_output=True, text=True, env=env)
        out = run.stdout
        print(out + run.stderr)
        expect(run.returncode == 0, f"exit status {run.returncode}")
        expect("  shmem_reduce          2 PEs     128: made-up loser line" in out, "the losers' line")
        m = re.search(r"2 PEs against the targets .*?: (\d+) rows met, (\d+) at the floor measured.*?, (\d+) "
                      r"at the floor of the time slices.*?, (\d+) missed", out)
        expect(m and m.groups() == ("1", "2", "1", "1"),
               f"2 PEs: met / floor / slices / missed {m.groups() if m else None}, expected 1 / 2 / 1 / 1")
        expect(re.search(r"missed shmem_reduce +2 PEs +64: .*x5\.00 paired .*calls over 1 ms 70% of the time "
                         r"\(bare pattern 48%\)", out), "the 2-PE miss: reduce 64 B, its long calls against 48%")
        expect(re.search(r"slices shmem_reduce +2 PEs +32: .*x5\.00 paired", out), "the slices row: reduce 32 B")
        m = re.search(r"4 PEs against the targets .*?: (\d+) rows met, (\d+) at the floor measured.*?, (\d+) "
                      r"at the floor of the time slices.*?, (\d+) missed", out)
        expect(m and m.groups() == ("1", "1", "0", "1"),
               f"4 PEs: met / floor / slices / missed {m.groups() if m else None}, expected 1 / 1 / 0 / 1")
        expect(re.search(r"missed shmem_barrier +4 PEs +sync_all: +20\.000 loaded, +3\.000 idle \(idle run; "
                         r"medians\), x6\.67 paired \(2 switches 4\.0 us, bare barrier 2\.0 -> 8\.5 us", out),
               "the 4-PE miss: sync_all against the idle run, 2 switches and the bare barrier")
        expect(re.search(r"shmem_reduce +2 PEs +32: +1\.500 loaded, +0\.300 idle \(same moment\), x5\.00", out),
               "the largest ratios: against the same moment's idle figure")
    if failed:
        print("FAILED: " + "; ".join(failed))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
