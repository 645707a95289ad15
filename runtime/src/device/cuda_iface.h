/* The versioned C interface between libshoal and libshoal_cuda.so (device/src/cuda_plugin.cu).
 * libshoal never links CUDA: it dlopen()s the plugin the first time device memory is asked
 * for, so a CPU-only program never touches CUDA. The plugin exports one symbol,
 * shoal_cuda_plugin(version), which returns its table when it speaks that version. Every call
 * returns 0 or a CUDA error code; error(rc) names it. */
#ifndef SHOAL_DEVICE_CUDA_IFACE_H
#define SHOAL_DEVICE_CUDA_IFACE_H

#include <stddef.h>
#include <stdint.h>

#include <shmem.h>

#include "core/amo_op.h"

struct shoal_device_context;

#define SHOAL_CUDA_IFACE_VERSION 3
#define SHOAL_CUDA_PLUGIN_SYMBOL "shoal_cuda_plugin"
#define SHOAL_CUDA_IPC_HANDLE_BYTES 64

/* What one _on_stream call asks of the plugin: kernels enqueued on a stream (NULL: the default
 * stream) and nothing else (no host synchronisation, no allocation), so a CUDA graph can
 * capture them. The context (the device heap's, by value into the kernels) says where every
 * PE's heap is mapped; the runtime checked every argument first. */
enum shoal_stream_op {
    SHOAL_STREAM_PUT, SHOAL_STREAM_GET,       /* bytes = nelems * elem */
    SHOAL_STREAM_IPUT, SHOAL_STREAM_IGET,     /* elem of 1, 2, 4, 8 or 16 bytes, strides in elements */
    SHOAL_STREAM_PUT_SIGNAL,                  /* PUT, then the signal update on pe */
    SHOAL_STREAM_SIGNAL_WAIT,                 /* until *sig cmp value (cmp in sig_op) */
    SHOAL_STREAM_QUIET, SHOAL_STREAM_BARRIER_ALL, SHOAL_STREAM_SYNC_ALL,
    SHOAL_STREAM_BARRIER, SHOAL_STREAM_TEAM_SYNC, /* on team */
    SHOAL_STREAM_ALLTOALL, SHOAL_STREAM_BROADCAST, SHOAL_STREAM_FCOLLECT, /* bytes per member */
    SHOAL_STREAM_COLLECT,                     /* bytes of this member (they may differ) */
    SHOAL_STREAM_REDUCE,                      /* red_op on nelems of red_type; on the active set if psync */
    /* Since version 3: */
    SHOAL_STREAM_P,                           /* elem bytes of signal (the value) to dest on pe */
    SHOAL_STREAM_G,                           /* elem bytes of src on pe into *dest (host memory), the
                                                 stream synchronized first (not capturable) */
    SHOAL_STREAM_WAIT_UNTIL,                  /* dest: nelems ivars of red_type; until each one not
                                                 masked by status holds cmp (sig_op) against signal,
                                                 or src[i] when src is set */
};
/* Element types of the reductions: kind << 8 | bytes (since version 3: the 16-bit floats). */
enum { SHOAL_STREAM_SIGNED = 0, SHOAL_STREAM_UNSIGNED = 1, SHOAL_STREAM_FLOAT = 2, SHOAL_STREAM_HALF = 3,
       SHOAL_STREAM_BFLOAT16 = 4 };
#define SHOAL_STREAM_TYPE(kind, bytes) ((kind) << 8 | (bytes))
enum shoal_stream_red { SHOAL_RED_AND, SHOAL_RED_OR, SHOAL_RED_XOR, SHOAL_RED_MAX, SHOAL_RED_MIN, SHOAL_RED_SUM, SHOAL_RED_PROD };

struct shoal_stream_args {
    enum shoal_stream_op op;
    int pe;                  /* RMA target; the root index of a broadcast */
    void *dest;
    const void *src;
    size_t nelems, elem;     /* elements and their size in bytes */
    ptrdiff_t dst_stride, src_stride;
    uint64_t *sig;
    uint64_t signal;
    int sig_op;              /* SHMEM_SIGNAL_SET / _ADD; SHMEM_CMP_* for SIGNAL_WAIT */
    shmem_team_t team;
    int red_op, red_type;    /* enum shoal_stream_red, SHOAL_STREAM_TYPE(...) */
    long *psync;             /* REDUCE on an active set (instead of team): its pSync, and: */
    int pe_start, log_pe_stride, pe_size;
    int scatter;             /* since version 3: REDUCE as reduce-scatter (nelems per member) */
    const int *status;       /* since version 3: WAIT_UNTIL's mask (device memory), or NULL */
};

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
    /* Copies between any two addresses (unified addressing), complete at return. */
    int (*memcpy)(void *dest, const void *src, size_t len);
    int (*memset)(void *dest, int value, size_t len);
    /* A 4- or 8-byte atomic on device memory (a one-thread kernel, system scope). */
    int (*amo)(enum shoal_amo_op op, void *mapped, size_t size, const void *operand,
               const void *cond, void *result);
    int (*synchronize)(void);
    /* Since version 2: stream-ordered work (the _on_stream API). */
    int (*stream_launch)(void *stream, const struct shoal_device_context *ctx, const struct shoal_stream_args *args);
    /* Since version 3. The GPU of the calling thread's current CUDA context, -1 when it has
     * none (the program selected no GPU yet); nothing is created. */
    int (*current_device)(int *device);
    /* Cooperative launches of a program's kernel (func: its CUfunction, which the program's
     * own CUDA runtime resolved: nvshmemx_collective_launch). max_blocks: how many blocks of
     * block_threads threads can be resident at once on the current GPU; launch: all blocks of
     * grid at once (a grid-wide sync inside is safe), on stream. */
    int (*coop_max_blocks)(void *func, unsigned block_threads, size_t shared_mem, int *blocks);
    int (*coop_launch)(void *func, const unsigned grid[3], const unsigned block[3], void **args,
                       size_t shared_mem, void *stream);
};

typedef const struct shoal_cuda_iface *(*shoal_cuda_plugin_fn)(uint32_t version);

#endif
