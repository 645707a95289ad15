#!/usr/bin/env python3
"""Plots the size-swept tables of a compare.sh results file (markdown) as SVG, with gnuplot.

usage: benches/plot_tables.py RESULTS.md OUTDIR [PATTERN]

For every "### PROGRAM: Latency(us)" or "Bandwidth(MB/s)" table whose first column is a
size (and whose program name matches the regular expression PATTERN, if given), writes
OUTDIR/PROGRAM.npN.svg per PE count: one line per library (the table's
"LIB N PEs" columns). compare.sh -o draws its own plots from raw runs; this script serves
results kept only as tables (a machine kind no longer at hand).
"""
import os
import re
import shutil
import subprocess
import sys


def tables(path):
    """Yields (program, unit, header, rows) for each size-swept table."""
    title = None
    header = None
    rows = []
    with open(path) as f:
        lines = f.read().splitlines() + [""]
    for line in lines:
        m = re.match(r"^### (\S+): (Latency\(us\)|Bandwidth\(MB/s\))", line)
        if m:
            title, header, rows = m.groups(), None, []
            continue
        if title and line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if header is None:
                header = cells
            elif not set(cells[0]) <= set("-: "):
                rows.append(cells)
            continue
        if title and header and rows:
            if header[0] == "Size":
                yield title[0], title[1], header, rows
            title, header, rows = None, None, []


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: plot_tables.py RESULTS.md OUTDIR [PATTERN]")
    gnuplot = shutil.which("gnuplot")
    if not gnuplot:
        sys.exit("plot_tables.py: gnuplot not found (apt install gnuplot-nox)")
    src, out = sys.argv[1], sys.argv[2]
    pattern = re.compile(sys.argv[3] if len(sys.argv) == 4 else "")
    os.makedirs(out, exist_ok=True)
    made = 0
    colours = {"ompi": "#d62728", "shoal": "#1f77b4", "mpi": "#2ca02c", "before": "#7f7f7f"}
    for prog, unit, header, rows in tables(src):
        if not pattern.search(prog):
            continue
        cols = {}  # PE count -> [(library, column index)]
        for i, h in enumerate(header):
            m = re.match(r"^(\w+) (\d+) PEs$", h)
            if m:
                cols.setdefault(int(m.group(2)), []).append((m.group(1), i))
        for np_, libs in sorted(cols.items()):
            dat = os.path.join(out, f"{prog}.np{np_}.dat")
            with open(dat, "w") as f:
                for r in rows:
                    vals = [r[i] if i < len(r) and re.match(r"^[0-9.e+]+$", r[i]) else "NaN"
                            for _, i in libs]
                    f.write(r[0] + " " + " ".join(vals) + "\n")
            svg = os.path.join(out, f"{prog}.np{np_}.svg")
            lines = [f"'{dat}' using 1:{k + 2} with linespoints lw 2 pt 7 ps 0.5 "
                     f"lc rgb '{colours.get(lib, '#000000')}' title '{lib}'"
                     for k, (lib, _) in enumerate(libs)]
            script = "\n".join([
                "set terminal svg size 900,480 dynamic noenhanced font 'sans,11'",
                f"set output '{svg}'",
                f"set title '{prog}, {np_} PEs'",
                "set logscale xy 2" if unit.startswith("Latency") else "set logscale xy 10",
                "set format x '%.0b%BB'", "set xlabel 'size'", f"set ylabel '{unit}'",
                "set key left top", "set grid", "plot " + ", ".join(lines)])
            if subprocess.run([gnuplot], input=script, text=True,
                              capture_output=True).returncode == 0:
                made += 1
            os.remove(dat)
    print(f"{made} plot(s) in {out}")


if __name__ == "__main__":
    main()
