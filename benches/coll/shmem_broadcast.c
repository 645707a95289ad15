/* Broadcast latency: shmem_broadcast64 (active set = all PEs, root 0) of SIZE bytes, OSU
 * style: each call timed alone, an untimed shmem_barrier_all between calls; mean over PEs.
 * The non-root destinations are checked after the sweep of each size. */
#include "bench.h"

static long psync[SHMEM_BCAST_SYNC_SIZE];
static char *src, *dst;
static int me, npes;

static void prep(size_t size, void *ctx)
{
    (void)ctx;
    if (me == 0) bench_fill(src, size, size, 0);
    memset(dst, 0, size);
}
static void run(size_t size, void *ctx)
{
    (void)ctx;
    shmem_broadcast64(dst, src, size / 8, 0, 0, 0, npes, psync);
}
static int check(size_t size, void *ctx)
{
    (void)ctx;
    return me == 0 || bench_check(dst, size, size, 0);
}

int main(int argc, char **argv)
{
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    bench_opts o = {.title = "broadcast latency (shmem_broadcast64, root 0)",
                    .iters = 1000, .warmup = 100, .min_size = 8, .max_size = 1 << 20,
                    .time_cap = 0.15};
    bench_init(&o, argc, argv);
    bench_sizes_of_8(&o);
    me = o.me;
    npes = o.npes;
    src = bench_shmalloc(&o, o.max_size);
    if (o.dist > 0 && o.dist % 8) bench_fail(&o, "-D: a multiple of 8 here (64-bit elements)");
    char *dst_mem = bench_shmalloc(&o, o.max_size + BENCH_DIST_SPARE);
    dst = bench_place(&o, dst_mem, src);
    bench_header(&o, "active set: all PEs; untimed barrier_all between calls; mean over PEs",
                 "Size  Latency(us)");
    bench_coll_sweep(&o, &(bench_coll){.prep = prep, .run = run, .check = check});
    shmem_free(dst_mem);
    shmem_free(src);
    return bench_finish(&o);
}
