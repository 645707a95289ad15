/* fcollect (equal blocks) and collect (blocks of different sizes): concatenation in group order.
 * By size (thresholds: coll/engine/tune.h, crossovers in docs/collectives.md):
 *  - Small blocks (below SHOAL_COLL_FCOLLECT_PUSH / _COLLECT_PUSH), up to the flat maximum of
 *    members: every member sends its block to every other
 *    member's mailbox (one mailbox per sender), in chunks, lock-step by chunk index; the
 *    receiver copies each block into place. One round; no member's dest is written remotely,
 *    so back-to-back calls need no barrier in between. collect's first message also carries
 *    the sender's size and, up to SHOAL_COLL_COLLECT_LEAD, its block: a small collect is one
 *    round too.
 *  - Otherwise: each member copies its block straight into every member's dest at its offset
 *    (one copy, bandwidth-optimal on a node) and signals it (a post tagged with the size in
 *    a flat group, else a counter); everyone waits for N-1.
 *    collect over more than the flat maximum of members first has each member publish its size in
 *    its sync area and read the others' through the mapping (the word is cleared once all N-1
 *    blocks have arrived, which proves every reader is done). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>

#include "coll/engine/channel.h"
#include "coll/engine/engine.h"
#include "coll/engine/outbox.h"

/* Mailbox exchange: member i's block (sizes[i] bytes, mine at src) lands at dest + offs[i]. */
static void gather_mbox(const char *routine, const struct shoal_group *g, void *dest,
                        const void *src, const size_t *sizes, const size_t *offs, int kind)
{
    const int n = g->size, me = g->me;
    const struct shoal_mbox_layout l = shoal_mbox_layout(n - 1);
    size_t maxsz = 0;
    for (int i = 0; i < n; i++) maxsz = sizes[i] > maxsz ? sizes[i] : maxsz;
    const size_t mine = sizes[me];
    long *boxes[SHOAL_FLAT_MAX] = {0};
    for (int j = 0; j < n; j++)
        if (j != me) boxes[j] = shoal_mbox_local(g, &l, shoal_flat_box(j, me, n));
    for (size_t off = 0; off < maxsz; off += l.cap) {
        if (off < mine) {
            size_t len = mine - off < l.cap ? mine - off : l.cap;
            for (int d = 1; d < n; d++) {
                int j = shoal_wrap(me + d, n);
                shoal_mbox_put(shoal_mbox_remote(g, &l, j, shoal_flat_box(me, j, n)),
                               g->idle && off == 0, (const char *)src + off, len,
                               shoal_coll_tag(kind, 0, mine));
            }
            shoal_ring_members(g);
        }
        if (off == 0) shoal_mbox_await_mates(g, boxes, shoal_coll_tag(kind, 0, mine));
        for (int d = n - 1; d >= 1; d--) {
            int j = shoal_wrap(me + d, n);
            if (off >= sizes[j]) continue;
            size_t len = sizes[j] - off < l.cap ? sizes[j] - off : l.cap;
            long *box = boxes[j];
            const void *p = shoal_mbox_wait(box, shoal_coll_tag(kind, 0, sizes[j]), routine,
                                            shoal_group_pe(g, j));
            shoal_copy_data((char *)dest + offs[j] + off, p, len);
            shoal_mbox_release(box, len);
        }
    }
    if ((const char *)dest + offs[me] != src) memmove((char *)dest + offs[me], src, mine);
}

/* Direct push of my block into every member's dest at my_off, then wait for everyone's. In a
 * flat group each block is announced by a post (tag: its size) in the receiver's box for its
 * sender, so members that disagree on the size are caught; beyond, by a counter. */
