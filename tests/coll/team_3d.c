/* The 3D example of the teams reference page (shmem_team_split_2D.c): two 2D splits give a
 * 3D Cartesian split of the world; run on 12 PEs it must print exactly team_3d.expected.
 * Each line is flushed before the world sync that orders the printing PEs. */
#include <math.h>
#include <stdio.h>
#include <shmem.h>

/* x * y == npes with |x - y| smallest. */
static void find_xy_dims(int npes, int *x, int *y)
{
    *x = *y = 1;
    for (int d = (int)ceil(sqrt(npes)); d >= 1; d--)
        if (npes % d == 0) {
            *x = d;
            *y = npes / d;
            return;
        }
}

/* x * y * z == npes, as even as possible. */
static void find_xyz_dims(int npes, int *x, int *y, int *z)
{
    *x = *y = *z = 1;
    for (int d = (int)ceil(cbrt(npes)); d >= 1; d--)
        if (npes % d == 0) {
            *x = d;
            find_xy_dims(npes / d, y, z);
            return;
        }
}

int main(void)
{
    int xdim = 1, ydim = 1, zdim = 1;
    shmem_init();
    const int mype = shmem_my_pe(), npes = shmem_n_pes();
    find_xyz_dims(npes, &xdim, &ydim, &zdim);
    if (mype == 0) {
        printf("xdim = %d, ydim = %d, zdim = %d\n", xdim, ydim, zdim);
        fflush(stdout);
    }
    shmem_team_t xteam, yzteam, yteam, zteam;
    if (shmem_team_split_2d(SHMEM_TEAM_WORLD, xdim, NULL, 0, &xteam, NULL, 0, &yzteam) != 0)
        shmem_global_exit(2);
    /* yzteam is immediately usable */
    if (shmem_team_split_2d(yzteam, ydim, NULL, 0, &yteam, NULL, 0, &zteam) != 0)
        shmem_global_exit(3);
    shmem_team_destroy(yzteam);
    const int my_x = shmem_team_my_pe(xteam), my_y = shmem_team_my_pe(yteam),
              my_z = shmem_team_my_pe(zteam);
    for (int z = 0; z < zdim; z++)
        for (int y = 0; y < ydim; y++)
            for (int x = 0; x < xdim; x++) {
                if (my_x == x && my_y == y && my_z == z) {
                    printf("(%d, %d, %d) is mype = %d\n", my_x, my_y, my_z, mype);
                    fflush(stdout);
                }
                shmem_team_sync(SHMEM_TEAM_WORLD);
            }
    shmem_team_destroy(xteam);
    shmem_team_destroy(yteam);
    shmem_team_destroy(zteam);
    shmem_finalize();
    return 0;
}
