/* Waits beside unrelated load (sync/backoff.h, sync/placement.c): a 2-PE barrier loop while
 * one busy process spins beside the PEs. With a CPU each the PEs must keep them: waits that
 * went past their spin (to nap, yield or sleep) in more than a few barriers of a hundred gave
 * the core away when they should not have (unbound, the scheduler stacked both PEs on one CPU
 * beside the busy process: 4.6 naps per barrier). Counted from shmemx_wait_stats, not timed:
 * the waits, not their naps, as a wait for a peer that the busy process holds off for a time
 * slice naps through it (70 naps; at ASan's pace 13 such waits in 20000 barriers made 0.05
 * naps per barrier). Also checks the counts
 * move where they must: a wait for a PE that sleeps 20 ms first goes past its spin and naps.
 * Usage: wait_under_load [null] ("null": shmemx_wait_stats(NULL), which must stop the job). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <shmem.h>
#include <shmemx.h>

#include "beside_load.h"

static long flag;

int main(int argc, char **argv)
{
    shmem_init();
    const int me = shmem_my_pe();
    if (argc > 1 && !strcmp(argv[1], "null")) shmemx_wait_stats(NULL);
    int failures = 0;

    /* A wait that must give its core away: PE 1 waits for a PE 0 asleep 20 ms. */
    shmemx_wait_stats_t a, b;
    shmemx_wait_stats(&a);
    shmem_barrier_all();
    if (me == 0) {
        struct timespec ts = {0, 20000000L};
        nanosleep(&ts, NULL);
        shmem_long_p(&flag, 1, 1);
    } else if (me == 1) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
    }
    shmemx_wait_stats(&b);
    if (me == 1 && (b.past_spin == a.past_spin || b.naps + b.yields + b.sleeps == a.naps + a.yields + a.sleeps)) {
        fprintf(stderr, "wait_under_load: PE 1 waited 20 ms and its wait counts did not move\n");
        failures++;
    }
    shmem_barrier_all();

    /* The barrier loop beside one busy process (PE 0's child). */
    const pid_t busy = me == 0 ? busy_child_start(-1) : -1;
    const long iters = 20000;
    shmem_barrier_all();
    shmemx_wait_stats(&a);
    for (long i = 0; i < iters; i++) shmem_barrier_all();
    shmemx_wait_stats(&b);
    busy_child_stop(busy);
    const double gave = (double)(b.past_spin - a.past_spin) + (double)(b.yields - a.yields) +
                        (double)(b.sleeps - a.sleeps);
    printf("wait_under_load: PE %d: %ld barriers beside a busy process: %.4f waits past spin+yields+sleeps per barrier "
           "(%llu past spin, %llu naps, %llu yields, %llu sleeps)\n", me, iters, gave / (double)iters,
           (unsigned long long)(b.past_spin - a.past_spin), (unsigned long long)(b.naps - a.naps),
           (unsigned long long)(b.yields - a.yields), (unsigned long long)(b.sleeps - a.sleeps));
    if (gave / (double)iters > 0.05) {
        fprintf(stderr, "wait_under_load: PE %d gave its core away in %.3f of a barrier on average "
                "(limit 0.05): its waits go past their spin although it has a CPU of its own\n", me,
                gave / (double)iters);
        failures++;
    }
    return job_result(failures);
}
