/* A program whose computing and collectives alternate: for COMPUTE_MS the lower half of the
 * PEs put 256 KiB to the upper half without waiting (the upper half waits in a barrier), then
 * for COLL_MS every PE runs sum-reductions of one long, ROUNDS times. PE 0 prints the mean
 * time of a reduction with the barrier after it, and of one of its puts. What
 * SHOAL_AVOID_BUSY's moves cost a program beside a busy process when the PEs switch between
 * computing and waiting (docs/environment.md; run it with SHOAL_DEBUG=1 to see the moves).
 *   shoalrun -n 4 shmem_phases COMPUTE_MS COLL_MS ROUNDS */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#define PUT_LONGS 32768

static long src[PUT_LONGS], dst[PUT_LONGS], in, out;
static int more;

int main(int argc, char **argv)
{
    const double compute = argc > 1 ? atof(argv[1]) * 1e-3 : -1, coll = argc > 2 ? atof(argv[2]) * 1e-3 : -1;
    const int rounds = argc > 3 ? atoi(argv[3]) : -1;
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    if (argc != 4 || compute <= 0 || coll <= 0 || rounds <= 0 || n < 2) {
        if (me == 0)
            fprintf(stderr, "shmem_phases: usage: shoalrun -n NP shmem_phases COMPUTE_MS COLL_MS ROUNDS "
                            "(each > 0, NP >= 2)\n");
        shmem_finalize();
        return 2;
    }
    const int putter = me < n / 2 && me + n / 2 < n;
    double t_put = 0, t_coll = 0;
    long puts = 0, reductions = 0;
    for (int r = 0; r < rounds; r++) {
        const double t0 = bench_now();
        while (putter && bench_now() - t0 < compute) {
            shmem_long_put(dst, src, PUT_LONGS, me + n / 2);
            shmem_quiet();
            puts++;
        }
        shmem_barrier_all();
        const double t1 = bench_now();
        t_put += t1 - t0;
        for (;;) {
            in = me;
            shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &out, &in, 1);
            if (out != (long)n * (n - 1) / 2) {
                fprintf(stderr, "shmem_phases: PE %d: sum %ld, want %ld\n", me, out, (long)n * (n - 1) / 2);
                shmem_global_exit(1);
            }
            reductions++;
            if (me == 0) more = bench_now() - t1 < coll;
            shmem_barrier_all();
            if (!shmem_int_g(&more, 0)) break;
        }
        t_coll += bench_now() - t1;
    }
    if (me == 0)
        printf("%d rounds of %.0f ms putting and %.0f ms of reductions: %.2f us per reduction and "
               "barrier, %.2f us per put of 256 KiB\n", rounds, compute * 1e3, coll * 1e3,
               t_coll * 1e6 / (double)reductions, puts ? t_put * 1e6 / (double)puts : 0.0);
    shmem_finalize();
    return 0;
}
