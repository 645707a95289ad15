/* An NVSHMEM host program, unchanged from how it would be written for NVSHMEM: a ring where
 * each PE hands a block to its right neighbour with put_signal and waits for its left
 * neighbour's with signal_wait_until, ROUNDS times (one slot per round, so no round overwrites
 * data still being read). Built as C. */
#include <stdint.h>

#include "nvshmem_check.h"

enum { ROUNDS = 8, N = 1000 };

int main(void)
{
    nvshmem_init();
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    long *slots = (long *)nvshmem_malloc(sizeof(long) * ROUNDS * N);
    uint64_t *sig = (uint64_t *)nvshmem_calloc(1, sizeof *sig);
    long *mine = (long *)nvshmem_malloc(sizeof(long) * N);
    NVI_CHECK(slots && sig && mine, "nvshmem_malloc returned NULL");
    nvshmem_barrier_all();

    for (int r = 0; r < ROUNDS; r++) {
        for (int i = 0; i < N; i++) mine[i] = (long)me * 1000000 + r * 1000 + i;
        nvshmem_long_put_signal(slots + r * N, mine, N, sig, 1, NVSHMEM_SIGNAL_ADD, right);
        const uint64_t seen = nvshmem_signal_wait_until(sig, NVSHMEM_CMP_GE, (uint64_t)r + 1);
        NVI_CHECK(seen >= (uint64_t)r + 1, "signal_wait_until returned %llu in round %d", (unsigned long long)seen, r);
        for (int i = 0; i < N; i++)
            NVI_CHECK(slots[r * N + i] == (long)left * 1000000 + r * 1000 + i,
                      "round %d element %d is %ld, expected %ld from PE %d", r, i, slots[r * N + i],
                      (long)left * 1000000 + r * 1000 + i, left);
    }
    nvshmem_barrier_all();
    NVI_CHECK(nvshmem_signal_fetch(sig) == ROUNDS, "signal is %llu after %d rounds",
              (unsigned long long)nvshmem_signal_fetch(sig), ROUNDS);

    /* p / g and an atomic through the same names. */
    nvshmem_long_p(mine, -me, right);
    nvshmem_barrier_all();
    NVI_CHECK(nvshmem_long_g(mine, me) == -left, "p from PE %d gave %ld", left, mine[0]);
    nvshmem_long_atomic_add(mine + 1, 1, 0);
    nvshmem_barrier_all();
    if (me == 0) NVI_CHECK(nvshmem_long_atomic_fetch(mine + 1, 0) == (ROUNDS - 1) * 1000 + 1 + npes,
                            "atomic_add: %ld", mine[1]);

    nvshmem_free(mine);
    nvshmem_free(sig);
    nvshmem_free(slots);
    nvshmem_finalize();
    return 0;
}
