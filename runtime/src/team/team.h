/* Teams: a table of slots, handle = slot index + 1 (SHMEM_TEAM_WORLD = slot 0, SHMEM_TEAM_SHARED
 * = slot 1, SHMEM_TEAM_INVALID = 0) in the low SHOAL_TEAM_SLOT_BITS, and above them the slot's
 * generation (how many teams it held before): a handle kept after its team was destroyed no
 * longer matches once the slot holds a new team, so it is caught instead of reaching that team. Each slot owns symmetric memory reserved at init (same
 * offset on every PE): SHOAL_TEAM_RING sync areas used in turn by consecutive collectives,
 * plus one area for barriers. A slot index is local to a PE: disjoint teams may use the same
 * index; members of one team always agree on it (team creation picks an index free on every
 * member: coll/split.c, team_init.c). */
#ifndef SHOAL_TEAM_H
#define SHOAL_TEAM_H

#include <stdint.h>

#include <shmem.h>

#include "coll/engine/group.h"
#include "core/error.h"

#define SHOAL_TEAM_RING 8
#define SHOAL_TEAM_AREAS (SHOAL_TEAM_RING + 1) /* ring, then the barrier area */
#define SHOAL_TEAMS_DEFAULT_MAX 64
#define SHOAL_TEAM_SLOT_BITS 24 /* SHOAL_MAX_TEAMS <= 1 << 20 */
#define SHOAL_TEAM_SLOT_MASK (((uintptr_t)1 << SHOAL_TEAM_SLOT_BITS) - 1)

struct shoal_team {
    int alive;
    uintptr_t handle; /* the live team's handle; 0 when the slot is free */
    uintptr_t gen;    /* teams this slot held before the current one */
    int my_pe;
    int size;
    int start, stride; /* world PE of index i: start + i * stride ... */
    int *list;         /* ... or list[i] (team_init teams that are not strided) */
    int *index_of;     /* with list: world PE -> index, -1 if not a member */
    shmem_team_config_t config;
    long config_mask;
    long *areas;       /* symmetric, SHOAL_TEAM_AREAS * SHOAL_AREA_LONGS longs */
    /* Ring bookkeeping (identical on every member: collectives are called in the same order).
     * Area a may be reused once a synchronizing collective (one where every member waits for
     * every other: all but broadcast) completed after its last use; otherwise a barrier first. */
    uint64_t seq;                        /* collectives started */
    uint64_t last_sync;                  /* seq of the last synchronizing one */
    uint64_t last_use[SHOAL_TEAM_RING];  /* seq of each area's last use, 0 = never */
    uint64_t barrier_epoch;              /* barriers done on the barrier area */
    /* A broadcast rooted at member 0 ran since the last barrier: when oversubscribed, the next
     * barrier lets member 0 out first (shoal_coll_barrier_epoch). Only a hint: members that
     * disagree lose time, never correctness. */
    int lead_hint;
};

extern struct shoal_team *shoal_teams;
extern int shoal_teams_max;

/* The team behind a handle; NULL for SHMEM_TEAM_INVALID; a one-line fatal error for a handle
 * that is neither (destroyed, never created, garbage). */
struct shoal_team *shoal_team_lookup_slow(const char *routine, shmem_team_t team);

static inline struct shoal_team *shoal_team_lookup(const char *routine, shmem_team_t team)
{
    uintptr_t h = (uintptr_t)team, s = (h & SHOAL_TEAM_SLOT_MASK) - 1;
    if (SHOAL_LIKELY(s < (uintptr_t)shoal_teams_max && shoal_teams[s].handle == h))
        return &shoal_teams[s];
    return shoal_team_lookup_slow(routine, team);
}

/* The same for a collective's team argument: SHMEM_TEAM_INVALID gives NULL (the routine
 * returns -1, as the spec says) and a warning line naming the routine, not silence. */
static inline struct shoal_team *shoal_team_of_coll(const char *routine, shmem_team_t team)
{
    struct shoal_team *t = shoal_team_lookup(routine, team);
    if (SHOAL_UNLIKELY(t == NULL))
        shoal_warn(routine, "the team is SHMEM_TEAM_INVALID; nothing done, returning -1");
    return t;
}

static inline int shoal_team_pe(const struct shoal_team *t, int i)
{
    return t->list ? t->list[i] : t->start + i * t->stride;
}

/* Index of world PE pe in t, or -1. */
int shoal_team_index_of(const struct shoal_team *t, int pe);

/* Group for a collective on t using sync area `area`. */
static inline void shoal_team_group(const struct shoal_team *t, long *area, struct shoal_group *g)
{
    g->me = t->my_pe;
    g->size = t->size;
    g->start = t->start;
    g->stride = t->stride;
    g->list = t->list;
    g->area = area;
    g->idle = 0;
}

/* Start a collective on t: the sync area it must use (a barrier first when needed). */
long *shoal_team_area_begin(struct shoal_team *t);

/* Start a collective on t: its group, on the area shoal_team_area_begin hands out, which every
 * member is done with (g->idle). */
static inline void shoal_team_begin(struct shoal_team *t, struct shoal_group *g)
{
    shoal_team_group(t, shoal_team_area_begin(t), g);
    g->idle = 1;
}
/* End it; synchronizing: every member waited for every other member in it. */
static inline void shoal_team_area_end(struct shoal_team *t, int synchronizing)
{
    if (synchronizing) t->last_sync = t->seq;
}
/* Barrier over t on its barrier area (team_sync, barrier_all, the ring's recycling). */
void shoal_team_barrier(struct shoal_team *t);

/* Free-slot bitmask (64 slots a word), shoal_team_mask_words() words. */
int shoal_team_mask_words(void);
void shoal_team_free_mask(uint64_t *mask);
/* Lowest set bit of mask at or above `from`, or -1. */
int shoal_team_mask_first(const uint64_t *mask, int from);

/* Fill slot `slot` with a new team: members are world PEs start + i*stride, or list (copied);
 * my_pe is the caller's index. Returns the handle. */
shmem_team_t shoal_team_create(int slot, int size, int start, int stride, const int *list,
                               int my_pe, const shmem_team_config_t *config, long config_mask);

/* team_init's rendezvous board (team_init.c), reserved by shmem_init right after
 * shoal_teams_init. */
void shoal_team_init_board_reserve(void);
void shoal_team_init_board_fini(void);

/* Serialises changes to the slot table between threads. */
void shoal_teams_lock(void);
void shoal_teams_unlock(void);

#endif
