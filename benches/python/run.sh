#!/bin/bash
# benches/python/run.sh [BUILD] [REPS]: per-call cost of the Python package on 2 PEs beside the
# same calls from C and mpi4py's window calls, in one run on this machine:
#   C        build/benches/python_loops (loops.c: latency.py's loops, call for call) under shoalrun;
#   shoal    latency.py under shoalrun (the Python package over the C library);
#   mpi4py   latency.py under mpirun (Win Put/Get/Fetch_and_op + Flush), with the shoal
#            columns again (started over MPI) when Open MPI and mpi4py are there.
# C and Python alternate REPS times (default 3); the table is each row's median.
# PY: a Python with numpy and the package built for it (default /usr/bin/python3, Debian's).
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
reps=${2:-3}
run="$build/tools/shoalrun"
py=${PY:-/usr/bin/python3}
export PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"
export ITERS=${ITERS:-20000}
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p'); python $("$py" -c 'import sys; print(sys.version.split()[0])'); $reps runs each, alternating"
for _ in $(seq "$reps"); do
    "$run" -n 2 "$build/benches/python_loops" >>"$raw"
    "$run" -n 2 "$py" "$here/latency.py" >>"$raw"
    if command -v mpirun >/dev/null && "$py" -c 'import mpi4py' 2>/dev/null; then
        OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
            timeout 300 mpirun -np 2 -x PYTHONPATH -x ITERS "$py" "$here/latency.py" | sed 's/^shoal /shoal-mpirun /' >>"$raw"
    fi
done
# Medians per row, then the table: C, Python (shoalrun), Python (mpirun), mpi4py.
"$py" - "$raw" <<'PY'
import re, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"(C|shoal|shoal-mpirun|mpi4py) (.+?)\s+([0-9.]+)$", line.strip())
    if m:
        rows.setdefault((m[1], m[2]), []).append(float(m[3]))
med = {k: statistics.median(v) for k, v in rows.items()}
mpi = {"put+quiet 8 B": "Put+Flush 8 B", "get 8 B": "Get+Flush 8 B", "fetch_add 8 B": "Fetch_and_op+Flush 8 B"}
print(f"{'call, us':18s} {'C':>9s} {'Python':>9s} {'Py-C':>8s} {'C/Py':>6s} {'Py mpirun':>10s} {'mpi4py':>9s} {'mpi4py/Py':>10s}")
for call in ["put+quiet 8 B", "get 8 B", "fetch_add 8 B", "put 1 MiB", "sum-reduce 1 MiB"]:
    c, p = med.get(("C", call)), med.get(("shoal", call))
    pm, w = med.get(("shoal-mpirun", call)), med.get(("mpi4py", mpi.get(call, "")))
    f = lambda x, fmt="9.3f": format(x, fmt) if x is not None else f"{'-':>9s}"
    print(f"{call:18s} {f(c)} {f(p)} {f(p - c if c and p else None, '8.3f')} {f(c / p if c and p else None, '6.2f')} "
          f"{f(pm, '10.3f')} {f(w)} {f(w / p if w and p else None, '9.1f') + ('x' if w and p else ' ')}")
print(f"# runs per row: {min(len(v) for v in rows.values())}")
PY
