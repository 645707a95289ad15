/* A PE asleep on its doorbell still serves the off-node operations aimed at it. Run by run.sh
 * at 2 hosts x 2 PEs with a CPU per host (MULTIHOST_SPLIT_CPUS=1: its 2 PEs share it, so
 * waits sleep) and SHOAL_WAIT_SLEEP=1 (they sleep at once, and a sleep of 1 s that nothing
 * ends stops the job). PE 1 waits in shmem_barrier_all, which its leader PE 0 enters only
 * once PE 2, on the other host, has done N fetch-adds on PE 1's memory through the off-node
 * transport: each is served only when PE 1 wakes. Checked on PE 1: the total. PE 2 prints
 * the fetch-adds' latency (mean and most), a figure, not a check.
 *   sleeper_serves [N]     default 200 */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long counter, go;

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

int main(int argc, char **argv)
{
    const long n = argc > 1 ? atol(argv[1]) : 200;
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    const int host_a = me < 2; /* PEs 0 and 1 on one host, 2 and 3 on the other */
    if (npes != 4 || (shmem_ptr(&counter, 0) != NULL) != host_a ||
        (shmem_ptr(&counter, 2) != NULL) == host_a) {
        fprintf(stderr, "sleeper_serves: PE %d: needs PEs 0 and 1 on one host, 2 and 3 on "
                "another\n", me);
        shmem_global_exit(1);
    }
    shmem_barrier_all();
    int bad = 0;
    if (me == 2) {
        double sum = 0, most = 0;
        for (long i = 0; i < n; i++) {
            const double t0 = now_us();
            if (shmem_long_atomic_fetch_add(&counter, 1, 1) != i) bad = 1;
            const double dt = now_us() - t0;
            sum += dt;
            most = dt > most ? dt : most;
        }
        printf("sleeper_serves: %ld fetch-adds on a sleeping PE: mean %.1f us, most %.1f us\n", n,
               sum / (double)n, most);
        shmem_long_atomic_set(&go, 1, 0);
        shmem_long_atomic_set(&go, 1, 3);
    } else if (me != 1) {
        shmem_long_wait_until(&go, SHMEM_CMP_EQ, 1); /* PE 1 goes on sleeping meanwhile */
    }
    shmem_barrier_all();
    if (me == 1 && counter != n) {
        fprintf(stderr, "sleeper_serves: PE 1 holds %ld, want %ld\n", counter, n);
        bad = 1;
    }
    if (bad && me == 2) fprintf(stderr, "sleeper_serves: a fetch-add returned a wrong value\n");
    shmem_finalize();
    return bad;
}
