"""put/get, nbi, strided views, put-with-signal: values written by one PE, read on another."""
import numpy as np
import pytest
import shoal


def pattern(pe, n=16, dtype=np.int64):
    return (np.arange(n) + 1000 * pe).astype(dtype)


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int32, np.int64, np.float32, np.float64,
                                   np.complex128, np.longdouble])
def test_put_to_right_neighbour(pe, dtype):
    me, n, right, left = pe
    with shoal.scoped_array(16, dtype, zero=True) as a:
        shoal.put(a, pattern(me, dtype=dtype), right)
        shoal.barrier_all()
        np.testing.assert_array_equal(a, pattern(left, dtype=dtype))
        shoal.barrier_all()


def test_get_from_right_neighbour(pe):
    me, n, right, left = pe
    with shoal.scoped_array((4, 4), np.float64) as a:
        a[:] = pattern(me).reshape(4, 4)
        shoal.barrier_all()
        out = np.empty((4, 4))
        shoal.get(out, a, right)
        np.testing.assert_array_equal(out, pattern(right).reshape(4, 4))
        shoal.barrier_all()


def test_nbi_complete_after_quiet(pe):
    me, n, right, left = pe
    with shoal.scoped_array(1024, np.int32, zero=True) as a:
        src = np.full(1024, me + 1, np.int32)
        shoal.put_nbi(a, src, right)
        shoal.quiet()
        shoal.barrier_all()
        assert (a == left + 1).all()
        got = np.empty(1024, np.int32)
        shoal.get_nbi(got, a, right)
        shoal.quiet()
        assert (got == me + 1).all()
        shoal.barrier_all()


def test_slice_and_strided_views(pe):
    me, n, right, left = pe
    with shoal.scoped_array(20, np.int64, zero=True) as a:
        shoal.put(a[10:15], pattern(me, 5), right)        # a contiguous slice
        shoal.put(a[0:10:2], pattern(me, 10)[::2], right)  # strided both sides: iput
        shoal.barrier_all()
        np.testing.assert_array_equal(a[10:15], pattern(left, 5))
        np.testing.assert_array_equal(a[0:10:2], pattern(left, 10)[::2])
        assert (a[1:10:2] == 0).all()
        got = np.zeros(10, np.int64)
        shoal.get(got[::2], a[0:10:2], right)              # iget: right holds what I put
        np.testing.assert_array_equal(got[::2], pattern(me, 10)[::2])
        shoal.barrier_all()


@pytest.mark.parametrize("dtype", [np.int16, np.float64, np.complex128])
def test_views_of_several_axes(pe, dtype):
    """2-D sub-blocks, transposes, reversed and element-wise views, both directions."""
    me, n, right, left = pe
    grid = lambda p: (np.arange(48) + 100 * p).astype(dtype).reshape(6, 8)
    with shoal.scoped_array((6, 8), dtype, zero=True) as a, shoal.scoped_array((8, 6), dtype, zero=True) as t:
        shoal.put(a[1:5, 2:7], grid(me)[1:5, 2:7], right)       # a sub-block (runs of 5)
        shoal.put(t, grid(me).T, right)                          # a transpose: element by element runs
        shoal.put_nbi(a[5, ::-1], grid(me)[5, ::-1], right)      # both reversed
        shoal.quiet()
        shoal.barrier_all()
        want = np.zeros((6, 8), dtype)
        want[1:5, 2:7] = grid(left)[1:5, 2:7]
        want[5] = grid(left)[5]
        np.testing.assert_array_equal(a, want)
        np.testing.assert_array_equal(t, grid(left).T)
        got = np.zeros((12, 16), dtype)
        shoal.get(got[::3, 1:15:3], a[1:5, 2:7], right)         # strided on both sides, rows of 5
        np.testing.assert_array_equal(got[::3, 1:15:3], grid(me)[1:5, 2:7])
        assert np.count_nonzero(got) == np.count_nonzero(grid(me)[1:5, 2:7])
        rev = np.zeros(8, dtype)
        shoal.get_nbi(rev[::-1], a[5], right)                    # one side reversed: element by element
        shoal.quiet()
        np.testing.assert_array_equal(rev, grid(me)[5][::-1])
        shoal.barrier_all()


@pytest.mark.parametrize("dtype,value", [(np.int8, -7), (np.uint64, 2**64 - 3), (np.float32, 2.5),
                                         (np.complex128, 1 - 2j)])
