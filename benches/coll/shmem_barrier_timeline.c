/* Barriers back to back from shmem_init on, counted per time bucket: what a job's first
 * moments cost, which the size sweeps (after their warm-up and -S settle) average away or miss.
 * Beside busy processes on every CPU, SHOAL_AVOID_BUSY crowds oversubscribed PEs on part of
 * the CPUs and waits for the kernel to move the load off them (docs/environment.md); each line
 * shows how fast the barriers went meanwhile (run with SHOAL_DEBUG=1 to see the moves).
 *   shoalrun -n NP shmem_barrier_timeline [SECONDS [BUCKET_MS]]   (default 0.6 s, 10 ms)
 * PE 0 prints one line per bucket: its start (ms after shmem_init returned), the barriers that
 * ended in it, and the mean time of one (those that end after SECONDS are not counted). All PEs
 * stop after the same barrier (PE 0 names it in advance); counts that differ fail the run. */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#define MAX_BUCKETS 100000

static long stop_at = -1; /* the barrier after which every PE stops; set by PE 0 */
static long count, lo, hi;

int main(int argc, char **argv)
{
    const double secs = argc > 1 ? atof(argv[1]) : 0.6, bucket = argc > 2 ? atof(argv[2]) * 1e-3 : 0.01;
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    const long nb = bucket > 0 ? (long)(secs / bucket + 1e-9) : 0; /* whole buckets only */
    if (argc > 3 || !(secs > 0 && secs <= 60) || !(bucket >= 1e-4) || nb < 1 || nb > MAX_BUCKETS) {
        if (me == 0)
            fprintf(stderr, "shmem_barrier_timeline: usage: shoalrun -n NP shmem_barrier_timeline "
                            "[SECONDS (0-60] [BUCKET_MS >= 0.1, <= SECONDS]] (at most %d buckets)\n", MAX_BUCKETS);
        shmem_finalize();
        return 2;
    }
    long *done = calloc((size_t)nb, sizeof *done);
    if (!done) shmem_global_exit(1);
    const double t0 = bench_now();
    for (long it = 1;; it++) {
        /* A put before barrier it is seen by every PE after it: all stop after it + 1. */
        if (me == 0 && stop_at < 0 && bench_now() - t0 >= secs)
            for (int pe = 0; pe < n; pe++) shmem_long_p(&stop_at, it + 1, pe);
        shmem_barrier_all();
        const long b = (long)((bench_now() - t0) / bucket);
        if (b < nb) done[b]++;
        count = it;
        if (stop_at >= 0 && it >= stop_at) break;
    }
    shmem_long_min_reduce(SHMEM_TEAM_WORLD, &lo, &count, 1);
    shmem_long_max_reduce(SHMEM_TEAM_WORLD, &hi, &count, 1);
    int rc = 0;
    if (me == 0) {
        printf("# shmem_barrier_timeline: %d PEs, %ld barriers in %.3f s, buckets of %.1f ms\n", n, count,
               bench_now() - t0, bucket * 1e3);
        printf("# start(ms)  barriers  us/barrier\n");
        for (long b = 0; b < nb; b++)
            printf("%10.1f %9ld %11.2f\n", (double)b * bucket * 1e3, done[b],
                   done[b] ? bucket * 1e6 / (double)done[b] : 0.0);
        if (lo != hi) {
            fprintf(stderr, "shmem_barrier_timeline: PEs counted %ld to %ld barriers\n", lo, hi);
            rc = 1;
        }
    }
    free(done);
    shmem_finalize();
    return rc;
}
