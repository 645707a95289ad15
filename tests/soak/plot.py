#!/usr/bin/env python3
"""tests/soak/plot.py OUT.svg LOG [LOG...]: each PE's resources over a soak run (soak.c's
"sample" lines) as one SVG of five panels: resident memory, open descriptors, symmetric heap
in use, live teams and live contexts, one line per PE and log (gnuplot). Also prints, per log and PE, the
least-squares slope of each resource per hour over the samples after the warm-up (the first
tenth), which is what benches/RESULTS.md quotes."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

FIELDS = ("rss", "fds", "heap", "teams", "ctxs")
UNITS = {"rss": "KiB", "fds": "", "heap": "B", "teams": "", "ctxs": ""}
PE_RE = re.compile(r"PE (\d+) ops (\d+) rss (\d+) KiB fds (\d+) heap (\d+) B teams (\d+) ctxs (\d+)")


def read(log):
    """{pe: [(t, ops, rss, fds, heap, teams)]} from the sample lines of one log."""
    per_pe = {}
    with open(log, errors="replace") as f:
        for line in f:
            m = re.match(r"sample ([\d.]+) s, round \d+:", line)
            if not m:
                continue
            t = float(m.group(1))
            for pe, ops, *vals in PE_RE.findall(line):
                per_pe.setdefault(int(pe), []).append((t, int(ops), *map(int, vals)))
    return per_pe


def slope_per_hour(pts):
    """Least-squares slope of (t seconds, v) per hour; 0 for fewer than two points."""
    if len(pts) < 2:
        return 0.0
    n = len(pts)
    mt = sum(t for t, _ in pts) / n
    mv = sum(v for _, v in pts) / n
    den = sum((t - mt) ** 2 for t, _ in pts)
    return 0.0 if den == 0 else 3600.0 * sum((t - mt) * (v - mv) for t, v in pts) / den


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: plot.py OUT.svg LOG [LOG...]")
    out, logs = sys.argv[1], sys.argv[2:]
    runs = [(os.path.basename(log), read(log)) for log in logs]
    for name, per_pe in runs:
        for pe, rows in sorted(per_pe.items()):
            kept = rows[len(rows) // 10:]
            slopes = ", ".join(
                f"{f} {slope_per_hour([(r[0], r[2 + i]) for r in kept]):+.1f} {UNITS[f]}/h".replace(" /h", "/h")
                for i, f in enumerate(FIELDS))
            print(f"{name}: PE {pe}: {len(rows)} samples to {rows[-1][0]:.0f} s, {rows[-1][1]} operations; "
                  f"slopes after {kept[0][0]:.0f} s: {slopes}")
    if not shutil.which("gnuplot"):
        print("plot.py: no gnuplot, no plot")
        return
    with tempfile.TemporaryDirectory() as tmp:
        dat = os.path.join(tmp, "soak.dat")
        series = []
        with open(dat, "w") as f:
            for name, per_pe in runs:
                for pe, rows in sorted(per_pe.items()):
                    f.write(f"# {name} PE {pe}\n")
                    f.write("".join(f"{r[0] / 60:.2f} {' '.join(map(str, r[2:]))}\n" for r in rows) + "\n\n")
                    series.append(f"{name} PE {pe}")
        panels = []
        for i, field in enumerate(FIELDS):
            lines = ", ".join(f"'{dat}' index {k} using 1:{2 + i} with lines title '{s}'"
                              for k, s in enumerate(series))
            unit = f" ({UNITS[field]})" if UNITS[field] else ""
            panels.append(f"set title '{field}{unit}'; plot {lines}")
        script = (f"set terminal svg size 900,1000 noenhanced; set output '{out}'; "
                  "set multiplot layout 3,2; set xlabel 'minutes'; set key bottom right font ',7'; "
                  + "; ".join(panels) + "; unset multiplot")
        subprocess.run(["gnuplot", "-e", script], check=True)
    print(f"plot: {out}")


if __name__ == "__main__":
    main()
