/* An NVSHMEM host program: the world split into a 2D grid (rows of XRANGE PEs), queries and
 * translation on both axes, a reduction along each, then the teams destroyed. Built as C. */
#include "nvshmem_check.h"

enum { XRANGE = 2 };

int main(void)
{
    nvshmem_init();
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    nvshmem_team_t xt = NVSHMEM_TEAM_INVALID, yt = NVSHMEM_TEAM_INVALID;
    NVI_CHECK(nvshmem_team_split_2d(NVSHMEM_TEAM_WORLD, XRANGE, NULL, 0, &xt, NULL, 0, &yt) == 0,
              "team_split_2d failed");
    const int x = me % XRANGE, y = me / XRANGE;
    const int xsize = npes - y * XRANGE < XRANGE ? npes - y * XRANGE : XRANGE;
    const int ysize = (npes - x + XRANGE - 1) / XRANGE;
    NVI_CHECK(nvshmem_team_my_pe(xt) == x && nvshmem_team_n_pes(xt) == xsize, "x team: index %d of %d",
              nvshmem_team_my_pe(xt), nvshmem_team_n_pes(xt));
    NVI_CHECK(nvshmem_team_my_pe(yt) == y && nvshmem_team_n_pes(yt) == ysize, "y team: index %d of %d",
              nvshmem_team_my_pe(yt), nvshmem_team_n_pes(yt));
    NVI_CHECK(nvshmem_team_translate_pe(xt, 0, NVSHMEM_TEAM_WORLD) == y * XRANGE, "x team's 0 is world %d",
              nvshmem_team_translate_pe(xt, 0, NVSHMEM_TEAM_WORLD));
    NVI_CHECK(nvshmem_team_translate_pe(yt, 0, NVSHMEM_TEAM_WORLD) == x, "y team's 0 is world %d",
              nvshmem_team_translate_pe(yt, 0, NVSHMEM_TEAM_WORLD));

    int *v = (int *)nvshmem_malloc(2 * sizeof(int));
    v[0] = me;
    nvshmem_int_sum_reduce(xt, v + 1, v, 1);
    int want = 0;
    for (int i = 0; i < xsize; i++) want += y * XRANGE + i;
    NVI_CHECK(v[1] == want, "row sum %d, expected %d", v[1], want);
    nvshmem_int_max_reduce(yt, v + 1, v, 1);
    NVI_CHECK(v[1] == x + (ysize - 1) * XRANGE, "column max %d, expected %d", v[1], x + (ysize - 1) * XRANGE);
    nvshmem_team_sync(yt);

    nvshmem_team_destroy(xt);
    nvshmem_team_destroy(yt);
    nvshmem_free(v);
    nvshmem_finalize();
    return 0;
}
