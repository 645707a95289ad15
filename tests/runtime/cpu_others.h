/* Whether other tasks took a PE's CPU over a stretch of a test: the main thread's run delay
 * (/proc/thread-self/schedstat: time runnable but not running) less the CPU time of this job's
 * PEs that share that CPU. The tests of what waits do where no other task wants the CPU tell
 * so a machine that is not quiet (a build beside the suite) from a wait that misbehaves: a
 * wait that naps is not runnable through its naps, so naps add nothing to its run delay. */
#ifndef SHOAL_TESTS_CPU_OTHERS_H
#define SHOAL_TESTS_CPU_OTHERS_H

#include <stdio.h>
#include <time.h>

/* A try is judged only where others took less than this share of the waiter's CPU. */
#define CPU_OTHERS_QUIET 0.05

struct cpu_mark {
    double wall_ns, delay_ns;
    int ok; /* 0: no schedstat here */
};

static inline struct cpu_mark cpu_mark_now(void)
{
    struct cpu_mark m = {0, 0, 0};
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    m.wall_ns = (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
    FILE *f = fopen("/proc/thread-self/schedstat", "r");
    unsigned long long run, delay;
    if (f && fscanf(f, "%llu %llu", &run, &delay) == 2) {
        m.delay_ns = (double)delay;
        m.ok = 1;
    }
    if (f) fclose(f);
    return m;
}

/* This process's CPU time, all threads (a mate's share of a CPU it shares with the waiter). */
static inline double cpu_process_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* Share of the wall time since a in which this thread waited for its CPU while tasks other
 * than its mates ran (mates_ns: their CPU time meanwhile); -1 where schedstat cannot be read. */
static inline double cpu_others_share(struct cpu_mark a, double mates_ns)
{
    const struct cpu_mark b = cpu_mark_now();
    if (!a.ok || !b.ok || b.wall_ns <= a.wall_ns) return -1;
    const double others = b.delay_ns - a.delay_ns - mates_ns;
    return others > 0 ? others / (b.wall_ns - a.wall_ns) : 0;
}

#endif
