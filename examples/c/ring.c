/* ring: every PE puts a block of values into the next PE's symmetric buffer, then the PEs
 * check what they received, add it up with shmem_long_sum_to_all and count themselves with
 * an atomic on PE 0. PE 0 prints the result; every PE exits 1 if anything was wrong.
 *   shoalrun -n 4 ./ring    (or mpirun -np 4 ./ring, or ./ring for one PE) */
#include <stdio.h>

#include <shmem.h>

#define COUNT 8 /* values per PE */

/* Global and static variables are symmetric too: every PE has its own copy at the same
 * address, reachable by RMA and atomics. */
static long pSync[SHMEM_REDUCE_SYNC_SIZE];
static long pWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long first_sum;   /* sum_to_all result */
static long first_value; /* sum_to_all source */
static long arrivals;    /* on PE 0: the atomic counter */
static int errors;       /* on PE 0: errors reported by all PEs */

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int next = (me + 1) % npes;
    int prev = (me + npes - 1) % npes;

    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        pSync[i] = SHMEM_SYNC_VALUE;

    /* The receive buffer comes from the symmetric heap: same call on every PE. */
    long *inbox = shmem_malloc(COUNT * sizeof *inbox);
    long outbox[COUNT]; /* a put's source may be any local memory */
    for (int i = 0; i < COUNT; i++) {
        inbox[i] = -1;
        outbox[i] = 1000L * me + i;
    }
    shmem_barrier_all(); /* every inbox is initialised (and pSync is ready) */

    shmem_long_put(inbox, outbox, COUNT, next);
    shmem_barrier_all(); /* completes the puts and makes them visible */

    int bad = 0;
    for (int i = 0; i < COUNT; i++) {
        if (inbox[i] != 1000L * prev + i) {
            fprintf(stderr, "ring: PE %d: inbox[%d] = %ld, expected %ld from PE %d\n", me, i,
                    inbox[i], 1000L * prev + i, prev);
            bad++;
        }
    }

    /* Sum of what every PE received first: 1000 * (0 + 1 + ... + npes-1). */
    first_value = inbox[0];
    shmem_long_sum_to_all(&first_sum, &first_value, 1, 0, 0, npes, pWrk, pSync);
    long want_sum = 1000L * npes * (npes - 1) / 2;
    if (first_sum != want_sum) {
        fprintf(stderr, "ring: PE %d: sum_to_all gave %ld, expected %ld\n", me, first_sum, want_sum);
        bad++;
    }

    /* Every PE adds me+1 to a counter on PE 0, and its error count to another. */
    shmem_long_atomic_add(&arrivals, me + 1, 0);
    shmem_int_atomic_add(&errors, bad, 0);
    shmem_barrier_all();
    long want_arrivals = (long)npes * (npes + 1) / 2;
    long got_arrivals = shmem_long_atomic_fetch(&arrivals, 0);
    int total_errors = shmem_int_g(&errors, 0) + (got_arrivals != want_arrivals);

    if (me == 0) {
        printf("ring: %d PEs; each received %d values from its left neighbour\n", npes, COUNT);
        printf("ring: sum_to_all = %ld (expected %ld), atomic counter = %ld (expected %ld)\n",
               first_sum, want_sum, got_arrivals, want_arrivals);
        printf("ring: %s\n", total_errors == 0 ? "OK" : "FAILED");
    }

    shmem_barrier_all(); /* nobody frees while a peer may still read PE 0 */
    shmem_free(inbox);
    shmem_finalize();
    return total_errors == 0 ? 0 : 1;
}
