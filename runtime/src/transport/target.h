/* What transports that apply operations at their target (transport/mpi_am.c, tcp.c) check
 * before touching this PE's memory for a peer: the segment exists here, is host memory, and
 * holds the whole range. */
#ifndef SHOAL_TRANSPORT_TARGET_H
#define SHOAL_TRANSPORT_TARGET_H

#include <stddef.h>
#include <stdint.h>

#include "core/state.h"

/* Host segment seg exists here. */
static inline int shoal_host_seg(int seg)
{
    return seg >= 0 && seg < SHOAL_MAX_SEGS && shoal_g.seg[seg].base &&
           shoal_g.seg[seg].kind == SHOAL_SEG_HOST;
}

/* This PE's address of len bytes at off in segment seg; NULL when they are not all there. */
static inline char *shoal_target_bytes(int seg, uint64_t off, uint64_t len)
{
    if (!shoal_host_seg(seg)) return NULL;
    const struct shoal_segment *g = &shoal_g.seg[seg];
    return off > g->size || g->size - off < len ? NULL : g->base + off;
}

/* Request slots of transports that wait for replies (mpi_am.c, tcp.c): the first of n states
 * (first: slot 0's state word; stride: bytes from one slot to the next) that reads free,
 * searched from *cursor on, which moves past it; -1 when none does. The caller claims it. */
static inline int shoal_free_slot(int *first, size_t stride, int n, int *cursor, int free)
{
    for (int k = 0; k < n; k++) {
        const int i = (*cursor + k) % n;
        const int *state = (const int *)((const char *)first + (size_t)i * stride);
        if (__atomic_load_n(state, __ATOMIC_ACQUIRE) == free) {
            *cursor = (i + 1) % n;
            return i;
        }
    }
    return -1;
}

#endif
