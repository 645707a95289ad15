"""Arrays on the symmetric heap: allocation, the collective free, and the lifetime checks.

The array shoal.array returns is a view of a hidden root array whose base is the block; numpy
points every later view at that root (it collapses chains of ndarray bases): so the root's
reference count tells free() whether views are alive. A DeviceArray and its slices hold the
block itself, and so does a DLPack export.
"""
import os
import sys
import warnings
import weakref

import numpy as np

from . import _core
from ._core import Error

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


class LeakWarning(UserWarning):
    """A symmetric array was garbage-collected without shoal.free: its memory stays allocated."""


def _site():
    """file:line of the caller outside this package: where an array was allocated."""
    f = sys._getframe(1)
    while f is not None and os.path.dirname(os.path.abspath(f.f_code.co_filename)) == _PACKAGE_DIR:
        f = f.f_back
    return f"{f.f_code.co_filename}:{f.f_lineno}" if f is not None else "?"


class _Block:
    """One symmetric allocation; the base object of its array and of every view of it."""

    __slots__ = ("ptr", "nbytes", "device", "site", "array", "freed", "__weakref__")

    def __del__(self):
        # Free is collective, so the collector (which runs at different times on each PE) must
        # never free: say where the array came from, and leave the memory allocated.
        if not self.freed and _core.initialized():
            warnings.warn(f"shoal: the symmetric array allocated at {self.site} was garbage-collected "
                          "without shoal.free(); its memory stays allocated until finalize "
                          "(free is collective: call shoal.free on every PE, or use 'with shoal.scoped_array')",
                          LeakWarning, stacklevel=2)


_live = {}  # ptr -> weakref to _Block, in allocation order (finalize invalidates them)


def array(shape, dtype=np.float64, device=False):
    """Collective: an uninitialised array of shape and dtype on the symmetric heap (device=True:
    the GPU's device heap, as a DeviceArray). Free it with shoal.free on every PE."""
    if not _core.initialized():
        raise Error("shoal.array: call shoal.init() first")
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(int(s) for s in shape)
    if not shape or any(s < 0 for s in shape):
        raise Error(f"shoal.array: shape {shape} must have at least one axis and no negative length")
    dt = np.dtype(dtype)
    if dt.hasobject or dt.kind not in "biufc":
        raise Error(f"shoal.array: dtype {dt} is not a number type")
    if device and not _core.device_usable():
        raise Error("shoal.array: device=True needs a GPU and libshoal_cuda.so (or SHOAL_CUDA_PLUGIN), "
                    "and none is usable here")
    nbytes = dt.itemsize * int(np.prod(shape, dtype=np.int64))
    blk = _Block()
    blk.ptr, blk.nbytes, blk.device, blk.site, blk.freed = 0, nbytes, bool(device), _site(), True
    blk.ptr = _core._malloc(nbytes, bool(device))
    blk.freed = False
    if device:
        a = _core.DeviceArray(blk.ptr, dt, list(shape), blk)
    else:
        a = _core._numpy_view(blk.ptr, dt, list(shape), blk).view()
    blk.array = weakref.ref(a)
    _live[blk.ptr] = weakref.ref(blk)
    return a


def zeros(shape, dtype=np.float64, device=False):
    """Collective: as array(), filled with zeros (on every PE, before any PE may write to it)."""
    a = array(shape, dtype, device)
    if device:
        a.copy_from_host(np.zeros(a.shape, a.dtype))
    else:
        a.fill(0)
    _core.sync_all()  # no PE's put may land before another PE zeroed its copy
    return a


def _owner(a, routine):
    """(block, the object whose references count a's views) of the array shoal.array returned."""
    if isinstance(a, _core.DeviceArray):
        blk = root = a._block
    else:
        root = getattr(a, "base", None)
        blk = root.base if isinstance(root, np.ndarray) else None
    if not isinstance(blk, _Block):
        raise Error(f"shoal.{routine}: the array is not from shoal.array")
    if blk.freed:
        raise Error(f"shoal.{routine}: the array allocated at {blk.site} was freed already")
    if blk.array() is not a:
        raise Error(f"shoal.{routine}: pass the array shoal.array returned (allocated at {blk.site}), not a view of it")
    return blk, root


def _own_refs(root, blk):
    """References to root when no view is alive: the array's (a.base, or DeviceArray.block),
    the caller's local root, getrefcount's argument, and its local blk when root is the block."""
    return 4 if root is blk else 3


def free(a):
    """Collective: release an array from shoal.array. Raises shoal.Error on every PE, freeing
    nothing, when a view of it is still alive on any PE."""
    blk, root = _owner(a, "free")
    views = sys.getrefcount(root) - _own_refs(root, blk)
    if not _core._all_true(_scratch(), views == 0, "shoal.free"):
        mine = f"{views} view(s) of it are alive on this PE" if views else "a view of it is alive on another PE"
        msg = (f"shoal.free: the array allocated at {blk.site} is not freed: {mine} "
               "(delete them first; no PE freed it)")
        del blk, root  # the traceback keeps this frame: they must not count as views later
        raise Error(msg)
    blk.freed = True
    del _live[blk.ptr]
    _core._free(blk.ptr)
    _core._invalidate(a)
    if root is not blk:
        _core._invalidate(root)


class scoped_array:
    """Collective: `with shoal.scoped_array(shape, dtype) as a:` frees a at the end of the block."""

    def __init__(self, shape, dtype=np.float64, device=False, zero=False):
        self.array = (zeros if zero else array)(shape, dtype, device)

    def __enter__(self):
        return self.array

    def __exit__(self, *exc):
        a, self.array = self.array, None
        free(a)
        return False


_scratch_ptr = None


def _scratch():
    """Two ints of symmetric memory for free's agreement, allocated once per init."""
    return _scratch_ptr


def _start():
    global _scratch_ptr
    _scratch_ptr = _core._malloc(8, False)


def _stop():
    """Before finalize: every array still allocated becomes empty, so no read reaches the
    unmapped heap through it; views still alive are reported."""
    global _scratch_ptr
    for ref in list(_live.values()):
        blk = ref()
        if blk is None or blk.freed:
            continue
        blk.freed = True
        a = blk.array()
        if a is None:
            continue  # only views are left: they are reported below by the block's count
        root = a._block if isinstance(a, _core.DeviceArray) else a.base
        views = sys.getrefcount(root) - _own_refs(root, blk)
        _core._invalidate(a)
        if root is not blk:
            _core._invalidate(root)
        if views > 0:
            warnings.warn(f"shoal: {views} view(s) of the array allocated at {blk.site} are alive at finalize: "
                          "their memory goes away with the heap", LeakWarning, stacklevel=3)
    _live.clear()
    _scratch_ptr = None
