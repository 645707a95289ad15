/* What the core calls into the team layer (runtime/src/team/), and nothing else. */
#ifndef SHOAL_TEAM_HOOKS_H
#define SHOAL_TEAM_HOOKS_H

/* Called once from shmem_init after every segment is mapped and before the init barrier:
 * builds SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED and reserves (with
 * shoal_heap_alloc_internal) all symmetric memory the teams and collectives will need. */
void shoal_teams_init(void);
/* Called from shmem_finalize after the final barrier. */
void shoal_teams_fini(void);
/* World barrier usable by the core (shmem_malloc/free, finalize). */
void shoal_barrier_world(void);

#endif
