// The GPU device suite's reduction sweep (coll_kernels.hpp: every reduction of the type table),
// this file compiled once per operation (SHOAL_REDUCE_PART: coll_kernels.hpp's op_id, 0 (and)
// to 6 (prod); tests/gpu/meson.build) so that no compile step is long: 25-46 s each on 2 cores,
// where two or three operations in one unit took 61-68 s and the whole sweep minutes of ptxas.
#include <cuda_runtime.h>

#include "gpu_device_parts.hpp"
#include "../device/coll_kernels.hpp"

namespace {
namespace ck = coll_kernels;
using block = shoal::device::scope::block;

constexpr int op = SHOAL_REDUCE_PART;
static_assert(op >= ck::AND && op <= ck::PROD, "SHOAL_REDUCE_PART is an op_id of coll_kernels.hpp");

template <int Id> __global__ void reduce_op_k(shoal::device::context c, void *dst, void *src, std::size_t n, int *bad)
{
    atomicAdd(bad, ck::reduce_sweep_op<block, Id>(c, SHMEM_TEAM_WORLD, dst, src, n));
}
} // namespace

template <>
void gpu_device_parts::reduce_sweep_part<SHOAL_REDUCE_PART>(shoal::device::context c, void *dst, void *src, std::size_t n,
                                                            int *bad, int threads)
{
    reduce_op_k<op><<<1, threads>>>(c, dst, src, n, bad);
    CUDA(cudaDeviceSynchronize());
}
