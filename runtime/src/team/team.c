/* The team table, the predefined teams and the local team routines (queries, translate,
 * destroy). Splits are in coll/split.c, team_init in team_init.c. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>

#include "coll/engine/channel.h"
#include "coll/engine/engine.h"
#include "core/check.h"
#include "core/env_agree.h"
#include "core/env_long.h"
#include "core/error.h"
#include "core/state.h"
#include "heap/heap.h"
#include "team/team.h"
#include "team/team_hooks.h"

struct shoal_team *shoal_teams;
int shoal_teams_max;
static long *team_memory; /* symmetric: shoal_teams_max * SHOAL_TEAM_AREAS areas */
static int teams_alive;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

void shoal_teams_lock(void) { pthread_mutex_lock(&table_lock); }
void shoal_teams_unlock(void) { pthread_mutex_unlock(&table_lock); }

static int env_max_teams(void)
{
    return (int)shoal_env_long("SHOAL_MAX_TEAMS", 2, 1L << 20, "a number of teams",
                               SHOAL_TEAMS_DEFAULT_MAX);
}

static size_t slot_longs(void) { return (size_t)SHOAL_TEAM_AREAS * SHOAL_AREA_LONGS; }

shmem_team_t shoal_team_create(int slot, int size, int start, int stride, const int *list,
                               int my_pe, const shmem_team_config_t *config, long config_mask)
{
    struct shoal_team *t = &shoal_teams[slot];
    int *copy = NULL, *index_of = NULL;
    if (list) {
        /* An arithmetic progression is kept as a triplet: cheaper to translate. */
        int d = size > 1 ? list[1] - list[0] : 1, arith = d >= 1;
        for (int i = 2; arith && i < size; i++) arith = list[i] - list[i - 1] == d;
        if (arith) {
            start = list[0];
            stride = d;
            list = NULL;
        }
    }
    if (list) {
        copy = malloc((size_t)size * sizeof *copy);
        index_of = malloc((size_t)shoal_g.npes * sizeof *index_of);
        if (!copy || !index_of) shoal_fatal("shmem_team_split", "out of memory");
        memcpy(copy, list, (size_t)size * sizeof *copy);
        for (int i = 0; i < shoal_g.npes; i++) index_of[i] = -1;
        for (int i = 0; i < size; i++) index_of[list[i]] = i;
    }
    shoal_teams_lock();
    if (t->alive) shoal_fatal("shmem_team_split", "internal error: team slot %d is in use", slot);
    t->my_pe = my_pe;
    t->size = size;
    t->start = list ? 0 : start;
    t->stride = list || size == 1 ? 1 : stride;
    t->list = copy;
    t->index_of = index_of;
    memset(&t->config, 0, sizeof t->config);
    t->config_mask = 0;
    if (config && (config_mask & SHMEM_TEAM_NUM_CONTEXTS)) {
        t->config.num_contexts = config->num_contexts;
        t->config_mask = SHMEM_TEAM_NUM_CONTEXTS;
    }
    t->areas = team_memory + (size_t)slot * slot_longs();
    t->seq = t->last_sync = t->barrier_epoch = 0;
    t->lead_hint = 0;
    memset(t->last_use, 0, sizeof t->last_use);
    t->handle = t->gen << SHOAL_TEAM_SLOT_BITS | (uintptr_t)(slot + 1);
    __atomic_store_n(&t->alive, 1, __ATOMIC_RELEASE);
    teams_alive++;
    shoal_teams_unlock();
    return (shmem_team_t)t->handle;
}

void shoal_teams_init(void)
{
    int max = env_max_teams();
    /* The reservations below must sit at the same offsets everywhere. */
    shoal_env_agree("SHOAL_MAX_TEAMS", max);

    shoal_teams_max = max;
    shoal_teams = calloc((size_t)max, sizeof *shoal_teams);
    if (!shoal_teams) shoal_fatal("shmem_init", "out of memory");
    team_memory = shoal_heap_alloc_internal((size_t)max * slot_longs() * sizeof(long), 64);
    teams_alive = 0;

    /* SHMEM_TEAM_WORLD */
    shoal_team_create(0, shoal_g.npes, 0, 1, NULL, shoal_g.me, NULL, 0);
    shoal_chan_barriers = &shoal_teams[0].barrier_epoch; /* a world barrier empties the channels */
    /* SHMEM_TEAM_SHARED: the PEs whose memory is mapped here (shmem_ptr works), ascending. */
    int me_shared = 0;
    for (int i = 0; i < shoal_g.n_shared_pes; i++)
        if (shoal_g.shared_pes[i] == shoal_g.me) me_shared = i;
    shoal_team_create(1, shoal_g.n_shared_pes, 0, 1, shoal_g.shared_pes, me_shared, NULL, 0);
}

void shoal_teams_fini(void)
{
    shoal_teams_lock();
    for (int i = 0; i < shoal_teams_max; i++) {
        free(shoal_teams[i].list);
        free(shoal_teams[i].index_of);
    }
    free(shoal_teams);
    shoal_teams = NULL;
    shoal_teams_max = 0;
    teams_alive = 0;
    shoal_teams_unlock();
    shoal_coll_scratch_free();
}

