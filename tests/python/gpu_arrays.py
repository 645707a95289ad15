"""On a GPU (suite gpu; exits 77, skipped, where no GPU is usable or neither CuPy nor PyTorch is
installed): device arrays taken by CuPy (__cuda_array_interface__) and PyTorch (DLPack) without a
copy, written by their kernels, moved between PEs on their streams; values checked on the
receiving PE. Run under shoalrun at 1 and 2 PEs (the GPU runbook's gpu suite)."""
import sys

import numpy as np

import shoal

try:
    import cupy
except ImportError:
    cupy = None
try:
    import torch
    if not torch.cuda.is_available():
        torch = None
except ImportError:
    torch = None

N = 1 << 16
shoal.init()
if not shoal.device_usable() or (cupy is None and torch is None):
    why = "no GPU usable by shoal" if not shoal.device_usable() else "neither CuPy nor PyTorch"
    if shoal.my_pe() == 0:
        print(f"gpu_arrays: skipped ({why})")
    shoal.finalize()
    sys.exit(77)

me, n = shoal.my_pe(), shoal.n_pes()
right, left = (me + 1) % n, (me - 1) % n
checked = []


def check_cupy():
    dst = shoal.zeros(N, np.float32, device=True)
    src = shoal.array(N, np.float32, device=True)
    sig = shoal.zeros(1, np.uint64, device=True)
    c_src, c_dst = cupy.asarray(src), cupy.asarray(dst)
    assert c_src.data.ptr == src.ptr and c_dst.data.ptr == dst.ptr, "CuPy copied the array"
    s = cupy.cuda.Stream(non_blocking=True)
    with s:
        c_src[:] = cupy.arange(N, dtype=cupy.float32) + 1000 * me   # a CuPy kernel writes it
    shoal.put_signal(dst, src, sig, 1, shoal.SIGNAL_ADD, right, stream=s)  # Stream.ptr
    shoal.signal_wait_until(sig, shoal.CMP_GE, 1, stream=s)
    s.synchronize()
    want = np.arange(N, dtype=np.float32) + 1000 * left
    np.testing.assert_array_equal(cupy.asnumpy(c_dst), want)
    shoal.barrier_all()
    # A 2-D view of every other row, moved on the stream (runs of one row each).
    g = shoal.zeros((8, 64), np.int32, device=True)
    c_g = cupy.asarray(g)
    with s:
        c_g[:] = me + 1
    shoal.barrier_all(stream=s)
    shoal.put(g[1::2], g[::2], right, stream=s)                   # my even rows -> its odd rows
    shoal.quiet(stream=s)
    shoal.barrier_all(stream=s)
    s.synchronize()
    got = cupy.asnumpy(c_g)
    assert (got[::2] == me + 1).all() and (got[1::2] == left + 1).all(), got[:2, :4]
    # CuPy's DLPack import holds the block, so free refuses while it lives (its
    # __cuda_array_interface__ import holds the DeviceArray object only: free cannot see that).
    c_dl = cupy.from_dlpack(dst)
    assert c_dl.data.ptr == dst.ptr
    try:
        shoal.free(dst)
        raise SystemExit("shoal.free freed an array CuPy still holds")
    except shoal.Error as e:
        assert "is not freed" in str(e), e
    del c_src, c_dst, c_g, c_dl
    for a in (dst, src, sig, g):
        shoal.free(a)
    checked.append("cupy")


def check_torch():
    red = shoal.zeros(N, np.float64, device=True)
    src = shoal.array(N, np.float64, device=True)
    t_src, t_red = torch.from_dlpack(src), torch.from_dlpack(red)
    assert t_src.data_ptr() == src.ptr and t_red.data_ptr() == red.ptr, "PyTorch copied the array"
    assert t_src.is_cuda and t_src.shape == (N,) and t_src.dtype == torch.float64
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        t_src.copy_(torch.arange(N, dtype=torch.float64, device=t_src.device) * (me + 1))
    shoal.reduce(shoal.TEAM_WORLD, red, src, "sum", stream=s)        # Stream.cuda_stream
    shoal.broadcast(shoal.TEAM_WORLD, src, red, n - 1, stream=s.cuda_stream)  # an int handle
    s.synchronize()
    total = n * (n + 1) / 2
    want = np.arange(N, dtype=np.float64) * total
    np.testing.assert_array_equal(t_red.cpu().numpy(), want)
    np.testing.assert_array_equal(t_src.cpu().numpy(), want)
    shoal.barrier_all()
    del t_src, t_red
    shoal.free(red)
    shoal.free(src)
    checked.append("torch")


if cupy is not None:
    check_cupy()
if torch is not None:
    check_torch()
shoal.finalize()
print(f"PE {me} of {n}: ok ({', '.join(checked)})")
