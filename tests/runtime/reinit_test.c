/* shmem_init after shmem_finalize: works under shoalrun (a put between two inits lands),
 * and under mpirun stops with one clear line (MPI cannot be initialised twice). */
#include <shmem.h>

#include <stdio.h>

static long word;

static int round_trip(int round)
{
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    word = -1;
    shmem_barrier_all();
    shmem_long_p(&word, 100 * round + me, (me + 1) % n);
    shmem_barrier_all();
    const long want = 100 * round + (me + n - 1) % n;
    const int ok = word == want;
    if (!ok) fprintf(stderr, "reinit_test: PE %d round %d: got %ld, want %ld\n", me, round, word, want);
    shmem_finalize();
    return ok;
}

int main(void)
{
    int ok = round_trip(1);
    ok &= round_trip(2);
    return ok ? 0 : 1;
}
