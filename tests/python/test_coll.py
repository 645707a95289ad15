"""Collectives on arrays, on the world and on split teams: reduce (every op), broadcast,
fcollect, collect, alltoall; shape and dtype mismatches."""
import numpy as np
import pytest
import shoal

OPS = {"sum": np.sum, "prod": np.prod, "min": np.min, "max": np.max,
       "and": np.bitwise_and.reduce, "or": np.bitwise_or.reduce, "xor": np.bitwise_xor.reduce}
CASES = [(op, dt) for op in ("sum", "prod", "min", "max") for dt in (np.int8, np.int32, np.uint64, np.float32, np.float64)]
CASES += [(op, dt) for op in ("and", "or", "xor") for dt in (np.uint8, np.int16, np.int64)]
CASES += [("sum", np.complex128), ("prod", np.complex64), ("max", np.longdouble)]


@pytest.mark.parametrize("op,dtype", CASES)
def test_reduce(pe, op, dtype):
    me, n, right, left = pe
    values = lambda p: (np.arange(5) + p + 1).astype(dtype)  # noqa: E731
    with shoal.scoped_array(5, dtype) as src, shoal.scoped_array(5, dtype) as dst:
        src[:] = values(me)
        shoal.reduce(shoal.TEAM_WORLD, dst, src, op)
        want = OPS[op](np.stack([values(p) for p in range(n)]), axis=0).astype(dtype)
        np.testing.assert_allclose(dst, want, rtol=1e-6)


def test_broadcast_fcollect_collect_alltoall(pe):
    me, n, right, left = pe
    root = n - 1
    with shoal.scoped_array(6, np.int32) as src, shoal.scoped_array(6 * n, np.int32) as dst:
        src[:] = np.arange(6) + 10 * me
        shoal.broadcast(None, dst[:6], src, root)
        np.testing.assert_array_equal(dst[:6], np.arange(6) + 10 * root)
        shoal.fcollect(None, dst, src)
        np.testing.assert_array_equal(dst, np.concatenate([np.arange(6) + 10 * p for p in range(n)]))
        # collect: PE p gives p + 1 elements
        shoal.collect(None, dst, src[:me + 1])
        np.testing.assert_array_equal(dst[:n * (n + 1) // 2],
                                      np.concatenate([np.arange(p + 1) + 10 * p for p in range(n)]))
    with shoal.scoped_array(2 * n, np.float64) as src, shoal.scoped_array(2 * n, np.float64) as dst:
        src[:] = [100 * me + j for j in range(n) for _ in range(2)]   # block j for PE j
        shoal.alltoall(None, dst, src)
        np.testing.assert_array_equal(dst, [100 * i + me for i in range(n) for _ in range(2)])


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.float32, np.complex64, np.complex128])
def test_alltoalls_strided(pe, dtype):
    """nelems 2 per member: every 2nd element of src to every 3rd of dst (sizes 1-16 bytes)."""
    me, n, right, left = pe
    k, ss, ds = 2, 2, 3
    with shoal.scoped_array((n * k - 1) * ss + 1, dtype, zero=True) as src, \
         shoal.scoped_array((n * k - 1) * ds + 1, dtype, zero=True) as dst:
        for j in range(n):
            for e in range(k):
                src[(j * k + e) * ss] = 10 * me + 3 * j + e + 1     # element e of the block for PE j
        shoal.alltoalls(None, dst, src, ds, ss, k)
        want = np.zeros_like(dst)
        for i in range(n):
            for e in range(k):
                want[(i * k + e) * ds] = 10 * i + 3 * me + e + 1    # from PE i, its block for me
        np.testing.assert_array_equal(dst, want)
        shoal.barrier_all()


def test_bad_alltoalls_input(pe):
    me, n, right, left = pe
    with shoal.scoped_array(4 * n, np.int64) as a, shoal.scoped_array(4 * n, np.int64) as b:
        with pytest.raises(shoal.Error, match="shoal.alltoalls: strides 0, 1 must be 1 or more"):
            shoal.alltoalls(None, a, b, 0, 1, 1)
        with pytest.raises(shoal.Error, match=rf"shoal.alltoalls: src has {4 * n} elements; {n} blocks of 4 at stride 2 need"):
            shoal.alltoalls(None, a, b, 1, 2, 4)
        with pytest.raises(shoal.Error, match="shoal.alltoalls: nelems -1 is negative"):
            shoal.alltoalls(None, a, b, 1, 1, -1)
    shoal.barrier_all()


def test_collectives_on_a_split_team(pe):
    me, n, right, left = pe
    team = shoal.team_split_strided(shoal.TEAM_WORLD, 0, 2, (n + 1) // 2)  # the even PEs
    with shoal.scoped_array(3, np.int64) as src, shoal.scoped_array(3, np.int64) as dst:
        src[:] = me
        if team is not None:
            assert me % 2 == 0 and team.my_pe() == me // 2
            shoal.reduce(team, dst, src, "sum")
            assert (dst == sum(range(0, n, 2))).all()
            shoal.broadcast(team, dst, src, team.n_pes() - 1)
            assert (dst == 2 * (team.n_pes() - 1)).all()
            shoal.barrier(team)
            shoal.team_destroy(team)
        else:
            assert me % 2 == 1
        shoal.barrier_all()


def test_bad_collective_input(pe):
    me, n, right, left = pe
    with shoal.scoped_array(4, np.float64) as a, shoal.scoped_array(5, np.float64) as b, \
         shoal.scoped_array(4, np.int32) as i:
        with pytest.raises(shoal.Error, match="shoal.reduce: dst has 5 elements; a reduction's dst is as long as src"):
            shoal.reduce(None, b, a)
        with pytest.raises(shoal.Error, match="shoal.reduce: dst is int32 but src is float64"):
            shoal.reduce(None, i, a)
        with pytest.raises(shoal.Error, match="shoal.reduce: op 'mean' is not one of"):
            shoal.reduce(None, a, a, "mean")
        with pytest.raises(shoal.Error, match="shoal.reduce: dtype float64 has no xor reduction"):
            shoal.reduce(None, a, a, "xor")
        with pytest.raises(shoal.Error, match=f"shoal.broadcast: root {n} is out of range"):
            shoal.broadcast(None, a, a, n)
        with pytest.raises(shoal.Error, match=rf"shoal.fcollect: dst has \d+ elements; .* needs {4 * n}"):
            shoal.fcollect(None, a, a) if n > 1 else shoal.fcollect(None, b, a)
        with pytest.raises(shoal.Error, match="shoal.reduce: src is not on the symmetric heap"):
            shoal.reduce(None, a, np.zeros(4))
        with pytest.raises(shoal.Error, match="shoal.reduce: team 3 is not a shoal.Team"):
            shoal.reduce(3, a, a)
