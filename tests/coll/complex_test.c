/* Complex reductions (C only: <shmem.h> declares them for C, not C++): team-based
 * complexd/complexf sum and prod, active-set complexd/complexf sum/prod_to_all and the
 * Fortran-era comp4/comp8 sum_to_all, on the world and on a strided team, 1 to 3000 elements
 * (mailbox and direct paths), checked against a local result. Exit status = failures. */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <shmem.h>

static long psync[2][SHMEM_REDUCE_SYNC_SIZE];
static double _Complex dsrc[3000], ddst[3000], dwrk[3000];
static float _Complex fsrc[3000], fdst[3000], fwrk[3000];
static int failures;

static double _Complex value(int pe, int i, int prod)
{
    if (prod) return ((pe + i) % 3 == 0) ? 1.0 - 1.0 * I : (0.5 + 0.5 * I) * (1 + (pe + i) % 2);
    return (pe + 1) * 0.25 + (i % 7 - 3) * 0.5 * I;
}

static void check(const char *what, int n_members, const int *members, int count, int prod,
                  const double _Complex *gotd, const float _Complex *gotf)
{
    for (int i = 0; i < count; i++) {
        double _Complex want = value(members[0], i, prod);
        for (int j = 1; j < n_members; j++)
            want = prod ? want * value(members[j], i, prod) : want + value(members[j], i, prod);
        double _Complex got = gotd ? gotd[i] : (double _Complex)gotf[i];
        double tol = gotd ? 1e-12 : 1e-5;
        if (cabs(got - want) > tol * (1 + cabs(want))) {
            if (failures++ < 5)
                fprintf(stderr, "PE %d: %s, %d elements: [%d] got %g%+gi want %g%+gi\n", shmem_my_pe(),
                        what, count, i, creal(got), cimag(got), creal(want), cimag(want));
            return;
        }
    }
}

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    int world[64], evens[64], ne = 0;
    for (int i = 0; i < n; i++) world[i] = i;
    for (int i = 0; i < n; i += 2) evens[ne++] = i;
    shmem_team_t even_team;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, ne, NULL, 0, &even_team);
    const int counts[] = {1, 7, 3000};
    int use = 0;
    for (int c = 0; c < 3; c++) {
        const int cnt = counts[c];
        for (int prod = 0; prod < 2; prod++) {
            for (int i = 0; i < cnt; i++) {
                dsrc[i] = value(me, i, prod);
                fsrc[i] = (float _Complex)value(me, i, prod);
            }
            shmem_barrier_all();
            /* team-based, world and evens */
            if (prod) {
                shmem_complexd_prod_reduce(SHMEM_TEAM_WORLD, ddst, dsrc, (size_t)cnt);
                shmem_complexf_prod_reduce(SHMEM_TEAM_WORLD, fdst, fsrc, (size_t)cnt);
            } else {
                shmem_complexd_sum_reduce(SHMEM_TEAM_WORLD, ddst, dsrc, (size_t)cnt);
                shmem_complexf_sum_reduce(SHMEM_TEAM_WORLD, fdst, fsrc, (size_t)cnt);
            }
            check(prod ? "complexd_prod_reduce world" : "complexd_sum_reduce world", n, world, cnt, prod, ddst, NULL);
            check(prod ? "complexf_prod_reduce world" : "complexf_sum_reduce world", n, world, cnt, prod, NULL, fdst);
            if (even_team != SHMEM_TEAM_INVALID) {
                if (prod) shmem_complexd_prod_reduce(even_team, ddst, dsrc, (size_t)cnt);
                else shmem_complexd_sum_reduce(even_team, ddst, dsrc, (size_t)cnt);
                check("complexd reduce on even team", ne, evens, cnt, prod, ddst, NULL);
            }
            shmem_barrier_all();
            /* active set, world, alternating pSync */
            if (prod) {
                shmem_complexd_prod_to_all(ddst, dsrc, cnt, 0, 0, n, dwrk, psync[use ^= 1]);
                shmem_complexf_prod_to_all(fdst, fsrc, cnt, 0, 0, n, fwrk, psync[use ^= 1]);
            } else {
                shmem_complexd_sum_to_all(ddst, dsrc, cnt, 0, 0, n, dwrk, psync[use ^= 1]);
                shmem_complexf_sum_to_all(fdst, fsrc, cnt, 0, 0, n, fwrk, psync[use ^= 1]);
            }
            check(prod ? "complexd_prod_to_all" : "complexd_sum_to_all", n, world, cnt, prod, ddst, NULL);
            check(prod ? "complexf_prod_to_all" : "complexf_sum_to_all", n, world, cnt, prod, NULL, fdst);
            if (!prod) {
                shmem_comp8_sum_to_all(ddst, dsrc, cnt, 0, 0, n, dwrk, psync[use ^= 1]);
                shmem_comp4_sum_to_all(fdst, fsrc, cnt, 0, 0, n, fwrk, psync[use ^= 1]);
                check("comp8_sum_to_all", n, world, cnt, 0, ddst, NULL);
                check("comp4_sum_to_all", n, world, cnt, 0, NULL, fdst);
            }
            /* in place, even PEs (logPE_stride 1) */
            shmem_barrier_all();
            long *ps = psync[use ^= 1]; /* every PE alternates alike */
            if (me % 2 == 0) {
                shmem_complexd_sum_to_all(dsrc, dsrc, cnt, 0, 1, ne, dwrk, ps);
                if (!prod) check("complexd_sum_to_all in place, even PEs", ne, evens, cnt, 0, dsrc, NULL);
            }
            shmem_barrier_all();
        }
    }
    shmem_team_destroy(even_team);
    shmem_finalize();
    if (failures) fprintf(stderr, "PE %d: %d failures\n", me, failures);
    return failures != 0;
}
