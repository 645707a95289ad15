/* Waits for off-node PEs beside a busy process on the waiting PE's CPU (sync/doorbell.c,
 * shoal_spin_yield): through the tcp transport PE 0 fetch-adds on PE 1, gets 64 KiB from it
 * and plays a wait_until ping-pong with it, while a child of PE 0 spins on PE 0's CPU. A wait
 * for an off-node PE yields every 8th poll, and beside the busy process each yield hands it a
 * whole time slice (milliseconds an operation). Once a yield has lost a slice, the waits for
 * off-node PEs sleep on the transport's wake fd instead for a while, so only a few of the
 * operations may see a slow yield (without that most of them do). Counted from
 * shmemx_wait_stats, not timed. The values are checked too: PE 0 reads back 0, 1, 2 ... and
 * PE 1's block, PE 1's counter ends at the count, and each ping-pong wait is for its round's
 * own number.
 * Usage: offnode_under_load (run with SHOAL_TRANSPORT=tcp and 2 PEs on at least 2 CPUs) */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>

#include "beside_load.h"

static long counter, ping, pong;
enum { WORDS = 8192 };
static long block[WORDS]; /* PE 1's: word i holds 1000000 + i */

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe();
    int failures = 0;
    const char *transport = getenv("SHOAL_TRANSPORT");
    if (shmem_n_pes() != 2 || !transport || strcmp(transport, "tcp")) {
        if (me == 0) fprintf(stderr, "offnode_under_load: needs 2 PEs and SHOAL_TRANSPORT=tcp\n");
        return job_result(1);
    }
    const long iters = 300;
    for (long i = 0; i < WORDS; i++) block[i] = me == 1 ? 1000000 + i : 0;
    long *got_block = malloc(sizeof block);
    /* PE 0's CPU: each PE is bound to its own where there are CPUs enough. */
    const pid_t busy = me == 0 ? busy_child_start(sched_getcpu()) : -1;
    shmem_barrier_all();
    shmemx_wait_stats_t a, b;
    shmemx_wait_stats(&a);
    if (me == 0) {
        for (long i = 0; i < iters; i++) {
            const long got = shmem_long_atomic_fetch_add(&counter, 1, 1);
            if (got != i && failures++ < 3)
                fprintf(stderr, "offnode_under_load: fetch-add %ld read %ld\n", i, got);
            memset(got_block, 0, sizeof block);
            shmem_getmem(got_block, block, sizeof block, 1);
            for (long w = 0; w < WORDS; w += 1 + w / 7)
                if (got_block[w] != 1000000 + w && failures++ < 3)
                    fprintf(stderr, "offnode_under_load: get %ld: word %ld is %ld\n", i, w,
                            got_block[w]);
        }
    }
    /* The ping-pong: a wait_until's writer is unknown, and off-node (no PE shares memory). */
    for (long i = 1; i <= iters; i++) {
        if (me == 0) {
            shmem_long_p(&ping, i, 1);
            shmem_long_wait_until(&pong, SHMEM_CMP_EQ, i);
        } else {
            shmem_long_wait_until(&ping, SHMEM_CMP_EQ, i);
            shmem_long_p(&pong, i, 0);
        }
    }
    shmemx_wait_stats(&b);
    busy_child_stop(busy);
    shmem_barrier_all();
    if (me == 1 && counter != iters) {
        fprintf(stderr, "offnode_under_load: PE 1's counter is %ld, not %ld\n", counter, iters);
        failures++;
    }
    if (me == 0) {
        const unsigned long long slow = (unsigned long long)(b.slow_yields - a.slow_yields);
        printf("offnode_under_load: %ld fetch-adds, gets and ping-pongs beside a busy process "
               "on PE 0's CPU: %llu slow yields, %llu naps\n",
               iters, slow, (unsigned long long)(b.naps - a.naps));
        if (slow > (unsigned long long)iters / 10) {
            fprintf(stderr, "offnode_under_load: %llu slow yields in %ld rounds gave the CPU to "
                    "the busy process (limit %ld): waits for off-node PEs keep yielding to it\n",
                    slow, iters, iters / 10);
            failures++;
        }
    }
    free(got_block);
    return job_result(failures);
}
