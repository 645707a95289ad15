/* Barriers: a K-way dissemination barrier (Hensgen/Finkel/Manber, generalised): in round r,
 * member i signals members i + d*K^r (d = 1..K-1, mod N) and waits for the K-1 signals of
 * members i - d*K^r. ceil(log_K N) rounds; K = N (one round, every peer signalled directly)
 * up to the flat maximum (SHOAL_COLL_FLAT_MAX, default 8) members, K = 4 beyond.
 *  - On a pSync (active set), signals are counters: back-to-back barriers on one pSync are
 *    safe and leave it zeroed.
 *  - On a team's barrier area (team_sync, barrier_all, sync_all), which nothing else uses and
 *    nobody needs to see zeroed, each (round, sender) pair has its own word on its own cache
 *    line and the sender simply stores the team's barrier epoch there; the receiver waits for
 *    word >= epoch. Plain stores, no atomic read-modify-write and no reset: fewer cache-line
 *    transfers on the critical path. */
#include <shmem.h>

#include "coll/engine/engine.h"

void shoal_coll_barrier(const struct shoal_group *g)
{
    const long n = g->size;
    if (n <= 1) {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        return;
    }
    if (shoal_coll_remote(g)) {
        shoal_xcoll_barrier(g);
        return;
    }
    if (n <= shoal_coll_flat_max()) {
        /* One round. Signals from members bound to my CPU count on one word and the others'
         * on another (the relation at init, the same on both sides: every sender knows
         * which): I wait for the first yielding at once, for the second spinning first
         * (placement.c), unless one of them has moved onto my CPU since (avoid_busy.c). */
        long mates = 0;
        unsigned spin = shoal_g.spin_remote;
        for (int d = 1; d < n; d++) {
            const int j = shoal_wrap(g->me + d, n);
            const int mate = shoal_group_mate_at_init(g, j);
            mates += mate;
            if (!mate && shoal_group_mate(g, j)) spin = 0;
            shoal_signal(g, j, SHOAL_W_BAR(mate ? 0 : 1));
        }
        shoal_consume_spin(&g->area[SHOAL_W_BAR(0)], mates, 0);
        shoal_consume_spin(&g->area[SHOAL_W_BAR(1)], n - 1 - mates, spin);
        return;
    }
    const long k = 4;
    long step = 1;
    for (int r = 0; step < n; r++, step *= k) {
        long cnt = 0;
        for (long d = 1; d < k && d * step < n; d++, cnt++)
            shoal_signal(g, shoal_wrap(g->me + d * step, n), SHOAL_W_BAR(r));
        shoal_consume(&g->area[SHOAL_W_BAR(r)], cnt);
    }
}

/* Word of (round r, offset d) in a team barrier area: one cache line each. */
static inline int epoch_word(int r, long d, long k)
{
    return (int)((r * (k - 1) + d - 1) * SHOAL_LINE);
}
_Static_assert(SHOAL_FLAT_MAX <= 64, "a round's sources fit the mask of shoal_coll_barrier_epoch");
_Static_assert((SHOAL_MAX_ROUNDS * 3) * SHOAL_LINE <= SHOAL_AREA_LONGS &&
                   SHOAL_FLAT_MAX * SHOAL_LINE <= SHOAL_AREA_LONGS,
               "epoch words fit a team barrier area");

/* Wait for member src's store of epoch into word w of my area. */
static inline void await_epoch(const struct shoal_group *g, int src, int w, uint64_t epoch)
{
    const long *p = &g->area[w];
    SHOAL_WAIT_RUNG(shoal_group_pe(g, src), (uint64_t)__atomic_load_n(p, __ATOMIC_ACQUIRE) >= epoch);
}

/* More PEs than cores: a flat barrier costs one context switch per core, the least possible,
 * because each PE leaves the barrier and arrives at the next one in the same time slice. But
 * then the PE that leaves first on a core alternates, and in "barrier; broadcast from member
 * 0" the member that left before member 0 pays a switch inside the broadcast. So member 0
 * always stores a release word after it leaves, and with lead_first the others also wait for
 * it: member 0 leaves first, as in a gather-release barrier, and the switch is paid here. */
#define RELEASE_WORD ((SHOAL_FLAT_MAX - 1) * SHOAL_LINE) /* after the flat arrival lines */

void shoal_coll_barrier_epoch(const struct shoal_group *g, uint64_t epoch, int lead_first)
{
    const long n = g->size;
    if (n <= 1) {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        return;
    }
    if (shoal_coll_remote(g)) {
        shoal_xcoll_barrier_epoch(g, epoch);
        return;
    }
    const int flat = n <= shoal_coll_flat_max();
    const long k = flat ? n : 4;
    long step = 1;
    for (int r = 0; step < n; r++, step *= k) {
        for (long d = 1; d < k && d * step < n; d++) {
            const int j = shoal_wrap(g->me + d * step, n);
            __atomic_store_n(shoal_peer_word(g, j, epoch_word(r, d, k)), (long)epoch, __ATOMIC_RELEASE);
            if (!flat) shoal_ring(shoal_group_pe(g, j));
        }
        if (flat) shoal_ring_members(g); /* one round: every other member */
        /* Members bound to my CPU first: they arrive only while I yield. The others are
         * running elsewhere, and spinning a little for them saves a context switch. Who is
         * which is read once: the PEs may move while I wait (avoid_busy.c), and a source
         * that turned from other to mate between the passes was awaited in neither (a PE
         * left the barrier early; the next collective hung). */
        uint64_t mate_src = 0;
        for (long d = 1; d < k && d * step < n; d++)
            if (shoal_group_mate(g, shoal_wrap(g->me - d * step + n, n))) mate_src |= UINT64_C(1) << d;
        for (int pass = 0; pass < 2; pass++)
            for (long d = 1; d < k && d * step < n; d++) {
                const int src = shoal_wrap(g->me - d * step + n, n);
                if ((int)(mate_src >> d & 1) == !pass) await_epoch(g, src, epoch_word(r, d, k), epoch);
            }
    }
    if (shoal_g.oversubscribed && flat) {
        if (g->me == 0) {
            for (int i = 1; i < n; i++)
                __atomic_store_n(shoal_peer_word(g, i, RELEASE_WORD), (long)epoch, __ATOMIC_RELEASE);
            shoal_ring_members(g);
        } else if (lead_first)
            await_epoch(g, 0, RELEASE_WORD, epoch);
    }
}
