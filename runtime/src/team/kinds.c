/* NVSHMEM's team kinds (nvshmem/types.h): NVSHMEMX_TEAM_SAME_MYPE_NODE in slot 2 and
 * NVSHMEMX_TEAM_SAME_GPU in slot 3, made at nvshmem_init over the world. Their handles are
 * constants, so kernels name them too; a program that made teams of its own before
 * nvshmem_init (NVSHMEMX_INIT_WITH_SHMEM) may hold those slots, and is told so. Every PE
 * computes both member lists from the same facts (each PE's node and GPU), no messages but one
 * allgather of the GPUs. */
#include <stdint.h>
#include <stdlib.h>

#include "bootstrap/bootstrap.h"
#include "core/error.h"
#include "core/state.h"
#include "team/team.h"

/* Index of world PE pe among the PEs of its node (ascending). */
static int node_index(int pe)
{
    int i = 0;
    for (int q = 0; q < pe; q++) i += shoal_g.peers[q].node == shoal_g.peers[pe].node;
    return i;
}

/* A team of the PEs keep() selects, in slot `slot` (free on every PE: none made teams yet). */
static void make(const char *routine, int slot, const char *name, const int *gpu,
                 int (*keep)(int pe, const int *gpu))
{
    if (slot >= shoal_teams_max)
        shoal_fatal(routine, "SHOAL_MAX_TEAMS=%d leaves no slot for %s (at least %d are needed)",
                    shoal_teams_max, name, SHOAL_TEAM_KIND_SLOTS);
    if (__atomic_load_n(&shoal_teams[slot].alive, __ATOMIC_ACQUIRE))
        shoal_fatal(routine, "%s needs team slot %d, which a team made before nvshmem_init holds "
                    "(make teams after nvshmem_init)", name, slot);
    int *list = malloc((size_t)shoal_g.npes * sizeof *list);
    if (!list) shoal_fatal(routine, "out of memory");
    int n = 0, me = -1;
    for (int pe = 0; pe < shoal_g.npes; pe++) {
        if (!keep(pe, gpu)) continue;
        if (pe == shoal_g.me) me = n;
        list[n++] = pe;
    }
    const shmem_team_t h = shoal_team_create(slot, n, 0, 1, list, me, NULL, 0);
    free(list);
    if ((uintptr_t)h != (uintptr_t)slot + 1) /* nvshmem/types.h's constants are slot + 1 */
        shoal_fatal(routine, "internal error: %s got handle %#lx", name, (unsigned long)(uintptr_t)h);
}

static int same_mype_node(int pe, const int *gpu)
{
    (void)gpu;
    return node_index(pe) == node_index(shoal_g.me);
}

/* No GPU (-1): a team of one. */
static int same_gpu(int pe, const int *gpu)
{
    if (pe == shoal_g.me) return 1;
    return gpu[shoal_g.me] >= 0 && shoal_g.peers[pe].node == shoal_g.peers[shoal_g.me].node &&
           gpu[pe] == gpu[shoal_g.me];
}

void shoal_team_kinds_create(const char *routine, int my_gpu)
{
    int *gpu = malloc((size_t)shoal_g.npes * sizeof *gpu);
    if (!gpu) shoal_fatal(routine, "out of memory");
    shoal_g.boot->allgather(&my_gpu, gpu, sizeof my_gpu);
    make(routine, SHOAL_TEAM_SLOT_SAME_MYPE_NODE, "NVSHMEMX_TEAM_SAME_MYPE_NODE", gpu, same_mype_node);
    make(routine, SHOAL_TEAM_SLOT_SAME_GPU, "NVSHMEMX_TEAM_SAME_GPU", gpu, same_gpu);
    free(gpu);
}

void shoal_team_kinds_destroy(void)
{
    for (int slot = SHOAL_TEAM_SLOT_SAME_MYPE_NODE; slot < SHOAL_TEAM_KIND_SLOTS && slot < shoal_teams_max; slot++) {
        if (!shoal_teams[slot].alive) continue;
        shmem_team_destroy((shmem_team_t)shoal_teams[slot].handle);
        shoal_teams[slot].gen = 0; /* the handles are constants: the next nvshmem_init reuses them */
    }
}
