/* Broadcast.
 *  - Up to SHOAL_BCAST_MB_MAX bytes: a K-nomial tree (K = N up to SHOAL_FLAT_MAX members:
 *    the root writes every member's mailbox; K = 4 beyond: ceil(log_4 N) levels). Data moves
 *    in chunks through two mailboxes per member (double buffering), so a tree pipelines and
 *    a member's dest is only written by the member itself.
 *  - Larger: the root tells every member its source is ready; each member copies the root's
 *    source straight into its own dest through the mapping (all members in parallel, every
 *    write local) and then signals the root, which returns when everyone has read.
 * Broadcast never waits for all members, so it is not a synchronizing collective.
 * On an idle sync area the first chunk into each of the two boxes skips the claim
 * (shoal_mbox_take): the root of a small broadcast then only issues stores and returns.
 * A member's boxes are written by its parent, which depends on the root: back-to-back
 * broadcasts on one pSync without a barrier are safe from the same root only (the spec asks
 * for none before every member is done; team areas are never reused that way). */
#include <string.h>

#include <shmem.h>

#include "coll/engine/engine.h"

#define MAX_CHILDREN 64

/* Children of relative index v in the K-nomial tree over n members, farthest first. */
static int tree_children(long v, long n, long k, long *out)
{
    long top = 1; /* smallest power of k above v's highest digit */
    while (top <= v) top *= k;
    long pw[40];
    int np = 0;
    for (long m = top; m < n; m *= k) pw[np++] = m;
    int c = 0;
    for (int j = np - 1; j >= 0; j--)
        for (long d = k - 1; d >= 1; d--)
            if (v + d * pw[j] < n && c < MAX_CHILDREN) out[c++] = v + d * pw[j];
    return c;
}

static long tree_parent(long v, long k)
{
    if (v < k) return 0; /* the root's children: every member of a flat tree */
    long m = 1;
    while (m * k <= v) m *= k;
    return v % m;
}

/* Wait for the chunk of len bytes (of a message with this tag) in my box from parent_pe, copy
 * it to dest and empty the box. */
static inline void recv_chunk(const char *routine, const struct shoal_group *g, long *box,
                              void *dest, size_t len, size_t tag, int parent_pe)
{
    const long *ready = &g->area[SHOAL_W_READY];
    /* A root that took the large path signals READY instead: a size mismatch. */
    SHOAL_WAIT_RUNG(parent_pe, shoal_mbox_full(box) || __atomic_load_n(ready, __ATOMIC_ACQUIRE) != 0);
    if (SHOAL_UNLIKELY(!shoal_mbox_full(box)))
        shoal_coll_len_mismatch(routine, parent_pe, (size_t)-1, tag);
    memcpy(dest, shoal_mbox_wait(box, tag, routine, parent_pe), len);
    shoal_mbox_release(box, len);
}

/* The common small case: a flat tree and one chunk. The root stores into every member's first
 * box, the others wait for theirs; none of the general tree's bookkeeping. */
static void bcast_flat_one(const char *routine, const struct shoal_group *g, void *dest,
                           const void *src, size_t nbytes, int root, int idle)
{
    const struct shoal_mbox_layout l = shoal_mbox_layout(2);
    const int n = g->size;
    const size_t tag = shoal_coll_tag(SHOAL_CK_BCAST, (unsigned)root, nbytes);
    if (g->me == root) {
        for (int d = 1; d < n; d++) {
            const int j = shoal_wrap(root + d, n);
            shoal_mbox_put(shoal_mbox_remote(g, &l, j, 0), idle, src, nbytes, tag);
            shoal_ring(shoal_group_pe(g, j));
        }
        return;
    }
    recv_chunk(routine, g, shoal_mbox_local(g, &l, 0), dest, nbytes, tag, shoal_group_pe(g, root));
}

