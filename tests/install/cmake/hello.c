/* C through shoal::shoal: a put and an atomic checked on the receiving PE; the C11 generics
 * (shmem_put on a long array) and the mpp header too. */
#include <mpp/shmemx.h>
#include <shmem.h>
#include <stdio.h>

static long ring[4];

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    long *count = shmem_calloc(1, sizeof(long));
    const long mine[4] = {me, me + 1, me + 2, me + 3};
    shmem_put(ring, mine, 4, (me + 1) % n);
    shmem_long_atomic_inc(count, 0);
    shmem_barrier_all();
    const int left = (me + n - 1) % n;
    int bad = ring[0] != left || ring[3] != left + 3 || (me == 0 && *count != n);
    printf("hello_c: PE %d of %d (%s bootstrap): %s\n", me, n, shmemx_bootstrap_name(),
           bad ? "WRONG" : "ok");
    shmem_free(count);
    shmem_finalize();
    return bad;
}
