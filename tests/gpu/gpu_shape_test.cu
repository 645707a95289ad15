// The launch-shape cases of the device suite (tests/device/shape_kernels.hpp, run there by the
// host emulation) as CUDA kernels over the device heap: warps of blocks of 1, 16, 33, 96 (3-D)
// and 1024 threads; barriers and a reduction from every block of a cooperative launch; and a
// host put, atomic and quiet on device memory while a kernel waits for them. Plain nvcc, no
// -rdc. Exits 77 (skipped) when there is no GPU.
#include <cuda_runtime.h>
#include <shmem.h>
#include <shmemx.h>

#include <cstdio>
#include <vector>

#include <shoal/device/api.h>

#include "gpu_check.hpp"
#include "../device/shape_kernels.hpp"

namespace {

namespace d = shoal::device;
namespace k = shape_kernels;
using d::context;


__global__ void warp_ring_k(context c, long *dest, long *src, std::size_t n, int *bad)
{
    atomicAdd(bad, k::warp_ring(c, dest, src, n));
}
__global__ void warp_get_k(context c, long *got, const long *src, std::size_t n) { k::warp_get(c, got, src, n); }
template <class S> __global__ void barriers_k(context c, long *slots, int iters, int *bad)
{
    atomicAdd(bad, k::cooperative_barriers<S>(c, slots, iters));
}
__global__ void reduce_k(context c, long *a, long *b, std::size_t n, int *bad)
{
    atomicAdd(bad, k::cooperative_reduce(c, SHMEM_TEAM_WORLD, b, a, n) + k::cooperative_reduce(c, SHMEM_TEAM_WORLD, a, a, n));
}
__global__ void wait_k(context c, std::uint64_t *flags, long *out)
{
    d::signal_wait_until(c, flags, SHMEM_CMP_EQ, 1);
    d::signal_wait_until(c, flags + 1, SHMEM_CMP_EQ, 1);
    d::signal_wait_until(c, flags + 2, SHMEM_CMP_EQ, 1);
    *out = 42;
}

context make_context()
{
    context c{};
    CHECK(shmemx_device_context(&c) == 0);
    CHECK(c.kind == SHOAL_DEVICE_HEAP_GPU);
    return c;
}

template <class T> std::vector<T> fetch(const T *dev, std::size_t n)
{
    std::vector<T> h(n);
    CUDA(cudaMemcpy(h.data(), dev, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}

/** Says which case starts (PE 0, flushed): a case that hangs on a GPU is named in the log. */
void starting(const char *what)
{
    if (shmem_my_pe() == 0) {
        std::printf("case: %s\n", what);
        std::fflush(stdout);
    }
}

int *new_counter()
{
    int *bad = nullptr;
    CUDA(cudaMallocManaged(&bad, sizeof *bad));
    *bad = 0;
    return bad;
}

void warp_case(dim3 grid, dim3 block)
{
    char what[96];
    std::snprintf(what, sizeof what, "warp ring, grid %ux%ux%u, block %ux%ux%u", grid.x, grid.y, grid.z, block.x, block.y, block.z);
    starting(what);
    constexpr std::size_t n = 45;
    const std::size_t groups = grid.x * grid.y * grid.z * ((block.x * block.y * block.z + 31) / 32);
    auto *dest = static_cast<long *>(shmemx_device_calloc(groups * n, sizeof(long)));
    auto *src = static_cast<long *>(shmemx_device_calloc(groups * n, sizeof(long)));
    long *got = nullptr;
    CUDA(cudaMalloc(&got, groups * n * sizeof(long)));
    const context c = make_context();
    int *bad = new_counter();
    warp_ring_k<<<grid, block>>>(c, dest, src, n, bad);
    CUDA(cudaDeviceSynchronize());
    shmem_barrier_all();
    warp_get_k<<<grid, block>>>(c, got, src, n);
    CUDA(cudaDeviceSynchronize());
    CHECK(*bad == 0);
    const auto put = fetch(dest, groups * n), back = fetch(got, groups * n);
    for (std::size_t i = 0; i < groups * n; i++) {
        CHECK(put[i] == k::value(k::left(c), static_cast<int>(i / n), i % n));
        CHECK(back[i] == k::value(k::left(c), static_cast<int>(i / n), i % n));
    }
    shmem_barrier_all();
    cudaFree(bad);
    cudaFree(got);
    shmemx_device_free(src);
    shmemx_device_free(dest);
}

template <class S> void barrier_case(dim3 block, int iters)
{
    starting("cooperative barriers");
    const dim3 grid(2, 2, 1);
    auto *slots = static_cast<long *>(shmemx_device_calloc(8, sizeof(long)));
    const context c = make_context();
    int *bad = new_counter();
    void *args[] = {const_cast<context *>(&c), &slots, &iters, &bad};
    CUDA(cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(&barriers_k<S>), grid, block, args, 0, nullptr));
    CUDA(cudaDeviceSynchronize());
    CHECK(*bad == 0);
    shmem_barrier_all();
    cudaFree(bad);
    shmemx_device_free(slots);
}

void reduce_case()
{
    starting("cooperative reduce");
    std::size_t n = 20011;
    auto *a = static_cast<long *>(shmemx_device_malloc(n * sizeof(long)));
    auto *b = static_cast<long *>(shmemx_device_malloc(n * sizeof(long)));
    const context c = make_context();
    int *bad = new_counter();
    void *args[] = {const_cast<context *>(&c), &a, &b, &n, &bad};
    CUDA(cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(&reduce_k), dim3(3), dim3(64), args, 0, nullptr));
    CUDA(cudaDeviceSynchronize());
    CHECK(*bad == 0);
    shmem_barrier_all();
    cudaFree(bad);
    shmemx_device_free(b);
    shmemx_device_free(a);
}

void host_calls_while_a_kernel_waits()
{
    starting("host calls while a kernel waits");
    auto *flags = static_cast<std::uint64_t *>(shmemx_device_calloc(3, sizeof(std::uint64_t)));
    long *out = nullptr;
    CUDA(cudaMallocManaged(&out, sizeof *out));
    *out = 0;
    const context c = make_context();
    cudaStream_t s;
    CUDA(cudaStreamCreate(&s)); // a blocking stream: ordered after the legacy stream's work
    shmem_barrier_all();
    wait_k<<<1, 1, 0, s>>>(c, flags, out);
    const std::uint64_t one = 1;
    shmem_putmem(flags, &one, sizeof one, shmem_my_pe());
    shmem_quiet();
    shmem_uint64_atomic_set(flags + 1, 1, shmem_my_pe());
    shmem_uint64_atomic_add(flags + 2, 1, (shmem_my_pe() + 1) % shmem_n_pes());
    CUDA(cudaStreamSynchronize(s));
    CHECK(*out == 42);
    shmem_barrier_all();
    CUDA(cudaStreamDestroy(s));
    cudaFree(out);
    shmemx_device_free(flags);
}

} // namespace

int main()
{
    if (gpu_check::no_gpu()) return gpu_check::skipped;
    shmem_init();
    warp_case(dim3(1), dim3(1));
    warp_case(dim3(1), dim3(16));
    warp_case(dim3(1), dim3(33));
    warp_case(dim3(1), dim3(4, 4, 6));
    warp_case(dim3(2, 1, 2), dim3(5, 3, 2));
    warp_case(dim3(1), dim3(32, 32));
    barrier_case<d::scope::block>(dim3(32), 1000);
    barrier_case<d::scope::warp>(dim3(16), 200);
    barrier_case<d::scope::thread>(dim3(1), 200);
    reduce_case();
    host_calls_while_a_kernel_waits();
    const int me = shmem_my_pe();
    shmem_finalize();
    return gpu_check::exit_status(me);
}
