/* An NVSHMEM host program: all-reduce (sum, max, prod, and, xor) over the world and over a
 * strided team, broadcast, fcollect and alltoall, checked against what each PE can compute
 * alone. Built as C. */
#include <stdint.h>

#include "nvshmem_check.h"

enum { N = 257 };

int main(void)
{
    nvshmem_init();
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    int *src = (int *)nvshmem_malloc(N * sizeof(int));
    int *dst = (int *)nvshmem_malloc(N * sizeof(int));
    double *dsrc = (double *)nvshmem_malloc(N * sizeof(double));
    double *ddst = (double *)nvshmem_malloc(N * sizeof(double));
    long *all = (long *)nvshmem_malloc((size_t)npes * N * sizeof(long));
    long *lsrc = (long *)nvshmem_malloc((size_t)npes * N * sizeof(long));
    NVI_CHECK(src && dst && dsrc && ddst && all && lsrc, "nvshmem_malloc returned NULL");

    for (int i = 0; i < N; i++) {
        src[i] = me + i;
        dsrc[i] = 0.5 * me - i;
    }
    NVI_CHECK(nvshmem_int_sum_reduce(NVSHMEM_TEAM_WORLD, dst, src, N) == 0, "int_sum_reduce failed");
    for (int i = 0; i < N; i++)
        NVI_CHECK(dst[i] == npes * (npes - 1) / 2 + npes * i, "sum[%d] = %d", i, dst[i]);
    nvshmem_double_max_reduce(NVSHMEM_TEAM_WORLD, ddst, dsrc, N);
    for (int i = 0; i < N; i++) NVI_CHECK(ddst[i] == 0.5 * (npes - 1) - i, "max[%d] = %g", i, ddst[i]);
    nvshmem_int32_xor_reduce(NVSHMEM_TEAM_WORLD, dst, src, N); /* int has no bitwise row; int32_t has */
    for (int i = 0; i < N; i++) {
        int x = 0;
        for (int p = 0; p < npes; p++) x ^= p + i;
        NVI_CHECK(dst[i] == x, "xor[%d] = %d, expected %d", i, dst[i], x);
    }
    src[0] = me + 1; /* in place: dest may be source */
    nvshmem_int_prod_reduce(NVSHMEM_TEAM_WORLD, src, src, 1);
    int fact = 1;
    for (int p = 1; p <= npes; p++) fact *= p;
    NVI_CHECK(src[0] == fact, "prod = %d, expected %d", src[0], fact);

    /* The even PEs as a team. */
    nvshmem_team_t even = NVSHMEM_TEAM_INVALID;
    nvshmem_team_split_strided(NVSHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &even);
    if (me % 2 == 0) {
        NVI_CHECK(nvshmem_team_my_pe(even) == me / 2, "team_my_pe %d", nvshmem_team_my_pe(even));
        src[0] = me;
        nvshmem_int_sum_reduce(even, dst, src, 1);
        int want = 0;
        for (int p = 0; p < npes; p += 2) want += p;
        NVI_CHECK(dst[0] == want, "even-team sum %d, expected %d", dst[0], want);
    } else {
        NVI_CHECK(even == NVSHMEM_TEAM_INVALID, "an odd PE got a team handle");
    }
    nvshmem_team_destroy(even);

    /* broadcast, fcollect, alltoall. */
    for (int i = 0; i < npes * N; i++) lsrc[i] = (long)me * 100000 + i;
    nvshmem_long_broadcast(NVSHMEM_TEAM_WORLD, all, lsrc, N, npes - 1);
    for (int i = 0; i < N; i++) NVI_CHECK(all[i] == (long)(npes - 1) * 100000 + i, "broadcast[%d] = %ld", i, all[i]);
    /* fcollect and alltoall may write into the other PEs' dest as soon as this PE enters them:
     * every PE's dest must be ready first (done reading the previous result). */
    nvshmem_barrier_all();
    nvshmem_long_fcollect(NVSHMEM_TEAM_WORLD, all, lsrc, N);
    for (int p = 0; p < npes; p++)
        for (int i = 0; i < N; i++)
            NVI_CHECK(all[p * N + i] == (long)p * 100000 + i, "fcollect[%d][%d] = %ld", p, i, all[p * N + i]);
    nvshmem_barrier_all();
    nvshmem_long_alltoall(NVSHMEM_TEAM_WORLD, all, lsrc, N);
    for (int p = 0; p < npes; p++)
        for (int i = 0; i < N; i++)
            NVI_CHECK(all[p * N + i] == (long)p * 100000 + me * N + i, "alltoall[%d][%d] = %ld", p, i,
                      all[p * N + i]);

    nvshmem_barrier(NVSHMEM_TEAM_WORLD);
    nvshmem_free(lsrc);
    nvshmem_free(all);
    nvshmem_free(ddst);
    nvshmem_free(dsrc);
    nvshmem_free(dst);
    nvshmem_free(src);
    nvshmem_finalize();
    return 0;
}
