/* The price of a context switch on this machine, which bounds every collective when a node
 * has more PEs than cores. Not an OpenSHMEM program: N processes (default 2) pinned to one
 * CPU pass a token round-robin through shared memory, each yielding the CPU (sched_yield)
 * until it holds the token: one hand-off = one switch between processes. Then the same with
 * the processes unpinned on a 2-CPU set, for comparison (no switch when each has a core).
 *
 *   sched_handoff [-i iters] [-n procs]
 *
 * A barrier of 2P PEs on P cores needs at least one switch per core (each PE must run once
 * between two barriers), so it cannot beat one hand-off here.
 * Two more rows on one CPU, with the 100 us time slices oversubscribed Shoal PEs ask for
 * (sync/timeslice.c): yielding, and sleeping on a futex that the passer wakes (the doorbell
 * of sync/doorbell.c), and the last between processes on different CPUs, each hand-off a
 * cross-CPU wake-up. Run beside busy processes (benches/under_load.sh) they are the floor
 * of a hand-off under unrelated load.
 * With more processes than CPUs, three rows with them dealt over the CPUs as Shoal deals its
 * PEs (process p on the (p mod n)-th CPU), those of each CPU passing a token of their own,
 * yielding or woken from a futex: the slowest CPU's hand-off, the switch a collective of that
 * many PEs pays per CPU. Beside a busy process it is the switch on the CPU the process shares
 * (beside one on each CPU a yield may give it a slice, 51 us here, a futex wake-up 2.1). With
 * all of them on one CPU a yield may pick a process whose turn is not next (4 processes, idle:
 * 0.70 or 1.44 us per hand-off, whichever order the scheduler keeps), and a busy process runs
 * there or not.
 * Each row stops after 2 s of hand-offs (a yield beside a busy process may give it a slice). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sched_util.h"

enum mode { YIELD, SHORT_YIELD, SHORT_FUTEX };

#define SPREAD (-2) /* run's cpu: process p on the (p mod n)-th CPU of the set */
#define DEALT (-3)  /* the same, and the processes of each CPU pass a token of their own */
#define ROW_LIMIT_S 2.0

/* Returns microseconds per hand-off; cpu -1: leave the CPU set alone. DEALT: the slowest
 * CPU's. */
static double run(int nproc, long iters, int cpu, enum mode mode)
{
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    const int ncpu = CPU_COUNT(&set);
    const int groups = cpu == DEALT ? ncpu < nproc ? ncpu : nproc : 1;
    /* a token per group, each on a line of its own, then a result per group */
    const size_t bytes = (size_t)groups * (64 + sizeof(double));
    volatile char *shared =
        mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    volatile double *result = (volatile double *)(shared + (size_t)groups * 64);
    for (int p = 0; p < nproc; p++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            exit(1);
        }
        if (pid > 0) continue;
        int c = cpu;
        if (cpu == SPREAD || cpu == DEALT) /* the (p mod n)-th CPU of the set */
            for (int k = p % ncpu, at = 0; at < CPU_SETSIZE; at++)
                if (CPU_ISSET(at, &set) && k-- == 0) {
                    c = at;
                    break;
                }
        if (c >= 0) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(c, &one);
            if (sched_setaffinity(0, sizeof one, &one)) perror("sched_setaffinity");
        }
        /* my group (its token), my place in it and its size */
        const int grp = p % groups, at = p / groups, size = (nproc - grp + groups - 1) / groups;
        volatile uint32_t *token = (volatile uint32_t *)(shared + (size_t)grp * 64);
        if (mode != YIELD) short_slice();
        /* a group's first process ends the row past ROW_LIMIT_S at one of its turns: beside a
         * busy process on their CPU each yield may hand it a whole time slice */
        volatile uint32_t *stop = token + 1;
        const double t0 = now();
        long done = iters;
        for (long i = 0; i < iters && done == iters; i++) {
            const uint32_t mine = (uint32_t)(i * size + at);
            uint32_t t;
            while ((t = __atomic_load_n(token, __ATOMIC_ACQUIRE)) != mine) {
                if (__atomic_load_n(stop, __ATOMIC_ACQUIRE)) break;
                if (mode == SHORT_FUTEX) syscall(SYS_futex, token, FUTEX_WAIT, t, NULL, NULL, 0);
                else sched_yield();
            }
            if (t != mine) break; /* stopped */
            if (at == 0 && (i & 255) == 255 && now() - t0 > ROW_LIMIT_S) {
                done = i;
                __atomic_store_n(stop, 1, __ATOMIC_RELEASE);
            }
            __atomic_store_n(token, mine + 1, __ATOMIC_RELEASE);
            if (mode == SHORT_FUTEX) syscall(SYS_futex, token, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
        }
        if (at == 0) result[grp] = (now() - t0) * 1e6 / (double)(done * size);
        _exit(0);
    }
    for (int p = 0; p < nproc; p++) wait(NULL);
    double us = 0;
    for (int k = 0; k < groups; k++) us = result[k] > us ? result[k] : us;
    munmap((void *)shared, bytes);
    return us;
}

int main(int argc, char **argv)
{
    long iters = 100000;
    int nproc = 2;
    if (parse_iters_procs(argc, argv, &iters, &nproc)) return 2;
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    int first = -1;
    for (int c = 0; c < CPU_SETSIZE && first < 0; c++)
        if (CPU_ISSET(c, &set)) first = c;
    printf("# sched_handoff: %d processes, %ld hand-offs each\n", nproc, iters);
    printf("# Placement                  us/hand-off\n");
    printf("one CPU (every hand-off a switch)  %.3f\n", run(nproc, iters, first, YIELD));
    printf("unpinned (%d CPUs)                  %.3f\n", CPU_COUNT(&set), run(nproc, iters, -1, YIELD));
    printf("one CPU, 100 us slices, yield      %.3f\n", run(nproc, iters, first, SHORT_YIELD));
    printf("one CPU, 100 us slices, futex      %.3f\n", run(nproc, iters, first, SHORT_FUTEX));
    /* Every hand-off wakes a sleeper on the other CPU: what a barrier's critical path pays
     * at least once when the PEs that are not running must be woken across CPUs. */
    if (CPU_COUNT(&set) > 1)
        printf("CPU to CPU, 100 us slices, futex   %.3f\n", run(nproc, iters, SPREAD, SHORT_FUTEX));
    if (nproc > CPU_COUNT(&set)) {
        printf("dealt over the CPUs, yield         %.3f\n", run(nproc, iters, DEALT, YIELD));
        printf("dealt, 100 us slices, yield        %.3f\n", run(nproc, iters, DEALT, SHORT_YIELD));
        printf("dealt, 100 us slices, futex        %.3f\n", run(nproc, iters, DEALT, SHORT_FUTEX));
    }
    return 0;
}
