// The GPU device suite's collectives: coll_kernels.hpp's team and active-set cases as CUDA
// kernels (the reduction sweep is in gpu_device_reduce.cu).
#include <cuda_runtime.h>
#include <shmem.h>
#include <shmemx.h>

#include <type_traits>
#include <vector>

#include "gpu_device_parts.hpp"
#include "../device/coll_kernels.hpp"

namespace {

namespace d = shoal::device;
using d::context;
using gpu_device_parts::make_context;

template <class S> __global__ void team_colls_k(context c, long *dst, long *src, std::size_t n, int *bad)
{
    atomicAdd(bad, coll_kernels::team_colls<S>(c, SHMEM_TEAM_WORLD, dst, src, n));
}
template <class S>
__global__ void active_set_k(context c, int log_stride, int size, long *dst, long *src, std::size_t n, long *psync,
                             int *bad)
{
    atomicAdd(bad, coll_kernels::active_set_colls<S>(c, 0, log_stride, size, dst, src, n, psync));
}

/** The device collectives (coll_kernels.hpp) on the world team and active sets; every
 *  reduction at block scope (the other scopes run the same code in the emulation). */
template <class S> void coll_case(int threads)
{
    const context c = make_context();
    const int npes = shmem_n_pes();
    constexpr std::size_t n = 45;
    const std::size_t len = static_cast<std::size_t>(npes) * 3 * n;
    auto *dst = static_cast<long *>(shmemx_device_calloc(len, sizeof(long)));
    auto *src = static_cast<long *>(shmemx_device_calloc(len, sizeof(long)));
    auto *psync = static_cast<long *>(shmemx_device_calloc(SHMEM_REDUCE_SYNC_SIZE, sizeof(long)));
    int *bad = nullptr;
    CUDA(cudaMallocManaged(&bad, sizeof *bad));
    *bad = 0;
    team_colls_k<S><<<1, threads>>>(c, dst, src, n, bad);
    CUDA(cudaDeviceSynchronize());
    shmem_barrier_all();
    active_set_k<S><<<1, threads>>>(c, 0, npes, dst, src, n, psync, bad);
    CUDA(cudaDeviceSynchronize());
    shmem_barrier_all();
    if (std::is_same_v<S, d::scope::block>) {
        gpu_device_parts::reduce_sweep(c, dst, src, 37, bad, threads);
    }
    CHECK(*bad == 0);
    std::vector<long> ps(SHMEM_REDUCE_SYNC_SIZE, -1);
    CUDA(cudaMemcpy(ps.data(), psync, ps.size() * sizeof(long), cudaMemcpyDeviceToHost));
    for (long v : ps) CHECK(v == SHMEM_SYNC_VALUE);
    cudaFree(bad);
    shmem_barrier_all();
    shmemx_device_free(psync);
    shmemx_device_free(src);
    shmemx_device_free(dst);
}

} // namespace

void gpu_device_parts::coll_cases()
{
    coll_case<d::scope::thread>(1);
    coll_case<d::scope::warp>(32);
    coll_case<d::scope::block>(128);
}
