// The GPU device suite's reduction sweep (coll_kernels.hpp: every reduction of the type table),
// one kernel per operation, and this file compiled once per part (SHOAL_REDUCE_PART 0: and, or,
// xor; 1: max, min; 2: sum, prod; tests/gpu/meson.build) so that no compile step is long: as one
// kernel the sweep took minutes of ptxas.
#include <cuda_runtime.h>

#include "gpu_device_parts.hpp"
#include "../device/coll_kernels.hpp"

namespace {
namespace ck = coll_kernels;
using block = shoal::device::scope::block;

#if SHOAL_REDUCE_PART == 0
constexpr int first = ck::AND, last = ck::XOR;
#elif SHOAL_REDUCE_PART == 1
constexpr int first = ck::MAX, last = ck::MIN;
#elif SHOAL_REDUCE_PART == 2
constexpr int first = ck::SUM, last = ck::PROD;
#else
#error "SHOAL_REDUCE_PART is 0, 1 or 2"
#endif

template <int Id> __global__ void reduce_op_k(shoal::device::context c, void *dst, void *src, std::size_t n, int *bad)
{
    atomicAdd(bad, ck::reduce_sweep_op<block, Id>(c, SHMEM_TEAM_WORLD, dst, src, n));
}
/** Operations Id to last, a kernel each. */
template <int Id> void launch_from(shoal::device::context c, void *dst, void *src, std::size_t n, int *bad, int threads)
{
    reduce_op_k<Id><<<1, threads>>>(c, dst, src, n, bad);
    CUDA(cudaDeviceSynchronize());
    if constexpr (Id < last) launch_from<Id + 1>(c, dst, src, n, bad, threads);
}
} // namespace

template <>
void gpu_device_parts::reduce_sweep_part<SHOAL_REDUCE_PART>(shoal::device::context c, void *dst, void *src, std::size_t n,
                                                            int *bad, int threads)
{
    launch_from<first>(c, dst, src, n, bad, threads);
}