def test_p_and_g_one_element(pe, dtype, value):
    me, n, right, left = pe
    with shoal.scoped_array((2, 3), dtype, zero=True) as a:
        shoal.p(a, value, right, (1, 2))                  # a tuple index
        shoal.p(a, me + 1, right)                         # a flat one
        shoal.barrier_all()
        assert a[1, 2] == dtype(value) and a[0, 0] == left + 1 and np.count_nonzero(a) == 2
        got = shoal.g(a, right, 5)
        assert isinstance(got, np.generic) and got == dtype(value)
        assert shoal.g(a, left, (0, 0)) == (left - 1) % n + 1   # what its left neighbour stored
        shoal.barrier_all()


def test_bad_p_and_g_input(pe):
    me, n, right, left = pe
    with shoal.scoped_array(4, np.int64) as a:
        with pytest.raises(shoal.Error, match="shoal.p: value 'x' does not fit dtype int64"):
            shoal.p(a, "x", 0)
        with pytest.raises(shoal.Error, match=r"shoal.g: pe %d is out of range" % n):
            shoal.g(a, n)
        with pytest.raises(shoal.Error, match="shoal.g: index 4 is out of range"):
            shoal.g(a, 0, 4)
        with pytest.raises(shoal.Error, match="shoal.p: dst is not on the symmetric heap"):
            shoal.p(np.zeros(4, np.int64), 1, 0)
    shoal.barrier_all()


def test_put_signal_then_wait(pe):
    me, n, right, left = pe
    with shoal.scoped_array(8, np.float64, zero=True) as data, \
         shoal.scoped_array(1, np.uint64, zero=True) as sig:
        shoal.put_signal(data, np.full(8, me + 0.5), sig, 7, shoal.SIGNAL_ADD, right)
        assert shoal.signal_wait_until(sig, shoal.CMP_EQ, 7) == 7
        assert (data == left + 0.5).all()
        assert shoal.signal_fetch(sig) == 7
        shoal.barrier_all()


def test_wait_until_and_test(pe):
    me, n, right, left = pe
    with shoal.scoped_array(4, np.int32, zero=True) as flag:
        assert shoal.test(flag, shoal.CMP_EQ, 0, 2)
        shoal.barrier_all()
        shoal.atomic_set(flag, me + 1, right, 2)
        shoal.wait_until(flag, shoal.CMP_EQ, left + 1, 2)
        assert flag[2] == left + 1
        shoal.barrier_all()


def test_bad_rma_input(pe):
    me, n, right, left = pe
    with shoal.scoped_array(8, np.int64) as a:
        with pytest.raises(shoal.Error, match=r"shoal.put: pe %d is out of range \(%d PEs\)" % (n, n)):
            shoal.put(a, np.zeros(8, np.int64), n)
        with pytest.raises(shoal.Error, match="shoal.get: pe -1 is out of range"):
            shoal.get(np.zeros(8, np.int64), a, -1)
        with pytest.raises(shoal.Error, match="shoal.put: dst is not on the symmetric heap"):
            shoal.put(np.zeros(8, np.int64), a, 0)
        with pytest.raises(shoal.Error, match="shoal.put: dst is int64 but src is float64"):
            shoal.put(a, np.zeros(8), 0)
        with pytest.raises(shoal.Error, match="shoal.put: dst has 8 elements but src has 3"):
            shoal.put(a, np.zeros(3, np.int64), 0)
        with pytest.raises(shoal.Error, match="shoal.put: src is a list"):
            shoal.put(a, [1, 2], 0)
        with pytest.raises(shoal.Error, match="shoal.put: dst has 8 elements but src has 9"):
            shoal.put(a, np.zeros((6, 6), np.int64)[::2, ::2], 0)
        with pytest.raises(shoal.Error, match="steps 3 bytes along an axis"):
            shoal.put(a, np.lib.stride_tricks.as_strided(np.zeros(32, np.int64), (2, 4), (3, 8)), 0)
        with pytest.raises(shoal.Error, match="shoal.get: src is not on the symmetric heap"):
            big = np.zeros((4, 4), np.int64)
            shoal.get(big[:, :2], np.lib.stride_tricks.as_strided(a, (4, 2), (64, 8)), 0)  # past a's end
        with pytest.raises(shoal.Error, match="signals are uint64"):
            shoal.signal_fetch(a)
        with pytest.raises(shoal.Error, match="cmp 9 is not one of"):
            shoal.wait_until(a, 9, 0)
    shoal.barrier_all()
