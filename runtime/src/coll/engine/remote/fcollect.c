/* fcollect across nodes: each leader gathers its subgroup's blocks through the mapping into
 * its own dest, the leaders exchange their subgroups' blocks by messages (L-1 pairwise steps
 * for L subgroups: step s sends to rank r+s and receives from rank r-s), and each leader
 * copies the whole result into its members' dests and releases them. Members first signal
 * that their source is ready and their dest may be written. Private payloads (team creation:
 * small, dest in private memory) keep the pull-based form (pull.c). */
#include <stdlib.h>
#include <string.h>

#include "coll/engine/remote/remote.h"

/* Members grouped by subgroup, ascending: subgroup r's are idx[at[r]] .. idx[at[r + 1] - 1].
 * One allocation (free the returned idx): idx (n), at (m + 1), a cursor (m). */
static int *members_by_subgroup(const struct shoal_group *g, const struct shoal_part *p, int **at_out)
{
    const int n = g->size, m = p->nlead;
    int *idx = malloc(((size_t)n + 2 * (size_t)m + 1) * sizeof *idx);
    if (!idx) shoal_fatal("collective", "out of memory (fcollect over %d members)", n);
    int *at = idx + n, *cursor = at + m + 1;
    memset(at, 0, ((size_t)m + 1) * sizeof *at);
    for (int i = 0; i < n; i++) at[p->sg[i] + 1]++;
    for (int r = 0; r < m; r++) at[r + 1] += at[r];
    memcpy(cursor, at, (size_t)m * sizeof *cursor);
    for (int i = 0; i < n; i++) idx[cursor[p->sg[i]]++] = i;
    *at_out = at;
    return idx;
}

/* Subgroup r's blocks of dest, packed in buf (pack) or from buf (unpack). */
static void pack(char *buf, char *dest, const int *idx, const int *at, int r, size_t nbytes,
                 int unpack)
{
    for (int k = at[r]; k < at[r + 1]; k++) {
        char *block = dest + (size_t)idx[k] * nbytes, *b = buf + (size_t)(k - at[r]) * nbytes;
        if (unpack) memcpy(block, b, nbytes);
        else memcpy(b, block, nbytes);
    }
}

static void leader(const struct shoal_group *g, const struct shoal_part *p, char *dest,
                   const void *src, size_t nbytes)
{
    const int m = p->nlead, r = p->lrank, tag = shoal_area_tag(g);
    int *at, *idx = members_by_subgroup(g, p, &at);
    shoal_node_arrive(g, p, g->me);
    for (int k = 0; k < p->nmine; k++)
        memcpy(dest + (size_t)p->mine[k] * nbytes,
               shoal_coll_ptr(src, shoal_group_pe(g, p->mine[k])), nbytes);
    int most = 0;
    for (int s = 0; s < m; s++) most = at[s + 1] - at[s] > most ? at[s + 1] - at[s] : most;
    char *out = malloc((size_t)p->nmine * nbytes + 1), *in = malloc((size_t)most * nbytes + 1);
    if (!out || !in) shoal_fatal("collective", "out of memory (%zu bytes)", (size_t)most * nbytes);
    pack(out, dest, idx, at, r, nbytes, 0);
    for (int s = 1; s < m; s++) {
        const int to = shoal_wrap(r + s, m), from = shoal_wrap(r - s + m, m);
        shoal_msg(g, tag, p->lead[to], out, (size_t)p->nmine * nbytes, p->lead[from], in,
                  (size_t)(at[from + 1] - at[from]) * nbytes);
        pack(in, dest, idx, at, from, nbytes, 1);
    }
    free(out);
    free(in);
    free(idx);
    for (int k = 1; k < p->nmine; k++) {
        memcpy(shoal_coll_ptr(dest, shoal_group_pe(g, p->mine[k])), dest, (size_t)g->size * nbytes);
        shoal_signal(g, p->mine[k], SHOAL_W_RELEASE);
    }
}

void shoal_xcoll_fcollect(const struct shoal_group *g, void *dest, const void *src,
                          size_t nbytes, int flags)
{
    if (flags & SHOAL_COLL_PRIVATE) {
        shoal_xcoll_fcollect_pull(g, dest, src, nbytes, flags);
        return;
    }
    struct shoal_part p;
    shoal_part_init(&p, g);
    if (shoal_part_leader(&p, g)) {
        leader(g, &p, dest, src, nbytes);
    } else {
        shoal_node_arrive(g, &p, p.mine[0]);
        shoal_node_release(g, &p, p.mine[0]);
    }
    shoal_part_fini(&p);
}
