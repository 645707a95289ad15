/* fcollect and collect across nodes: each leader gathers its subgroup's blocks through the
 * mapping into its own dest, the leaders exchange their subgroups' blocks by messages (L-1
 * pairwise steps for L subgroups: step s sends to rank r+s and receives from rank r-s), and
 * each leader copies the whole result into its members' dests and releases them. Members
 * first signal that their source is ready and their dest may be written. collect: block
 * sizes differ; each member publishes its size in its area (SHOAL_W_COUNT, read by its
 * leader through the mapping, zeroed after the release), and the leaders exchange their
 * subgroups' sizes first. */
#include <stdlib.h>
#include <string.h>

#include "coll/engine/remote/remote.h"

/* Subgroup r's blocks of dest, packed in buf (pack) or from buf (unpack); returns the bytes. */
static size_t pack(char *buf, char *dest, const int *idx, const int *at, int r,
                   const size_t *size, const size_t *off, int unpack)
{
    size_t at_buf = 0;
    for (int k = at[r]; k < at[r + 1]; k++) {
        const int i = idx[k];
        if (unpack) shoal_copy_data(dest + off[i], buf + at_buf, size[i]);
        else if (buf) shoal_copy_data(buf + at_buf, dest + off[i], size[i]);
        at_buf += size[i];
    }
    return at_buf;
}

/* size[i]: member i's block; known (fcollect) or, for collect (known == 0), read from my
 * members' areas and exchanged between the leaders. */
static void leader(const struct shoal_group *g, const struct shoal_part *p, char *dest,
                   const void *src, size_t *size, int known)
{
    const int n = g->size, m = p->nlead, r = p->lrank, tag = shoal_area_tag(g);
    int *at, *idx = shoal_part_by_subgroup(g, p, &at);
    shoal_node_arrive(g, p, g->me);
    if (!known) {
        long *sz = shoal_coll_xmalloc((size_t)n * sizeof *sz);
        long *in = shoal_coll_xmalloc((size_t)n * sizeof *in);
        for (int k = 1; k < p->nmine; k++) /* mine[0] is me: size[me] is set */
            size[p->mine[k]] =
                (size_t)__atomic_load_n(shoal_peer_word(g, p->mine[k], SHOAL_W_COUNT),
                                        __ATOMIC_ACQUIRE) - 1;
        for (int k = at[r]; k < at[r + 1]; k++) sz[k - at[r]] = (long)size[idx[k]];
        for (int s = 1; s < m; s++) {
            const int to = shoal_wrap(r + s, m), from = shoal_wrap(r - s + m, m);
            shoal_msg(g, tag, p->lead[to], sz, (size_t)p->nmine * sizeof *sz, p->lead[from], in,
                      (size_t)(at[from + 1] - at[from]) * sizeof *in);
            for (int k = at[from]; k < at[from + 1]; k++) size[idx[k]] = (size_t)in[k - at[from]];
        }
        free(sz);
        free(in);
    }
    size_t *off = shoal_coll_xmalloc((size_t)n * sizeof *off), total = 0;
    for (int i = 0; i < n; i++) off[i] = total, total += size[i];
    for (int k = 0; k < p->nmine; k++)
        shoal_copy_data(dest + off[p->mine[k]], shoal_coll_ptr(src, shoal_group_pe(g, p->mine[k])),
               size[p->mine[k]]);
    size_t most = 0;
    for (int s = 0; s < m; s++) {
        const size_t b = pack(NULL, dest, idx, at, s, size, off, 0);
        most = b > most ? b : most;
    }
    char *out = shoal_coll_scratch(0, most), *in = shoal_coll_scratch(1, most);
    const size_t mine = pack(out, dest, idx, at, r, size, off, 0);
    for (int s = 1; s < m; s++) {
        const int to = shoal_wrap(r + s, m), from = shoal_wrap(r - s + m, m);
        shoal_msg(g, tag, p->lead[to], out, mine, p->lead[from], in,
                  pack(NULL, dest, idx, at, from, size, off, 0));
        pack(in, dest, idx, at, from, size, off, 1);
    }
    shoal_coll_scratch_release(0);
    shoal_coll_scratch_release(1);
    free(off);
    free(idx);
    shoal_node_deliver(g, p, g->me, dest, dest, total);
}

/* known: fcollect (every block nbytes). */
static void gather(const struct shoal_group *g, void *dest, const void *src, size_t nbytes,
                   int known)
{
    struct shoal_part p;
    shoal_part_init(&p, g);
    if (shoal_part_leader(&p, g)) {
        size_t *size = shoal_coll_xmalloc((size_t)g->size * sizeof *size);
        for (int i = 0; i < g->size; i++) size[i] = nbytes; /* collect: mine; the rest read */
        leader(g, &p, dest, src, size, known);
        free(size);
    } else {
        if (!known) __atomic_store_n(&g->area[SHOAL_W_COUNT], (long)nbytes + 1, __ATOMIC_RELAXED);
        shoal_node_arrive(g, &p, p.mine[0]);
        shoal_node_release(g, &p, p.mine[0]);
        if (!known) __atomic_store_n(&g->area[SHOAL_W_COUNT], 0, __ATOMIC_RELAXED);
    }
    shoal_part_fini(&p);
}

void shoal_xcoll_fcollect(const struct shoal_group *g, void *dest, const void *src,
                          size_t nbytes)
{
    gather(g, dest, src, nbytes, 1);
}

void shoal_xcoll_collect(const struct shoal_group *g, void *dest, const void *src, size_t nbytes)
{
    gather(g, dest, src, nbytes, 0);
}
