/* shmemx_wait_stats: this PE's wait counts since shmem_init (sync/wait_stats.h). */
#include <shmemx.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/check.h"
#include "core/error.h"
#include "sync/wait_stats.h"

struct shoal_wait_counts shoal_wait_counts;

void shoal_wait_stats_init(void) { memset(&shoal_wait_counts, 0, sizeof shoal_wait_counts); }

int shmemx_wait_stats2(shmemx_wait_stats_t *stats)
{
    static const char routine[] = "shmemx_wait_stats";
    SHOAL_CHECK_INIT(routine);
    if (stats == NULL) shoal_fatal(routine, "stats is NULL");
    struct shoal_wait_counts *c = &shoal_wait_counts;
    *stats = (shmemx_wait_stats_t){
        .past_spin = __atomic_load_n(&c->past_spin, __ATOMIC_RELAXED),
        .yields = __atomic_load_n(&c->yields, __ATOMIC_RELAXED),
        .slow_yields = __atomic_load_n(&c->slow_yields, __ATOMIC_RELAXED),
        .naps = __atomic_load_n(&c->naps, __ATOMIC_RELAXED),
        .sleeps = __atomic_load_n(&c->sleeps, __ATOMIC_RELAXED),
        .free_spins = __atomic_load_n(&c->free_spins, __ATOMIC_RELAXED),
    };
    return 0;
}

/* The struct of SHMEMX_WAIT_STATS 1, for programs built with it: a copy of the new one would
 * write past theirs. */
struct wait_stats_v1 {
    uint64_t past_spin, yields, slow_yields, naps, sleeps;
};
_Static_assert(offsetof(shmemx_wait_stats_t, free_spins) == sizeof(struct wait_stats_v1),
               "version 1 is the new struct's first fields");
#undef shmemx_wait_stats
__attribute__((visibility("default"))) int shmemx_wait_stats(struct wait_stats_v1 *stats);
int shmemx_wait_stats(struct wait_stats_v1 *stats)
{
    shmemx_wait_stats_t now;
    shmemx_wait_stats2(&now); /* checks init first, as every routine */
    if (stats == NULL) shoal_fatal("shmemx_wait_stats", "stats is NULL");
    memcpy(stats, &now, sizeof *stats);
    return 0;
}
