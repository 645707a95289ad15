/* One atomicity domain across the CPU and the network: every PE, node-local ones with CPU
 * atomics on their mapping and off-node ones through the mpi transport, hammers the same
 * words on PE 0 at the same time; the totals must be exact and every fetched value unique.
 * Run by run.sh at 2 hosts x 2 PEs (PE 0 then has a mapped and an unmapped peer; the program
 * fails if it does not). Under SHOAL_MPI_ATOMICS=am the target's CPU applies the off-node
 * AMOs; mixing MPI-3 atomics with CPU ones (a CPU fast path under rma) loses updates. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static long counter;   /* shmem_long_atomic_fetch_add */
static int added;      /* shmem_int_atomic_add (non-fetching, 4 bytes) */
static long swapped;   /* increments by compare-and-swap */
static unsigned char seen[8 * N];   /* PE 0: which fetched values came back */
static long olds[N];

static int failures;
#define CHECK(cond, ...)                                                                         \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            fprintf(stderr, "amo_domain: PE %d: ", shmem_my_pe());                               \
            fprintf(stderr, __VA_ARGS__);                                                        \
            fputc('\n', stderr);                                                                 \
            failures++;                                                                          \
        }                                                                                        \
    } while (0)

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    int mapped = 0, unmapped = 0;
    for (int pe = 1; pe < npes; pe++) {
        if (shmem_ptr(&counter, pe)) mapped++;
        else unmapped++;
    }
    if (me == 0 && (mapped == 0 || unmapped == 0 || npes > 8)) {
        fprintf(stderr, "amo_domain: PE 0 needs mapped and unmapped peers (and at most 8 "
                        "PEs): %d mapped, %d not (run it with tests/multihost/run.sh 2)\n",
                mapped, unmapped);
        shmem_global_exit(1);
    }
    shmem_barrier_all();
    for (int i = 0; i < N; i++) {
        olds[i] = shmem_long_atomic_fetch_add(&counter, 1, 0);
        shmem_int_atomic_add(&added, 2, 0);
        long v = shmem_long_atomic_fetch(&swapped, 0), got;
        while ((got = shmem_long_atomic_compare_swap(&swapped, v, v + 1, 0)) != v) v = got;
    }
    shmem_barrier_all();
    /* Every fetched value of every PE goes to PE 0, which checks that none came twice. */
    for (int i = 0; i < N; i++) {
        CHECK(olds[i] >= 0 && olds[i] < (long)npes * N, "fetched %ld, outside 0..%ld", olds[i],
              (long)npes * N - 1);
        if (olds[i] >= 0 && olds[i] < (long)npes * N) {
            const unsigned char one = 1;
            shmem_putmem(&seen[olds[i]], &one, 1, 0);
        }
    }
    shmem_barrier_all();
    if (me == 0) {
        long missing = 0;
        for (long v = 0; v < (long)npes * N; v++) missing += !seen[v];
        CHECK(missing == 0, "%ld of %ld fetch-add results never came back (lost or repeated)",
              missing, (long)npes * N);
        CHECK(counter == (long)npes * N, "fetch-add total %ld, expected %ld", counter,
              (long)npes * N);
        CHECK(added == 2 * npes * N, "add total %d, expected %d", added, 2 * npes * N);
        CHECK(swapped == (long)npes * N, "compare-swap total %ld, expected %ld", swapped,
              (long)npes * N);
        if (!failures)
            printf("amo_domain: %d PEs (%d mapped, %d off-node from PE 0): exact totals\n", npes,
                   mapped, unmapped);
    }
    shmem_finalize();
    return failures ? 1 : 0;
}
