// A vector goes round the ring of PEs inside kernels: each PE's block waits for its signal,
// adds its PE number to every element, and put_signal()s the vector to the next PE. PE 0
// prints the result, 0 + 1 + ... + (npes - 1) in every element.
//
// One source, two ways to run: on a GPU the body is a CUDA kernel over the device heap; on a
// machine without one, the same body runs as the device API's host emulation (a block of host
// threads over the host heap), so the example works everywhere.
//
// Compiled as C++20 on purpose: it includes the C++ facade (shoal/device.hpp).
#include <cuda_runtime.h>
#include <shmem.h>
#include <shmemx.h>
#include <shoal/device.hpp>
#include <shoal/device/emulate.h>

#include <cstdio>
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

__global__ void ring_kernel(dev::Context c, long *v, std::uint64_t *sig, std::size_t n) { ring_body(c, v, sig, n); }

int main()
{
    int gpus = 0;
    const bool gpu = cudaGetDeviceCount(&gpus) == cudaSuccess && gpus > 0;
    shmem_init();
    constexpr std::size_t n = 1 << 12;
    constexpr int threads = 128;
    auto *v = static_cast<long *>(gpu ? shmemx_device_calloc(n, sizeof(long)) : shmem_calloc(n, sizeof(long)));
    auto *sig = static_cast<std::uint64_t *>(gpu ? shmemx_device_calloc(1, 8) : shmem_calloc(1, 8));
    const dev::Context c = dev::Context::current();
    if (gpu) {
        ring_kernel<<<1, threads>>>(c, v, sig, n);
        cudaDeviceSynchronize();
    } else {
        dev::emulate::launch(threads, [&] { ring_body(c, v, sig, n); });
    }
    shmem_barrier_all();
    int rc = 0;
    if (c.my_pe() == 0) {
        std::vector<long> h(n);
        if (gpu)
            cudaMemcpy(h.data(), v, n * sizeof(long), cudaMemcpyDeviceToHost);
        else
            h.assign(v, v + n);
        const long want = static_cast<long>(c.n_pes()) * (c.n_pes() - 1) / 2;
        for (long x : h) rc |= x != want;
        std::printf("device ring (%s): %d PEs, every element %ld (want %ld): %s\n",
                    gpu ? "CUDA kernels" : "host emulation", c.n_pes(), h[0], want, rc ? "WRONG" : "ok");
    }
    if (gpu) {
        shmemx_device_free(sig);
        shmemx_device_free(v);
    } else {
        shmem_free(sig);
        shmem_free(v);
    }
    shmem_finalize();
    return rc;
}
