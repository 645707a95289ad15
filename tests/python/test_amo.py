"""Atomics on one element, for every dtype of OpenSHMEM's AMO tables; bad input."""
import numpy as np
import pytest
import shoal

STD = [np.int32, np.int64, np.uint32, np.uint64, np.longlong, np.ulonglong]
EXT = STD + [np.float32, np.float64]
BIT = [np.int32, np.int64, np.uint32, np.uint64]


@pytest.mark.parametrize("dtype", STD)
def test_fetch_add_and_inc_from_every_pe(pe, dtype):
    me, n, right, left = pe
    with shoal.scoped_array(3, dtype, zero=True) as a:
        old = shoal.atomic_fetch_add(a, me + 1, 0, 1)   # every PE adds to PE 0's a[1]
        assert 0 <= old <= n * (n + 1) // 2
        shoal.atomic_add(a, 2, 0, 2)
        shoal.atomic_inc(a, right, 0)
        shoal.atomic_fetch_inc(a, right, 0)
        shoal.barrier_all()
        if me == 0:
            assert a[1] == n * (n + 1) // 2 and a[2] == 2 * n
        assert a[0] == 2
        shoal.barrier_all()  # every PE read its a[0] before the left one swaps it
        assert shoal.atomic_compare_swap(a, 2, 40 + me, right, 0) == 2
        shoal.barrier_all()
        assert shoal.atomic_fetch(a, me, 0) == 40 + left
        shoal.barrier_all()


@pytest.mark.parametrize("dtype", EXT)
def test_set_swap_fetch(pe, dtype):
    me, n, right, left = pe
    with shoal.scoped_array(2, dtype, zero=True) as a:
        shoal.atomic_set(a, me + 3, right, 1)
        shoal.barrier_all()
        assert a[1] == left + 3
        shoal.barrier_all()
        assert shoal.atomic_swap(a, 7, right, 1) == me + 3
        shoal.barrier_all()
        assert shoal.atomic_fetch(a, left, 1) == 7
        shoal.barrier_all()


@pytest.mark.parametrize("dtype", BIT)
def test_bitwise(pe, dtype):
    me, n, right, left = pe
    with shoal.scoped_array(3, dtype, zero=True) as a:
        shoal.atomic_or(a, 1 << me, 0, 0)
        shoal.atomic_fetch_or(a, 1 << me, 0, 1)
        shoal.barrier_all()
        if me == 0:
            assert a[0] == a[1] == (1 << n) - 1
        shoal.barrier_all()
        shoal.atomic_fetch_and(a, ~(1 << me) & 0xff, 0, 0)
        shoal.atomic_xor(a, 1 << me, 0, 1)
        shoal.atomic_fetch_xor(a, 3, me, 2)
        shoal.atomic_and(a, 1, me, 2)
        shoal.barrier_all()
        if me == 0:
            assert a[0] == 0 and a[1] == 0
        assert a[2] == 1
        shoal.barrier_all()


def test_tuple_index(pe):
    me, n, right, left = pe
    with shoal.scoped_array((2, 3), np.int64, zero=True) as a:
        shoal.atomic_add(a, 1, right, (1, 2))
        shoal.barrier_all()
        assert a[1, 2] == 1 and a.sum() == 1
        shoal.barrier_all()


def test_bad_amo_input(pe):
    me, n, right, left = pe
    with shoal.scoped_array(4, np.int8) as b, shoal.scoped_array(4, np.uint32) as u:
        with pytest.raises(shoal.Error, match=r"shoal.atomic_fetch_add: dtype int8 has no atomic_fetch_add \(it takes int32"):
            shoal.atomic_fetch_add(b, 1, 0)
        with pytest.raises(shoal.Error, match="shoal.atomic_xor: dtype float64"):
            with shoal.scoped_array(1) as f:
                shoal.atomic_xor(f, 1, 0)
        with pytest.raises(shoal.Error, match=r"shoal.atomic_add: index 4 is out of range \(dst has 4 elements\)"):
            shoal.atomic_add(u, 1, 0, 4)
        with pytest.raises(shoal.Error, match="shoal.atomic_add: value -1 does not fit the dtype"):
            shoal.atomic_add(u, -1, 0)
        with pytest.raises(shoal.Error, match="shoal.atomic_set: value 'x' is not an integer"):
            shoal.atomic_set(u, "x", 0)
        with pytest.raises(shoal.Error, match=f"shoal.atomic_inc: pe {n + 3} is out of range"):
            shoal.atomic_inc(u, n + 3)
        with pytest.raises(shoal.Error, match="shoal.atomic_fetch: src is not on the symmetric heap"):
            shoal.atomic_fetch(np.zeros(2, np.int64), 0)
