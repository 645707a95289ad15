/* Barrier across nodes: node arrive (counters through the mapping) -> the leaders'
 * dissemination barrier with empty messages (ceil(log2 L) one-way latencies for L
 * subgroups) -> node release. */
#include "coll/engine/remote/remote.h"

void shoal_lead_barrier(const struct shoal_group *g, const struct shoal_part *p, int tag)
{
    const int m = p->nlead, r = p->lrank;
    for (int step = 1; step < m; step *= 2)
        shoal_msg(g, tag, p->lead[shoal_wrap(r + step, m)], NULL, 0,
                  p->lead[shoal_wrap(r - step + m, m)], NULL, 0);
}

void shoal_xcoll_barrier(const struct shoal_group *g)
{
    /* What I put before the barrier is visible after it (stores to mapped memory: the
     * release-acquire chain of the signals). */
    shoal_g.remote->quiet();
    struct shoal_part p;
    shoal_part_init(&p, g);
    const int head = p.mine[0];
    shoal_node_arrive(g, &p, head);
    if (g->me == head) shoal_lead_barrier(g, &p, shoal_area_tag(g));
    shoal_node_release(g, &p, head);
    shoal_part_fini(&p);
}

/* A team's barrier area: the counters leave it zeroed like any area, so the epoch the mapped
 * engine stamps (coll/engine/barrier.c) is not needed here. The off-node transport is in use
 * for the whole job or not at all, so the two kinds of words never meet in one area. */
void shoal_xcoll_barrier_epoch(const struct shoal_group *g, uint64_t epoch)
{
    (void)epoch;
    shoal_xcoll_barrier(g);
}
