/* The engine over an off-node transport (shoal_coll_remote(): some peer is not mapped here).
 * Every signal is a transport atomic, even to a mapped member, because the transport's
 * atomics are atomic only against each other (transport/mpi.c); data moves with transport
 * gets from the members' symmetric buffers ("pull"), or with plain copies where the member is
 * this PE or mapped here. Each collective is: a barrier (everyone's source is ready), the
 * gets, a barrier (nobody overwrites a source or dest still being read). Simple and
 * latency-bound; the mapped engine stays the fast path within a node.
 *
 * Payloads in private memory (SHOAL_COLL_PRIVATE, small: team creation) are staged in the
 * mailbox part of this PE's own sync area, where the others get them, and zeroed afterwards
 * (the area is all zeros again when the collective returns). */
#include <stdlib.h>
#include <string.h>

#include "coll/engine/engine.h"
#include "transport/transport.h"

static void failed(const char *what, int pe, int rc)
{
    shoal_fatal("collective", "%s to PE %d through the %s transport failed: %s", what, pe,
                shoal_g.remote->name, shoal_status_string(rc));
}

static int seg_of(const void *addr, size_t *off)
{
    const int s = shoal_seg_find(addr, off);
    if (s < 0 || shoal_g.seg[s].kind != SHOAL_SEG_HOST) shoal_coll_unmapped(addr, shoal_g.me);
    return s;
}

/* Word w of member i's area op= v, through the transport. */
static void word_amo(const struct shoal_group *g, int i, int w, enum shoal_amo_op op, long v)
{
    size_t off;
    const int s = seg_of(&g->area[w], &off);
    const int pe = shoal_group_pe(g, i);
    const int rc = shoal_g.remote->amo(pe, s, off, op, sizeof(long), &v, NULL, NULL);
    if (rc) failed("a signal", pe, rc);
}

/* nbytes at symmetric addr on member pe into dest. */
static void pull(void *dest, const void *addr, size_t nbytes, int pe)
{
    if (nbytes == 0) return;
    const void *mapped = shoal_addr_on(addr, pe);
    if (mapped) {
        memcpy(dest, mapped, nbytes);
        return;
    }
    size_t off;
    const int s = seg_of(addr, &off);
    const int rc = shoal_g.peers[pe].ops->get(pe, s, off, dest, nbytes, 0);
    if (rc) failed("a get", pe, rc);
}

/* Wait until my word w reaches k, then take k away (an atomic: signals may be arriving). */
static void consume(const struct shoal_group *g, int w, long k)
{
    if (k <= 0) return;
    SHOAL_WAIT_FOR(__atomic_load_n(&g->area[w], __ATOMIC_ACQUIRE) >= k);
    word_amo(g, g->me, w, SHOAL_AMO_ADD, -k);
}

/* Dissemination barrier on counters, radix 2 (each round is a transport round trip). */
void shoal_xcoll_barrier(const struct shoal_group *g)
{
    const long n = g->size;
    shoal_g.remote->quiet(); /* what I put before the barrier is visible after it */
    for (int r = 0, step = 1; step < n; r++, step *= 2) {
        word_amo(g, shoal_wrap(g->me + step, n), SHOAL_W_BAR(r), SHOAL_AMO_ADD, 1);
        shoal_g.remote->quiet();
        consume(g, SHOAL_W_BAR(r), 1);
    }
}

/* The same with epoch stores (a team's barrier area, coll/engine/barrier.c). */
void shoal_xcoll_barrier_epoch(const struct shoal_group *g, uint64_t epoch)
{
    const long n = g->size;
    shoal_g.remote->quiet();
    for (int r = 0, step = 1; step < n; r++, step *= 2) {
        const int w = r * SHOAL_LINE;
        word_amo(g, shoal_wrap(g->me + step, n), w, SHOAL_AMO_SET, (long)epoch);
        shoal_g.remote->quiet();
        SHOAL_WAIT_FOR((uint64_t)__atomic_load_n(&g->area[w], __ATOMIC_ACQUIRE) >= epoch);
    }
}

