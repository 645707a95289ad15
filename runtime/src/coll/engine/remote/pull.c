/* alltoall and private fcollect across nodes, still pull-based: a barrier (every source is
 * ready; coll/engine/remote/barrier.c, hierarchical), one transport get (or, for a mapped
 * member, a copy) per member's block, a barrier (nobody overwrites a source or dest still
 * being read). Latency-bound and every block crosses the network once per reader; a
 * leader-level exchange by messages is the next step (as gather.c). */
#include <stdlib.h>
#include <string.h>

#include "coll/engine/remote/remote.h"

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

void shoal_xcoll_fcollect_pull(const struct shoal_group *g, void *dest, const void *src,
                               size_t nbytes, int flags)
{
    const void *from = shoal_stage(g, src, nbytes, flags);
    shoal_xcoll_barrier(g);
    for (int j = 0; j < g->size; j++)
        pull((char *)dest + (size_t)j * nbytes, from, nbytes, shoal_group_pe(g, j));
    shoal_xcoll_barrier(g);
    shoal_unstage(from, src, nbytes);
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
