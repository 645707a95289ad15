#!/usr/bin/env python3
"""Plots one operation of benches/gpu/run.sh tables (results.md) as SVG, with gnuplot.

usage: benches/gpu/plot.py OP OUT.svg RESULTS.md [LABEL=OLDER_RESULTS.md ...]

One line per library and PE count that has figures (Shoal, NVSHMEM, NCCL), against the size;
each older table adds its Shoal lines, labelled, so a change shows beside what it replaced.
"""
import os
import subprocess
import sys
import tempfile


def columns(path, op):
    """{(library, PEs): [(bytes, value)]} and the unit of op's rows in a run.sh table."""
    lines, unit = {}, ""
    libs = ["Shoal", "NVSHMEM", "NCCL"]
    for row in open(path):
        f = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(f) != 7 or f[0] != op:
            continue
        unit = f[3]
        for lib, cell in zip(libs, f[4:]):
            try:
                point = (int(f[1]), float(cell.split()[0]))
            except (ValueError, IndexError):
                continue  # empty or skipped
            lines.setdefault((lib, int(f[2])), []).append(point)
    return lines, unit


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    op, out, current = sys.argv[1], sys.argv[2], sys.argv[3]
    series, unit = columns(current, op)
    named = [(f"{lib} {np} PE", pts) for (lib, np), pts in sorted(series.items(), key=lambda k: (k[0][1], k[0][0]))]
    for arg in sys.argv[4:]:
        label, path = arg.split("=", 1)
        older, _ = columns(path, op)
        named += [(f"Shoal {np} PE, {label}", pts) for (lib, np), pts in sorted(older.items()) if lib == "Shoal"]
    with tempfile.TemporaryDirectory() as tmp:
        plots = []
        for i, (name, pts) in enumerate(named):
            data = os.path.join(tmp, f"{i}.dat")
            with open(data, "w") as f:
                f.writelines(f"{b} {v}\n" for b, v in sorted(pts))
            dash = " dt 2" if "," in name else ""
            plots.append(f"'{data}' using 1:2 with linespoints title '{name}'{dash}")
        script = (f"set terminal svg size 900,560 font 'sans,11'\nset output '{out}'\nset logscale xy\n"
                  f"set xlabel 'bytes'\nset ylabel '{unit}'\nset key left top\nset grid\n"
                  f"set title '{op} (benches/gpu/run.sh)'\nplot " + ", ".join(plots) + "\n")
        subprocess.run(["gnuplot"], input=script, text=True, check=True)


if __name__ == "__main__":
    main()
