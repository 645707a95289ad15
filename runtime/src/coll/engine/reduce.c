/* The reduction engine (all-reduce: every member gets the result). By size (thresholds:
 * coll/engine/tune.h, crossovers in docs/collectives.md):
 *  - Small (below SHOAL_COLL_REDUCE_DIRECT), up to the flat maximum of members: every member
 *    sends its vector to every other member's mailbox and folds all N vectors in group order.
 *    One round per mailbox of data. Above, up to a member's share of the pair channels
 *    (coll/engine/channel.h: only where the PEs outnumber the CPUs), the same in one round
 *    through them.
 *  - Small, more members: recursive doubling over per-round mailboxes, ceil(log2 N) rounds
 *    (plus two when N is not a power of two: the extra members fold their vector into a
 *    partner first and get the result back at the end). Each round combines the lower-index
 *    operand first, so both partners compute the same bits.
 *  - Large: after a barrier (every source is final; in a flat group a post from every member,
 *    tagged as the small paths' messages are, so members that disagree on the size meet),
 *    member i reduces its 1/N share of the elements by reading every member's source through
 *    the mapping (cache-sized blocks into a private buffer) and writes the result into every
 *    member's dest; then everyone signals everyone "done" (reduce-scatter + allgather: each
 *    member reads and writes the vector size once). Only member i touches share i of any
 *    buffer, so dest == source works. Oversubscribed, where every member's waits sleep or
 *    all share one CPU after a move (outbox.h), vectors up to an outbox go into the members'
 *    outboxes instead, said in the post; then each folds all of them from there: one round
 *    instead of two.
 * In every path each element is combined in one fixed order, so all members get identical
 * bits (floating point included). Payloads larger than a mailbox go in chunks, pipelined. */
#include <stdint.h>
#include <string.h>

#include <shmem.h>

#include "coll/engine/channel.h"
#include "coll/engine/engine.h"
#include "coll/engine/outbox.h"

#define BLOCK_BYTES 8192

SHOAL_HOT_INLINE void reduce_flat_via(const char *routine, const struct shoal_group *g,
                                      void *dest, const void *src, size_t count, size_t esize,
                                      shoal_combine_fn fn, size_t tag, const int chan)
{
    const int n = g->size, me = g->me;
    const struct shoal_mbox_layout l = shoal_mbox_layout(n - 1);
    const size_t cap = chan ? shoal_chan_carry(n) : l.cap, per = cap / esize;
    _Alignas(64) char stack_acc[SHOAL_MB_BYTES];
    char *const acc = chan ? shoal_chan_acc : stack_acc;
    long *box[SHOAL_FLAT_MAX];
    for (int j = 0; j < n; j++) box[j] = j == me ? NULL : shoal_flat_in(g, &l, j, chan);
    for (size_t e0 = 0; e0 < count; e0 += per) {
        const size_t cnt = count - e0 < per ? count - e0 : per, off = e0 * esize, len = cnt * esize;
        const char *mine = (const char *)src + off;
        for (int d = 1; d < n; d++) {
            const int j = shoal_wrap(me + d, n);
            const int fresh = chan ? shoal_chan_fresh(shoal_group_pe(g, j)) : g->idle && e0 == 0;
            shoal_mbox_put(shoal_flat_out(g, &l, j, chan), fresh, mine, len, tag);
        }
        shoal_ring_members(g);
        if (e0 == 0) shoal_mbox_await_mates(g, box, tag);
        const void *p0 = me == 0 ? mine : shoal_mbox_wait(box[0], tag, routine, shoal_group_pe(g, 0));
        const void *p1 = me == 1 ? mine : shoal_mbox_wait(box[1], tag, routine, shoal_group_pe(g, 1));
        /* Two members: one fold, straight into dest (the combine may write over an operand). */
        char *out = n == 2 ? (char *)dest + off : acc;
        fn(out, p0, p1, cnt);
        if (me != 0) shoal_box_release(box[0], len, chan);
        if (me != 1) shoal_box_release(box[1], len, chan);
        for (int j = 2; j < n; j++) {
            if (j == me) {
                fn(acc, acc, mine, cnt);
            } else {
                fn(acc, acc, shoal_mbox_wait(box[j], tag, routine, shoal_group_pe(g, j)), cnt);
                shoal_box_release(box[j], len, chan);
            }
        }
        if (out == acc) shoal_copy_data((char *)dest + off, acc, len);
    }
}

/* One copy per kind of box, as collect_flat (gather.c). */
static void reduce_flat(const char *routine, const struct shoal_group *g, int chan, void *dest,
                        const void *src, size_t count, size_t esize, shoal_combine_fn fn,
                        size_t tag)
{
    if (chan) {
        shoal_chan_group = g;
        reduce_flat_via(routine, g, dest, src, count, esize, fn, tag, 1);
        shoal_chan_group = NULL;
    } else
        reduce_flat_via(routine, g, dest, src, count, esize, fn, tag, 0);
}

