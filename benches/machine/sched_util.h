/* What the scheduler benches (sched_handoff.c, barrier_floor.c) share: a clock, Shoal's short
 * time slices, and their "-i iters -n procs" options. */
#ifndef SHOAL_BENCH_SCHED_UTIL_H
#define SHOAL_BENCH_SCHED_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static inline double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Ask for the 100 us time slices oversubscribed Shoal PEs ask for (sync/timeslice.c; Linux
 * 6.12+, ignored before): sched_setattr, SCHED_OTHER. */
static inline void short_slice(void)
{
    struct {
        uint32_t size, policy;
        uint64_t flags;
        int32_t nice;
        uint32_t priority;
        uint64_t runtime, deadline, period;
    } a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.runtime = 100000;
    if (syscall(SYS_sched_setattr, 0, &a, 0)) perror("sched_setattr");
}

/* "-i iters -n procs"; 0, or 2 after printing what is wrong. */
static inline int parse_iters_procs(int argc, char **argv, long *iters, int *nproc)
{
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-i") && a + 1 < argc) *iters = atol(argv[++a]);
        else if (!strcmp(argv[a], "-n") && a + 1 < argc) *nproc = atoi(argv[++a]);
        else {
            fprintf(stderr, "usage: %s [-i iters] [-n procs]\n", argv[0]);
            return 2;
        }
    }
    if (*iters < 1 || *nproc < 2) {
        fprintf(stderr, "%s: need iters >= 1 and procs >= 2 (got -i %ld -n %d)\n", argv[0],
                *iters, *nproc);
        return 2;
    }
    return 0;
}

#endif
