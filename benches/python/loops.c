/* The loops of latency.py in C, call for call (PE 0 drives, PE 1 is the target): 8 B put+quiet,
 * get, fetch-add; 1 MiB blocking put; 1 MiB double sum-reduce on the world team, every PE.
 * Same warm-up (a tenth), same iteration counts (ITERS, default 20000; 200 and 100 for 1 MiB),
 * same output rows with "C" for "shoal", so benches/python/run.sh can set them side by side. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <shmem.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BIG (1 << 17) /* doubles: 1 MiB */

static long *a;
static double *big, *red, *bsrc;
static long src = 1, out;
static int peer;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void put_quiet(void) { shmem_long_put(a, &src, 1, peer), shmem_quiet(); }
static void get(void) { shmem_long_get(&out, a, 1, peer); }
static void fadd(void) { out += shmem_long_atomic_fetch_add(a, 1, peer); }
static void put_big(void) { shmem_double_put(big, bsrc, BIG, peer); }
static void reduce_big(void) { shmem_double_sum_reduce(SHMEM_TEAM_WORLD, red, big, BIG); }

/* Microseconds per call, after iters / 10 untimed calls. */
static double timed(void (*fn)(void), int iters)
{
    for (int i = 0; i < iters / 10; i++) fn();
    const double t = now();
    for (int i = 0; i < iters; i++) fn();
    return (now() - t) / iters * 1e6;
}

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    const char *e = getenv("ITERS");
    const int iters = e ? atoi(e) : 20000;
    peer = 1 % n;
    a = shmem_calloc(1, sizeof *a);
    big = shmem_malloc(BIG * sizeof *big);
    red = shmem_malloc(BIG * sizeof *red);
    bsrc = malloc(BIG * sizeof *bsrc);
    for (int i = 0; i < BIG; i++) bsrc[i] = big[i] = 1.0;
    shmem_barrier_all();
    double us[5] = {0};
    if (me == 0) {
        us[0] = timed(put_quiet, iters);
        us[1] = timed(get, iters);
        us[2] = timed(fadd, iters);
        us[3] = timed(put_big, 200);
    }
    shmem_barrier_all();
    us[4] = timed(reduce_big, 100);
    if (me == 0) {
        static const char *rows[] = {"put+quiet 8 B", "get 8 B", "fetch_add 8 B", "put 1 MiB", "sum-reduce 1 MiB"};
        printf("# %d PEs, C; latency(us) per call\n", n);
        for (int i = 0; i < 5; i++) printf("C %-32s %10.3f\n", rows[i], us[i]);
    }
    free(bsrc);
    shmem_finalize();
    return 0;
}