/* Where member pe's copy of a private payload is read from: my staging copy in my area. */
static const void *stage(const struct shoal_group *g, const void *src, size_t nbytes, int flags)
{
    if (!(flags & SHOAL_COLL_PRIVATE)) return src;
    if (nbytes > SHOAL_MB_BYTES)
        shoal_fatal("collective", "internal error: %zu private bytes exceed the staging area",
                    nbytes);
    long *box = g->area + SHOAL_MB_FIRST_LINE * SHOAL_LINE;
    memcpy(box, src, nbytes);
    return box;
}

static void unstage(const void *staged, const void *src, size_t nbytes)
{
    if (staged != src) memset((void *)staged, 0, nbytes);
}

void shoal_xcoll_bcast(const struct shoal_group *g, void *dest, const void *src, size_t nbytes,
                       int root, int root_copies)
{
    shoal_xcoll_barrier(g);
    if (g->me != root) pull(dest, src, nbytes, shoal_group_pe(g, root));
    else if (root_copies && dest != src) memmove(dest, src, nbytes);
    shoal_xcoll_barrier(g);
}

void shoal_xcoll_fcollect(const struct shoal_group *g, void *dest, const void *src,
                          size_t nbytes, int flags)
{
    const void *from = stage(g, src, nbytes, flags);
    shoal_xcoll_barrier(g);
    for (int j = 0; j < g->size; j++)
        pull((char *)dest + (size_t)j * nbytes, from, nbytes, shoal_group_pe(g, j));
    shoal_xcoll_barrier(g);
    unstage(from, src, nbytes);
}

void shoal_xcoll_collect(const struct shoal_group *g, void *dest, const void *src, size_t nbytes)
{
    /* Sizes first: each member publishes its own in its area; 0 means none. */
    __atomic_store_n(&g->area[SHOAL_W_COUNT], (long)nbytes + 1, __ATOMIC_RELEASE);
    shoal_xcoll_barrier(g);
    size_t at = 0;
    for (int j = 0; j < g->size; j++) {
        const int pe = shoal_group_pe(g, j);
        long size;
        pull(&size, &g->area[SHOAL_W_COUNT], sizeof size, pe);
        pull((char *)dest + at, src, (size_t)size - 1, pe);
        at += (size_t)size - 1;
    }
    shoal_xcoll_barrier(g);
    __atomic_store_n(&g->area[SHOAL_W_COUNT], 0, __ATOMIC_RELAXED);
}

void shoal_xcoll_alltoall(const struct shoal_group *g, void *dest, const void *src, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, size_t esize)
{
    /* Block me of member j's source: nelems elements, stride sst, fetched as one span. */
    const size_t span = nelems ? ((nelems - 1) * (size_t)sst + 1) * esize : 0;
    char *tmp = span ? malloc(span) : NULL;
    if (span && !tmp) shoal_fatal("collective", "out of memory (%zu bytes)", span);
    shoal_xcoll_barrier(g);
    for (int j = 0; j < g->size; j++) {
        pull(tmp, (const char *)src + (size_t)g->me * nelems * (size_t)sst * esize, span,
             shoal_group_pe(g, j));
        shoal_coll_scopy((char *)dest + (size_t)j * nelems * (size_t)dst * esize, dst, tmp, sst,
                         nelems, esize);
    }
    shoal_xcoll_barrier(g);
    free(tmp);
}

void shoal_xcoll_reduce(const struct shoal_group *g, void *dest, const void *src, size_t nbytes,
                        size_t count, shoal_combine_fn fn, int flags)
{
    const void *from = stage(g, src, nbytes, flags);
    char *acc = malloc(nbytes), *tmp = malloc(nbytes);
    if (!acc || !tmp) shoal_fatal("collective", "out of memory (%zu bytes)", 2 * nbytes);
    shoal_xcoll_barrier(g);
    /* In member order on every PE: every member gets the same floating-point result. */
    pull(acc, from, nbytes, shoal_group_pe(g, 0));
    for (int j = 1; j < g->size; j++) {
        pull(tmp, from, nbytes, shoal_group_pe(g, j));
        fn(acc, acc, tmp, count);
    }
    shoal_xcoll_barrier(g); /* my source (maybe my dest) is read by all */
    memcpy(dest, acc, nbytes);
    unstage(from, src, nbytes);
    free(acc);
    free(tmp);
}
