/* Symmetric address translation: where addr (a symmetric address on this PE) lives on pe,
 * in this process's address space. The hot path of every put, get and AMO. The checked forms
 * (what user calls go through) accept only the user's part of the heap, so no RMA can reach
 * the runtime's own symmetric memory behind it. */
#ifndef SHOAL_CORE_REMOTE_H
#define SHOAL_CORE_REMOTE_H

#include "core/check.h"
#include "core/state.h"

/* NULL when addr is not symmetric or pe's memory is not mapped here. */
static inline void *shoal_addr_on(const void *addr, int pe)
{
    uintptr_t a = (uintptr_t)addr;
    uintptr_t off = a - (uintptr_t)shoal_g.heap_base;
    if (SHOAL_LIKELY(off < shoal_g.heap_size)) {
        char *b = shoal_g.peers[pe].heap;
        return b ? b + off : NULL;
    }
    off = a - (uintptr_t)shoal_g.data_base;
    if (off < shoal_g.data_size) {
        char *b = shoal_g.peers[pe].data;
        return b ? b + off : NULL;
    }
    return NULL;
}

/* 1 if [addr, addr+len) lies inside the user's heap or the data segment of this PE. */
static inline int shoal_is_symmetric(const void *addr, size_t len)
{
    uintptr_t a = (uintptr_t)addr;
    uintptr_t off = a - (uintptr_t)shoal_g.heap_base;
    if (off < shoal_g.heap_user_size) return len <= shoal_g.heap_user_size - off;
    off = a - (uintptr_t)shoal_g.data_base;
    if (off < shoal_g.data_size) return len <= shoal_g.data_size - off;
    return 0;
}

/* The checked form used by the API layer: a pointer to addr on pe valid for len bytes, or a
 * fatal one-line error naming routine and the bad value. */
void *shoal_remote_slow(const char *routine, const void *addr, size_t len, int pe);

static inline void *shoal_remote(const char *routine, const void *addr, size_t len, int pe)
{
    SHOAL_CHECK_INIT(routine);
    SHOAL_CHECK_PE(routine, pe);
    uintptr_t a = (uintptr_t)addr;
    uintptr_t off = a - (uintptr_t)shoal_g.heap_base;
    if (SHOAL_LIKELY(off < shoal_g.heap_user_size && len <= shoal_g.heap_user_size - off)) {
        char *b = shoal_g.peers[pe].heap;
        if (SHOAL_LIKELY(b != NULL)) return b + off;
    }
    return shoal_remote_slow(routine, addr, len, pe);
}

#endif