static void gather_push(const char *routine, const struct shoal_group *g, void *dest,
                        const void *src, size_t mine, size_t my_off, size_t tag)
{
    const int n = g->size, me = g->me;
    const int stream = shoal_coll_streams(mine * (size_t)n * (size_t)(n + 1), n);
    if (n <= shoal_coll_flat_max()) {
        const struct shoal_mbox_layout l = shoal_mbox_layout(n - 1);
        long *boxes[SHOAL_FLAT_MAX] = {0};
        for (int d = 1; d < n; d++) {
            const int j = shoal_wrap(me + d, n);
            const int pe = shoal_group_pe(g, j);
            long *box = shoal_mbox_remote(g, &l, j, shoal_flat_box(me, j, n));
            shoal_mbox_take(box, g->idle);
            if (mine) shoal_copy((char *)shoal_coll_ptr(dest, pe) + my_off, src, mine, stream);
            shoal_mbox_fill(box, tag);
            shoal_ring(pe);
            boxes[j] = shoal_mbox_local(g, &l, shoal_flat_box(j, me, n));
        }
        if ((const char *)dest + my_off != src) shoal_move((char *)dest + my_off, src, mine);
        shoal_mbox_await_posts(g, boxes, tag, routine);
        return;
    }
    for (int d = 1; d < n; d++) {
        int j = shoal_wrap(me + d, n);
        int pe = shoal_group_pe(g, j);
        if (mine) shoal_copy((char *)shoal_coll_ptr(dest, pe) + my_off, src, mine, stream);
        shoal_signal(g, j, SHOAL_W_DATA);
    }
    if ((const char *)dest + my_off != src) memmove((char *)dest + my_off, src, mine);
    shoal_consume(&g->area[SHOAL_W_DATA], n - 1);
}

void shoal_coll_fcollect(const char *routine, const struct shoal_group *g, void *dest,
                         const void *src, size_t nbytes)
{
    const int n = g->size, me = g->me;
    if (n == 1) {
        if (dest != src) memmove(dest, src, nbytes);
        return;
    }
    if (shoal_coll_remote(g)) {
        shoal_xcoll_fcollect(g, dest, src, nbytes);
        return;
    }
    if (n <= shoal_coll_flat_max() && nbytes < shoal_coll_threshold(SHOAL_TUNE_FCOLLECT_PUSH, n)) {
        size_t sizes[SHOAL_FLAT_MAX] = {0}, offs[SHOAL_FLAT_MAX] = {0};
        for (int i = 0; i < n; i++) {
            sizes[i] = nbytes;
            offs[i] = (size_t)i * nbytes;
        }
        gather_mbox(routine, g, dest, src, sizes, offs, SHOAL_CK_FCOLLECT);
        return;
    }
    gather_push(routine, g, dest, src, nbytes, (size_t)me * nbytes,
                shoal_coll_tag(SHOAL_CK_FCOLLECT, 0, nbytes));
}

/* collect over up to the flat maximum of members: one mailbox round carries every member's size and
 * its block where the block is small (SHOAL_COLL_COLLECT_LEAD) and fits, so small collects take
 * one round; larger blocks follow
 * whole, in lock-step mailbox rounds or straight into the dests (SHOAL_COLL_COLLECT_PUSH),
 * copied once. Where there are pair channels (coll/engine/channel.h), the first round goes
 * through them: every collect, since no member knows the others' sizes before it. There a
 * member whose waits sleep, or that shares its CPU with every other (shoal_outbox_pays), puts
 * a block too large for them into its outbox (outbox.h) and says so with its size; the others
 * copy it from there after that round, and later rounds carry only the blocks that are not
 * complete after it. */
