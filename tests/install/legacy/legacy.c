/* An OpenSHMEM program as the 1.0-1.2 era wrote them, with its own Makefile (CC=shoalcc):
 * <mpp/shmem.h>, start_pes, _my_pe/_num_pes, shmalloc/shfree, static symmetric arrays, the
 * active-set shmem_int_sum_to_all with pSync and pWrk, shmem_int_fadd, shmem_long_wait, no
 * shmem_finalize. Values are checked on the PE that receives them; exit status 1 if one is
 * wrong. */
#include <mpp/shmem.h>
#include <stdio.h>

static long pSync[_SHMEM_REDUCE_SYNC_SIZE];
static int pWrk[_SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static int src, total;
static long token = -1;

int main(void)
{
    int i, me, npes, bad = 0;
    int *counter;
    long mine;

    start_pes(0);
    me = _my_pe();
    npes = _num_pes();
    for (i = 0; i < _SHMEM_REDUCE_SYNC_SIZE; i++) pSync[i] = _SHMEM_SYNC_VALUE;
    counter = (int *)shmalloc(sizeof(int));
    *counter = 0;
    shmem_barrier_all();

    src = me + 1;
    shmem_int_sum_to_all(&total, &src, 1, 0, 0, npes, pWrk, pSync);
    if (total != npes * (npes + 1) / 2) bad = 1;

    shmem_int_fadd(counter, 1, 0);
    mine = me;
    shmem_long_put(&token, &mine, 1, (me + 1) % npes);
    shmem_long_wait(&token, -1);
    if (token != (me + npes - 1) % npes) bad = 1;
    shmem_barrier_all();
    if (me == 0 && *counter != npes) bad = 1;

    shfree(counter);
    printf("legacy: PE %d of %d: %s\n", me, npes, bad ? "WRONG" : "ok");
    return bad;
}
