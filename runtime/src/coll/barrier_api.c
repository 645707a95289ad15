/* Barrier and sync entry points: the world (barrier_all, sync_all, and shoal_barrier_world for
 * the layers above), teams (team_sync) and active sets (barrier, sync). */
#include <shmem.h>

#include "coll/active_set.h"
#include "coll/call_check.h"
#include "coll/engine/engine.h"
#include "core/check.h"
#include "team/team.h"
#include "team/team_hooks.h"

void shoal_barrier_world(void)
{
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    shoal_team_barrier(&shoal_teams[0]);
}

void shmem_barrier_all(void)
{
    SHOAL_CHECK_INIT("shmem_barrier_all");
    shoal_wait_at_collective("shmem_barrier_all");
    SHOAL_CALL_CHECK(.routine = "shmem_barrier_all", .kind = SHOAL_CALL_BARRIER,
                     .team = &shoal_teams[0]);
    shoal_barrier_world();
}

void shmem_sync_all(void)
{
    SHOAL_CHECK_INIT("shmem_sync_all");
    shoal_wait_at_collective("shmem_sync_all");
    SHOAL_CALL_CHECK(.routine = "shmem_sync_all", .kind = SHOAL_CALL_SYNC, .team = &shoal_teams[0]);
    shoal_team_barrier(&shoal_teams[0]);
}

int shmem_team_sync(shmem_team_t team)
{
    struct shoal_team *t = shoal_team_of_coll("shmem_team_sync", team);
    if (!t) return -1;
    shoal_wait_at_collective("shmem_team_sync");
    SHOAL_CALL_CHECK(.routine = "shmem_team_sync", .kind = SHOAL_CALL_SYNC, .team = t);
    shoal_team_barrier(t);
    return 0;
}

void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    struct shoal_group g;
    shoal_aset_group("shmem_barrier", PE_start, logPE_stride, PE_size, pSync, &g);
    SHOAL_CALL_CHECK(.routine = "shmem_barrier", .kind = SHOAL_CALL_BARRIER, .group = &g);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    shoal_coll_barrier(&g);
}

void(shmem_sync)(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    struct shoal_group g;
    shoal_aset_group("shmem_sync", PE_start, logPE_stride, PE_size, pSync, &g);
    SHOAL_CALL_CHECK(.routine = "shmem_sync", .kind = SHOAL_CALL_SYNC, .group = &g);
    shoal_coll_barrier(&g);
}