SHOAL_HOT_INLINE void collect_flat_via(const char *routine, const struct shoal_group *g,
                                       void *dest, const void *src, size_t nbytes, const int chan)
{
    const int n = g->size, me = g->me;
    const struct shoal_mbox_layout l = shoal_mbox_layout(n - 1);
    const size_t cap = chan ? shoal_chan_carry(n) : l.cap;
    const size_t fit = cap - sizeof(long); /* data bytes after the size in round 0 */
    /* blocks up to first ride round 0; larger ones follow (SHOAL_COLL_COLLECT_LEAD) */
    const size_t lead_max = shoal_coll_threshold(SHOAL_TUNE_COLLECT_LEAD, n);
    const size_t first = lead_max < fit ? lead_max : fit;
    const size_t lead = nbytes <= first ? nbytes : 0;
    const int out = chan && nbytes > first && nbytes <= shoal_outbox_cap && shoal_outbox_pays(g);
    if (out) {
        shoal_outbox_fill(src, nbytes);
        shoal_outbox_lend(n - 1);
    }
    for (int d = 1; d < n; d++) {
        const int j = shoal_wrap(me + d, n);
        long *box = shoal_flat_out(g, &l, j, chan);
        shoal_mbox_take(box, chan ? shoal_chan_fresh(shoal_group_pe(g, j)) : g->idle);
        box[1] = (long)(nbytes << 1 | (size_t)out);
        shoal_copy_data(box + 2, src, lead);
        shoal_mbox_fill(box, shoal_coll_tag(SHOAL_CK_COLLECT, 0, 0)); /* sizes follow in box[1] */
    }
    shoal_ring_members(g);
    /* sizes; rest[i]: member i's block still to come after round 0 (0 when complete) */
    size_t sizes[SHOAL_FLAT_MAX] = {0}, offs[SHOAL_FLAT_MAX] = {0}, rest[SHOAL_FLAT_MAX] = {0};
    size_t total = 0, maxsz = 0;
    long *boxes[SHOAL_FLAT_MAX] = {0};
    sizes[me] = nbytes;
    rest[me] = nbytes > first && !out ? nbytes : 0;
    for (int j = 0; j < n; j++)
        if (j != me) boxes[j] = shoal_flat_in(g, &l, j, chan);
    shoal_mbox_await_mates(g, boxes, shoal_coll_tag(SHOAL_CK_COLLECT, 0, 0));
    for (int d = n - 1; d >= 1; d--) {
        const int j = shoal_wrap(me + d, n);
        long *box = boxes[j];
        shoal_mbox_wait(box, shoal_coll_tag(SHOAL_CK_COLLECT, 0, 0), routine, shoal_group_pe(g, j));
        sizes[j] = (size_t)box[1] >> 1;
        rest[j] = sizes[j] > first && !(box[1] & 1) ? sizes[j] : 0;
    }
    for (int i = 0; i < n; i++) {
        offs[i] = total;
        total += sizes[i];
        maxsz = rest[i] > maxsz ? rest[i] : maxsz;
    }
    for (int d = 1; d < n; d++) {
        const int j = shoal_wrap(me + d, n);
        const size_t len = sizes[j] <= first ? sizes[j] : 0;
        const int from_out = sizes[j] > first && !rest[j];
        shoal_copy_data((char *)dest + offs[j], boxes[j] + 2, len);
        shoal_box_release(boxes[j], sizeof(long) + len, chan);
        if (from_out) {
            const int pe = shoal_group_pe(g, j);
            shoal_copy_data((char *)dest + offs[j], shoal_outbox_of(pe), sizes[j]);
            shoal_outbox_done(pe);
        }
    }
    if ((const char *)dest + offs[me] != src) memmove((char *)dest + offs[me], src, nbytes);
    if (!maxsz) return;
    /* Every member knows every size now, so they agree on how the larger blocks travel. */
    if (maxsz < shoal_coll_threshold(SHOAL_TUNE_COLLECT_PUSH, n)) {
        for (size_t off = 0; off < maxsz; off += cap) {
            if (off < rest[me]) {
                const size_t len = rest[me] - off < cap ? rest[me] - off : cap;
                for (int d = 1; d < n; d++) {
                    const int j = shoal_wrap(me + d, n);
                    shoal_mbox_put(shoal_flat_out(g, &l, j, chan), 0, (const char *)src + off, len,
                                   shoal_coll_tag(SHOAL_CK_COLLECT, 0, nbytes));
                    shoal_ring(shoal_group_pe(g, j));
                }
            }
            for (int d = n - 1; d >= 1; d--) {
                const int j = shoal_wrap(me + d, n);
                if (off >= rest[j]) continue;
                const size_t len = rest[j] - off < cap ? rest[j] - off : cap;
                const void *p = shoal_mbox_wait(boxes[j], shoal_coll_tag(SHOAL_CK_COLLECT, 0, sizes[j]),
                                                routine, shoal_group_pe(g, j));
                shoal_copy_data((char *)dest + offs[j] + off, p, len);
                shoal_box_release(boxes[j], len, chan);
            }
        }
    } else {
        const int stream = shoal_coll_streams(total * (size_t)(n + 1), n);
        for (int d = 1; d < n; d++) {
            const int j = shoal_wrap(me + d, n);
            if (rest[me])
                shoal_copy((char *)shoal_coll_ptr(dest, shoal_group_pe(g, j)) + offs[me],
                           src, nbytes, stream);
            shoal_signal(g, j, SHOAL_W_DATA);
        }
        shoal_consume(&g->area[SHOAL_W_DATA], n - 1);
    }
}

