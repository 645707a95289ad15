/* shmemx_device_context: fill the context kernels receive by value (the device heap when it
 * exists, else the host heap: the host emulation). The peer table and each team slot's sync
 * words and scratch live here (runtime memory that outlives the call); the team view
 * (team_view.c) is brought up to date at every call, so a context describes the teams alive
 * when it was made. */
#include <stdlib.h>
#include <string.h>

#include <shmemx.h>
#include <shoal/device_host/context.h>

#include "core/check.h"
#include "core/error.h"
#include "device/device.h"
#include "heap/heap.h"
#include "team/team.h"

_Static_assert(SHOAL_TEAM_SLOT_BITS == SHOAL_DEVICE_TEAM_SLOT_BITS, "kernels find a team's slot as the host does");

static char **peer_base;                 /* npes: each PE's host heap as mapped here */
static uint64_t *team_sync;              /* symmetric, SHOAL_DEVICE_SYNC_WORDS words per team slot */
static char *scratch;                    /* symmetric, shoal_device_scratch_per_team() per team slot */

void shoal_device_init(void)
{
    peer_base = calloc((size_t)shoal_g.npes, sizeof *peer_base);
    if (!peer_base) shoal_fatal("shmem_init", "out of memory for the device context");
    for (int pe = 0; pe < shoal_g.npes; pe++) peer_base[pe] = shoal_g.peers[pe].base[SHOAL_SEG_HEAP];
    team_sync = shoal_heap_alloc_internal(shoal_device_team_sync_bytes(), 64);
    scratch = shoal_heap_alloc_internal((size_t)shoal_teams_max * shoal_device_scratch_per_team(), 64);
    memset(team_sync, 0, shoal_device_team_sync_bytes()); /* before shmem_init's last barrier */
}

void shoal_device_fini(void)
{
    shoal_device_heap_fini();
    shoal_device_team_view_fini();
    free(peer_base);
    peer_base = NULL;
    team_sync = NULL;
    scratch = NULL;
}

int shmemx_device_context(struct shoal_device_context *ctx)
{
    SHOAL_CHECK_INIT("shmemx_device_context");
    if (!ctx) shoal_fatal("shmemx_device_context", "ctx is NULL");
    const struct shoal_device_team *teams = shoal_device_team_view();
    memset(ctx, 0, sizeof *ctx);
    ctx->version = SHOAL_DEVICE_CONTEXT_VERSION;
    ctx->size = sizeof *ctx;
    ctx->my_pe = shoal_g.me;
    ctx->npes = shoal_g.npes;
    ctx->heap_base = shoal_g.seg[SHOAL_SEG_HEAP].base;
    ctx->heap_size = shoal_g.seg[SHOAL_SEG_HEAP].size;
    ctx->peer_base = peer_base;
    ctx->teams = teams;
    ctx->n_teams = shoal_teams_max;
    ctx->kind = SHOAL_DEVICE_HEAP_HOST;
    ctx->team_sync = team_sync;
    ctx->scratch = scratch;
    ctx->scratch_size = shoal_device_scratch_per_team();
    shoal_device_heap_context(ctx, teams); /* the device heap when there is one */
    return 0;
}
