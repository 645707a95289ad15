// What the GPU device suite's translation units share (gpu_device_test.cu runs the cases;
// gpu_device_coll.cu and the seven parts of gpu_device_reduce.cu hold the collective kernels,
// compiled apart).
#ifndef SHOAL_TESTS_GPU_DEVICE_PARTS_HPP
#define SHOAL_TESTS_GPU_DEVICE_PARTS_HPP

#include <shmemx.h>
#include <shoal/device/api.h>

#include <cstddef>
#include <utility>

#include "gpu_check.hpp"

namespace gpu_device_parts {

/** This PE's device context, checked to be over the GPU heap. */
inline shoal::device::context make_context()
{
    shoal::device::context c{};
    CHECK(shmemx_device_context(&c) == 0);
    CHECK(c.kind == SHOAL_DEVICE_HEAP_GPU);
    return c;
}
/** The device collectives on the world team and active sets, at thread, warp and block scope. */
void coll_cases();
/** Operation Op (coll_kernels.hpp's op_id: and, or, xor, max, min, sum, prod) of every reduction
 *  of the type table at block scope over n elements (one block of threads); adds the wrong
 *  results it found to *bad. Each operation is a translation unit of its own
 *  (gpu_device_reduce.cu). */
template <int Op>
void reduce_sweep_part(shoal::device::context c, void *dst, void *src, std::size_t n, int *bad, int threads);
template <> void reduce_sweep_part<0>(shoal::device::context, void *, void *, std::size_t, int *, int);
template <> void reduce_sweep_part<1>(shoal::device::context, void *, void *, std::size_t, int *, int);
template <> void reduce_sweep_part<2>(shoal::device::context, void *, void *, std::size_t, int *, int);
template <> void reduce_sweep_part<3>(shoal::device::context, void *, void *, std::size_t, int *, int);
template <> void reduce_sweep_part<4>(shoal::device::context, void *, void *, std::size_t, int *, int);
template <> void reduce_sweep_part<5>(shoal::device::context, void *, void *, std::size_t, int *, int);
template <> void reduce_sweep_part<6>(shoal::device::context, void *, void *, std::size_t, int *, int);
/** Every reduction of the type table: the seven operations. */
inline void reduce_sweep(shoal::device::context c, void *dst, void *src, std::size_t n, int *bad, int threads)
{
    [&]<int... Op>(std::integer_sequence<int, Op...>) {
        (reduce_sweep_part<Op>(c, dst, src, n, bad, threads), ...);
    }(std::make_integer_sequence<int, 7>{});
}

} // namespace gpu_device_parts

#endif
