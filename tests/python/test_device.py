"""device=True arrays and the on-stream calls, over the emulated CUDA runtime
(SHOAL_CUDA_PLUGIN=libshoal_cuda_emu.so): DLPack, __cuda_array_interface__, streams as ints
and as objects, values checked on the receiving PE."""
import ctypes
import os

import numpy as np
import pytest
import shoal

EMU = os.environ.get("SHOAL_CUDA_PLUGIN", "")
pytestmark = pytest.mark.skipif("cuda_emu" not in EMU, reason="needs SHOAL_CUDA_PLUGIN=libshoal_cuda_emu.so")


class Stream:
    """An emulated stream, shaped like CuPy's and PyTorch's (.cuda_stream)."""
    lib = ctypes.CDLL(EMU) if EMU else None

    def __init__(self):
        create = self.lib._ZN5shoal6device7emulate4cuda13stream_createEb
        create.restype, create.argtypes = ctypes.c_void_p, [ctypes.c_bool]
        self.cuda_stream = create(False)

    def synchronize(self):
        sync = self.lib._ZN5shoal6device7emulate4cuda18stream_synchronizeEP11CUstream_st
        sync.argtypes = [ctypes.c_void_p]
        assert sync(self.cuda_stream) == 0


def device_sync():
    assert Stream.lib._ZN5shoal6device7emulate4cuda18device_synchronizeEv() == 0


def test_interfaces(pe):
    with shoal.scoped_array((4, 3), np.float32, device=True) as d:
        cai = d.__cuda_array_interface__
        assert cai["shape"] == (4, 3) and cai["typestr"] == "<f4" and cai["data"][0] == d.ptr
        assert cai["strides"] == (12, 4) and cai["version"] == 3
        cap0 = d.__dlpack__()
        assert d.__dlpack_device__() == (2, 0)  # kDLCUDA
        with pytest.raises(BufferError, match="copy=True"):
            d.__dlpack__(copy=True)
        with pytest.raises(BufferError, match="is not the array's device"):
            d.__dlpack__(dl_device=(1, 0))
        del cap0
        cap = d.__dlpack__(stream=None, max_version=(1, 0), dl_device=(2, 0), copy=False)
        is_valid = ctypes.pythonapi.PyCapsule_IsValid
        is_valid.restype, is_valid.argtypes = ctypes.c_int, [ctypes.py_object, ctypes.c_char_p]
        assert is_valid(cap, b"dltensor") == 1
        # An unconsumed capsule holds the block: free must refuse, on every PE.
        with pytest.raises(shoal.Error, match="is not freed"):
            shoal.free(d)
        del cap
        assert d[1].shape == (3,) and d[1:3].shape == (2, 3) and d[::2].strides == (24, 4)


def test_host_api_on_device_arrays(pe):
    me, n, right, left = pe
    with shoal.scoped_array(8, np.int64, device=True, zero=True) as d:
        shoal.put(d, np.arange(8) + 10 * me, right)
        shoal.atomic_add(d, 100, right, 0)
        shoal.barrier_all()
        np.testing.assert_array_equal(d.copy_to_host(), np.arange(8) + 10 * left + 100 * (np.arange(8) == 0))
        shoal.barrier_all()
        shoal.p(d, -5, right, 7)
        shoal.barrier_all()
        assert shoal.g(d, me, 7) == -5 and shoal.g(d, right, 1) == 10 * me + 1
        shoal.barrier_all()


class StreamProtocol:
    """Only the CUDA stream protocol (cuda.core's shape): __cuda_stream__() -> (version, handle)."""

    def __init__(self, s):
        self.s = s

    def __cuda_stream__(self):
        return (0, self.s.cuda_stream)


@pytest.mark.parametrize("stream_kind", ["int", "object", "protocol"])
def test_on_stream_put_signal_and_reduce(pe, stream_kind):
    me, n, right, left = pe
    s = Stream()
    stream = {"int": s.cuda_stream, "object": s, "protocol": StreamProtocol(s)}[stream_kind]
    with shoal.scoped_array(64, np.float32, device=True, zero=True) as dst, \
         shoal.scoped_array(64, np.float32, device=True) as src, \
         shoal.scoped_array(1, np.uint64, device=True, zero=True) as sig, \
         shoal.scoped_array(64, np.float32, device=True) as red:
        src.copy_from_host(np.full(64, me + 1, np.float32))
        shoal.put(dst, src, right, stream=stream)
        shoal.quiet(stream=stream)
        shoal.barrier_all(stream=stream)
        s.synchronize()
        assert (dst.copy_to_host() == left + 1).all()
        shoal.put_signal(dst[:8], src[:8], sig, 1, shoal.SIGNAL_ADD, right, stream=stream)
        shoal.signal_wait_until(sig, shoal.CMP_GE, 1, stream=stream)
        s.synchronize()
        shoal.barrier_all()
        shoal.reduce(shoal.TEAM_WORLD, red, src, "sum", stream=stream)
        s.synchronize()
        assert (red.copy_to_host() == n * (n + 1) / 2).all()
        shoal.barrier_all()


def test_on_stream_views_of_several_axes(pe):
    """Every other row of a 2-D device array: runs of one row each, on a stream and not."""
    me, n, right, left = pe
    s = Stream()
    with shoal.scoped_array((4, 6), np.int32, device=True, zero=True) as dst, \
         shoal.scoped_array((4, 6), np.int32, device=True) as src:
        src.copy_from_host(np.arange(24, dtype=np.int32).reshape(4, 6) + 100 * me)
        shoal.put(dst[::2], src[::2], right, stream=s)
        shoal.quiet(stream=s)
        s.synchronize()
        shoal.barrier_all()
        want = np.arange(24, dtype=np.int32).reshape(4, 6) + 100 * left
        want[1::2] = 0
        np.testing.assert_array_equal(dst.copy_to_host().reshape(4, 6), want)
        got = np.zeros((2, 6), np.int32)
        shoal.get(got, dst[1::2], right)                 # host call, device source rows
        assert (got == 0).all()
        shoal.barrier_all()


def test_bad_stream_input(pe):
    with shoal.scoped_array(4, np.int32) as host, shoal.scoped_array(4, np.int32, device=True) as d:
        with pytest.raises(shoal.Error, match="shoal.put: dst is on the host heap: calls on a stream take device arrays"):
            shoal.put(host, np.zeros(4, np.int32), 0, stream=0)
        with pytest.raises(shoal.Error, match="shoal.put: stream 'x' is neither an int handle"):
            shoal.put(d, np.zeros(4, np.int32), 0, stream="x")
        with pytest.raises(shoal.Error, match="shoal.reduce: op 'nope' is not one of"):
            shoal.reduce(None, d, d, "nope", stream=0)
