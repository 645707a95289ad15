/* Broadcast. By size (thresholds: coll/engine/tune.h, crossovers in docs/collectives.md):
 *  - One mailbox (up to 3320 bytes), at most the flat maximum of members: the root stores the
 *    payload into every member's first mailbox; each member copies it out. One round, and
 *    the root only issues stores.
 *  - Push (SHOAL_COLL_BCAST_DIRECT and up), flat groups: the root copies its source straight
 *    into every member's dest (the spec has every dest ready before any PE calls) and then
 *    posts an empty message in the member's first mailbox. One copy per member, all by the
 *    root, which never waits: under oversubscription the fewest context switches.
 *  - Pull (SHOAL_COLL_BCAST_PULL and up): the root posts an empty message to every member,
 *    each member copies the root's source into its own dest through the mapping (all members
 *    in parallel, every write local) and then signals the root, which returns when everyone
 *    has read.
 *  - Otherwise (more members than the flat maximum, below the pull size): a K-nomial tree,
 *    K = 4, ceil(log_4 N) levels; data moves in chunks through two mailboxes per member
 *    (double buffering), so the tree pipelines.
 * Every algorithm's first message lands in the member's first mailbox, tagged with the size
 * and root: members that disagree on either are caught whatever algorithm each picked.
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
static inline void recv_chunk(const char *routine, long *box, void *dest, size_t len, size_t tag,
                              int parent_pe)
{
    shoal_copy_data(dest, shoal_mbox_wait(box, tag, routine, parent_pe), len);
    shoal_mbox_release(box, len);
}

/* The flat one-round cases: the root sends to every member's first box, the others wait for
 * theirs; none of the general tree's bookkeeping. Either the payload (one chunk) travels in
 * the box, or (push) the root copies it straight into the member's dest and the box gets an
 * empty message, member by member, so the first ones are free while the root copies for the
 * others. Outside an idle sync area a member may still be copying the previous broadcast
 * (from this root) out of its mailboxes into dest: push claims both boxes before dest is
 * written. */
static void bcast_flat(const char *routine, const struct shoal_group *g, void *dest,
                       const void *src, size_t nbytes, int root, int idle, int push)
{
    const struct shoal_mbox_layout l = shoal_mbox_layout(2);
    const int n = g->size;
    const size_t tag = shoal_coll_tag(SHOAL_CK_BCAST, (unsigned)root, nbytes);
    if (g->me == root) {
        for (int d = 1; d < n; d++) {
            const int j = shoal_wrap(root + d, n);
            const int pe = shoal_group_pe(g, j);
            long *box = shoal_mbox_remote(g, &l, j, 0);
            if (!push) {
                shoal_mbox_put(box, idle, src, nbytes, tag);
            } else {
                shoal_mbox_take(box, idle);
                if (!idle) {
                    long *other = shoal_mbox_remote(g, &l, j, 1);
                    shoal_mbox_claim(other);
                    __atomic_store_n(other, 0, __ATOMIC_RELEASE);
                }
                shoal_copy(shoal_coll_ptr(dest, pe), src, nbytes,
                                shoal_coll_streams(nbytes * (size_t)(n + 1), n));
                shoal_mbox_fill(box, tag);
            }
        }
        shoal_ring_members(g);
        return;
    }
    long *box = shoal_mbox_local(g, &l, 0);
    recv_chunk(routine, box, dest, push ? 0 : nbytes, tag, shoal_group_pe(g, root));
}

static void bcast_tree(const char *routine, const struct shoal_group *g, void *dest,
                       const void *src, size_t nbytes, int root, int idle)
{
    const long n = g->size, k = n <= shoal_coll_flat_max() ? n : 4;
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
        recv_chunk(routine, shoal_mbox_local(g, &l, chunk & 1), (char *)dest + off, len, tag,
                   parent_pe);
        for (int c = 0; c < nk; c++) {
            shoal_mbox_put(to[c][chunk & 1], idle && chunk < 2, (char *)dest + off, len, tag);
            shoal_ring(kid_pe[c]);
        }
        off += len;
    }
}

/* Pull: the root posts an empty message to every member, which copies the root's source and
 * signals it back; the root returns once its source has been read by all. */
static void bcast_pull(const char *routine, const struct shoal_group *g, void *dest,
                       const void *src, size_t nbytes, int root, int idle)
{
    const struct shoal_mbox_layout l = shoal_mbox_layout(2);
    const int n = g->size;
    const int root_pe = shoal_group_pe(g, root);
    const size_t tag = shoal_coll_tag(SHOAL_CK_BCAST, (unsigned)root, nbytes);
    if (g->me == root) {
        for (int d = 1; d < n; d++) {
            const int j = shoal_wrap(root + d, n);
            shoal_mbox_post(shoal_mbox_remote(g, &l, j, 0), idle, tag);
            shoal_ring(shoal_group_pe(g, j));
        }
        shoal_consume(&g->area[SHOAL_W_DONE], n - 1);
        return;
    }
    long *box = shoal_mbox_local(g, &l, 0);
    shoal_mbox_wait(box, tag, routine, root_pe);
    shoal_copy(dest, shoal_coll_ptr(src, root_pe), nbytes,
                    shoal_coll_streams(nbytes * (size_t)(n + 1), n));
    shoal_mbox_release(box, 0);
    shoal_signal(g, root, SHOAL_W_DONE);
}

void shoal_coll_bcast(const char *routine, const struct shoal_group *g, void *dest,
                      const void *src, size_t nbytes, int root, int root_copies)
{
    const int idle = g->idle, n = g->size;
    if (n > 1 && nbytes > 0 && shoal_coll_remote(g)) {
        shoal_xcoll_bcast(g, dest, src, nbytes, root, root_copies);
        return;
    }
    if (n > 1 && nbytes > 0) {
        const int flat = n <= shoal_coll_flat_max();
        if (nbytes >= shoal_coll_threshold(SHOAL_TUNE_BCAST_PULL, n))
            bcast_pull(routine, g, dest, src, nbytes, root, idle);
        else if (flat && nbytes >= shoal_coll_threshold(SHOAL_TUNE_BCAST_DIRECT, n))
            bcast_flat(routine, g, dest, src, nbytes, root, idle, 1);
        else if (flat && nbytes <= shoal_mbox_layout(2).cap)
            bcast_flat(routine, g, dest, src, nbytes, root, idle, 0);
        else
            bcast_tree(routine, g, dest, src, nbytes, root, idle);
    }
    if (g->me == root && root_copies && dest != src && nbytes) memmove(dest, src, nbytes);
}
