// What the GPU device suite's translation units share (gpu_device_test.cu runs the cases;
// gpu_device_coll.cu and gpu_device_reduce.cu hold the collective kernels, compiled apart).
#ifndef SHOAL_TESTS_GPU_DEVICE_PARTS_HPP
#define SHOAL_TESTS_GPU_DEVICE_PARTS_HPP

#include <shmemx.h>
#include <shoal/device/api.h>

#include <cstddef>

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
/** Every reduction of the type table at block scope over n elements (one block of threads);
 *  adds the wrong results it found to *bad. */
void reduce_sweep(shoal::device::context c, void *dst, void *src, std::size_t n, int *bad, int threads);

} // namespace gpu_device_parts

#endif
