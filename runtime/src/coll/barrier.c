/* Barriers: a K-way dissemination barrier (Hensgen/Finkel/Manber, generalised): in round r,
 * member i signals members i + d*K^r (d = 1..K-1, mod N) and waits for the K-1 signals of
 * members i - d*K^r. ceil(log_K N) rounds; K = N (one round, every peer signalled directly)
 * up to SHOAL_FLAT_MAX members, K = 4 beyond.
 *  - On a pSync (active set), signals are counters: back-to-back barriers on one pSync are
 *    safe and leave it zeroed.
 *  - On a team's barrier area (team_sync, barrier_all, sync_all), which nothing else uses and
 *    nobody needs to see zeroed, each (round, sender) pair has its own word on its own cache
 *    line and the sender simply stores the team's barrier epoch there; the receiver waits for
 *    word >= epoch. Plain stores, no atomic read-modify-write and no reset: fewer cache-line
 *    transfers on the critical path. */
#include <shmem.h>

#include "coll/aset.h"
#include "coll/coll.h"
#include "core/check.h"
#include "team/team.h"
#include "team/team_hooks.h"

void shoal_coll_barrier(const struct shoal_group *g)
{
    const long n = g->size;
    if (n <= 1) {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        return;
    }
    const long k = n <= SHOAL_FLAT_MAX ? n : 4;
    long step = 1;
    for (int r = 0; step < n; r++, step *= k) {
        long cnt = 0;
        for (long d = 1; d < k && d * step < n; d++, cnt++)
            shoal_signal(shoal_peer_word(g, (int)((g->me + d * step) % n), SHOAL_W_BAR(r)));
        shoal_consume(&g->area[SHOAL_W_BAR(r)], cnt);
    }
}

/* Word of (round r, offset d) in a team barrier area: one cache line each. */
static inline int epoch_word(int r, long d, long k)
{
    return (int)((r * (k - 1) + d - 1) * SHOAL_LINE);
}
_Static_assert((SHOAL_MAX_ROUNDS * 3) * SHOAL_LINE <= SHOAL_AREA_LONGS &&
                   (SHOAL_FLAT_MAX - 1) * SHOAL_LINE <= SHOAL_AREA_LONGS,
               "epoch words fit a team barrier area");

#define RELEASE_WORD ((SHOAL_FLAT_MAX - 1) * SHOAL_LINE) /* after the flat arrival lines */

void shoal_coll_barrier_epoch(const struct shoal_group *g, uint64_t epoch)
{
    const long n = g->size;
    if (n <= 1) {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        return;
    }
    if (shoal_g.oversubscribed && n <= SHOAL_FLAT_MAX) {
        /* More PEs than cores: what costs is context switches, not hops. Gather at member 0,
         * which then releases everyone and leaves first: the member that is usually the
         * root of what follows (a broadcast) gets ahead instead of being waited for. */
        if (g->me == 0) {
            for (int i = 1; i < n; i++) {
                const long *w = &g->area[(i - 1) * SHOAL_LINE];
                SHOAL_WAIT_FOR((uint64_t)__atomic_load_n(w, __ATOMIC_ACQUIRE) >= epoch);
            }
            for (int i = 1; i < n; i++)
                __atomic_store_n(shoal_peer_word(g, i, RELEASE_WORD), (long)epoch, __ATOMIC_RELEASE);
        } else {
            __atomic_store_n(shoal_peer_word(g, 0, (g->me - 1) * SHOAL_LINE), (long)epoch,
                             __ATOMIC_RELEASE);
            const long *w = &g->area[RELEASE_WORD];
            SHOAL_WAIT_FOR((uint64_t)__atomic_load_n(w, __ATOMIC_ACQUIRE) >= epoch);
        }
        return;
    }
    const long k = n <= SHOAL_FLAT_MAX ? n : 4;
    long step = 1;
    for (int r = 0; step < n; r++, step *= k) {
        for (long d = 1; d < k && d * step < n; d++)
            __atomic_store_n(shoal_peer_word(g, (int)((g->me + d * step) % n), epoch_word(r, d, k)),
                             (long)epoch, __ATOMIC_RELEASE);
        for (long d = 1; d < k && d * step < n; d++) {
            const long *w = &g->area[epoch_word(r, d, k)];
            SHOAL_WAIT_FOR((uint64_t)__atomic_load_n(w, __ATOMIC_ACQUIRE) >= epoch);
        }
    }
}

void shoal_barrier_world(void)
{
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    shoal_team_barrier(&shoal_teams[0]);
}

void shmem_barrier_all(void)
{
    SHOAL_CHECK_INIT("shmem_barrier_all");
    shoal_barrier_world();
}

void shmem_sync_all(void)
{
    SHOAL_CHECK_INIT("shmem_sync_all");
    shoal_team_barrier(&shoal_teams[0]);
}

int shmem_team_sync(shmem_team_t team)
{
    struct shoal_team *t = shoal_team_lookup("shmem_team_sync", team);
    if (!t) return -1;
    shoal_team_barrier(t);
    return 0;
}

void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    struct shoal_group g;
    shoal_aset_group("shmem_barrier", PE_start, logPE_stride, PE_size, pSync, &g);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    shoal_coll_barrier(&g);
}

void shmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    struct shoal_group g;
    shoal_aset_group("shmem_sync", PE_start, logPE_stride, PE_size, pSync, &g);
    shoal_coll_barrier(&g);
}
