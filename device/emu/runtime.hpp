// The rest of the emulated CUDA runtime (runtime.cpp): what only the plugin's emulated build
// (plugin.cpp) calls, beside the public emulate_cuda.h.
#ifndef SHOAL_DEVICE_EMU_RUNTIME_HPP
#define SHOAL_DEVICE_EMU_RUNTIME_HPP

#include <shoal/device/emulate_cuda.h>

namespace shoal::device::emulate::cuda {

int device_count(int *count);
int set_device(int device);
/** A UUID per emulated GPU (as many as CUDA_VISIBLE_DEVICES lists; one when it is unset). */
int device_uuid(int device, unsigned char out[16]);
/** cudaMallocHost / cudaFreeHost. */
int host_alloc(void **ptr, std::size_t size);
int host_free(void *ptr);
/** CUDA IPC: a handle (at most 64 bytes) to device memory, mapped by another process. */
int ipc_get(void *handle, void *base);
int ipc_open(void **mapped, const void *handle);
int ipc_close(void *mapped);
int memset_async(void *dst, int value, std::size_t n, stream_t s);
/** Device or pinned memory (what cudaPointerGetAttributes calls registered). */
bool reachable(const void *p);

} // namespace shoal::device::emulate::cuda

#endif
