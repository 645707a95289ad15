// The GPU device suite's reduction sweep (coll_kernels.hpp: every reduction of the type table),
// one kernel per operation: as one kernel it took minutes of ptxas, as seven it takes seconds.
#include <cuda_runtime.h>

#include "gpu_device_parts.hpp"
#include "../device/coll_kernels.hpp"

namespace {
namespace ck = coll_kernels;
using block = shoal::device::scope::block;

template <int Id> __global__ void reduce_op_k(shoal::device::context c, void *dst, void *src, std::size_t n, int *bad)
{
    atomicAdd(bad, ck::reduce_sweep_op<block, Id>(c, SHMEM_TEAM_WORLD, dst, src, n));
}
template <int Id> void launch(shoal::device::context c, void *dst, void *src, std::size_t n, int *bad, int threads)
{
    reduce_op_k<Id><<<1, threads>>>(c, dst, src, n, bad);
    CUDA(cudaDeviceSynchronize());
}
} // namespace

void gpu_device_parts::reduce_sweep(shoal::device::context c, void *dst, void *src, std::size_t n, int *bad, int threads)
{
    launch<ck::AND>(c, dst, src, n, bad, threads);
    launch<ck::OR>(c, dst, src, n, bad, threads);
    launch<ck::XOR>(c, dst, src, n, bad, threads);
    launch<ck::MAX>(c, dst, src, n, bad, threads);
    launch<ck::MIN>(c, dst, src, n, bad, threads);
    launch<ck::SUM>(c, dst, src, n, bad, threads);
    launch<ck::PROD>(c, dst, src, n, bad, threads);
}
