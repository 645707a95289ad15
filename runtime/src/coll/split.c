/* shmem_team_split_strided and shmem_team_split_2d. Both are collective over the parent: the
 * parent's members AND-reduce their free-slot masks (one reduction on the parent team) and
 * take the lowest slot(s) free on every member, so the new teams get the same handle on all
 * their members and the slot's sync areas are idle everywhere. Destroy is local; a freed slot
 * comes back at the next agreement. All members reach the same verdict (same arguments, same
 * reduced mask), so a failure is reported on every member alike. */
#include <stdint.h>
#include <stdlib.h>

#include <shmem.h>
#include <shmemx.h>

#include "coll/call_check.h"
#include "coll/engine/engine.h"
#include "core/check.h"
#include "sync/backoff.h"
#include "team/team.h"

/* want slots free on every member of parent, or -1 when there are not that many. */
static int agree_slots(const char *routine, struct shoal_team *parent, int want, int *slots)
{
    const int w = shoal_team_mask_words();
    uint64_t mine[w], all[w];
    shoal_team_free_mask(mine);
    struct shoal_group g;
    shoal_team_begin(parent, &g);
    shoal_coll_reduce(routine, &g, all, mine, (size_t)w, SHOAL_OP_and, SHOAL_K_U64, SHOAL_COLL_PRIVATE);
    shoal_team_area_end(parent, 1);
    int from = 0;
    for (int k = 0; k < want; k++) {
        int s = shoal_team_mask_first(all, from);
        if (s < 0) {
            if (parent->my_pe == 0) {
                int alive, max;
                shmemx_team_count(&alive, &max);
                shoal_warn(routine, "no team slot is free on every member of the parent team (%d "
                           "teams alive on this PE, at most %d): destroy teams or raise "
                           "SHOAL_MAX_TEAMS", alive, max);
            }
            return -1;
        }
        slots[k] = s;
        from = s + 1;
    }
    return 0;
}

/* The team of parent indices start + i*stride (i < size) in slot; idx: mine in it. */
static shmem_team_t create_sub(struct shoal_team *p, int slot, int start, int stride, int size,
                               int idx, const shmem_team_config_t *config, long mask)
{
    if (!p->list)
        return shoal_team_create(slot, size, p->start + start * p->stride, p->stride * stride, NULL,
                                 idx, config, mask);
    int *list = malloc((size_t)size * sizeof *list);
    if (!list) shoal_fatal("shmem_team_split", "out of memory");
    for (int i = 0; i < size; i++) list[i] = p->list[start + i * stride];
    shmem_team_t t = shoal_team_create(slot, size, 0, 1, list, idx, config, mask);
    free(list);
    return t;
}

int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t *config, long config_mask,
                             shmem_team_t *new_team)
{
    const char *routine = "shmem_team_split_strided";
    struct shoal_team *p = shoal_team_lookup(routine, parent_team);
    if (new_team) *new_team = SHMEM_TEAM_INVALID;
    if (!p) return -1;
    if (!new_team) shoal_fatal(routine, "new_team is NULL");
    shoal_wait_at_collective(routine);
    SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_SPLIT, .team = p, .root = start,
                     .dst = stride, .nelems = (size_t)size);
    const long last = start + (long)(size - 1) * stride;
    if (size < 1 || start < 0 || start >= p->size || last < 0 || last >= p->size ||
        (stride == 0 && size > 1)) {
        if (p->my_pe == 0)
            shoal_warn(routine, "invalid triplet start %d, stride %d, size %d for a parent team "
                       "of %d PEs", start, stride, size, p->size);
        return -1;
    }
    int slot;
    if (agree_slots(routine, p, 1, &slot)) return -1;
    const long d = p->my_pe - start;
    if (size == 1 ? d == 0 : (d % stride == 0 && d / stride >= 0 && d / stride < size))
        *new_team = create_sub(p, slot, start, size == 1 ? 1 : stride, size,
                               size == 1 ? 0 : (int)(d / stride), config, config_mask);
    return 0;
}

int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t *xaxis_config, long xaxis_mask,
                        shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                        long yaxis_mask, shmem_team_t *yaxis_team)
{
    const char *routine = "shmem_team_split_2d";
    struct shoal_team *p = shoal_team_lookup(routine, parent_team);
    if (xaxis_team) *xaxis_team = SHMEM_TEAM_INVALID;
    if (yaxis_team) *yaxis_team = SHMEM_TEAM_INVALID;
    if (!p) return -1;
    if (!xaxis_team || !yaxis_team) shoal_fatal(routine, "xaxis_team or yaxis_team is NULL");
    shoal_wait_at_collective(routine);
    SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_SPLIT_2D, .team = p,
                     .nelems = (size_t)xrange);
    if (xrange < 1) {
        if (p->my_pe == 0) shoal_warn(routine, "xrange %d is not positive", xrange);
        return -1;
    }
    const int n = p->size;
    if (xrange > n) xrange = n; /* as the spec says: behaves as xrange == parent size */
    int slots[2];
    if (agree_slots(routine, p, 2, slots)) return -1;
    const int me = p->my_pe, x = me % xrange, y = me / xrange;
    /* Row y: parent indices y*xrange .. (the last row may be short). */
    const int xsize = n - y * xrange < xrange ? n - y * xrange : xrange;
    *xaxis_team = create_sub(p, slots[0], y * xrange, 1, xsize, x, xaxis_config, xaxis_mask);
    /* Column x: x, x + xrange, ... (columns differ in length by at most one). */
    const int ysize = (n - x + xrange - 1) / xrange;
    *yaxis_team = create_sub(p, slots[1], x, xrange, ysize, y, yaxis_config, yaxis_mask);
    return 0;
}
