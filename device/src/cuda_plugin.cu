// libshoal_cuda.so: the CUDA calls behind the device heap, reached only through the versioned
// table of runtime/src/device/cuda_iface.h (libshoal dlopen()s this library on the first
// request for device memory). Plain nvcc, no -rdc.
#include <cuda/atomic>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstring>

#include "stream_ops.h"

namespace {

int rc(cudaError_t e) { return static_cast<int>(e); }

const char *error(int code) { return cudaGetErrorString(static_cast<cudaError_t>(code)); }
int device_count(int *count) { return rc(cudaGetDeviceCount(count)); }
int set_device(int device) { return rc(cudaSetDevice(device)); }
int dmalloc(void **ptr, size_t size) { return rc(cudaMalloc(ptr, size)); }
int dfree(void *ptr) { return rc(cudaFree(ptr)); }

int ipc_get(void *handle, void *base)
{
    cudaIpcMemHandle_t h;
    static_assert(sizeof h <= SHOAL_CUDA_IPC_HANDLE_BYTES, "IPC handle fits the exchanged blob");
    const cudaError_t e = cudaIpcGetMemHandle(&h, base);
    if (e == cudaSuccess) std::memcpy(handle, &h, sizeof h);
    return rc(e);
}

int ipc_open(void **mapped, const void *handle)
{
    cudaIpcMemHandle_t h;
    std::memcpy(&h, handle, sizeof h);
    return rc(cudaIpcOpenMemHandle(mapped, h, cudaIpcMemLazyEnablePeerAccess));
}

int ipc_close(void *mapped) { return rc(cudaIpcCloseMemHandle(mapped)); }
int dmemcpy(void *dest, const void *src, size_t len) { return rc(cudaMemcpy(dest, src, len, cudaMemcpyDefault)); }
int dmemset(void *dest, int value, size_t len)
{
    const cudaError_t e = cudaMemset(dest, value, len);
    return rc(e != cudaSuccess ? e : cudaDeviceSynchronize());
}
int synchronize() { return rc(cudaDeviceSynchronize()); }

template <class T> __global__ void amo_kernel(int op, T *p, T v, T cond, T *out)
{
    cuda::atomic_ref<T, cuda::thread_scope_system> a(*p);
    T r = 0;
    switch (op) {
    case SHOAL_AMO_FETCH: r = a.load(); break;
    case SHOAL_AMO_SET: a.store(v); break;
    case SHOAL_AMO_SWAP: r = a.exchange(v); break;
    case SHOAL_AMO_CSWAP: r = cond; a.compare_exchange_strong(r, v); break;
    case SHOAL_AMO_ADD: r = a.fetch_add(v); break;
    case SHOAL_AMO_AND: r = a.fetch_and(v); break;
    case SHOAL_AMO_OR: r = a.fetch_or(v); break;
    case SHOAL_AMO_XOR: r = a.fetch_xor(v); break;
    }
    *out = r;
}

template <class T> int amo_of(enum shoal_amo_op op, void *mapped, const void *operand, const void *cond, void *result)
{
    T v = 0, c = 0, *out = nullptr;
    if (operand) std::memcpy(&v, operand, sizeof v);
    if (cond) std::memcpy(&c, cond, sizeof c);
    cudaError_t e = cudaMallocManaged(&out, sizeof *out);
    if (e != cudaSuccess) return rc(e);
    amo_kernel<T><<<1, 1>>>(static_cast<int>(op), static_cast<T *>(mapped), v, c, out);
    e = cudaGetLastError();
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    if (e == cudaSuccess && result) std::memcpy(result, out, sizeof *out);
    cudaFree(out);
    return rc(e);
}

int amo(enum shoal_amo_op op, void *mapped, size_t size, const void *operand, const void *cond, void *result)
{
    return size == 8 ? amo_of<unsigned long long>(op, mapped, operand, cond, result)
                     : amo_of<unsigned int>(op, mapped, operand, cond, result);
}

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

int current_device(int *device)
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

int coop_max_blocks(void *func, unsigned block_threads, size_t shared_mem, int *blocks)
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

int coop_launch(void *func, const unsigned grid[3], const unsigned block[3], void **args, size_t shared_mem,
                void *stream)
{
    CUresult (*launch)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                       void **) = nullptr;
    const cudaError_t e = driver_fn("cuLaunchCooperativeKernel", &launch);
    if (e != cudaSuccess) return rc(e);
    const CUresult r = launch(static_cast<CUfunction>(func), grid[0], grid[1], grid[2], block[0], block[1], block[2],
                              static_cast<unsigned>(shared_mem), static_cast<CUstream>(stream), args);
    return static_cast<int>(r); // CUresult codes are cudaError_t's (720: too large, 1: invalid value)
}

const shoal_cuda_iface table = {
    SHOAL_CUDA_IFACE_VERSION, sizeof(shoal_cuda_iface), error, device_count, set_device, dmalloc, dfree,
    ipc_get, ipc_open, ipc_close, dmemcpy, dmemset, amo, synchronize, shoal_plugin::stream_launch,
    current_device, coop_max_blocks, coop_launch,
};

} // namespace

extern "C" __attribute__((visibility("default"))) const shoal_cuda_iface *shoal_cuda_plugin(uint32_t version)
{
    return version == SHOAL_CUDA_IFACE_VERSION ? &table : nullptr;
}
