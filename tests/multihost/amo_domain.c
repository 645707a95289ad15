/* One atomicity domain across the CPU and the network: while off-node PEs update words on PE
 * 0 through the off-node transport (PE 0 serves them from its wait), node-local PEs hammer the same
 * words with CPU atomics on their mapping; the totals must be exact. Run by run.sh at 2 hosts
 * x 2 PEs (PE 0 then has a mapped and an unmapped peer; the program fails if it does not).
 * Under SHOAL_MPI_ATOMICS=am the target's CPU applies the off-node AMOs: one that is not
 * atomic against the CPU's (a plain read-modify-write there) loses updates here. The program
 * runs as long as the off-node PEs take (N iterations each). */
#define _POSIX_C_SOURCE 200809L
#include <sched.h>
#include <shmem.h>
#include <stdio.h>
#include <time.h>

#define N 500 /* iterations of each off-node PE; node-local PEs run until those are done */

static long counter;   /* shmem_long_atomic_fetch_add */
static int added;      /* shmem_int_atomic_add (non-fetching, 4 bytes) */
static long swapped;   /* increments by compare-and-swap */
static long done;      /* off-node PEs finished */
static long local_ops; /* iterations the node-local PEs made */

static long local_swaps; /* compare-swap increments the node-local PEs made */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void increment(long *w)
{
    long v = shmem_long_atomic_fetch(w, 0), got;
    while ((got = shmem_long_atomic_compare_swap(w, v, v + 1, 0)) != v) v = got;
}

static void iteration(int with_swap)
{
    (void)shmem_long_atomic_fetch_add(&counter, 1, 0);
    shmem_int_atomic_add(&added, 2, 0);
    if (with_swap) increment(&swapped);
}

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    long offnode = 0;
    for (int pe = 1; pe < npes; pe++) offnode += shmem_ptr(&counter, pe) == NULL;
    if (me == 0 && (offnode == 0 || offnode == npes - 1)) {
        fprintf(stderr, "amo_domain: PE 0 needs mapped and unmapped peers: %ld of %d are "
                        "off-node (run it with tests/multihost/run.sh 2)\n", offnode, npes - 1);
        shmem_global_exit(1);
    }
    shmem_barrier_all();
    if (me == 0) {
        /* The target: its wait serves the off-node AMOs. */
        shmem_long_wait_until(&done, SHMEM_CMP_EQ, offnode);
    } else if (shmem_ptr(&counter, 0) == NULL) {
        for (int i = 0; i < N; i++) iteration(1);
        shmem_long_atomic_add(&done, 1, 0);
    } else {
        /* Compare-swap increments at most every ms: a CPU incrementing faster than an
         * off-node round trip would starve the off-node ones (each would fail forever). */
        long k = 0, swaps = 0;
        double last = 0;
        for (; shmem_long_atomic_fetch(&done, 0) < offnode; k++) {
            const int swap = now_s() - last > 1e-3;
            if (swap) last = now_s();
            swaps += swap;
            iteration(swap);
            if (k % 16 == 15) sched_yield(); /* the hosts share this machine's cores */
        }
        shmem_long_atomic_add(&local_ops, k, 0);
        shmem_long_atomic_add(&local_swaps, swaps, 0);
    }
    shmem_barrier_all();
    int failures = 0;
    if (me == 0) {
        const long total = offnode * N + local_ops;
        const long swaps = offnode * N + local_swaps;
        if (counter != total || added != 2 * total || swapped != swaps) {
            fprintf(stderr, "amo_domain: PE 0: expected %ld updates (%ld off-node, %ld by the "
                            "CPU): fetch-add %ld, add %d (/2); compare-swap %ld of %ld\n",
                    total, offnode * N, local_ops, counter, added, swapped, swaps);
            failures = 1;
        } else {
            printf("amo_domain: %ld off-node and %ld node-local updates (%ld compare-swap): "
                   "exact\n", offnode * N, local_ops, local_swaps);
        }
    }
    shmem_finalize();
    return failures;
}