static void bcast_tree(const char *routine, const struct shoal_group *g, void *dest,
                       const void *src, size_t nbytes, int root, int idle)
{
    const long n = g->size, k = n <= SHOAL_FLAT_MAX ? n : 4;
    const long v = shoal_wrap(g->me - root + n, n);
    long kids[MAX_CHILDREN];
    const int nk = tree_children(v, n, k, kids);
    const size_t tag = shoal_coll_tag(SHOAL_CK_BCAST, (unsigned)root, nbytes);
    const struct shoal_mbox_layout l = shoal_mbox_layout(2);
    long *to[MAX_CHILDREN][2];
    int kid_pe[MAX_CHILDREN];
    for (int c = 0; c < nk; c++) {
        kid_pe[c] = shoal_group_pe(g, shoal_wrap(kids[c] + root, n));
        for (int b = 0; b < 2; b++) to[c][b] = shoal_mbox_remote(g, &l, shoal_wrap(kids[c] + root, n), b);
    }

    if (v == 0) {
        size_t off = 0;
        for (unsigned chunk = 0; off < nbytes; chunk++) {
            size_t len = nbytes - off < l.cap ? nbytes - off : l.cap;
            for (int c = 0; c < nk; c++) {
                shoal_mbox_put(to[c][chunk & 1], idle && chunk < 2, (const char *)src + off, len, tag);
                shoal_ring(kid_pe[c]);
            }
            off += len;
        }
        return;
    }
    const int parent_pe = shoal_group_pe(g, shoal_wrap(tree_parent(v, k) + root, n));
    size_t off = 0;
    for (unsigned chunk = 0; off < nbytes; chunk++) {
        size_t len = nbytes - off < l.cap ? nbytes - off : l.cap;
        recv_chunk(routine, g, shoal_mbox_local(g, &l, chunk & 1), (char *)dest + off, len, tag,
                   parent_pe);
        for (int c = 0; c < nk; c++) {
            shoal_mbox_put(to[c][chunk & 1], idle && chunk < 2, (char *)dest + off, len, tag);
            shoal_ring(kid_pe[c]);
        }
        off += len;
    }
}

static void bcast_pull(const char *routine, const struct shoal_group *g, void *dest,
                       const void *src, size_t nbytes, int root)
{
    const int n = g->size;
    const int root_pe = shoal_group_pe(g, root);
    if (g->me == root) {
        __atomic_store_n(&g->area[SHOAL_W_COUNT], (long)nbytes + 1, __ATOMIC_RELAXED);
        for (int i = 0; i < n; i++)
            if (i != root) shoal_signal(g, i, SHOAL_W_READY);
        shoal_consume(&g->area[SHOAL_W_DONE], n - 1);
        __atomic_store_n(&g->area[SHOAL_W_COUNT], 0, __ATOMIC_RELAXED);
        return;
    }
    long *ready = &g->area[SHOAL_W_READY];
    const struct shoal_mbox_layout l = shoal_mbox_layout(2);
    long *box0 = shoal_mbox_local(g, &l, 0); /* where a mailbox-path root would write */
    SHOAL_WAIT_RUNG(root_pe, __atomic_load_n(ready, __ATOMIC_ACQUIRE) != 0 || shoal_mbox_full(box0));
    if (SHOAL_UNLIKELY(__atomic_load_n(ready, __ATOMIC_ACQUIRE) == 0))
        shoal_coll_len_mismatch(routine, root_pe, (size_t)__atomic_load_n(box0, __ATOMIC_ACQUIRE) - 1,
                                shoal_coll_tag(SHOAL_CK_BCAST, (unsigned)root, nbytes));
    shoal_consume(ready, 1);
    long theirs = __atomic_load_n(shoal_peer_word(g, root, SHOAL_W_COUNT), __ATOMIC_RELAXED);
    if (SHOAL_UNLIKELY((size_t)(theirs - 1) != nbytes))
        shoal_coll_len_mismatch(routine, root_pe, (size_t)(theirs - 1), nbytes);
    memcpy(dest, shoal_coll_ptr(src, root_pe), nbytes);
    shoal_signal(g, root, SHOAL_W_DONE);
}

void shoal_coll_bcast(const char *routine, const struct shoal_group *g, void *dest,
                      const void *src, size_t nbytes, int root, int root_copies)
{
    const int idle = g->idle;
    if (g->size > 1 && nbytes > 0 && shoal_coll_remote(g)) {
        shoal_xcoll_bcast(g, dest, src, nbytes, root, root_copies);
        return;
    }
    if (g->size > 1 && nbytes > 0) {
        if (g->size <= SHOAL_FLAT_MAX && nbytes <= shoal_mbox_layout(2).cap)
            bcast_flat_one(routine, g, dest, src, nbytes, root, idle);
        else if (nbytes <= SHOAL_BCAST_MB_MAX)
            bcast_tree(routine, g, dest, src, nbytes, root, idle);
        else
            bcast_pull(routine, g, dest, src, nbytes, root);
    }
    if (g->me == root && root_copies && dest != src && nbytes) memmove(dest, src, nbytes);
}
