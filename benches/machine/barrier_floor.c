/* A bare barrier of N processes beside busy processes: no SHMEM, only the scheduler, as a
 * reference for benches/under_load.sh's loaded rows. N processes (default 4) are dealt
 * round-robin over the CPUs (as Shoal's placement binds oversubscribed PEs), ask for the
 * 100 us time slices Shoal asks for (sync/timeslice.c), and run a central barrier: each
 * arrival adds to a counter; the last one bumps a generation word and wakes every sleeper.
 * The others wait for the generation in one of two ways:
 *   - "sleep": futex-wait at once (no CPU burnt: the busy processes get the rest);
 *   - "yield": sched_yield until a yield loses the CPU for > 30 us, then futex-wait (what
 *     Shoal's waits do: sync/backoff.h, sync/doorbell.c).
 * Not a hard floor: one wake-all from one process costs a cross-CPU wake-up, and Shoal's
 * flat barrier that sleeps from the start (SHOAL_WAIT_SLEEP=1) was seen below the "sleep"
 * row beside busy loops.
 *
 *   barrier_floor [-i iters] [-n procs]
 * Run it beside busy processes (benches/under_load.sh does) for the loaded rows. */
#define _GNU_SOURCE
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sched_util.h"

struct shared {
    uint32_t count; /* arrivals this generation */
    uint32_t gen;   /* barrier generation: the futex word */
    double us;
};

enum mode { SLEEP, YIELD };

static void wait_gen(volatile struct shared *s, uint32_t g, enum mode mode)
{
    int sleeping = mode == SLEEP;
    while (__atomic_load_n(&s->gen, __ATOMIC_ACQUIRE) == g) {
        if (sleeping) {
            syscall(SYS_futex, &s->gen, FUTEX_WAIT, g, NULL, NULL, 0);
        } else {
            const double t0 = now();
            sched_yield();
            sleeping = now() - t0 > 30e-6; /* the core went to someone else for long */
        }
    }
}

/* Microseconds per barrier, as process 0 saw it. */
static double run(int nproc, long iters, enum mode mode)
{
    volatile struct shared *s =
        mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (s == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    const int ncpu = CPU_COUNT(&set);
    for (int p = 0; p < nproc; p++) {
        const pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            exit(1);
        }
        if (pid > 0) continue;
        cpu_set_t one;
        CPU_ZERO(&one);
        for (int c = 0, k = 0; c < CPU_SETSIZE; c++)
            if (CPU_ISSET(c, &set) && k++ == p % ncpu) CPU_SET(c, &one);
        if (sched_setaffinity(0, sizeof one, &one)) perror("sched_setaffinity");
        short_slice();
        double t0 = 0;
        for (long i = -100; i < iters; i++) { /* 100 warm-up barriers */
            if (i == 0) t0 = now();
            const uint32_t g = __atomic_load_n(&s->gen, __ATOMIC_ACQUIRE);
            if (__atomic_add_fetch(&s->count, 1, __ATOMIC_ACQ_REL) == (uint32_t)nproc) {
                __atomic_store_n(&s->count, 0, __ATOMIC_RELAXED);
                __atomic_store_n(&s->gen, g + 1, __ATOMIC_RELEASE);
                syscall(SYS_futex, &s->gen, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
            } else {
                wait_gen(s, g, mode);
            }
        }
        if (p == 0) s->us = (now() - t0) * 1e6 / (double)iters;
        _exit(0);
    }
    for (int p = 0; p < nproc; p++) wait(NULL);
    const double us = s->us;
    munmap((void *)s, 4096);
    return us;
}

int main(int argc, char **argv)
{
    long iters = 20000;
    int nproc = 4;
    if (parse_iters_procs(argc, argv, &iters, &nproc)) return 2;
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    printf("# barrier_floor: %d processes on %d CPUs, %ld barriers\n", nproc, CPU_COUNT(&set), iters);
    printf("barrier of %d, central, futex sleep      %.3f\n", nproc, run(nproc, iters, SLEEP));
    printf("barrier of %d, central, yield then sleep %.3f\n", nproc, run(nproc, iters, YIELD));
    return 0;
}
