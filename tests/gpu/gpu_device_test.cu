// The device suite's cases as real CUDA kernels (plain nvcc, no -rdc) over the device heap,
// plus the host API on device memory. The collectives are in gpu_device_coll.cu and the
// reduction sweep in gpu_device_reduce.cu, so the three compile side by side. Exits 77 (skipped) when there is no GPU. The kernel
// bodies are the host emulation's (tests/device/device_kernels.hpp).
// Compiled as C++20 on purpose: it includes the C++ facade (shoal/shoal.hpp, shoal/device.hpp).
#include <cuda_runtime.h>
#include <shmem.h>
#include <shmemx.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <shoal/device.hpp>
#include <shoal/shoal.hpp>

#include "gpu_check.hpp"
#include "gpu_device_parts.hpp"
#include "../device/device_kernels.hpp"

namespace {

namespace d = shoal::device;
namespace k = device_kernels;
using d::context;
using gpu_device_parts::make_context;


template <class S> __global__ void put_right_k(context c, long *dest, const long *src, std::size_t n)
{
    k::put_right<S>(c, dest, src, n);
}
__global__ void ring_k(context c, long *token, std::uint64_t *sig, int rounds, long *last)
{
    *last = k::ring(c, token, sig, rounds);
}
template <class S>
__global__ void put_signal_k(context c, long *dest, const long *src, std::size_t n, std::uint64_t *sig, int r, int *bad)
{
    const int b = k::put_signal_round<S>(c, dest, src, n, sig, r);
    if (S::rank() == 0) atomicAdd(bad, b);
}
__global__ void amo_k(context c, long *counter, unsigned long long *mask, int times)
{
    k::amo_hammer(c, counter, mask, static_cast<int>(threadIdx.x), times);
}
template <class S> __global__ void barrier_k(context c, long *slot, int iters, int *bad)
{
    const int b = k::barrier_rounds<S>(c, slot, iters);
    atomicAdd(bad, b);
}

std::vector<long> fetch(const long *dev, std::size_t n)
{
    std::vector<long> h(n);
    CUDA(cudaMemcpy(h.data(), dev, n * sizeof(long), cudaMemcpyDeviceToHost));
    return h;
}

template <class S> void put_right_case(int threads)
{
    const context c = make_context();
    constexpr std::size_t n = 1000;
    auto *dest = static_cast<long *>(shmemx_device_calloc(n, sizeof(long)));
    auto *src = static_cast<long *>(shmemx_device_malloc(n * sizeof(long)));
    std::vector<long> h(n);
    for (std::size_t i = 0; i < n; i++) h[i] = k::value(c.my_pe, i, threads);
    CUDA(cudaMemcpy(src, h.data(), n * sizeof(long), cudaMemcpyHostToDevice));
    shmem_barrier_all();
    put_right_k<S><<<1, threads>>>(c, dest, src, n);
    CUDA(cudaDeviceSynchronize());
    const auto got = fetch(dest, n);
    for (std::size_t i = 0; i < n; i++) CHECK(got[i] == k::value(k::left(c), i, threads));
    shmem_barrier_all();
    shmem_free(src);
    shmemx_device_free(dest);
}

void ring_case()
{
    const context c = make_context();
    auto *token = static_cast<long *>(shmemx_device_calloc(1, sizeof(long)));
    auto *sig = static_cast<std::uint64_t *>(shmemx_device_calloc(1, sizeof(std::uint64_t)));
    long *last = nullptr;
    CUDA(cudaMallocManaged(&last, sizeof *last));
    constexpr int rounds = 20;
    ring_k<<<1, 1>>>(c, token, sig, rounds, last);
    CUDA(cudaDeviceSynchronize());
    if (c.my_pe == 0) CHECK(*last == static_cast<long>(rounds) * c.npes);
    cudaFree(last);
    shmem_barrier_all();
    shmemx_device_free(sig);
    shmemx_device_free(token);
}

template <class S> void put_signal_case(int threads)
{
    const context c = make_context();
    constexpr std::size_t n = 300;
    auto *dest = static_cast<long *>(shmemx_device_calloc(n, sizeof(long)));
    auto *src = static_cast<long *>(shmemx_device_malloc(n * sizeof(long)));
    auto *sig = static_cast<std::uint64_t *>(shmemx_device_calloc(1, sizeof(std::uint64_t)));
    int *bad = nullptr;
    CUDA(cudaMallocManaged(&bad, sizeof *bad));
    *bad = 0;
    std::vector<long> h(n);
    for (int r = 0; r < 3; r++) {
        for (std::size_t i = 0; i < n; i++) h[i] = k::value(c.my_pe, i, r);
        CUDA(cudaMemcpy(src, h.data(), n * sizeof(long), cudaMemcpyHostToDevice));
        shmem_barrier_all();
        put_signal_k<S><<<1, threads>>>(c, dest, src, n, sig, r, bad);
        CUDA(cudaDeviceSynchronize());
        CHECK(*bad == 0);
    }
    cudaFree(bad);
    shmem_barrier_all();
    shmemx_device_free(sig);
    shmemx_device_free(src);
    shmemx_device_free(dest);
}

void amo_case()
{
    const context c = make_context();
    auto *counter = static_cast<long *>(shmemx_device_calloc(1, sizeof(long)));
    auto *mask = static_cast<unsigned long long *>(shmemx_device_calloc(1, sizeof(unsigned long long)));
    constexpr int times = 50, threads = 128;
    amo_k<<<1, threads>>>(c, counter, mask, times);
    CUDA(cudaDeviceSynchronize());
    shmem_barrier_all();
    if (c.my_pe == 0) {
        CHECK(fetch(counter, 1)[0] == static_cast<long>(times) * threads * c.npes);
        unsigned long long want = 0, got = 0;
        for (int pe = 0; pe < c.npes; pe++)
            for (int t = 0; t < threads; t++) want ^= 1ull << ((pe * 7 + t) % 64);
        CUDA(cudaMemcpy(&got, mask, sizeof got, cudaMemcpyDeviceToHost));
        CHECK(got == want);
    }
    shmem_barrier_all();
    shmemx_device_free(mask);
    shmemx_device_free(counter);
}

template <class S> void barrier_case(int threads)
{
    const context c = make_context();
    auto *slot = static_cast<long *>(shmemx_device_calloc(1, sizeof(long)));
    int *bad = nullptr;
    CUDA(cudaMallocManaged(&bad, sizeof *bad));
    *bad = 0;
    barrier_k<S><<<1, threads>>>(c, slot, 10, bad);
    CUDA(cudaDeviceSynchronize());
    CHECK(*bad == 0);
    cudaFree(bad);
    shmem_barrier_all();
    shmemx_device_free(slot);
}

__global__ void facade_k(shoal::device::Context c, long *dest, const long *src, std::size_t n, int pe)
{
    shoal::device::put<d::scope::block>(c, d::span<long>(dest, n), d::span<const long>(src, n), pe);
}

/** The C++ facade: device buffers (shoal::on_device) and a typed block put with the Context. */
void facade_case()
{
    const int me = shmem_my_pe(), n = shmem_n_pes();
    constexpr std::size_t len = 777;
    shoal::SymmetricBuffer<long> dest(len, shoal::on_device), src(len, shoal::on_device, shoal::no_init);
    CHECK(dest.placement() == shoal::Placement::device);
    std::vector<long> h(len);
    for (std::size_t i = 0; i < len; i++) h[i] = k::value(me, i, 3);
    CUDA(cudaMemcpy(src.data(), h.data(), len * sizeof(long), cudaMemcpyHostToDevice));
    shmem_barrier_all();
    facade_k<<<1, 128>>>(shoal::device::Context::current(), dest.data(), src.data(), len, (me + 1) % n);
    CUDA(cudaDeviceSynchronize());
    shmem_barrier_all();
    const auto got = fetch(dest.data(), len);
    for (std::size_t i = 0; i < len; i++) CHECK(got[i] == k::value((me + n - 1) % n, i, 3));
}

/** The host API on device memory: put/get/p/g and AMOs through the segment's mem ops. */
void host_api_case()
{
    const int me = shmem_my_pe(), n = shmem_n_pes(), right = (me + 1) % n, left = (me + n - 1) % n;
    constexpr std::size_t len = 4096;
    auto *dev = static_cast<long *>(shmem_malloc_with_hints(len * sizeof(long), SHMEMX_MALLOC_DEVICE));
    auto *ctr = static_cast<long *>(shmemx_device_calloc(1, sizeof(long)));
    CHECK(dev != nullptr && ctr != nullptr);
    std::vector<long> h(len);
    for (std::size_t i = 0; i < len; i++) h[i] = k::value(me, i, 7);
    shmem_long_put(dev, h.data(), len, right);
    shmem_long_atomic_add(ctr, 1, 0);
    shmem_barrier_all();
    const auto got = fetch(dev, len);
    for (std::size_t i = 0; i < len; i++) CHECK(got[i] == k::value(left, i, 7));
    std::vector<long> back(len);
    shmem_long_get(back.data(), dev, len, right); // right holds what I wrote
    for (std::size_t i = 0; i < len; i++) CHECK(back[i] == k::value(me, i, 7));
    CHECK(shmem_long_g(dev + 5, left) == k::value((left + n - 1) % n, 5, 7)); // left's left wrote it
    CHECK(shmem_long_atomic_fetch(ctr, 0) == n);
    shmem_barrier_all();
    shmem_free(dev);
    shmemx_device_free(ctr);
    // Exhausted: NULL (with a warning), on every PE alike.
    CHECK(shmemx_device_malloc(shmemx_device_heap_size() + 1) == nullptr);
}

} // namespace

int main()
{
    if (gpu_check::no_gpu()) return gpu_check::skipped;
    shmem_init();
    host_api_case();
    facade_case();
    put_right_case<d::scope::thread>(1);
    put_right_case<d::scope::warp>(32);
    put_right_case<d::scope::block>(128);
    ring_case();
    put_signal_case<d::scope::thread>(1);
    put_signal_case<d::scope::warp>(32);
    put_signal_case<d::scope::block>(128);
    amo_case();
    barrier_case<d::scope::thread>(1);
    barrier_case<d::scope::warp>(32);
    barrier_case<d::scope::block>(128);
    gpu_device_parts::coll_cases();
    const int me = shmem_my_pe();
    shmem_finalize();
    return gpu_check::exit_status(me);
}