static void reduce_rd(const char *routine, const struct shoal_group *g, void *dest,
                      const void *src, size_t count, size_t esize, shoal_combine_fn fn, size_t tag)
{
    const int n = g->size, me = g->me;
    int rounds = 0;
    while ((2 << rounds) <= n) rounds++;
    const int p2 = 1 << rounds, extras = n - p2;
    const struct shoal_mbox_layout l = shoal_mbox_layout(rounds + 2);
    const int fold = rounds, unfold = rounds + 1;
    const size_t per = l.cap / esize;
    _Alignas(64) char acc[SHOAL_MB_BYTES];
    for (size_t e0 = 0; e0 < count; e0 += per) {
        const size_t cnt = count - e0 < per ? count - e0 : per, off = e0 * esize, len = cnt * esize;
        const char *mine = (const char *)src + off;
        const int fresh = g->idle && e0 == 0; /* every box's first chunk */
        if (me >= p2) { /* extra member: hand my vector to my partner, get the result back */
            shoal_mbox_put(shoal_mbox_remote(g, &l, me - p2, fold), fresh, mine, len, tag);
            shoal_ring(shoal_group_pe(g, me - p2));
            long *box = shoal_mbox_local(g, &l, unfold);
            shoal_copy_data((char *)dest + off,
                            shoal_mbox_wait(box, tag, routine, shoal_group_pe(g, me - p2)), len);
            shoal_mbox_release(box, len);
            continue;
        }
        shoal_copy_data(acc, mine, len);
        if (me < extras) {
            long *box = shoal_mbox_local(g, &l, fold);
            fn(acc, acc, shoal_mbox_wait(box, tag, routine, shoal_group_pe(g, me + p2)), cnt);
            shoal_mbox_release(box, len);
        }
        for (int r = 0; r < rounds; r++) {
            const int partner = me ^ (1 << r);
            shoal_mbox_put(shoal_mbox_remote(g, &l, partner, r), fresh, acc, len, tag);
            shoal_ring(shoal_group_pe(g, partner));
            long *box = shoal_mbox_local(g, &l, r);
            const void *p = shoal_mbox_wait(box, tag, routine, shoal_group_pe(g, partner));
            if (partner < me)
                fn(acc, p, acc, cnt);
            else
                fn(acc, acc, p, cnt);
            shoal_mbox_release(box, len);
        }
        if (me < extras) {
            shoal_mbox_put(shoal_mbox_remote(g, &l, me + p2, unfold), fresh, acc, len, tag);
            shoal_ring(shoal_group_pe(g, me + p2));
        }
        shoal_copy_data((char *)dest + off, acc, len);
    }
}

/* Every member's vector is in its outbox: fold them all, in group order (the bits of the
 * direct path), straight into dest; then tell each owner its outbox is read. */
static void reduce_outboxes(const struct shoal_group *g, void *dest, size_t count, size_t esize,
                            shoal_combine_fn fn)
{
    const int n = g->size, me = g->me;
    const char *v[SHOAL_FLAT_MAX];
    for (int j = 0; j < n; j++) v[j] = shoal_outbox_of(shoal_group_pe(g, j));
    const size_t per = BLOCK_BYTES / esize;
    for (size_t e0 = 0; e0 < count; e0 += per) {
        const size_t cnt = count - e0 < per ? count - e0 : per, off = e0 * esize;
        char *out = (char *)dest + off;
        fn(out, v[0] + off, v[1] + off, cnt);
        for (int j = 2; j < n; j++) fn(out, out, v[j] + off, cnt);
    }
    for (int d = 1; d < n; d++) shoal_outbox_done(shoal_group_pe(g, shoal_wrap(me + d, n)));
    shoal_outbox_lend(n - 1);
}

