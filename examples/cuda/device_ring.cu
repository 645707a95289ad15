// A vector goes round the ring of PEs inside kernels: each PE's block waits for its signal, adds
// its PE number to every element, and put_signal()s the vector to the next PE. PE 0 checks the
// result, 0 + 1 + ... + (npes - 1) in every element.
//
// One kernel body, ring_body, run twice by this program:
//   1. by the host emulation of the device API (shoal::device::emulate::launch: a block of host
//      threads over the host symmetric heap), on any machine;
//   2. where the program was built by nvcc and a GPU is present, as a CUDA kernel over the
//      device heap.
// device_ring_emu.cpp builds this same file with a C++ compiler alone: the emulation only.
//
//     shoalrun -n 4 ./device_ring
#if defined(__CUDACC__)
#include <cuda_runtime.h>
#endif
#include <shmem.h>
#include <shmemx.h>
#include <shoal/device.hpp>
#include <shoal/device/emulate.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace dev = shoal::device;
using block = dev::scope::block;

SHOAL_HD void ring_body(const dev::Context &c, long *v, std::uint64_t *sig, std::size_t n)
{
    const int me = c.my_pe(), right = (me + 1) % c.n_pes();
    if (me != 0) dev::signal_wait_until(c, sig, SHMEM_CMP_EQ, 1);
    for (std::size_t i = static_cast<std::size_t>(block::rank()); i < n; i += static_cast<std::size_t>(block::size()))
        v[i] += me;
    block::sync();
    dev::put_signal<block>(c, v, v, n, sig, 1, SHMEM_SIGNAL_SET, right);
    if (me == 0) dev::signal_wait_until(c, sig, SHMEM_CMP_EQ, 1); // back from the last PE
}

constexpr std::size_t n = 1 << 12;
constexpr int threads = 128;

/** PE 0 checks what came back round and says so; 0 when right. */
int report(const char *where, const dev::Context &c, const std::vector<long> &got)
{
    int rc = 0;
    if (c.my_pe() != 0) return 0;
    const long want = static_cast<long>(c.n_pes()) * (c.n_pes() - 1) / 2;
    for (long x : got) rc |= x != want;
    std::printf("device ring (%s): %d PEs, every element %ld (want %ld): %s\n", where, c.n_pes(), got[0], want,
                rc ? "WRONG" : "ok");
    return rc;
}

/** The emulation, over the host heap (before any device memory exists, so the context
 *  describes the host heap). */
int run_emulated()
{
    auto *v = static_cast<long *>(shmem_calloc(n, sizeof(long)));
    auto *sig = static_cast<std::uint64_t *>(shmem_calloc(1, sizeof(std::uint64_t)));
    const dev::Context c = dev::Context::current();
    dev::emulate::launch(threads, [&] { ring_body(c, v, sig, n); });
    shmem_barrier_all();
    const int rc = report("host emulation", c, std::vector<long>(v, v + n));
    shmem_free(sig);
    shmem_free(v);
    return rc;
}

#if defined(__CUDACC__)
__global__ void ring_kernel(dev::Context c, long *v, std::uint64_t *sig, std::size_t n) { ring_body(c, v, sig, n); }

/** The same body as a CUDA kernel over the device heap. */
int run_on_gpu()
{
    auto *v = static_cast<long *>(shmemx_device_calloc(n, sizeof(long)));
    auto *sig = static_cast<std::uint64_t *>(shmemx_device_calloc(1, sizeof(std::uint64_t)));
    const dev::Context c = dev::Context::current();
    ring_kernel<<<1, threads>>>(c, v, sig, n);
    int rc = cudaDeviceSynchronize() != cudaSuccess;
    shmem_barrier_all();
    std::vector<long> h(n);
    rc |= cudaMemcpy(h.data(), v, n * sizeof(long), cudaMemcpyDeviceToHost) != cudaSuccess;
    rc |= report("CUDA kernel", c, h);
    shmemx_device_free(sig);
    shmemx_device_free(v);
    return rc;
}
#endif

int main()
{
    shmem_init();
    int rc = run_emulated();
#if defined(__CUDACC__)
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) == cudaSuccess && gpus > 0) rc |= run_on_gpu();
    else if (shmem_my_pe() == 0) std::printf("device ring (CUDA kernel): no GPU here, not run\n");
#endif
    shmem_finalize();
    return rc;
}
