/* TEMPORARY: world-only team hooks until runtime/src/team and src/coll land. */
#include <shmem.h>
#include <shmemx.h>
#include "bootstrap/bootstrap.h"
#include "core/state.h"
#include "team/team_hooks.h"
void shoal_teams_init(void) {}
void shoal_teams_fini(void) {}
void shoal_barrier_world(void) { shoal_g.boot->barrier(); }
void shmem_barrier_all(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); shoal_g.boot->barrier(); }
void shmem_sync_all(void) { shoal_g.boot->barrier(); }
int shmem_team_n_pes(shmem_team_t t) { return t == SHMEM_TEAM_WORLD ? shoal_g.npes : -1; }
int shmem_team_my_pe(shmem_team_t t) { return t == SHMEM_TEAM_WORLD ? shoal_g.me : -1; }
int shmem_team_translate_pe(shmem_team_t a, int pe, shmem_team_t b) { (void)a; (void)b; return pe; }
