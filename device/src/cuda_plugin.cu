// libshoal_cuda.so over the CUDA runtime: the runtime calls plugin.hpp makes, and the one
// __global__ wrapper every kernel body of stream_kernels.h is launched through. The table and
// every body are single source with the host emulation's build (emu/plugin.cpp). Plain nvcc,
// no -rdc.
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
};

} // namespace rt
} // namespace shoal_plugin

#include "plugin.hpp"
