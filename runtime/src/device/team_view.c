/* Each team slot's device scratch size (reserved in the host heap by context.c, in the device
 * heap by device_heap.c), and the team view kernels read (device_host/context.h):
 * SHOAL_DEVICE_TEAM_GENERATIONS views per team slot, by the slot's generation. A team's view is
 * written once, the first time a context is described after the team was created, and cleared
 * once the team is gone; a live team's view is never rewritten, and a new team in a reused slot
 * writes another view than its predecessor's, so a launch still reading the old one is not
 * disturbed. */
#include <stdlib.h>
#include <string.h>

#include <shoal/device_host/context.h>

#include "core/error.h"
#include "device/device.h"
#include "team/team.h"

static struct shoal_device_team *view; /* shoal_teams_max * SHOAL_DEVICE_TEAM_GENERATIONS */
static uintptr_t *described;           /* per slot: the handle whose view is written, or 0 */

size_t shoal_device_scratch_per_team(void)
{
    size_t per = SHOAL_DEVICE_SCRATCH_BUDGET / (size_t)shoal_teams_max / 64 * 64;
    if (per > SHOAL_DEVICE_SCRATCH_BYTES) per = SHOAL_DEVICE_SCRATCH_BYTES;
    return per < SHOAL_DEVICE_SCRATCH_MIN ? SHOAL_DEVICE_SCRATCH_MIN : per;
}

static size_t view_index(uintptr_t handle)
{
    const size_t slot = (size_t)(handle & SHOAL_TEAM_SLOT_MASK) - 1;
    const size_t gen = (size_t)(handle >> SHOAL_TEAM_SLOT_BITS);
    return slot * SHOAL_DEVICE_TEAM_GENERATIONS + gen % SHOAL_DEVICE_TEAM_GENERATIONS;
}

size_t shoal_device_team_view_len(void) { return (size_t)shoal_teams_max * SHOAL_DEVICE_TEAM_GENERATIONS; }

const struct shoal_device_team *shoal_device_team_view(void)
{
    if (!view) {
        view = calloc(shoal_device_team_view_len(), sizeof *view);
        described = calloc((size_t)shoal_teams_max, sizeof *described);
        if (!view || !described) shoal_fatal("shmemx_device_context", "out of memory for the device team view");
    }
    shoal_teams_lock();
    for (int s = 0; s < shoal_teams_max; s++) {
        const struct shoal_team *t = &shoal_teams[s];
        const uintptr_t now = t->alive ? t->handle : 0;
        if (described[s] == now) continue;
        if (described[s]) memset(&view[view_index(described[s])], 0, sizeof *view);
        described[s] = now;
        if (!now) continue;
        struct shoal_device_team *d = &view[view_index(now)];
        d->my_pe = t->my_pe;
        d->size = t->size;
        d->start = t->start;
        d->stride = t->stride;
        d->list = t->list;
        d->gen = (uint32_t)(now >> SHOAL_TEAM_SLOT_BITS);
        d->reserved = 0;
    }
    shoal_teams_unlock();
    return view;
}

void shoal_device_team_view_fini(void)
{
    free(view);
    free(described);
    view = NULL;
    described = NULL;
}
