/* What shmem_init and shmem_finalize (lifecycle/init.c) call into the team layer, and the world
 * barrier the layers above the collectives use. */
#ifndef SHOAL_TEAM_HOOKS_H
#define SHOAL_TEAM_HOOKS_H

/* Called once from shmem_init after every segment is mapped and before the init barrier:
 * builds SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED and reserves (with
 * shoal_heap_alloc_internal) the symmetric memory of every team slot. */
void shoal_teams_init(void);
/* Called from shmem_finalize after the final barrier. */
void shoal_teams_fini(void);
/* World barrier (coll/barrier_api.c) for shmem_malloc/free, shmem_finalize and the device
 * heap. */
void shoal_barrier_world(void);

#endif
