/* Reduce latency, C API: shmem_long_sum_reduce on the world team, SIZE bytes (SIZE/8 longs),
 * OSU loop (each call timed, an untimed barrier between calls; the mean over PEs).
 * Loop-for-loop twin of reduce_latency_cxx.cpp (see facade_bench.h). */
#include "facade_bench.h"

int main(int argc, char **argv)
{
    shmem_init();
    fb_opts o = fb_defaults(2000, 200, 8, 1 << 16);
    fb_init(&o, argc, argv);
    const size_t cap = o.max_size / sizeof(long) + 1;
    long *src = shmem_malloc(cap * sizeof(long));
    long *dst = shmem_malloc(cap * sizeof(long));
    fb_header(&o, "shmem_long_sum_reduce(SHMEM_TEAM_WORLD) (C API)", "Size  Latency(us)");
    for (size_t size = o.min_size < 8 ? 8 : o.min_size; size; size = fb_next(&o, size)) {
        const size_t n = size / sizeof(long) ? size / sizeof(long) : 1;
        for (size_t i = 0; i < n; i++) src[i] = (long)(o.me + (long)i);
        shmem_barrier_all();
        for (long i = 0; i < fb_warmup(&o, size); i++) {
            shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, n);
            shmem_barrier_all();
        }
        const long iters = fb_iters(&o, size);
        double t = 0;
        for (long i = 0; i < iters; i++) {
            const double t0 = fb_now();
            shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, n);
            t += fb_now() - t0;
            shmem_barrier_all();
        }
        for (size_t i = 0; i < n; i++)
            if (dst[i] != (long)o.npes * (long)i + (long)o.npes * (o.npes - 1) / 2) {
                fb_wrong(&o, "sum", size);
                break;
            }
        fb_row_size(&o, size, fb_mean_over_pes(&o, t * 1e6 / (double)iters));
    }
    shmem_free(dst);
    shmem_free(src);
    shmem_finalize();
    return o.wrong;
}
