"""Under mpirun: mpi4py starts MPI, shoal.init(comm=MPI.COMM_WORLD) starts on it; PE numbers are
the ranks, and a put is checked against an MPI allreduce. A communicator that does not span
MPI_COMM_WORLD is refused with shoal.Error."""
import sys

import numpy as np
from mpi4py import MPI

import shoal

comm = MPI.COMM_WORLD
half = comm.Split(comm.Get_rank() % 2, comm.Get_rank())
if comm.Get_size() > 1:
    try:
        shoal.init(comm=half)
        sys.exit("shoal.init took a communicator that does not span MPI_COMM_WORLD")
    except shoal.Error as e:
        assert "does not span MPI_COMM_WORLD" in str(e), e

with shoal.init(comm=comm):
    me, n = shoal.my_pe(), shoal.n_pes()
    assert (me, n) == (comm.Get_rank(), comm.Get_size()) and shoal.bootstrap_name() == "mpi"
    with shoal.scoped_array(4, np.int64, zero=True) as a:
        shoal.put(a, np.full(4, me + 1, np.int64), (me + 1) % n)
        shoal.barrier_all()
        total = comm.allreduce(int(a[0]), op=MPI.SUM)
        assert total == n * (n + 1) // 2, total
        assert a[0] == (me - 1) % n + 1
print(f"PE {me}: ok")
