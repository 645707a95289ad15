"""Under mpirun: mpi4py starts MPI, shoal.init(comm=...) starts on a communicator; PE numbers are
its ranks. argv[1] "world": MPI.COMM_WORLD; "halves": COMM_WORLD split into even and odd ranks,
each half a job of its own. A put ring and a sum-reduce are checked against the world ranks MPI
says are in the job; MPI still works after shoal.finalize. Bad communicators raise shoal.Error."""
import sys

import numpy as np
from mpi4py import MPI

import shoal

world = MPI.COMM_WORLD
mode = sys.argv[1] if len(sys.argv) > 1 else "world"
comm = world if mode == "world" else world.Split(world.Get_rank() % 2, world.Get_rank())

for bad in (MPI.COMM_NULL, "COMM_WORLD"):
    try:
        shoal.init(comm=bad)
        sys.exit(f"shoal.init took comm={bad!r}")
    except shoal.Error as e:
        assert "shoal.init: comm" in str(e), e

members = comm.allgather(world.Get_rank())  # world ranks of this job's PEs, in PE order
with shoal.init(mpi_comm=comm):  # nvshmem4py's name for comm
    me, n = shoal.my_pe(), shoal.n_pes()
    assert (me, n) == (comm.Get_rank(), comm.Get_size()) and shoal.bootstrap_name() == "mpi", (me, n)
    shoal.init(comm=comm)  # started already on this communicator: nothing happens
    if mode == "halves" and world.Get_size() > 1:
        try:
            shoal.init(comm=world)
            sys.exit("shoal.init(comm=world) passed while started on half of it")
        except shoal.Error as e:
            assert "already started" in str(e), e
    with shoal.scoped_array(4, np.int64, zero=True) as a, shoal.scoped_array(2, np.int64) as s:
        shoal.put(a, np.full(4, 100 + world.Get_rank(), np.int64), (me + 1) % n)
        shoal.barrier_all()
        assert a[0] == 100 + members[(me - 1) % n], (a[0], members)
        s[0] = 100 + world.Get_rank()
        shoal.reduce(shoal.TEAM_WORLD, s[1:], s[:1], "sum")
        assert s[1] == sum(100 + r for r in members), (s[1], members)
assert world.allreduce(1, op=MPI.SUM) == world.Get_size()
print(f"rank {world.Get_rank()}: PE {me} of {n}: ok")
