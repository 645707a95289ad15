/* Rounds of a 2-PE exchange in which PE 1's waits last as long as PE 0 works: PE 0 works
 * work_ns (spinning on the clock), then stores r * 7 into PE 1's to_one and waits for r * 3
 * in its own to_zero, which PE 1 stores once it saw its value. Returns what this PE's waits
 * did meanwhile (shmemx_wait_stats: waits past their spin, naps, waits that spun on past the
 * nap point); the last values say every round arrived (worked_rounds_check). */
#ifndef SHOAL_TESTS_WORKED_ROUNDS_H
#define SHOAL_TESTS_WORKED_ROUNDS_H

#include <stdio.h>
#include <time.h>

#include <shmem.h>
#include <shmemx.h>

static inline double worked_rounds_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

struct worked_rounds_waits {
    unsigned long long past_spin, naps, free_spins;
};

static inline struct worked_rounds_waits worked_rounds(int me, long rounds, double work_ns,
                                                       long *to_one, long *to_zero)
{
    shmemx_wait_stats_t a, b;
    shmem_barrier_all();
    shmemx_wait_stats(&a);
    for (long r = 1; r <= rounds; r++) {
        if (me == 0) {
            const double t0 = worked_rounds_now_ns();
            while (worked_rounds_now_ns() - t0 < work_ns) {
            }
            shmem_long_p(to_one, r * 7, 1);
            shmem_long_wait_until(to_zero, SHMEM_CMP_EQ, r * 3);
        } else {
            shmem_long_wait_until(to_one, SHMEM_CMP_EQ, r * 7);
            shmem_long_p(to_zero, r * 3, 0);
        }
    }
    shmemx_wait_stats(&b);
    return (struct worked_rounds_waits){b.past_spin - a.past_spin, b.naps - a.naps,
                                        b.free_spins - a.free_spins};
}

/* 1 (and a line naming the test) when this PE's last value is not that of the last round. */
static inline int worked_rounds_check(const char *test, int me, long rounds, const long *to_one,
                                      const long *to_zero)
{
    const long want = me == 0 ? rounds * 3 : rounds * 7, got = me == 0 ? *to_zero : *to_one;
    if (got == want) return 0;
    fprintf(stderr, "%s: PE %d read %ld, expected %ld\n", test, me, got, want);
    return 1;
}

#endif
