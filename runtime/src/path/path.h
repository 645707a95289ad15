/* The data-path funnel: every RMA, AMO, signal and lock operation reaches its target through
 * here. Resolution happens once per call:
 *   1. the host heap of a mapped peer: memcpy / CPU atomics, inline (core/remote.h);
 *   2. any other segment mapped here (globals, the device heap): the segment's mem ops;
 *   3. a peer that is not mapped: its transport's ops, by (segment, offset).
 * Only 1 is inline; 2 and 3 are shoal_path_*_slow (path.c).
 * A store into a mapped peer (1 and 2) rings its doorbell (sync/doorbell.h: a test of one word
 * unless PEs share cores), so that a wait_until or signal wait asleep there wakes. */
#ifndef SHOAL_PATH_PATH_H
#define SHOAL_PATH_PATH_H

#include <stdint.h>
#include <string.h>

#include "core/amo_op.h"
#include "core/copy.h"
#include "core/remote.h"
#include "sync/avoid_busy.h"
#include "sync/doorbell.h"
#include "transport/transport.h"

/* Where a checked symmetric range lives on pe. */
struct shoal_target {
    int seg;      /* segment row */
    size_t off;   /* offset in the segment */
    char *mapped; /* this process's address of it on pe; NULL: through pe's transport */
};

/* Resolve [addr, addr+len) on pe, with the checks: a one-line fatal error naming routine when
 * it is not inside one segment's user part. */
void shoal_target_of(const char *routine, const void *addr, size_t len, int pe,
                     struct shoal_target *t);

/* The mapped put's copy to r (dest on pe), then its ring, where PEs share CPUs. */
void shoal_path_put_rung(char *r, const void *dest, const void *src, size_t len, int pe);
/* flags: SHOAL_XFER_NBI (complete at quiet). */
void shoal_path_put_slow(const char *routine, void *dest, const void *src, size_t len, int pe,
                         int flags);
void shoal_path_get_slow(const char *routine, void *dest, const void *src, size_t len, int pe,
                         int flags);
/* 4- or 8-byte atomic on addr at pe; result (when not NULL) gets the old value. */
void shoal_path_amo_slow(const char *routine, enum shoal_amo_op op, const void *addr,
                         size_t size, const void *operand, const void *cond, void *result, int pe);
/* A 64-bit atomic on the runtime's own symmetric word addr (any part of a host segment, no
 * user checks) at pe: a CPU atomic where mapped, else (or under SHOAL_MPI_ATOMICS=rma) the
 * off-node transport's. Returns the old value. */
uint64_t shoal_path_amo_internal(enum shoal_amo_op op, void *addr, uint64_t operand,
                                 uint64_t cond, int pe);
/* Everything issued to pe so far lands before what is issued next (put-with-signal): free
 * on a transport whose operations to one PE land in order. */
void shoal_path_order(const char *routine, int pe);
/* Everything issued to pe so far is complete (strided put and get: blocking routines made of
 * non-blocking pieces). */
void shoal_path_complete(const char *routine, int pe);

/* Host memory of a mapped peer (the heap, then the globals), for the inline paths: NULL sends
 * the call to the slow path, which does every other case (and every check) out of line, so the
 * inline path keeps no registers for it. */
SHOAL_HOT_INLINE char *shoal_seg_on(int s, const void *addr, size_t len, int pe)
{
    const struct shoal_segment *g = &shoal_g.seg[s];
    const uintptr_t off = (uintptr_t)addr - (uintptr_t)g->base;
    if (off >= g->user_size || len > g->user_size - off) return NULL;
    char *b = shoal_g.peers[pe].base[s];
    return b ? b + off : NULL;
}

SHOAL_HOT_INLINE char *shoal_heap_on(const void *addr, size_t len, int pe)
{
    /* Before init and after finalize the rows are empty, so this fails too. */
    if (SHOAL_UNLIKELY((unsigned)pe >= (unsigned)shoal_g.npes)) return NULL;
    char *r = shoal_seg_on(SHOAL_SEG_HEAP, addr, len, pe);
    if (SHOAL_LIKELY(r != NULL)) return r;
    return shoal_seg_on(SHOAL_SEG_DATA, addr, len, pe);
}

