/* alltoall / alltoalls: block j of my source goes to block me of member j's dest.
 *  - Small blocks (below SHOAL_COLL_ALLTOALL_PUSH: coll/engine/tune.h), up to the flat
 *    maximum of members: one mailbox per (sender, receiver) pair;
 *    the sender packs (strided) straight into the receiver's mailbox, the receiver unpacks.
 *  - Otherwise: each member writes its blocks straight into the other members' dests and
 *    signals them (a post tagged with the size in a flat group, else a counter); everyone
 *    waits for N-1 signals. One round either way. */
#include <stdint.h>
#include <string.h>

#include <shmem.h>

#include "coll/engine/engine.h"

void shoal_coll_alltoall(const char *routine, const struct shoal_group *g, void *dest,
                         const void *src, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                         size_t esize)
{
    const int n = g->size, me = g->me;
    const size_t bbytes = nelems * esize;
    if (n > 1 && shoal_coll_remote(g)) {
        shoal_xcoll_alltoall(g, dest, src, dst, sst, nelems, esize);
        return;
    }
    /* Element offsets (in bytes) of block b in source and dest. */
#define SRC_BLOCK(b) ((const char *)src + (ptrdiff_t)(b) * (ptrdiff_t)nelems * sst * (ptrdiff_t)esize)
#define DST_BLOCK(base, b) ((char *)(base) + (ptrdiff_t)(b) * (ptrdiff_t)nelems * dst * (ptrdiff_t)esize)
    const int mbox = n > 1 && n <= shoal_coll_flat_max() &&
                     bbytes < shoal_coll_threshold(SHOAL_TUNE_ALLTOALL_PUSH, n);
    if (mbox) {
        const struct shoal_mbox_layout l = shoal_mbox_layout(n - 1);
        const size_t per = l.cap / esize; /* elements per chunk */
        long *boxes[SHOAL_FLAT_MAX] = {0};
        for (int j = 0; j < n; j++)
            if (j != me) boxes[j] = shoal_mbox_local(g, &l, shoal_flat_box(j, me, n));
        for (size_t e0 = 0; e0 < nelems; e0 += per) {
            size_t cnt = nelems - e0 < per ? nelems - e0 : per;
            for (int d = 1; d < n; d++) {
                int j = shoal_wrap(me + d, n);
                long *box = shoal_mbox_remote(g, &l, j, shoal_flat_box(me, j, n));
                shoal_mbox_take(box, g->idle && e0 == 0);
                shoal_coll_scopy(box + 1, 1, SRC_BLOCK(j) + (ptrdiff_t)e0 * sst * (ptrdiff_t)esize, sst, cnt,
                      esize);
                shoal_mbox_fill(box, shoal_coll_tag(SHOAL_CK_ALLTOALL, 0, bbytes));
            }
            shoal_ring_members(g);
            if (e0 == 0)
                shoal_mbox_await_mates(g, boxes, shoal_coll_tag(SHOAL_CK_ALLTOALL, 0, bbytes));
            for (int d = n - 1; d >= 1; d--) {
                int j = shoal_wrap(me + d, n);
                long *box = boxes[j];
                const void *p = shoal_mbox_wait(box, shoal_coll_tag(SHOAL_CK_ALLTOALL, 0, bbytes),
                                                routine, shoal_group_pe(g, j));
                shoal_coll_scopy(DST_BLOCK(dest, j) + (ptrdiff_t)e0 * dst * (ptrdiff_t)esize, dst, p, 1, cnt,
                      esize);
                shoal_mbox_release(box, cnt * esize);
            }
        }
    } else if (n > 1 && n <= shoal_coll_flat_max()) {
        /* Push, each block announced by a post tagged with its size (mismatches caught). */
        const struct shoal_mbox_layout l = shoal_mbox_layout(n - 1);
        const size_t tag = shoal_coll_tag(SHOAL_CK_ALLTOALL, 0, bbytes);
        const int stream = shoal_coll_streams(2 * bbytes * (size_t)n * (size_t)n, n);
        long *boxes[SHOAL_FLAT_MAX] = {0};
        for (int d = 1; d < n; d++) {
            const int j = shoal_wrap(me + d, n);
            const int pe = shoal_group_pe(g, j);
            long *box = shoal_mbox_remote(g, &l, j, shoal_flat_box(me, j, n));
            shoal_mbox_take(box, g->idle);
            if (dst == 1 && sst == 1)
                shoal_copy(DST_BLOCK(shoal_coll_ptr(dest, pe), me), SRC_BLOCK(j), bbytes, stream);
            else
                shoal_coll_scopy(DST_BLOCK(shoal_coll_ptr(dest, pe), me), dst, SRC_BLOCK(j), sst,
                                 nelems, esize);
            shoal_mbox_fill(box, tag);
            shoal_ring(pe);
            boxes[j] = shoal_mbox_local(g, &l, shoal_flat_box(j, me, n));
        }
        if (dst == 1 && sst == 1)
            shoal_copy(DST_BLOCK(dest, me), SRC_BLOCK(me), bbytes, 0);
        else
            shoal_coll_scopy(DST_BLOCK(dest, me), dst, SRC_BLOCK(me), sst, nelems, esize);
        shoal_mbox_await_posts(g, boxes, tag, routine);
        return;
    } else if (n > 1) {
        for (int d = 1; d < n; d++) {
            int j = shoal_wrap(me + d, n);
            char *their = shoal_coll_ptr(dest, shoal_group_pe(g, j));
            shoal_coll_scopy(DST_BLOCK(their, me), dst, SRC_BLOCK(j), sst, nelems, esize);
            shoal_signal(g, j, SHOAL_W_DATA);
        }
    }
    shoal_coll_scopy(DST_BLOCK(dest, me), dst, SRC_BLOCK(me), sst, nelems, esize);
    if (n > 1 && !mbox) shoal_consume(&g->area[SHOAL_W_DATA], n - 1);
#undef SRC_BLOCK
#undef DST_BLOCK
}
