/* A wait on a CPU no other task wants spins on past its nap point for up to 10 ms more
 * (sync/backoff.h, sync/cpu_taken.c): PE 1 waits for a flag that PE 0 stores after 2 ms of
 * work, round after round, and no more than a quarter of those waits may go past that spin to
 * nap (counted from shmemx_wait_stats; 3 tries). Napping there, a PE whose peer a busy process
 * held off for a time slice woke a nap and a wake-up late each time (2 PEs beside one busy
 * process: calls 10-20% slower). With "shared" a busy process spins on PE 1's CPU, and then
 * PE 1 must leave it its share: at least a quarter of its waits nap. Also checks the values
 * arrived. Usage: wait_spin_free [shared]; run with SHOAL_AVOID_BUSY=0 (PE 1 stays beside
 * the load). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>

#include "beside_load.h"
#include "worked_rounds.h"

#define ROUNDS 100
#define WORK_NS 2000000.0

static long to_one, to_zero;

int main(int argc, char **argv)
{
    shmem_init();
    const int me = shmem_my_pe(), shared = argc > 1 && !strcmp(argv[1], "shared");
    int failures = 0;
    if (shmem_n_pes() != 2) {
        if (me == 0) fprintf(stderr, "wait_spin_free: run on 2 PEs\n");
        return job_result(1);
    }
    const pid_t busy = shared && me == 1 ? busy_child_start(sched_getcpu()) : -1;
    /* On a CPU of its own up to 3 tries: a burst of the VM host's own load can cut a spin. */
    static unsigned long long past_seen; /* PE 1's count of the last try, on both PEs */
    for (int attempt = 1; attempt <= (shared ? 1 : 3); attempt++) {
        const struct worked_rounds_waits w = worked_rounds(me, ROUNDS, WORK_NS, &to_one, &to_zero);
        if (me == 1) {
            past_seen = w.past_spin;
            shmem_ulonglong_p(&past_seen, past_seen, 0);
            printf("wait_spin_free: %d waits of 2 ms%s: %llu past their spin, %llu naps\n",
                   ROUNDS, shared ? " beside a busy process on the waiter's CPU" : "", past_seen,
                   w.naps);
        }
        shmem_barrier_all();
        if (shared || past_seen * 4 <= ROUNDS) break;
    }
    busy_child_stop(busy);
    if (me == 1 && !shared && past_seen * 4 > ROUNDS) {
        fprintf(stderr, "wait_spin_free: %llu of %d waits of 2 ms on a CPU of their own napped "
                "(limit %d, 3 tries): they nap although no other task wants the CPU\n",
                past_seen, ROUNDS, ROUNDS / 4);
        failures++;
    }
    if (me == 1 && shared && past_seen * 4 < ROUNDS) {
        fprintf(stderr, "wait_spin_free: %llu of %d waits of 2 ms beside a busy process on the "
                "waiter's CPU napped (at least %d): they spin through its share\n", past_seen,
                ROUNDS, ROUNDS / 4);
        failures++;
    }
    failures += worked_rounds_check("wait_spin_free", me, ROUNDS, &to_one, &to_zero);
    return job_result(failures);
}