struct shoal_team *shoal_team_lookup_slow(const char *routine, shmem_team_t team)
{
    SHOAL_CHECK_INIT(routine);
    if (team == SHMEM_TEAM_INVALID) return NULL;
    uintptr_t h = (uintptr_t)team, s = (h & SHOAL_TEAM_SLOT_MASK) - 1;
    if (s < (uintptr_t)shoal_teams_max && (h >> SHOAL_TEAM_SLOT_BITS) < shoal_teams[s].gen)
        shoal_fatal(routine, "team handle %#lx belongs to a destroyed team (its slot %lu now "
                    "holds %s)", (unsigned long)h, (unsigned long)s,
                    shoal_teams[s].alive ? "another team" : "none");
    if (s < (uintptr_t)shoal_teams_max && (h >> SHOAL_TEAM_SLOT_BITS) == shoal_teams[s].gen)
        shoal_fatal(routine, "team handle %lu is not a live team (destroyed, or this PE is not a "
                    "member)", (unsigned long)h);
    shoal_fatal(routine, "team handle %#lx is not a team handle", (unsigned long)h);
}

int shoal_team_index_of(const struct shoal_team *t, int pe)
{
    if (pe < 0 || pe >= shoal_g.npes) return -1;
    if (t->list) return t->index_of[pe];
    long d = (long)pe - t->start; /* the stride may be negative (split_strided allows it) */
    if (d % t->stride) return -1;
    d /= t->stride;
    return d >= 0 && d < t->size ? (int)d : -1;
}

long *shoal_team_area_begin(struct shoal_team *t)
{
    uint64_t s = ++t->seq;
    unsigned a = (unsigned)(s % SHOAL_TEAM_RING);
    if (t->last_use[a] != 0 && t->last_sync <= t->last_use[a]) {
        struct shoal_group g;
        shoal_team_group(t, t->areas + (size_t)SHOAL_TEAM_RING * SHOAL_AREA_LONGS, &g);
        shoal_coll_barrier_epoch(&g, ++t->barrier_epoch, 0);
        t->last_sync = s; /* everything before s is complete everywhere */
    }
    t->last_use[a] = s;
    return t->areas + (size_t)a * SHOAL_AREA_LONGS;
}

void shoal_team_barrier(struct shoal_team *t)
{
    struct shoal_group g;
    shoal_team_group(t, t->areas + (size_t)SHOAL_TEAM_RING * SHOAL_AREA_LONGS, &g);
    shoal_coll_barrier_epoch(&g, ++t->barrier_epoch, t->lead_hint);
    t->lead_hint = 0;
    t->last_sync = ++t->seq;
}

int shoal_team_mask_words(void) { return (shoal_teams_max + 63) / 64; }

void shoal_team_free_mask(uint64_t *mask)
{
    int w = shoal_team_mask_words();
    memset(mask, 0, (size_t)w * sizeof *mask);
    for (int i = 0; i < shoal_teams_max; i++)
        if (!__atomic_load_n(&shoal_teams[i].alive, __ATOMIC_ACQUIRE))
            mask[i / 64] |= (uint64_t)1 << (i % 64);
}

int shoal_team_mask_first(const uint64_t *mask, int from)
{
    for (int i = from; i < shoal_teams_max; i++)
        if (mask[i / 64] >> (i % 64) & 1) return i;
    return -1;
}

/* ---- Public routines -------------------------------------------------------------------- */

int shmem_team_my_pe(shmem_team_t team)
{
    struct shoal_team *t = shoal_team_lookup("shmem_team_my_pe", team);
    return t ? t->my_pe : -1;
}

int shmem_team_n_pes(shmem_team_t team)
{
    struct shoal_team *t = shoal_team_lookup("shmem_team_n_pes", team);
    return t ? t->size : -1;
}

int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config)
{
    struct shoal_team *t = shoal_team_lookup("shmem_team_get_config", team);
    if (!t) return -1;
    if (config && (config_mask & SHMEM_TEAM_NUM_CONTEXTS))
        config->num_contexts = t->config.num_contexts;
    return 0;
}

int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team)
{
    struct shoal_team *s = shoal_team_lookup("shmem_team_translate_pe", src_team);
    struct shoal_team *d = shoal_team_lookup("shmem_team_translate_pe", dest_team);
    if (!s || !d || src_pe < 0 || src_pe >= s->size) return -1;
    return shoal_team_index_of(d, shoal_team_pe(s, src_pe));
}

void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe)
{
    struct shoal_team *t = shoal_team_lookup("shmem_team_ptr", team);
    if (!t || pe < 0 || pe >= t->size) return NULL;
    return shmem_ptr(dest, shoal_team_pe(t, pe));
}

void shmem_team_destroy(shmem_team_t team)
{
    struct shoal_team *t = shoal_team_lookup("shmem_team_destroy", team);
    if (!t) return;
    int slot = (int)(t - shoal_teams);
    if (slot < 2) {
        shoal_warn("shmem_team_destroy", "%s is a predefined team and cannot be destroyed; "
                   "ignored", slot == 0 ? "SHMEM_TEAM_WORLD" : "SHMEM_TEAM_SHARED");
        return;
    }
    shoal_teams_lock();
    /* Every collective on the team has returned here, so nothing else writes these areas
     * any more (group.h invariant); they are zero already, the memset only makes sure. */
    memset(t->areas, 0, slot_longs() * sizeof(long));
    free(t->list);
    free(t->index_of);
    t->list = t->index_of = NULL;
    t->handle = 0;
    t->gen++;
    __atomic_store_n(&t->alive, 0, __ATOMIC_RELEASE);
    teams_alive--;
    shoal_teams_unlock();
}

void shmemx_team_count(int *alive, int *max)
{
    SHOAL_CHECK_INIT("shmemx_team_count");
    if (alive) *alive = teams_alive;
    if (max) *max = shoal_teams_max;
}
