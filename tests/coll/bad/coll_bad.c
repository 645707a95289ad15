/* Bad input to teams and collectives: each case must stop the job with one clear line
 * (checked by expect_fail.sh). argv[1] picks the case. */
#include <stdio.h>
#include <string.h>
#include <shmem.h>

static long psync[SHMEM_SYNC_SIZE];
static long src[64], dst[64 * 64];
static long big_src[4096], big_dst[4096]; /* sizes that take the direct and channel paths */

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    if (!strcmp(c, "destroyed_team")) {
        shmem_team_t t;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t);
        shmem_team_destroy(t);
        if (me == 0) shmem_team_sync(t); /* one PE: the line must come from PE 0 */
    } else if (!strcmp(c, "stale_team_reused")) {
        /* The second split reuses the first team's slot: the old handle must not reach it. */
        shmem_team_t old, fresh;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &old);
        shmem_team_destroy(old);
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 1, NULL, 0, &fresh);
        if (me == 0) shmem_team_sync(old); /* one PE: on PE 1 the slot holds no team at all */
    } else if (!strcmp(c, "invalid_team")) {
        /* Not fatal: -1 (the spec) and one line naming each routine. */
        int bad = shmem_team_sync(SHMEM_TEAM_INVALID) != -1;
        bad |= shmem_long_sum_reduce(SHMEM_TEAM_INVALID, dst, src, 1) != -1;
        bad |= shmem_long_broadcast(SHMEM_TEAM_INVALID, dst, src, 1, 0) != -1;
        bad |= shmem_long_fcollect(SHMEM_TEAM_INVALID, dst, src, 1) != -1;
        bad |= shmem_long_alltoall(SHMEM_TEAM_INVALID, dst, src, 1) != -1;
        shmem_finalize();
        return bad ? 3 : 0;
    } else if (!strcmp(c, "garbage_team")) {
        shmem_team_n_pes((shmem_team_t)(uintptr_t)123456);
    } else if (!strcmp(c, "reduce_destroyed_team")) {
        shmem_team_t t;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t);
        shmem_team_destroy(t);
        if (me == 0) shmem_long_sum_reduce(t, dst, src, 1); /* one PE: the line names PE 0 */
    } else if (!strcmp(c, "size_overflow")) {
        shmem_barrier(0, 0, n + 1, psync);
    } else if (!strcmp(c, "stride_overflow")) {
        shmem_broadcast64(dst, src, 1, 0, 0, 1, n, psync);
    } else if (!strcmp(c, "negative_size")) {
        shmem_long_sum_to_all(dst, src, 1, 0, 0, 0, NULL, psync);
    } else if (!strcmp(c, "not_in_set")) {
        shmem_long_sum_to_all(dst, src, 1, 1, 0, n - 1, NULL, psync);
    } else if (!strcmp(c, "psync_not_symmetric")) {
        long local[SHMEM_SYNC_SIZE] = {0};
        shmem_barrier(0, 0, n, local);
    } else if (!strcmp(c, "nelems_reduce")) {
        shmem_long_sum_to_all(dst, src, 4 + me, 0, 0, n, NULL, psync);
    } else if (!strcmp(c, "nelems_reduce_paths")) {
        /* 32 KiB on PE 0 (the direct path), 8 bytes elsewhere (mailboxes): the sizes pick
         * different paths, whose messages must still meet. */
        shmem_long_sum_reduce(SHMEM_TEAM_WORLD, big_dst, big_src, me == 0 ? 4096 : 1);
    } else if (!strcmp(c, "nelems_reduce_channel_paths")) { /* 4 KiB: the pair channels */
        shmem_long_sum_reduce(SHMEM_TEAM_WORLD, big_dst, big_src, me == 0 ? 512 : 1);
    } else if (!strcmp(c, "mismatch_collect_reduce")) { /* collect: the channels' first round */
        if (me == 0)
            shmem_long_collect(SHMEM_TEAM_WORLD, dst, src, 1);
        else
            shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, 1);
    } else if (!strcmp(c, "mismatch_broadcast_collect")) { /* the root waits for nobody */
        if (me == 0)
            shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, 1, 0);
        else
            shmem_long_collect(SHMEM_TEAM_WORLD, dst, src, 1);
    } else if (!strcmp(c, "nelems_fcollect")) {
        shmem_fcollect64(dst, src, 2 + (size_t)me, 0, 0, n, psync);
    } else if (!strcmp(c, "mismatch_kind")) { /* PE 0 reduces while PE 1 broadcasts */
        static long pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
        if (me == 0)
            shmem_long_sum_to_all(dst, src, 1, 0, 0, n, pwrk, psync);
        else
            shmem_broadcast64(dst, src, 1, 0, 0, 0, n, psync);
    } else if (!strcmp(c, "mismatch_op")) { /* sum on PE 0, max elsewhere */
        if (me == 0)
            shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, 1);
        else
            shmem_long_max_reduce(SHMEM_TEAM_WORLD, dst, src, 1);
    } else if (!strcmp(c, "mismatch_root")) { /* 3 PEs: the last one names another root */
        shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, 1, me == n - 1 ? 1 : 0);
    } else if (!strcmp(c, "nelems_broadcast")) {
        shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, 3 + (size_t)me, 0);
    } else if (!strcmp(c, "nelems_alltoall")) {
        shmem_long_alltoall(SHMEM_TEAM_WORLD, dst, src, 1 + (size_t)me);
    } else if (!strcmp(c, "bad_root")) {
        shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, 1, n);
    } else if (!strcmp(c, "negative_nreduce")) {
        shmem_int_sum_to_all((int *)dst, (int *)src, -1, 0, 0, n, NULL, psync);
    } else if (!strcmp(c, "dest_not_symmetric")) {
        long local[4];
        shmem_long_fcollect(SHMEM_TEAM_WORLD, local, src, 1);
    } else {
        fprintf(stderr, "unknown case %s\n", c);
        return 2;
    }
    shmem_finalize();
    return 0; /* reaching here means the bad input went unnoticed */
}
