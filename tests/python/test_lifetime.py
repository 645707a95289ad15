"""Symmetric lifetime: free is collective and refuses while views are alive on any PE; a freed
array is empty and errors; an array collected without free warns, naming where it was made."""
import gc
import inspect
import warnings

import numpy as np
import pytest
import shoal


def test_free_refuses_while_a_view_is_alive_on_any_pe(pe):
    me, n, right, left = pe
    a = shoal.zeros(10, np.int64)
    view = a[2:5] if me == n - 1 else None     # only the last PE keeps a view
    with pytest.raises(shoal.Error, match="is not freed: .*(view\\(s\\) of it are alive on this PE|another PE)"):
        shoal.free(a)
    del view
    shoal.free(a)                               # now every PE agrees


def test_a_freed_array_is_empty_and_errors(pe):
    me, n, right, left = pe
    a = shoal.array(4, np.float64)
    shoal.free(a)
    assert a.size == 0 and not a.flags.writeable
    with pytest.raises(IndexError):
        a[0]
    with pytest.raises(shoal.Error, match="shoal.put: dst was freed"):
        shoal.put(a, np.zeros(0), right)
    with pytest.raises(shoal.Error, match="shoal.free: the array .* was freed already"):
        shoal.free(a)


def test_free_takes_the_array_not_a_view(pe):
    a = shoal.array(4, np.int32)
    with pytest.raises(shoal.Error, match="not a view of it"):
        shoal.free(a[1:])
    with pytest.raises(shoal.Error, match="shoal.free: the array is not from shoal.array"):
        shoal.free(np.zeros(3))
    shoal.free(a)


def test_collected_without_free_warns_with_its_site(pe):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        site = f"test_lifetime.py:{inspect.currentframe().f_lineno + 1}"
        shoal.array(3, np.int64)  # dropped at once: collected without free
        gc.collect()
    msgs = [str(w.message) for w in caught if issubclass(w.category, shoal.LeakWarning) and site in str(w.message)]
    assert len(msgs) == 1 and "without shoal.free" in msgs[0], [str(w.message) for w in caught]
    shoal.barrier_all()


def test_scoped_array_frees_at_the_end_of_the_block(pe):
    before = shoal.heap_free()
    with shoal.scoped_array(1 << 16, np.uint8) as a:
        assert shoal.heap_free() < before
    assert a is not None and a.size == 0 and shoal.heap_free() == before