static void reduce_direct(const char *routine, const struct shoal_group *g, void *dest,
                          const void *src, size_t count, size_t esize, shoal_combine_fn fn,
                          size_t tag)
{
    const int n = g->size, me = g->me;
    const size_t nbytes = count * esize;
    const int flat = n <= shoal_coll_flat_max();
    if (flat) {
        /* "My source is final": a post tagged with the operation and size in the box the
         * flat paths use for me, so a member that reduces another size (on another path)
         * meets the tag check instead of waiting in another box for good. It also says
         * whether my vector is in my outbox (where that pays: outbox.h); when every
         * member's is, each folds them all from there, and no "done" round follows. Each
         * member then folds n vectors instead of a 1/n share of them: only while my vector
         * fits my outbox and the n of them four outboxes (4 PEs beside 2 busy processes,
         * slowest PE, 6 interleaved pairs: 16 KiB 0.53x, 32 KiB 0.68x the time of the two
         * rounds, sleeps per call and PE 2.0 -> 1.3-1.5; idle it is not used). */
        const int offer = nbytes <= shoal_outbox_cap &&
                          nbytes * (size_t)n <= 4 * shoal_outbox_cap && shoal_outbox_pays(g);
        if (offer) shoal_outbox_fill(src, nbytes);
        const struct shoal_mbox_layout l = shoal_mbox_layout(n - 1);
        long *box[SHOAL_FLAT_MAX] = {0};
        for (int d = 1; d < n; d++) {
            const int j = shoal_wrap(me + d, n);
            shoal_mbox_post_word(shoal_mbox_remote(g, &l, j, shoal_flat_box(me, j, n)), g->idle,
                                 tag, offer);
            shoal_ring(shoal_group_pe(g, j));
            box[j] = shoal_mbox_local(g, &l, shoal_flat_box(j, me, n));
        }
        if (shoal_mbox_await_posts(g, box, tag, routine) && offer) {
            reduce_outboxes(g, dest, count, esize, fn);
            return;
        }
    } else {
        /* Size check: everyone publishes its size, the right neighbour's is compared. */
        __atomic_store_n(&g->area[SHOAL_W_COUNT], (long)nbytes + 1, __ATOMIC_RELAXED);
        shoal_coll_barrier(g);
        const int right = shoal_wrap(me + 1, n);
        long theirs = __atomic_load_n(shoal_peer_word(g, right, SHOAL_W_COUNT), __ATOMIC_RELAXED);
        if ((size_t)(theirs - 1) != nbytes)
            shoal_coll_len_mismatch(routine, shoal_group_pe(g, right), (size_t)(theirs - 1),
                                    nbytes);
    }

    /* My share, in whole cache lines so no two members write one line. */
    const size_t epl = esize < 64 ? 64 / esize : 1;
    const size_t units = (count + epl - 1) / epl;
    const size_t ulo = units * (size_t)me / (size_t)n, uhi = units * (size_t)(me + 1) / (size_t)n;
    const size_t lo = ulo * epl < count ? ulo * epl : count;
    const size_t hi = uhi * epl < count ? uhi * epl : count;

    const char *srcs[n];
    char *dests[n];
    for (int j = 0; j < n; j++) {
        const int pe = shoal_group_pe(g, j);
        srcs[j] = shoal_coll_ptr(src, pe);
        dests[j] = shoal_coll_ptr(dest, pe);
    }
    _Alignas(64) char acc[BLOCK_BYTES];
    const size_t per = BLOCK_BYTES / esize;
    for (size_t e0 = lo; e0 < hi; e0 += per) {
        const size_t cnt = hi - e0 < per ? hi - e0 : per, off = e0 * esize, len = cnt * esize;
        fn(acc, srcs[0] + off, srcs[1] + off, cnt);
        for (int j = 2; j < n; j++) fn(acc, acc, srcs[j] + off, cnt);
        for (int d = 1; d <= n; d++) shoal_copy_data(dests[shoal_wrap(me + d, n)] + off, acc, len);
    }
    for (int d = 1; d < n; d++) shoal_signal(g, shoal_wrap(me + d, n), SHOAL_W_DONE);
    shoal_consume(&g->area[SHOAL_W_DONE], n - 1);
    /* Everyone read my size word before signalling. */
    if (!flat) __atomic_store_n(&g->area[SHOAL_W_COUNT], 0, __ATOMIC_RELAXED);
}

void shoal_coll_reduce(const char *routine, const struct shoal_group *g, void *dest,
                       const void *src, size_t count, int op, int kind, int flags)
{
    shoal_combine_fn fn = shoal_combine_lookup(op, kind);
    if (!fn) shoal_fatal(routine, "internal error: no %s reduction for kind %d", shoal_op_name(op), kind);
    const size_t esize = shoal_kind_size(kind);
    const size_t nbytes = count * esize;
    if (g->size == 1 || count == 0) {
        if (dest != src && nbytes) memmove(dest, src, nbytes);
        return;
    }
    if (shoal_coll_remote(g)) {
        shoal_xcoll_reduce(g, dest, src, nbytes, count, fn, flags);
        return;
    }
    const int flat = g->size <= shoal_coll_flat_max();
    const int small = nbytes < shoal_coll_threshold(SHOAL_TUNE_REDUCE_DIRECT, g->size) ||
                      (flags & SHOAL_COLL_PRIVATE);
    /* Above the mailboxes, one round through the pair channels instead of the direct path's
     * two, while they carry it. */
    const int chan = !small && flat && nbytes <= shoal_chan_carry(g->size);
    const size_t tag = shoal_coll_tag(SHOAL_CK_REDUCE, (unsigned)(op << 4 | kind), nbytes);
    if ((small && flat) || chan)
        reduce_flat(routine, g, chan, dest, src, count, esize, fn, tag);
    else if (small)
        reduce_rd(routine, g, dest, src, count, esize, fn, tag);
    else
        reduce_direct(routine, g, dest, src, count, esize, fn, tag);
}