/* Copies from this long on give the node's lowest PE its look at the CPUs first
 * (sync/avoid_busy.c reads them at its waits, and a PE that puts or gets in a loop waits for
 * nothing): 8 PEs crowded on one CPU beside 2 busy processes, a loop of puts of 1 MiB kept the
 * putting PEs crowded to its end, 89-95 us a put, and has them dealt back, 68-70 (Open MPI
 * 69-76). The look costs the lowest PE a clock read while no window is due and a window's
 * reading of /proc when one is (0.14-0.18 ms every 0.1 s at 8 PEs idle: 0.2% of a loop), the
 * others a load of a flag of their own (a look at the lowest PE's shared line made 8 PEs' idle
 * puts of 64 KiB-1 MiB 4% slower). Strided puts and gets look by the bytes they copy in all.
 * Test: avoid_busy compute_nowait (put, iput). */
#define SHOAL_COPY_LOOK_MIN 65536
SHOAL_HOT_INLINE void shoal_path_look(size_t len)
{
    if (SHOAL_UNLIKELY(len >= SHOAL_COPY_LOOK_MIN)) shoal_avoid_busy_look();
}

SHOAL_HOT_INLINE void shoal_path_put(const char *routine, void *dest, const void *src, size_t len,
                                     int pe, int flags)
{
    shoal_path_look(len);
    char *r = shoal_heap_on(dest, len, pe);
    /* A NULL source goes to the slow path, which reports it (a check of its own here cost
     * 25% of the 8-byte message rate). */
    if (SHOAL_LIKELY(r != NULL) && SHOAL_LIKELY(src != NULL)) {
        /* Where PEs share CPUs a copy rings after it (out of line), unless it is short and pe
         * has no wait asleep: the copy then stays a tail call (a call and a ring after it cost
         * the 8-byte message rate 15-30%; doorbell.h says why looking first is safe). */
        if (SHOAL_UNLIKELY(shoal_store_rings(pe, len))) shoal_path_put_rung(r, dest, src, len, pe);
        else shoal_copy_data(r, src, len);
    } else {
        shoal_path_put_slow(routine, dest, src, len, pe, flags);
    }
}

SHOAL_HOT_INLINE void shoal_path_get(const char *routine, void *dest, const void *src, size_t len,
                                     int pe, int flags)
{
    shoal_path_look(len);
    const char *r = shoal_heap_on(src, len, pe);
    if (SHOAL_LIKELY(r != NULL) && SHOAL_LIKELY(dest != NULL)) {
        shoal_copy_data(dest, r, len);
    } else {
        shoal_path_get_slow(routine, dest, src, len, pe, flags); /* also reports a NULL dest */
    }
}

/* The host word an AMO may use CPU atomics on: NULL under SHOAL_MPI_ATOMICS=rma, whose
 * atomics are atomic only against its own (then every AMO, to any PE, goes through it). NULL
 * too for a misaligned word: the slow path reports it. */
SHOAL_HOT_INLINE char *shoal_amo_on(const void *addr, size_t len, int pe)
{
    if (SHOAL_UNLIKELY(((uintptr_t)addr & (len - 1)) != 0 || shoal_g.amo_remote != NULL))
        return NULL;
    return shoal_heap_on(addr, len, pe);
}

/* A 64-bit atomic on any symmetric word (signals, locks): inline when host-mapped. */
static inline uint64_t shoal_path_amo64(const char *routine, enum shoal_amo_op op, void *addr,
                                        uint64_t operand, uint64_t cond, int pe)
{
    uint64_t *p = (uint64_t *)shoal_amo_on(addr, sizeof(uint64_t), pe);
    uint64_t old = 0;
    if (SHOAL_UNLIKELY(p == NULL)) {
        shoal_path_amo_slow(routine, op, addr, sizeof(uint64_t), &operand, &cond, &old, pe);
        return old;
    }
    switch (op) {
    case SHOAL_AMO_FETCH: return __atomic_load_n(p, __ATOMIC_ACQUIRE);
    case SHOAL_AMO_SET: __atomic_store_n(p, operand, __ATOMIC_RELEASE); break;
    case SHOAL_AMO_SWAP: old = __atomic_exchange_n(p, operand, __ATOMIC_ACQ_REL); break;
    case SHOAL_AMO_CSWAP:
        old = cond;
        __atomic_compare_exchange_n(p, &old, operand, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
        break;
    case SHOAL_AMO_ADD: old = __atomic_fetch_add(p, operand, __ATOMIC_ACQ_REL); break;
    case SHOAL_AMO_AND: old = __atomic_fetch_and(p, operand, __ATOMIC_ACQ_REL); break;
    case SHOAL_AMO_OR: old = __atomic_fetch_or(p, operand, __ATOMIC_ACQ_REL); break;
    case SHOAL_AMO_XOR: old = __atomic_fetch_xor(p, operand, __ATOMIC_ACQ_REL); break;
    }
    shoal_ring_store(pe, addr, sizeof *p);
    return old;
}

#endif
