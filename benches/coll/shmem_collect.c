/* Collect latency: shmem_collect64 (active set = all PEs), every PE contributing SIZE bytes
 * (the concatenation is npes * SIZE), OSU style: each call timed alone, an untimed
 * shmem_barrier_all between calls; mean over PEs. shmem_fcollect.c builds the fcollect64
 * program from this file (BENCH_FCOLLECT). */
#include "bench.h"

#ifdef BENCH_FCOLLECT
#define COLLECT64 shmem_fcollect64
#define NAME "fcollect"
#else
#define COLLECT64 shmem_collect64
#define NAME "collect"
#endif

static long psync[SHMEM_COLLECT_SYNC_SIZE];
static char *src, *dst;
static int me, npes;

static void prep(size_t size, void *ctx)
{
    (void)ctx;
    bench_fill(src, size, size, me);
    memset(dst, 0, size * (size_t)npes);
}
static void run(size_t size, void *ctx)
{
    (void)ctx;
    COLLECT64(dst, src, size / 8, 0, 0, npes, psync);
}
static int check(size_t size, void *ctx)
{
    (void)ctx;
    for (int p = 0; p < npes; p++)
        if (!bench_check(dst + (size_t)p * size, size, size, p)) return 0;
    return 1;
}

int main(int argc, char **argv)
{
    for (int i = 0; i < SHMEM_COLLECT_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    bench_opts o = {.title = NAME " latency (shmem_" NAME "64, SIZE bytes from each PE)",
                    .iters = 1000, .warmup = 100, .min_size = 8, .max_size = 1 << 20,
                    .time_cap = 0.15};
    bench_init(&o, argc, argv);
    bench_sizes_of_8(&o);
    me = o.me;
    npes = o.npes;
    src = bench_shmalloc(&o, o.max_size);
    if (o.dist > 0 && o.dist % 8) bench_fail(&o, "-D: a multiple of 8 here (64-bit elements)");
    char *dst_mem = bench_shmalloc(&o, o.max_size * (size_t)npes + BENCH_DIST_SPARE);
    dst = bench_place(&o, dst_mem, src);
    bench_header(&o, "active set: all PEs; Size = bytes per PE; untimed barrier_all between calls; mean over PEs",
                 "Size  Latency(us)");
    bench_coll_sweep(&o, &(bench_coll){.prep = prep, .run = run, .check = check});
    shmem_free(dst_mem);
    shmem_free(src);
    return bench_finish(&o);
}
