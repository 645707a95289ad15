/* A sleeping collective wait is woken by the store it waits for, not by every peer's (the
 * doorbell's writer, sync/doorbell.h): PE 0 enters a barrier at once and sleeps (run under
 * SHOAL_WAIT_SLEEP=1 with more PEs than CPUs); PEs 2, 1 and 3 follow 40 ms apart, so that
 * whatever order PE 0 awaits them in, a wait asleep for one of them sees another arrive first.
 * Each wait of PE 0 that slept must have slept once: sleeps <= waits past their spin. A ring
 * from any arriving peer woke it for nothing (the epoch barrier of barrier_all and sync_all
 * waits per sender; the active-set barrier on counters, woken only by the signal that brings
 * a counter to its count). That happens in every round; a stray wake does not (a futex's
 * spurious return, or a ring of the barrier before from a peer descheduled between its store
 * and its ring on a busy machine, though PE 0 first naps 10 ms for those to land): a kind
 * fails where most of its rounds slept too often. Where PE 0 did not sleep (a CPU each) there
 * is nothing to check.
 * Usage: wait_rung_writer */
#define _GNU_SOURCE
#include <stdio.h>
#include <time.h>

#include <shmem.h>
#include <shmemx.h>

static long psync[SHMEM_BARRIER_SYNC_SIZE];
static int verdict;

static void op(int k)
{
    if (k == 0) shmem_barrier_all();
    else if (k == 1) shmem_barrier(0, 0, shmem_n_pes(), psync);
    else shmem_sync_all();
}

int main(void)
{
    static const char *const names[] = {"barrier_all", "barrier", "sync_all"};
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    if (npes < 4) {
        if (me == 0) printf("wait_rung_writer: needs 4 PEs, skipped\n");
        shmem_finalize();
        return 77;
    }
    /* the order of arrival after PE 0: 2, 1, 3 (others at once) */
    const long delay_ms = 10 + (me == 2 ? 40 : me == 1 ? 80 : me == 3 ? 120 : 0);
    enum { ROUNDS = 3 };
    int over[3] = {0}, slept = 0;
    for (int round = 0; round < ROUNDS; round++)
        for (int k = 0; k < 3; k++) {
            shmemx_wait_stats_t a, b;
            shmem_barrier_all();
            struct timespec ts = {0, delay_ms * 1000000L};
            nanosleep(&ts, NULL);
            shmemx_wait_stats(&a);
            op(k);
            shmemx_wait_stats(&b);
            if (me != 0) continue;
            const unsigned long past = b.past_spin - a.past_spin, sleeps = b.sleeps - a.sleeps;
            printf("%s: PE 0 waits past spin %lu, sleeps %lu\n", names[k], past, sleeps);
            slept += sleeps > 0;
            if (sleeps > past) over[k]++;
        }
    int failures = 0;
    for (int k = 0; k < 3 && me == 0; k++)
        if (2 * over[k] > ROUNDS) {
            printf("FAIL %s: PE 0 slept more often than it waited past its spin in %d of %d "
                   "rounds: woken by stores it did not wait for\n", names[k], over[k], ROUNDS);
            failures++;
        }
    if (me == 0) {
        if (!slept) printf("wait_rung_writer: PE 0 never slept (a CPU per PE?), skipped\n");
        verdict = failures ? 1 : slept ? 0 : 77;
        fflush(stdout); /* before a peer's exit stops this PE */
    }
    shmem_barrier_all();
    const int v = shmem_int_g(&verdict, 0); /* every PE exits with PE 0's verdict */
    shmem_finalize();
    return v;
}
