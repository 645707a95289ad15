/* The versioned C interface between libshoal and libshoal_cuda.so (device/src/cuda_plugin.cu).
 * libshoal never links CUDA: it dlopen()s the plugin the first time device memory is asked
 * for, so a CPU-only program never touches CUDA. The plugin exports one symbol,
 * shoal_cuda_plugin(version), which returns its table when it speaks that version. Every call
 * returns 0 or a CUDA error code; error(rc) names it. The plugin has two builds of one source
 * (device/src/plugin.hpp): over the CUDA runtime, and over the host emulation of it
 * (libshoal_cuda_emu.so, for tests on machines without a GPU). */
#ifndef SHOAL_DEVICE_CUDA_IFACE_H
#define SHOAL_DEVICE_CUDA_IFACE_H

#include <stddef.h>
#include <stdint.h>

#include <shmem.h>
#include <shoal/device_host/stream.h>

#include "core/amo_op.h"

#define SHOAL_CUDA_IFACE_VERSION 3
#define SHOAL_CUDA_PLUGIN_SYMBOL "shoal_cuda_plugin"
#define SHOAL_CUDA_IPC_HANDLE_BYTES 64

struct shoal_cuda_iface {
    uint32_t version; /* SHOAL_CUDA_IFACE_VERSION */
    uint32_t size;    /* sizeof(struct shoal_cuda_iface) */
    const char *(*error)(int rc);
    int (*device_count)(int *count);
    int (*set_device)(int device);
    int (*malloc)(void **ptr, size_t size);
    int (*free)(void *ptr);
    /* Export my allocation / map a peer's (CUDA IPC, node-local peers). */
    int (*ipc_get)(void *handle, void *base);
    int (*ipc_open)(void **mapped, const void *handle);
    int (*ipc_close)(void *mapped);
    /* Since version 3, the host's work on device memory runs on a stream of the plugin's own
     * (non-blocking, so never ordered after a user kernel), pageable memory through pinned
     * staging, and waits for that stream alone: never the legacy stream, never a device-wide
     * sync. A user kernel spinning on the word the host writes sees it land.
     * Copies between any two addresses (unified addressing), complete at return. */
    int (*memcpy)(void *dest, const void *src, size_t len);
    int (*memset)(void *dest, int value, size_t len);
    /* A 4- or 8-byte atomic on device memory (a one-thread kernel, system scope), complete at
     * return. */
    int (*amo)(enum shoal_amo_op op, void *mapped, size_t size, const void *operand,
               const void *cond, void *result);
    /* Wait for the plugin's own stream. */
    int (*synchronize)(void);
    /* Since version 2: stream-ordered work (the _on_stream API). */
    int (*stream_launch)(void *stream, const struct shoal_device_context *ctx, const struct shoal_stream_args *args);
    /* Since version 3: the UUID of GPU device, and whether MPS serves this process. */
    int (*gpu_share)(int device, unsigned char uuid[16], int *mps);
};

typedef const struct shoal_cuda_iface *(*shoal_cuda_plugin_fn)(uint32_t version);

#endif
