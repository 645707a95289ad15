/* Collective mismatches the mailbox tags cannot see, each run with SHOAL_CHECK=1: the job must
 * stop with one line naming both PEs' calls (checked by run_expect.sh: the texts appear
 * whichever PE reports first). argv[1] picks the case; PE 0 and the others differ. */
#include <stdio.h>
#include <string.h>
#include <shmem.h>

static long psync[SHMEM_SYNC_SIZE], psync2[SHMEM_SYNC_SIZE];
static long src[16384], dst[16384];

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    if (!strcmp(c, "barrier_vs_sync")) {
        if (me == 0)
            shmem_barrier_all();
        else
            shmem_sync_all();
    } else if (!strcmp(c, "barrier_all_vs_team_sync")) { /* a team of the same PEs as WORLD */
        shmem_team_t t;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t);
        if (me == 0)
            shmem_barrier_all();
        else
            shmem_team_sync(t);
    } else if (!strcmp(c, "other_team_same_size")) {
        shmem_team_t a, b;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &a);
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &b);
        shmem_long_sum_reduce(me == 0 ? a : b, dst, src, 1);
    } else if (!strcmp(c, "other_psync")) { /* the same active set, another pSync */
        shmem_barrier(0, 0, n, me == 0 ? psync : psync2);
    } else if (!strcmp(c, "other_active_set")) { /* 3 PEs: PE 0 {0,1}; PEs 1 and 2 {1,2} */
        shmem_long_sum_to_all(dst, src, 1, me == 0 ? 0 : 1, 0, 2, NULL, psync);
    } else if (!strcmp(c, "reduce_type")) { /* int and float: 4 bytes each */
        if (me == 0)
            shmem_int_sum_reduce(SHMEM_TEAM_WORLD, (int *)dst, (int *)src, 2);
        else
            shmem_float_sum_reduce(SHMEM_TEAM_WORLD, (float *)dst, (float *)src, 2);
    } else if (!strcmp(c, "alltoall_vs_fcollect")) {
        if (me == 0)
            shmem_long_alltoall(SHMEM_TEAM_WORLD, dst, src, 1);
        else
            shmem_long_fcollect(SHMEM_TEAM_WORLD, dst, src, 1);
    } else if (!strcmp(c, "bcast_dest")) {
        shmem_long_broadcast(SHMEM_TEAM_WORLD, dst + (me == 0 ? 0 : 8), src, 4, 0);
    } else if (!strcmp(c, "alltoalls_strides")) {
        shmem_long_alltoalls(SHMEM_TEAM_WORLD, dst, src, 1, me == 0 ? 1 : 2, 2);
    } else if (!strcmp(c, "bcast_large_nelems")) { /* past the mailbox sizes: copied directly */
        shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, me == 0 ? 8192 : 8000, 0);
    } else if (!strcmp(c, "malloc_size")) {
        shmem_malloc(me == 0 ? 64 : 128);
    } else if (!strcmp(c, "split_size")) {
        shmem_team_t t;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, me == 0 ? n : 1, NULL, 0, &t);
    } else {
        fprintf(stderr, "unknown case %s\n", c);
        return 2;
    }
    shmem_finalize();
    return 0; /* reaching here means the mismatch went unnoticed */
}
