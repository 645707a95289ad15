#!/bin/bash
# benches/python/run.sh [BUILD]: per-call cost of the Python package on 2 PEs beside the same
# calls from C and mpi4py's window calls, in one run on this machine:
#   C        build/benches/shmem_{put,get,atomic}_latency and shmem_reduce (double sum) under shoalrun;
#   shoal    latency.py under shoalrun (the Python package over the C library);
#   mpi4py   latency.py under mpirun (Win Put/Get/Fetch_and_op + Flush), with the shoal
#            columns again (started over MPI) when Open MPI and mpi4py are there.
# PY: a Python with numpy and the package built for it (default /usr/bin/python3, Debian's).
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
run="$build/tools/shoalrun"
py=${PY:-/usr/bin/python3}
export PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p'); python $("$py" -c 'import sys; print(sys.version.split()[0])')"
echo "## C (shoalrun -n 2), us"
"$run" -n 2 "$build/benches/shmem_put_latency" -s 8:8 -q | grep -E '^ *8 '  | sed 's/^/put+quiet /'
"$run" -n 2 "$build/benches/shmem_get_latency" -s 8:8 -q | grep -E '^ *8 '  | sed 's/^/get /'
"$run" -n 2 "$build/benches/shmem_atomic_latency" -q | grep -iE 'fetch_add' | sed 's/^/atomic /'
"$run" -n 2 "$build/benches/shmem_put_latency" -s 1M:1M -q | grep -E '^ *1048576 ' | sed 's/^/put /'
"$run" -n 2 "$build/benches/shmem_reduce" -s 1M:1M -T double -O sum -q | grep -E '^ *1048576 ' | sed 's/^/sum-reduce /'
echo "## Python (shoalrun -n 2)"
"$run" -n 2 "$py" "$here/latency.py"
if command -v mpirun >/dev/null && "$py" -c 'import mpi4py' 2>/dev/null; then
    echo "## Python under mpirun -np 2 (mpi4py windows beside)"
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
        timeout 300 mpirun -np 2 -x PYTHONPATH -x ITERS "$py" "$here/latency.py"
fi
