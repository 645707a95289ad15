/* shmemx_wait_stats: this PE's wait counts since shmem_init (sync/wait_stats.h). */
#include <shmemx.h>
#include <string.h>

#include "core/check.h"
#include "core/error.h"
#include "sync/wait_stats.h"

struct shoal_wait_counts shoal_wait_counts;

void shoal_wait_stats_init(void) { memset(&shoal_wait_counts, 0, sizeof shoal_wait_counts); }

int shmemx_wait_stats(shmemx_wait_stats_t *stats)
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
    };
    return 0;
}
