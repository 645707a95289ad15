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
 * (shoal_mbox_take): the root of a small broadcast then only issues stores and returns. */
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

static void bcast_tree(const char *routine, const struct shoal_group *g, void *dest,
                       const void *src, size_t nbytes, int root, int idle)
{
    const long n = g->size, k = n <= SHOAL_FLAT_MAX ? n : 4;
    const long v = shoal_wrap(g->me - root + n, n);
    long kids[MAX_CHILDREN];
    const int nk = tree_children(v, n, k, kids);
    const struct shoal_mbox_layout l = shoal_mbox_layout(2);
    long *to[MAX_CHILDREN][2];
    for (int c = 0; c < nk; c++)
        for (int b = 0; b < 2; b++) to[c][b] = shoal_mbox_remote(g, &l, shoal_wrap(kids[c] + root, n), b);

    if (v == 0) {
        size_t off = 0;
        for (unsigned chunk = 0; off < nbytes; chunk++) {
            size_t len = nbytes - off < l.cap ? nbytes - off : l.cap;
            for (int c = 0; c < nk; c++)
                shoal_mbox_put(to[c][chunk & 1], idle && chunk < 2, (const char *)src + off, len, nbytes);
            off += len;
        }
        return;
    }
    const int parent_pe = shoal_group_pe(g, shoal_wrap(tree_parent(v, k) + root, n));
    long *ready = &g->area[SHOAL_W_READY];
    size_t off = 0;
    for (unsigned chunk = 0; off < nbytes; chunk++) {
        size_t len = nbytes - off < l.cap ? nbytes - off : l.cap;
        long *box = shoal_mbox_local(g, &l, chunk & 1);
        /* A root that took the large path signals READY instead: a size mismatch. */
        SHOAL_WAIT_FROM(parent_pe, shoal_mbox_full(box) || __atomic_load_n(ready, __ATOMIC_ACQUIRE) != 0);
        if (SHOAL_UNLIKELY(!shoal_mbox_full(box)))
            shoal_coll_len_mismatch(routine, parent_pe, (size_t)-1, nbytes);
        const void *p = shoal_mbox_wait(box, nbytes, routine, parent_pe);
        memcpy((char *)dest + off, p, len);
        shoal_mbox_release(box, len);
        for (int c = 0; c < nk; c++)
            shoal_mbox_put(to[c][chunk & 1], idle && chunk < 2, (char *)dest + off, len, nbytes);
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
            if (i != root) shoal_signal(shoal_peer_word(g, i, SHOAL_W_READY));
        shoal_consume(&g->area[SHOAL_W_DONE], n - 1);
        __atomic_store_n(&g->area[SHOAL_W_COUNT], 0, __ATOMIC_RELAXED);
        return;
    }
    long *ready = &g->area[SHOAL_W_READY];
    const struct shoal_mbox_layout l = shoal_mbox_layout(2);
    long *box0 = shoal_mbox_local(g, &l, 0); /* where a mailbox-path root would write */
    SHOAL_WAIT_FROM(root_pe, __atomic_load_n(ready, __ATOMIC_ACQUIRE) != 0 || shoal_mbox_full(box0));
    if (SHOAL_UNLIKELY(__atomic_load_n(ready, __ATOMIC_ACQUIRE) == 0))
        shoal_coll_len_mismatch(routine, root_pe, (size_t)__atomic_load_n(box0, __ATOMIC_ACQUIRE) - 1,
                                nbytes);
    shoal_consume(ready, 1);
    long theirs = __atomic_load_n(shoal_peer_word(g, root, SHOAL_W_COUNT), __ATOMIC_RELAXED);
    if (SHOAL_UNLIKELY((size_t)(theirs - 1) != nbytes))
        shoal_coll_len_mismatch(routine, root_pe, (size_t)(theirs - 1), nbytes);
    memcpy(dest, shoal_coll_ptr(src, root_pe), nbytes);
    shoal_signal(shoal_peer_word(g, root, SHOAL_W_DONE));
}

void shoal_coll_bcast(const char *routine, const struct shoal_group *g, void *dest,
                      const void *src, size_t nbytes, int root, int root_copies)
{
    const int idle = g->idle;
    if (g->size > 1 && nbytes > 0 && shoal_coll_remote()) {
        shoal_xcoll_bcast(g, dest, src, nbytes, root, root_copies);
        return;
    }
    if (g->size > 1 && nbytes > 0) {
        if (nbytes <= SHOAL_BCAST_MB_MAX)
            bcast_tree(routine, g, dest, src, nbytes, root, idle);
        else
            bcast_pull(routine, g, dest, src, nbytes, root);
    }
    if (g->me == root && root_copies && dest != src && nbytes) memmove(dest, src, nbytes);
}
