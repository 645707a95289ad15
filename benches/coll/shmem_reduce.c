/* Sum-reduction latency: shmem_long_sum_to_all (active set = all PEs) over SIZE bytes
 * (SIZE / 8 longs), OSU style: each call timed alone, an untimed shmem_barrier_all between
 * calls; mean over PEs. The result is checked: element i is the sum over PEs of (pe + i). */
#include "bench.h"

static long psync[SHMEM_REDUCE_SYNC_SIZE];
static long *src, *dst, *pwrk;
static int me, npes;

static void prep(size_t size, void *ctx)
{
    (void)ctx;
    for (size_t i = 0; i < size / 8; i++) src[i] = (long)me + (long)i;
    memset(dst, 0, size);
}
static void run(size_t size, void *ctx)
{
    (void)ctx;
    shmem_long_sum_to_all(dst, src, (int)(size / 8), 0, 0, npes, pwrk, psync);
}
static int check(size_t size, void *ctx)
{
    (void)ctx;
    const long base = (long)npes * (npes - 1) / 2;
    for (size_t i = 0; i < size / 8; i++)
        if (dst[i] != base + (long)npes * (long)i) return 0;
    return 1;
}

int main(int argc, char **argv)
{
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    bench_opts o = {.title = "sum-reduction latency (shmem_long_sum_to_all)",
                    .iters = 1000, .warmup = 100, .min_size = 8, .max_size = 1 << 20,
                    .time_cap = 0.15};
    bench_init(&o, argc, argv);
    bench_sizes_of_8(&o);
    me = o.me;
    npes = o.npes;
    const size_t nmax = o.max_size / 8;
    size_t nwrk = nmax / 2 + 1;
    if (nwrk < SHMEM_REDUCE_MIN_WRKDATA_SIZE) nwrk = SHMEM_REDUCE_MIN_WRKDATA_SIZE;
    src = bench_shmalloc(&o, o.max_size);
    dst = bench_shmalloc(&o, o.max_size);
    pwrk = bench_shmalloc(&o, nwrk * sizeof(long));
    bench_header(&o, "active set: all PEs; Size = bytes reduced (longs x 8); untimed barrier_all between calls; mean over PEs",
                 "Size  Latency(us)");
    bench_coll_sweep(&o, &(bench_coll){.prep = prep, .run = run, .check = check});
    shmem_free(pwrk);
    shmem_free(dst);
    shmem_free(src);
    return bench_finish(&o);
}
