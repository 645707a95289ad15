// The CUDA runtime under libshoal_cuda.so: the one __global__ wrapper every kernel body of
// stream_kernels.h is launched through, and namespace rt, the calls plugin.hpp makes (its
// header says which). Shared by the plugin's main file (cuda_plugin.cu) and its reduction parts
// (cuda_reduce.cu). Plain nvcc, no -rdc.
#ifndef SHOAL_DEVICE_SRC_CUDA_RT_HPP
#define SHOAL_DEVICE_SRC_CUDA_RT_HPP

#include <cuda.h> // the driver's types; its entry points are found through the runtime
#include <cuda_runtime.h>

#include <cstring>

#include <shoal/device/stream_kernels.h>

extern "C" {
#include "device/cuda_iface.h"
}

namespace shoal_plugin {

/** Body::run on every thread of the launch: the whole of every kernel the plugin launches. */
template <class Body, class... A> __global__ void kernel(A... args) { Body::run(args...); }

namespace rt {

using stream_t = cudaStream_t;
inline constexpr int invalid = cudaErrorInvalidValue;

inline int rc(cudaError_t e) { return static_cast<int>(e); }
inline dim3 dim(shoal::device::extent e) { return dim3(e.x, e.y, e.z); }

inline const char *error_string(int code) { return cudaGetErrorString(static_cast<cudaError_t>(code)); }
inline int device_count(int *count) { return rc(cudaGetDeviceCount(count)); }
inline int set_device(int device) { return rc(cudaSetDevice(device)); }
inline int device_uuid(int device, unsigned char out[16])
{
    cudaDeviceProp prop;
    const cudaError_t e = cudaGetDeviceProperties(&prop, device);
    if (e == cudaSuccess) std::memcpy(out, &prop.uuid, 16);
    return rc(e);
}
inline int malloc(void **ptr, std::size_t size) { return rc(cudaMalloc(ptr, size)); }
inline int free(void *ptr) { return rc(cudaFree(ptr)); }
inline int host_alloc(void **ptr, std::size_t size) { return rc(cudaMallocHost(ptr, size)); }
inline int host_free(void *ptr) { return rc(cudaFreeHost(ptr)); }

inline int ipc_get(void *handle, void *base)
{
    cudaIpcMemHandle_t h;
    static_assert(sizeof h <= SHOAL_CUDA_IPC_HANDLE_BYTES, "IPC handle fits the exchanged blob");
    const cudaError_t e = cudaIpcGetMemHandle(&h, base);
    if (e == cudaSuccess) std::memcpy(handle, &h, sizeof h);
    return rc(e);
}
inline int ipc_open(void **mapped, const void *handle)
{
    cudaIpcMemHandle_t h;
    std::memcpy(&h, handle, sizeof h);
    return rc(cudaIpcOpenMemHandle(mapped, h, cudaIpcMemLazyEnablePeerAccess));
}
inline int ipc_close(void *mapped) { return rc(cudaIpcCloseMemHandle(mapped)); }

inline int stream_create_nonblocking(stream_t *s) { return rc(cudaStreamCreateWithFlags(s, cudaStreamNonBlocking)); }
inline int stream_sync(stream_t s) { return rc(cudaStreamSynchronize(s)); }
inline int memcpy_async(void *d, const void *s, std::size_t n, stream_t st)
{
    return rc(cudaMemcpyAsync(d, s, n, cudaMemcpyDefault, st));
}
inline int memset_async(void *d, int v, std::size_t n, stream_t st) { return rc(cudaMemsetAsync(d, v, n, st)); }

/** Device memory, or host memory the GPU reads and writes directly (pinned, registered). */
inline bool reachable(const void *p)
{
    cudaPointerAttributes a;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        cudaGetLastError(); // a pageable pointer is no error worth keeping
        return false;
    }
    return a.type != cudaMemoryTypeUnregistered;
}

struct launcher {
    stream_t stream;
    static constexpr int invalid = rt::invalid;
    template <class Body, class... A> int launch(const shoal::device::geometry::plan &p, A... args)
    {
        kernel<Body, A...><<<dim(p.grid), dim(p.block), 0, stream>>>(args...);
        return rc(cudaGetLastError());
    }
    /** Load kernel<Body, A...> now (CUDA loads kernels lazily, at their first launch, by default). */
    template <class Body, class... A> static int preload()
    {
        cudaFuncAttributes a;
        return rc(cudaFuncGetAttributes(&a, reinterpret_cast<const void *>(&kernel<Body, A...>)));
    }
};

// Driver entry points, found through the runtime: the plugin links no libcuda, so it loads
// (and says why it cannot work) on a machine without a driver.
template <class Fn> cudaError_t driver_fn(const char *name, Fn *fn)
{
    void *p = nullptr;
    cudaDriverEntryPointQueryResult found{};
    const cudaError_t e = cudaGetDriverEntryPointByVersion(name, &p, 12000, cudaEnableDefault, &found);
    if (e != cudaSuccess) return e;
    if (found != cudaDriverEntryPointSuccess || !p) return cudaErrorSymbolNotFound;
    *fn = reinterpret_cast<Fn>(p);
    return cudaSuccess;
}

inline int current_device(int *device)
{
    CUresult (*get_current)(CUcontext *) = nullptr;
    CUresult (*get_device)(CUdevice *) = nullptr;
    cudaError_t e = driver_fn("cuCtxGetCurrent", &get_current);
    if (e == cudaSuccess) e = driver_fn("cuCtxGetDevice", &get_device);
    if (e != cudaSuccess) return rc(e);
    CUcontext ctx = nullptr;
    CUdevice dev = -1;
    *device = -1;
    if (get_current(&ctx) != CUDA_SUCCESS || !ctx) return 0;
    if (get_device(&dev) != CUDA_SUCCESS) return rc(cudaErrorInvalidDevice);
    *device = static_cast<int>(dev);
    return 0;
}

inline int coop_max_blocks(void *func, unsigned block_threads, std::size_t shared_mem, int *blocks)
{
    CUresult (*occupancy)(int *, CUfunction, int, size_t) = nullptr;
    cudaError_t e = driver_fn("cuOccupancyMaxActiveBlocksPerMultiprocessor", &occupancy);
    int dev = 0, sms = 0, coop = 0, per_sm = 0;
    if (e == cudaSuccess) e = cudaGetDevice(&dev);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
    if (e != cudaSuccess) return rc(e);
    if (!coop) return rc(cudaErrorCooperativeLaunchTooLarge);
    if (occupancy(&per_sm, static_cast<CUfunction>(func), static_cast<int>(block_threads), shared_mem) != CUDA_SUCCESS)
        return rc(cudaErrorInvalidDeviceFunction);
    *blocks = per_sm * sms;
    return 0;
}

inline int coop_launch(void *func, const unsigned grid[3], const unsigned block[3], void **args, std::size_t shared_mem,
                       stream_t stream)
{
    CUresult (*launch)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                       void **) = nullptr;
    const cudaError_t e = driver_fn("cuLaunchCooperativeKernel", &launch);
    if (e != cudaSuccess) return rc(e);
    const CUresult r = launch(static_cast<CUfunction>(func), grid[0], grid[1], grid[2], block[0], block[1], block[2],
                              static_cast<unsigned>(shared_mem), stream, args);
    return static_cast<int>(r); // CUresult codes are cudaError_t's (720: too large, 1: invalid value)
}

} // namespace rt
} // namespace shoal_plugin

#endif