/* One copy of the code per kind of box, chan a constant in each and the channels' out of line:
 * tests of the kind in the loops cost the small collects of 2 PEs 3-8%. */
static __attribute__((noinline)) void collect_flat_chan(const char *routine,
                                                       const struct shoal_group *g, void *dest,
                                                       const void *src, size_t nbytes)
{
    shoal_chan_group = g;
    collect_flat_via(routine, g, dest, src, nbytes, 1);
    shoal_chan_group = NULL;
}

static void collect_flat(const char *routine, const struct shoal_group *g, void *dest,
                         const void *src, size_t nbytes)
{
    if (SHOAL_UNLIKELY(shoal_chan_carry(g->size)))
        collect_flat_chan(routine, g, dest, src, nbytes);
    else
        collect_flat_via(routine, g, dest, src, nbytes, 0);
}

void shoal_coll_collect(const char *routine, const struct shoal_group *g, void *dest,
                        const void *src, size_t nbytes)
{
    const int n = g->size, me = g->me;
    if (n == 1) {
        if (dest != src) memmove(dest, src, nbytes);
        return;
    }
    if (shoal_coll_remote(g)) {
        shoal_xcoll_collect(g, dest, src, nbytes);
        return;
    }
    if (n <= shoal_coll_flat_max()) {
        collect_flat(routine, g, dest, src, nbytes);
        return;
    }
    /* Sizes: each member publishes its size in its sync area and reads the others'. */
    size_t *sizes = malloc(2 * (size_t)n * sizeof *sizes);
    if (!sizes) shoal_fatal(routine, "out of memory");
    size_t *offs = sizes + n;
    __atomic_store_n(&g->area[SHOAL_W_COUNT], (long)nbytes + 1, __ATOMIC_RELEASE);
    for (int i = 0; i < n; i++) {
        if (i == me) {
            sizes[i] = nbytes;
            continue;
        }
        long *w = shoal_peer_word(g, i, SHOAL_W_COUNT), v;
        SHOAL_WAIT_FROM(shoal_group_pe(g, i), (v = __atomic_load_n(w, __ATOMIC_ACQUIRE)) != 0);
        sizes[i] = (size_t)(v - 1);
    }
    size_t total = 0;
    for (int i = 0; i < n; i++) {
        offs[i] = total;
        total += sizes[i];
    }
    gather_push(routine, g, dest, src, nbytes, offs[me], 0); /* n > flat maximum: counters */
    /* All N-1 blocks arrived: every member has read my size word. */
    __atomic_store_n(&g->area[SHOAL_W_COUNT], 0, __ATOMIC_RELAXED);
    free(sizes);
}
