/* The segment table: each kind of symmetric memory (the host heap, the executable's globals,
 * the GPU heap) is one row, with this PE's base and size and the operations that move bytes
 * into a mapping of it. Address translation walks the rows (core/remote.h); a new kind of
 * memory is one more row, not a new special case on every path. */
#ifndef SHOAL_CORE_SEGMENT_H
#define SHOAL_CORE_SEGMENT_H

#include <stddef.h>

#include "core/amo_op.h"

/* Fixed row numbers: the hot path tests the heap first without a loop. */
enum shoal_seg_id { SHOAL_SEG_HEAP = 0, SHOAL_SEG_DATA = 1, SHOAL_SEG_DEVICE = 2, SHOAL_MAX_SEGS = 3 };

/* Where the memory is: host memory is reached with CPU loads, stores and atomics; device
 * memory only through its mem ops (copies and kernels). */
enum shoal_seg_kind { SHOAL_SEG_HOST, SHOAL_SEG_GPU };

/* How this process moves bytes into (and atomics onto) a mapping of a segment of one kind.
 * `mapped` is this process's address of the peer's copy (struct shoal_peer.base + offset).
 * Every call is complete at return except where quiet says otherwise. */
struct shoal_mem_ops {
    void (*put)(void *mapped, const void *src, size_t len);
    void (*get)(void *dest, const void *mapped, size_t len);
    /* 4- or 8-byte atomics; result (when not NULL) gets the old value. */
    void (*amo)(enum shoal_amo_op op, void *mapped, size_t size, const void *operand,
                const void *cond, void *result);
    void (*quiet)(void); /* NULL: nothing is ever left in flight */
};

struct shoal_allocator;

struct shoal_segment {
    const char *name; /* for messages: "heap", "data segment", "device heap" */
    int kind;         /* enum shoal_seg_kind */
    char *base;       /* this PE's copy; NULL when the segment does not exist */
    size_t size;      /* the range address translation covers */
    size_t user_size; /* the part user RMA may reach (the heap's runtime part follows it) */
    const struct shoal_mem_ops *mem;
    struct shoal_allocator *alloc; /* the heap rows' allocator instance; NULL for globals */
};

/* Host memory: memcpy and CPU atomics (core/host_mem.c). */
extern const struct shoal_mem_ops shoal_host_mem;

#endif
