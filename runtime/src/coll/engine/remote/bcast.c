/* Broadcast across nodes. Each subgroup has a head: the root in the root's subgroup, the
 * leader elsewhere. The heads form a binomial tree rooted at the root by messages (each head
 * receives into its dest from its parent, then forwards to its children, largest subtree
 * first); then each head copies the data into its subgroup members' dests through the
 * mapping and releases them. Members first signal their head that they are in the
 * broadcast, so a head never writes into a dest its owner may still read after an earlier
 * broadcast; the head waits for that only after its message stage. */
#include <string.h>

#include "coll/engine/remote/remote.h"

/* Head of subgroup r. */
static int head_of(const struct shoal_part *p, int r, int root_sg, int root)
{
    return r == root_sg ? root : p->lead[r];
}

static void heads_tree(const struct shoal_group *g, const struct shoal_part *p, void *data,
                       size_t nbytes, int root_sg, int root)
{
    const int m = p->nlead, vr = shoal_wrap(p->lrank - root_sg + m, m);
    const int tag = shoal_area_tag(g);
    const int low = vr ? vr & -vr : 1 << 30; /* children: vr + 2^k for 2^k < low */
    if (vr)
        shoal_msg(g, tag, -1, NULL, 0, head_of(p, shoal_wrap(vr - low + root_sg, m), root_sg, root),
                  data, nbytes);
    int top = 1;
    while (top < m && top < low) top *= 2;
    for (int step = top / 2; step >= 1; step /= 2)
        if (step < low && vr + step < m)
            shoal_msg(g, tag, head_of(p, shoal_wrap(vr + step + root_sg, m), root_sg, root), data,
                      nbytes, -1, NULL, 0);
}

void shoal_xcoll_bcast(const struct shoal_group *g, void *dest, const void *src, size_t nbytes,
                       int root, int root_copies)
{
    struct shoal_part p;
    shoal_part_init(&p, g);
    const int root_sg = p.sg[root];
    const int head = p.lrank == root_sg ? root : p.mine[0];
    if (g->me != head) {
        shoal_node_arrive(g, &p, head);  /* my dest may be written */
        shoal_node_release(g, &p, head); /* it holds the data */
    } else {
        const void *data = g->me == root ? src : dest;
        if (p.nlead > 1) heads_tree(g, &p, (void *)data, nbytes, root_sg, root);
        shoal_node_arrive(g, &p, head);
        shoal_node_deliver(g, &p, head, dest, data, nbytes);
    }
    if (g->me == root && root_copies && dest != src) memmove(dest, src, nbytes);
    shoal_part_fini(&p);
}
