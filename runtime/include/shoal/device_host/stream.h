/* What one _on_stream call asks of the CUDA plugin: kernels enqueued on a stream and nothing
 * else (no host synchronisation, no allocation, no copy), so a CUDA graph can capture them.
 * Shared by the C runtime, which checks every argument and fills it, and the kernel bodies
 * (device/include/shoal/device/stream_kernels.h), which receive it by value. Everything a
 * kernel needs is in it: a team travels as its members, not as a handle to look up. */
#ifndef SHOAL_DEVICE_HOST_STREAM_H
#define SHOAL_DEVICE_HOST_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include <shoal/device_host/context.h>

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
};
/* Element types of the reductions: kind << 8 | bytes. */
enum { SHOAL_STREAM_SIGNED = 0, SHOAL_STREAM_UNSIGNED = 1, SHOAL_STREAM_FLOAT = 2 };
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
    int red_op, red_type;    /* enum shoal_stream_red, SHOAL_STREAM_TYPE(...) */
    /* Team operations: the team's members as the runtime knows them at the call (list NULL)
     * and its slot, whose sync words and scratch (in the context) are the team's own. */
    struct shoal_device_team team;
    int32_t team_slot;
    /* REDUCE on an active set (instead of a team): its pSync and pWrk, and the set. */
    int pe_start, log_pe_stride, pe_size;
    long *psync;
    void *pwrk;
};

#endif
