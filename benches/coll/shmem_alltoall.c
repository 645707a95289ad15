/* All-to-all latency: shmem_alltoall64 (active set = all PEs), SIZE bytes from every PE to
 * every PE (each PE sends and receives npes * SIZE), OSU style: each call timed alone, an
 * untimed shmem_barrier_all between calls; mean over PEs. shmem_alltoalls.c builds the
 * strided form from this file (BENCH_ALLTOALLS: shmem_alltoalls64, every other element of
 * source and dest, SIZE payload bytes per PE pair). */
#include "bench.h"

#ifdef BENCH_ALLTOALLS
#define STRIDE 2
#define OPNAME "shmem_alltoalls64, dst = sst = 2"
#else
#define STRIDE 1
#define OPNAME "shmem_alltoall64"
#endif

static long psync[SHMEM_ALLTOALL_SYNC_SIZE];
static uint64_t *src, *dst;
static int me, npes;

/* Element e of the block PE `from` sends to PE `to`. */
static uint64_t elem(size_t size, int from, int to, size_t e)
{
    return (uint64_t)size * 1000003u + (uint64_t)from * 7919u + (uint64_t)to * 104729u + e;
}

static void prep(size_t size, void *ctx)
{
    (void)ctx;
    const size_t n = size / 8;
    for (int j = 0; j < npes; j++)
        for (size_t e = 0; e < n; e++) src[((size_t)j * n + e) * STRIDE] = elem(size, me, j, e);
    memset(dst, 0, size * (size_t)npes * STRIDE);
}
static void run(size_t size, void *ctx)
{
    (void)ctx;
#ifdef BENCH_ALLTOALLS
    shmem_alltoalls64(dst, src, STRIDE, STRIDE, size / 8, 0, 0, npes, psync);
#else
    shmem_alltoall64(dst, src, size / 8, 0, 0, npes, psync);
#endif
}
static int check(size_t size, void *ctx)
{
    (void)ctx;
    const size_t n = size / 8;
    for (int j = 0; j < npes; j++) /* block j came from PE j's block for me */
        for (size_t e = 0; e < n; e++)
            if (dst[((size_t)j * n + e) * STRIDE] != elem(size, j, me, e)) return 0;
    return 1;
}

int main(int argc, char **argv)
{
    for (int i = 0; i < SHMEM_ALLTOALL_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    bench_opts o = {.title = "alltoall latency (" OPNAME ", SIZE bytes per PE pair)",
                    .iters = 1000, .warmup = 100, .min_size = 8, .max_size = 1 << 20,
                    .time_cap = 0.15};
    bench_init(&o, argc, argv);
    bench_sizes_of_8(&o);
    me = o.me;
    npes = o.npes;
    src = bench_shmalloc(&o, o.max_size * (size_t)npes * STRIDE);
    dst = bench_shmalloc(&o, o.max_size * (size_t)npes * STRIDE);
    bench_header(&o, "active set: all PEs; Size = bytes per PE pair; untimed barrier_all between calls; mean over PEs",
                 "Size  Latency(us)");
    bench_coll_sweep(&o, &(bench_coll){.prep = prep, .run = run, .check = check});
    shmem_free(dst);
    shmem_free(src);
    return bench_finish(&o);
}
