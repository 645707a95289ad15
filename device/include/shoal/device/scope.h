// Scopes: the group of threads that runs one call together (thread, warp, block), and the grid
// a kernel's blocks form. Every algorithm is written once over a scope's rank, size and sync;
// on a GPU they read the CUDA built-ins, in the host emulation the emulated launch (emulate.h),
// and both take the warp shape from geometry.h.
#ifndef SHOAL_DEVICE_SCOPE_H
#define SHOAL_DEVICE_SCOPE_H

#include <shoal/device/config.h>
#include <shoal/device/geometry.h>
#if defined(__CUDACC__)
#include <cooperative_groups.h>
#endif
#if !defined(__CUDA_ARCH__)
#include <shoal/device/emulate.h>
#endif

namespace shoal::device {

#if defined(__CUDA_ARCH__)
namespace detail {
__device__ inline int linear_tid()
{
    return static_cast<int>(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
}
__device__ inline int block_threads() { return static_cast<int>(blockDim.x * blockDim.y * blockDim.z); }
} // namespace detail
#endif

/** The grid of the running kernel. */
namespace grid {

/** This block's linear number (blockIdx, x fastest). */
SHOAL_HD inline unsigned rank()
{
#if defined(__CUDA_ARCH__)
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
#else
    return emulate::grid_rank();
#endif
}

/** Blocks in the grid. */
SHOAL_HD inline unsigned size()
{
#if defined(__CUDA_ARCH__)
    return gridDim.x * gridDim.y * gridDim.z;
#else
    return emulate::grid_size();
#endif
}

/** Whether the kernel was launched cooperatively (every block resident at once), which blocks
 *  that wait for each other need. */
SHOAL_HD inline bool cooperative()
{
#if defined(__CUDA_ARCH__)
    return cooperative_groups::this_grid().is_valid();
#else
    return emulate::cooperative();
#endif
}

} // namespace grid

namespace scope {

/** One thread alone. */
struct thread {
    SHOAL_HD static int rank() { return 0; }
    SHOAL_HD static int size() { return 1; }
    SHOAL_HD static void sync() {}
};

/** The threads of a warp that exist: 32, or fewer in a block's partial last warp (every lane
 *  calls, with the same arguments). */
struct warp {
#if defined(__CUDA_ARCH__)
    __device__ static int rank() { return detail::linear_tid() % geometry::warp_lanes; }
    __device__ static int size() { return geometry::warp_width(detail::block_threads(), detail::linear_tid()); }
    __device__ static void sync() { __syncwarp(geometry::warp_mask(size())); }
#else
    static int rank() { return emulate::warp_rank(); }
    static int size() { return emulate::warp_size_here(); }
    static void sync() { emulate::warp_sync(); }
#endif
};

/** Every thread of the block (all call, with the same arguments). */
struct block {
#if defined(__CUDA_ARCH__)
    __device__ static int rank() { return detail::linear_tid(); }
    __device__ static int size() { return detail::block_threads(); }
    __device__ static void sync() { __syncthreads(); }
#else
    static int rank() { return emulate::block_rank(); }
    static int size() { return emulate::block_size(); }
    static void sync() { emulate::block_sync(); }
#endif
};

} // namespace scope
} // namespace shoal::device

#endif
