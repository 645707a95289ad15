/* Symmetric address translation: where addr (a symmetric address on this PE) lives on pe, in
 * this process's address space. The hot path of every put, get and AMO tests the host heap
 * inline; everything else (globals, the device heap, peers that are not mapped) goes through
 * the segment table (shoal_seg_find) and the data-path funnel (path/path.h). The checked forms
 * (what user calls go through) accept only each segment's user part, so no RMA can reach the
 * runtime's own symmetric memory behind the heap. */
#ifndef SHOAL_CORE_REMOTE_H
#define SHOAL_CORE_REMOTE_H

#include "core/check.h"
#include "core/state.h"

/* The segment holding addr (any part of it), with its offset; -1 if addr is not symmetric. */
static inline int shoal_seg_find(const void *addr, size_t *off)
{
    for (int s = 0; s < SHOAL_MAX_SEGS; s++) {
        const uintptr_t o = (uintptr_t)addr - (uintptr_t)shoal_g.seg[s].base;
        if (o < shoal_g.seg[s].size) {
            *off = o;
            return s;
        }
    }
    return -1;
}

/* Host-loadable pointer to addr on pe: NULL when addr is not in a host segment or pe's copy
 * is not mapped here. The engine's and runtime's own accesses (no user bounds). */
static inline void *shoal_addr_on(const void *addr, int pe)
{
    /* The heap and the globals inline (pSync arrays are often globals), the rest by lookup. */
    for (int s = SHOAL_SEG_HEAP; s <= SHOAL_SEG_DATA; s++) {
        const uintptr_t off = (uintptr_t)addr - (uintptr_t)shoal_g.seg[s].base;
        if (SHOAL_LIKELY(off < shoal_g.seg[s].size)) {
            char *b = shoal_g.peers[pe].base[s];
            return b ? b + off : NULL;
        }
    }
    size_t o;
    const int s = shoal_seg_find(addr, &o);
    if (s < 0 || shoal_g.seg[s].kind != SHOAL_SEG_HOST) return NULL;
    char *b = shoal_g.peers[pe].base[s];
    return b ? b + o : NULL;
}

/* The segment in whose user part [addr, addr+len) lies entirely, or -1. */
static inline int shoal_seg_user(const void *addr, size_t len, size_t *off)
{
    size_t o;
    const int s = shoal_seg_find(addr, &o);
    if (s < 0 || o >= shoal_g.seg[s].user_size || len > shoal_g.seg[s].user_size - o) return -1;
    *off = o;
    return s;
}

/* 1 if [addr, addr+len) lies inside the user part of one symmetric segment of this PE. */
static inline int shoal_is_symmetric(const void *addr, size_t len)
{
    size_t off;
    return shoal_seg_user(addr, len, &off) >= 0;
}

/* The checked form used by the API layer: a host-loadable pointer to addr on pe valid for len
 * bytes; NULL when the bytes must take the slow path (device memory, or pe not mapped: see
 * path/path.h); a fatal one-line error naming routine and the bad value when addr is not
 * symmetric. The slow half is in remote.c. */
void *shoal_remote_slow(const char *routine, const void *addr, size_t len, int pe);

/* The fatal line for [addr, addr+len) that is not inside one segment's user part (for pe). */
noreturn void shoal_not_symmetric(const char *routine, const void *addr, size_t len, int pe);

SHOAL_HOT_INLINE void *shoal_remote(const char *routine, const void *addr, size_t len, int pe)
{
    SHOAL_CHECK_INIT(routine);
    SHOAL_CHECK_PE(routine, pe);
    const struct shoal_segment *h = &shoal_g.seg[SHOAL_SEG_HEAP];
    uintptr_t off = (uintptr_t)addr - (uintptr_t)h->base;
    if (SHOAL_LIKELY(off < h->user_size && len <= h->user_size - off)) {
        char *b = shoal_g.peers[pe].base[SHOAL_SEG_HEAP];
        if (SHOAL_LIKELY(b != NULL)) return b + off;
    }
    return shoal_remote_slow(routine, addr, len, pe);
}

#endif
