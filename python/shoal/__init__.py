"""Shoal for Python: OpenSHMEM one-sided communication on numpy arrays (and CUDA arrays).

Names follow nvshmem4py's nvshmem.core where the concept is the same, OpenSHMEM's otherwise;
docs/python-users.md is the guide.
"""
from . import _core
from ._core import (  # noqa: F401  (the public names)
    CMP_EQ, CMP_GE, CMP_GT, CMP_LE, CMP_LT, CMP_NE, SIGNAL_ADD, SIGNAL_SET, TEAM_SHARED, TEAM_WORLD,
    DeviceArray, Error, Team,
    alltoall, alltoalls, atomic_add, atomic_and, atomic_compare_swap, atomic_fetch, atomic_fetch_add,
    atomic_fetch_and, atomic_fetch_inc, atomic_fetch_or, atomic_fetch_xor, atomic_inc, atomic_or,
    atomic_set, atomic_swap, atomic_xor, barrier, barrier_all, bootstrap_name, broadcast, collect,
    device_usable, fcollect, fence, g, get, get_nbi, global_exit, heap_free, my_pe, n_pes, p, put,
    put_nbi, put_signal, put_signal_nbi, quiet, reduce, signal_fetch, signal_wait_until, sync,
    sync_all, team_destroy, team_my_pe, team_n_pes, team_split_2d, team_split_strided,
    team_translate_pe, test, wait_until,
)
from ._array import LeakWarning, array, free, scoped_array, zeros  # noqa: F401
from ._runtime import Runtime, finalize, init  # noqa: F401

free_array = free  # nvshmem4py's name
__version__ = "0.1.0"
