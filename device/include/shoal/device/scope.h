// Scopes: the group of threads that runs one call together (thread, warp, block). Every
// algorithm is written once over a scope's rank, size and sync.
#ifndef SHOAL_DEVICE_SCOPE_H
#define SHOAL_DEVICE_SCOPE_H

#include <shoal/device/config.h>
#if !defined(__CUDA_ARCH__)
#include <shoal/device/emulate.h>
#endif

namespace shoal::device::scope {

#if defined(__CUDA_ARCH__)
__device__ inline int linear_tid()
{
    return static_cast<int>(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
}
#endif

/** One thread alone. */
struct thread {
    SHOAL_HD static int rank() { return 0; }
    SHOAL_HD static int size() { return 1; }
    SHOAL_HD static void sync() {}
};

/** The 32 threads of a warp (every lane calls, with the same arguments). */
struct warp {
#if defined(__CUDA_ARCH__)
    __device__ static int rank() { return linear_tid() & 31; }
    __device__ static int size() { return 32; }
    __device__ static void sync() { __syncwarp(); }
#else
    static int rank() { return emulate::warp_rank(); }
    static int size() { return emulate::warp_size_here(); }
    static void sync() { emulate::warp_sync(); }
#endif
};

/** Every thread of the block (all call, with the same arguments). */
struct block {
#if defined(__CUDA_ARCH__)
    __device__ static int rank() { return linear_tid(); }
    __device__ static int size() { return static_cast<int>(blockDim.x * blockDim.y * blockDim.z); }
    __device__ static void sync() { __syncthreads(); }
#else
    static int rank() { return emulate::block_rank(); }
    static int size() { return emulate::block_size(); }
    static void sync() { emulate::block_sync(); }
#endif
};

} // namespace shoal::device::scope

#endif
