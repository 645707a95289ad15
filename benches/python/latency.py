"""Per-call cost from Python on 2 PEs (PE 0 drives, PE 1 is the target), OSU-style columns:
8 B put+quiet, get, fetch-add, beside mpi4py's window calls (Put/Get/Fetch_and_op + Flush);
1 MiB put and 1 MiB sum-reduce. Run under mpirun for the mpi4py columns:
    mpirun -np 2 python3 benches/python/latency.py     (shoalrun -n 2: shoal columns only)
"""
import os
import sys
import time

import numpy as np

try:
    if "OMPI_COMM_WORLD_SIZE" not in os.environ:
        raise ImportError
    from mpi4py import MPI  # first: shoal then starts on the MPI mpi4py started
except ImportError:
    MPI = None
import shoal

ITERS = int(os.environ.get("ITERS", "20000"))


def timed(fn, iters):
    for _ in range(iters // 10):
        fn()
    t = time.perf_counter()
    for _ in range(iters):
        fn()
    return (time.perf_counter() - t) / iters * 1e6


with shoal.init():
    me, n = shoal.my_pe(), shoal.n_pes()
    peer = 1 % n
    rows = []
    with shoal.scoped_array(1, np.int64, zero=True) as a, shoal.scoped_array(1 << 17, np.float64) as big, \
         shoal.scoped_array(1 << 17, np.float64) as red:
        src = np.ones(1, np.int64)
        out = np.empty(1, np.int64)
        bsrc = np.ones(1 << 17)
        shoal.barrier_all()
        if me == 0:
            put, quiet, get, fadd = shoal.put, shoal.quiet, shoal.get, shoal.atomic_fetch_add

            def put_quiet():
                put(a, src, peer)
                quiet()
            rows.append(("shoal put+quiet 8 B", timed(put_quiet, ITERS)))
            rows.append(("shoal get 8 B", timed(lambda: get(out, a, peer), ITERS)))
            rows.append(("shoal fetch_add 8 B", timed(lambda: fadd(a, 1, peer), ITERS)))
            rows.append(("shoal put 1 MiB", timed(lambda: put(big, bsrc, peer), 200)))
        shoal.barrier_all()
        t = timed(lambda: shoal.reduce(shoal.TEAM_WORLD, red, big, "sum"), 100)
        if me == 0:
            rows.append(("shoal sum-reduce 1 MiB", t))
    if MPI is not None:
        comm = MPI.COMM_WORLD
        buf = np.zeros(1, np.int64)
        win = MPI.Win.Create(buf, comm=comm)
        win.Lock_all()
        if me == 0:
            one, res = np.ones(1, np.int64), np.empty(1, np.int64)

            def mpi_put():
                win.Put(one, peer)
                win.Flush(peer)

            def mpi_get():
                win.Get(res, peer)
                win.Flush(peer)

            def mpi_fadd():
                win.Fetch_and_op(one, res, peer, op=MPI.SUM)
                win.Flush(peer)
            rows.append(("mpi4py Put+Flush 8 B", timed(mpi_put, ITERS)))
            rows.append(("mpi4py Get+Flush 8 B", timed(mpi_get, ITERS)))
            rows.append(("mpi4py Fetch_and_op+Flush 8 B", timed(mpi_fadd, ITERS)))
        win.Unlock_all()
        comm.Barrier()
        win.Free()
    if me == 0:
        print(f"# {n} PEs, bootstrap {shoal.bootstrap_name()}; latency(us) per call")
        for name, us in rows:
            print(f"{name:34s} {us:10.3f}")
    sys.stdout.flush()
