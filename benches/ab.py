#!/usr/bin/env python3
"""Shoal against itself: two or more variants (another library, or environment settings) of
the same benchmarks, interleaved, idle or beside busy processes; prints each row's median per
variant and, per program, the geometric mean over its rows of the first variant's figure over
each other's (> 1: that variant is faster; for a bandwidth or rate program, slower). For a
change whose effect is a few percent on a VM whose speed moves 2-4x within seconds: every
repetition runs each program once per variant, the order turning each repetition, so every
variant meets every moment alike; run the first variant twice (-v default -v default) to see
how far two runs of one code differ.

  benches/ab.py [-r N] [-n PES] [-l BUSY] [-i "BUSY_MS IDLE_MS"] [-a ARGS] [-c COLUMN] -v VARIANT ... \
                -p "PROGRAM [ARGS]" ... [BUILD_DIR]

  -v VARIANT  'default' (as built), or comma-separated NAME=VALUE settings; lib=DIR runs the
              programs against the libshoal.so in DIR (LD_LIBRARY_PATH: the programs' RUNPATH
              yields to it)
  -p PROGRAM  a program of BUILD_DIR/benches with its arguments, e.g. "shmem_reduce -s 8:64K"
  -r N        repetitions (default 6); -n PES (default 2)
  -l BUSY     busy processes beside the runs (default 0; BUILD_DIR/benches/busy_load, killed
              at the end); -i "B I": each busy B ms then idle I ms in turns
  -a ARGS     arguments for every program (default "-t 0.05 -L 0.03 -S 0.2", as under_load.sh)
  -c COLUMN   the column of each row compared (default 1, the first figure; with a program's -f,
              3 is the slowest PE's)
"""
import argparse, math, os, statistics, subprocess, sys, time

ap = argparse.ArgumentParser(usage=__doc__)
ap.add_argument('-v', dest='variants', action='append', required=True)
ap.add_argument('-p', dest='programs', action='append', required=True)
ap.add_argument('-r', dest='reps', type=int, default=6)
ap.add_argument('-n', dest='pes', default='2')
ap.add_argument('-l', dest='busy', type=int, default=0)
ap.add_argument('-i', dest='intermittent', default='')
ap.add_argument('-a', dest='args', default='-t 0.05 -L 0.03 -S 0.2')
ap.add_argument('-c', dest='column', type=int, default=1)
ap.add_argument('build', nargs='?', default='build')
o = ap.parse_args()
if len(o.variants) < 2:
    sys.exit('ab.py: give at least two variants (-v)')
if o.column < 1:
    sys.exit(f'ab.py: -c {o.column}: the column must be 1 or more (0 is the row name)')


def environment(variant):
    env = dict(os.environ)
    if variant == 'default':
        return env
    for kv in variant.split(','):
        name, eq, value = kv.partition('=')
        if not eq:
            sys.exit(f'ab.py: variant {variant!r}: {kv!r} is not NAME=VALUE')
        if name == 'lib':
            if not os.path.exists(os.path.join(value, 'libshoal.so.0')):
                sys.exit(f'ab.py: variant {variant!r}: no libshoal.so.0 in {value}')
            name = 'LD_LIBRARY_PATH'
        env[name] = value
    return env


shoalrun = os.path.join(o.build, 'tools', 'shoalrun')
busy = [subprocess.Popen([os.path.join(o.build, 'benches', 'busy_load')] + o.intermittent.split())
        for _ in range(o.busy)]
time.sleep(1 if busy else 0)
times = {}  # (program, row, variant index) -> [us per repetition]
try:
    for r in range(o.reps):
        for prog in o.programs:
            order = list(enumerate(o.variants))
            for i, v in (order if r % 2 == 0 else order[::-1]):
                cmd = [shoalrun, '-n', o.pes, os.path.join(o.build, 'benches', prog.split()[0])]
                cmd += prog.split()[1:] + o.args.split()
                run = subprocess.run(cmd, env=environment(v), capture_output=True, text=True)
                if run.returncode != 0:
                    sys.exit(f'ab.py: {" ".join(cmd)} ({v}) failed:\n{run.stderr}')
                for line in run.stdout.splitlines():
                    f = line.split()
                    if len(f) > o.column and not line.startswith('#'):
                        times.setdefault((prog, f[0], i), []).append(float(f[o.column]))
finally:
    for b in busy:
        b.kill()

print(f'# {o.pes} PEs, {o.busy} busy process(es) {o.intermittent}, {o.reps} repetitions; '
      f'variants: ' + '; '.join(f'[{i}] {v}' for i, v in enumerate(o.variants)))
for prog in o.programs:
    rows = sorted({k[1] for k in times if k[0] == prog}, key=lambda s: (len(s), s))
    if not rows:
        sys.exit(f'ab.py: {prog} printed no row with a column {o.column} (-c)')
    print(f'{prog}: medians (us) per variant, then [0]/[i]')
    ratios = {i: [] for i in range(1, len(o.variants))}
    for row in rows:
        med = [statistics.median(times[(prog, row, i)]) for i in range(len(o.variants))]
        for i, m in enumerate(med[1:], 1):
            ratios[i].append(med[0] / m)
        print(f'  {row:>12} ' + ' '.join(f'{m:9.3f}' for m in med) + '   ' +
              ' '.join(f'{med[0] / m:5.2f}' for m in med[1:]))
    for i in ratios:
        g = math.exp(sum(map(math.log, ratios[i])) / len(ratios[i]))
        print(f'  geomean [0]/[{i}]: {g:.3f}')
