/* alltoall / alltoalls across nodes. Members signal their leader that their source is ready
 * and their dest may be written. Each leader then, for every other subgroup q, packs the
 * blocks its members send to q's members (sender-major, both in ascending group order: the
 * order q's leader unpacks in), exchanges them with q's leader (L-1 pairwise steps for L
 * subgroups, as gather.c: step s sends to rank r+s, receives from rank r-s) and unpacks what
 * it gets into its members' dests; last, it copies the blocks between its own members
 * through the mapping (a leader with a large subgroup then delays the others' exchanges
 * least) and releases them. Strides apply at both ends only: packed blocks are contiguous.
 * Memory: one send and one receive buffer of the largest step. nelems 0 moves nothing and
 * returns at once, as the mapped engine does. */
#include <stdlib.h>

#include "coll/engine/remote/remote.h"

struct a2a {
    struct a2a_ends { /* mine[k]'s source and dest, through the mapping */
        const char *src;
        char *dest;
    } *end;
    ptrdiff_t sst, dst; /* element strides */
    size_t nelems, esize;
    ptrdiff_t sblock, dblock; /* bytes from one block to the next in a source / a dest */
};

/* Blocks from my members to subgroup q's members (idx[at[q]] ..) into buf. */
static void pack(const struct a2a *a, int nmine, const int *idx, const int *at, int q, char *buf)
{
    const size_t bb = a->nelems * a->esize;
    for (int k = 0; k < nmine; k++)
        for (int t = at[q]; t < at[q + 1]; t++, buf += bb)
            shoal_coll_scopy(buf, 1, a->end[k].src + idx[t] * a->sblock, a->sst, a->nelems,
                             a->esize);
}

/* Blocks from subgroup q's members to mine, packed by q's leader, from buf into the dests. */
static void unpack(const struct a2a *a, int nmine, const int *idx, const int *at, int q,
                   const char *buf)
{
    const size_t bb = a->nelems * a->esize;
    for (int t = at[q]; t < at[q + 1]; t++)
        for (int k = 0; k < nmine; k++, buf += bb)
            shoal_coll_scopy(a->end[k].dest + idx[t] * a->dblock, a->dst, buf, 1, a->nelems,
                             a->esize);
}

static void leader(const struct shoal_group *g, const struct shoal_part *p, struct a2a *a)
{
    const int m = p->nlead, r = p->lrank, nmine = p->nmine, tag = shoal_area_tag(g);
    int *at, *idx = shoal_part_by_subgroup(g, p, &at);
    shoal_node_arrive(g, p, g->me);
    int most = 0; /* the largest other subgroup: it bounds every step's message */
    for (int q = 0; q < m; q++)
        if (q != r && at[q + 1] - at[q] > most) most = at[q + 1] - at[q];
    const size_t bb = a->nelems * a->esize, cap = (size_t)nmine * (size_t)most * bb;
    char *out = shoal_coll_scratch(0, cap), *in = shoal_coll_scratch(1, cap);
    for (int s = 1; s < m; s++) {
        const int to = shoal_wrap(r + s, m), from = shoal_wrap(r - s + m, m);
        pack(a, nmine, idx, at, to, out);
        shoal_msg(g, tag, p->lead[to], out, (size_t)nmine * (size_t)(at[to + 1] - at[to]) * bb,
                  p->lead[from], in, (size_t)(at[from + 1] - at[from]) * (size_t)nmine * bb);
        unpack(a, nmine, idx, at, from, in);
    }
    shoal_coll_scratch_release(0);
    shoal_coll_scratch_release(1);
    free(idx);
    for (int k = 0; k < nmine; k++) /* sender mine[k] */
        for (int l = 0; l < nmine; l++)
            shoal_coll_scopy(a->end[l].dest + p->mine[k] * a->dblock, a->dst,
                             a->end[k].src + p->mine[l] * a->sblock, a->sst, a->nelems, a->esize);
    shoal_node_release(g, p, g->me);
}

void shoal_xcoll_alltoall(const struct shoal_group *g, void *dest, const void *src, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, size_t esize)
{
    if (nelems == 0) return;
    struct shoal_part p;
    shoal_part_init(&p, g);
    if (shoal_part_leader(&p, g)) {
        struct a2a_ends *ends = shoal_coll_xmalloc((size_t)p.nmine * sizeof *ends);
        for (int k = 0; k < p.nmine; k++) {
            const int pe = shoal_group_pe(g, p.mine[k]);
            ends[k] = (struct a2a_ends){shoal_coll_ptr(src, pe), shoal_coll_ptr(dest, pe)};
        }
        const ptrdiff_t block = (ptrdiff_t)nelems * (ptrdiff_t)esize;
        struct a2a a = {.end = ends, .sst = sst, .dst = dst, .nelems = nelems,
                        .esize = esize, .sblock = block * sst, .dblock = block * dst};
        leader(g, &p, &a);
        free(ends);
    } else {
        shoal_node_arrive(g, &p, p.mine[0]);  /* my source is ready, my dest may be written */
        shoal_node_release(g, &p, p.mine[0]); /* my dest is complete, my source read */
    }
    shoal_part_fini(&p);
}
