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
 * of a hand-off under unrelated load. */
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

/* Returns microseconds per hand-off; cpu -1: leave the CPU set alone. */
static double run(int nproc, long iters, int cpu, enum mode mode)
{
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    volatile uint32_t *token = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    volatile double *result = (volatile double *)(token + 8);
    if (token == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    for (int p = 0; p < nproc; p++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            exit(1);
        }
        if (pid > 0) continue;
        int c = cpu;
        if (cpu == SPREAD) /* the (p mod n)-th CPU of the set */
            for (int k = p % CPU_COUNT(&set), at = 0; at < CPU_SETSIZE; at++)
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
        if (mode != YIELD) short_slice();
        double t0 = now();
        for (long i = 0; i < iters; i++) {
            const uint32_t mine = (uint32_t)(i * nproc + p);
            uint32_t t;
            while ((t = __atomic_load_n(token, __ATOMIC_ACQUIRE)) != mine) {
                if (mode == SHORT_FUTEX) syscall(SYS_futex, token, FUTEX_WAIT, t, NULL, NULL, 0);
                else sched_yield();
            }
            __atomic_store_n(token, mine + 1, __ATOMIC_RELEASE);
            if (mode == SHORT_FUTEX) syscall(SYS_futex, token, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
        }
        if (p == 0) *result = (now() - t0) * 1e6 / (double)(iters * nproc);
        _exit(0);
    }
    for (int p = 0; p < nproc; p++) wait(NULL);
    double us = *result;
    munmap((void *)token, 4096);
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
    return 0;
}
