/* Counts of what waits did once their spin was spent (sync/backoff.h, sync/doorbell.c), for
 * shmemx_wait_stats: benchmarks print them per call, and a test fails on a wait that gives its
 * core away where it should not. Relaxed adds, on the slow paths only. */
#ifndef SHOAL_SYNC_WAIT_STATS_H
#define SHOAL_SYNC_WAIT_STATS_H

#include <stdint.h>

struct shoal_wait_counts {
    uint64_t past_spin;   /* waits that spent their spin budget */
    uint64_t yields;      /* sched_yield calls */
    uint64_t slow_yields; /* yields that gave the core away for long (another task ran) */
    uint64_t naps;        /* timed sleeps of 1-64 us (nanosleep) */
    uint64_t sleeps;      /* sleeps on the doorbell until rung */
    uint64_t free_spins;  /* waits that spun on past their nap point (a CPU no other task took
                             lately: sync/relax.h SHOAL_SPIN_FREE_NS) */
};
extern struct shoal_wait_counts shoal_wait_counts;

#define SHOAL_WAIT_COUNT(field) __atomic_fetch_add(&shoal_wait_counts.field, 1, __ATOMIC_RELAXED)

/* shmem_init: counts start at 0. */
void shoal_wait_stats_init(void);

#endif
