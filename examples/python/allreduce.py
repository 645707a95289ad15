"""An all-reduce loop on the symmetric heap, checked against the closed form:
    shoalrun -n 4 python3 examples/python/allreduce.py    (or mpirun -np 4, or alone)
Each step every PE adds its neighbour's vector (a put) and then all-reduces (sum)."""
import sys

import numpy as np

import shoal

with shoal.init():
    me, n = shoal.my_pe(), shoal.n_pes()
    steps, size = 10, 1 << 12
    with shoal.scoped_array(size, np.float64) as x, shoal.scoped_array(size, np.float64) as total, \
         shoal.scoped_array(size, np.float64, zero=True) as inbox:
        x[:] = me + 1
        for _ in range(steps):
            shoal.put(inbox, x, (me + 1) % n)      # my vector to my right neighbour
            shoal.barrier_all()
            x += inbox                            # x_me += x_left
            shoal.reduce(shoal.TEAM_WORLD, total, x, "sum")
            shoal.barrier_all()                   # no put of the next step lands before all read
        # Every PE doubles the world's sum each step: total = 2^steps * n(n+1)/2.
        want = 2.0 ** steps * n * (n + 1) / 2
        ok = np.allclose(total, want)
        if me == 0:
            print(f"{n} PEs, {steps} steps: total {total[0]:.0f}, expected {want:.0f}: {'ok' if ok else 'WRONG'}")
    if not ok:
        sys.exit(1)
