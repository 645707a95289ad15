/* A correct program whose collectives alternate between the sync area's mailboxes and the pair
 * channels (coll/engine/channel.h), back to back with no barrier: sum-reduce of 8 B, of 4 KiB
 * (the channels at 4 PEs), collect. A PE that finished one call and went on to the next may
 * fill a box that a slow PE, still waiting in the call before, looks at for mismatches: that
 * must not stop the job (exit status: the number of wrong results; a false mismatch exits 1
 * with its line). */
#include <stdio.h>
#include <stdlib.h>

#include <shmem.h>

int main(int argc, char **argv)
{
    const long rounds = argc > 1 ? atol(argv[1]) : 3000;
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    static long one_src, one_dst, big_src[512], big_dst[512], col_dst[64];
    long bad = 0;
    for (long r = 0; r < rounds; r++) {
        one_src = me + r;
        shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &one_dst, &one_src, 1);
        if (one_dst != (long)n * (n - 1) / 2 + (long)n * r && bad++ < 5)
            fprintf(stderr, "PE %d round %ld: sum %ld\n", me, r, one_dst);
        for (int k = 0; k < 512; k++) big_src[k] = me + k + r;
        shmem_long_sum_reduce(SHMEM_TEAM_WORLD, big_dst, big_src, 512);
        if (big_dst[511] != (long)n * (n - 1) / 2 + (long)n * (511 + r) && bad++ < 5)
            fprintf(stderr, "PE %d round %ld: big sum %ld\n", me, r, big_dst[511]);
        shmem_long_collect(SHMEM_TEAM_WORLD, col_dst, &one_src, 1);
        for (int p = 0; p < n; p++)
            if (col_dst[p] != p + r && bad++ < 5)
                fprintf(stderr, "PE %d round %ld: collect[%d] %ld\n", me, r, p, col_dst[p]);
    }
    shmem_finalize();
    return bad > 255 ? 255 : (int)bad;
}
