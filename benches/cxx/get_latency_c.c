/* Get latency, C API: one blocking shmem_long_get of SIZE bytes per iteration.
 * Loop-for-loop twin of get_latency_cxx.cpp (see facade_bench.h). */
#include "facade_bench.h"

int main(int argc, char **argv)
{
    shmem_init();
    fb_opts o = fb_defaults(10000, 1000, 8, 1 << 16);
    fb_init(&o, argc, argv);
    const size_t cap = o.max_size / sizeof(long) + 1;
    long *src = shmem_malloc(cap * sizeof(long));
    long *dst = malloc(cap * sizeof(long));
    const int peer = fb_peer(&o);
    fb_header(&o, "shmem_long_get (C API)", "Size  Latency(us)");
    for (size_t size = o.min_size; size; size = fb_next(&o, size)) {
        const size_t n = (size + sizeof(long) - 1) / sizeof(long);
        for (size_t i = 0; i < n; i++) src[i] = (long)(o.me * 1000003 + (long)(size + i));
        shmem_barrier_all();
        double us = 0;
        if (fb_initiator(&o)) {
            for (long i = 0; i < fb_warmup(&o, size); i++)
                shmem_long_get(dst, src, n, peer);
            const long iters = fb_iters(&o, size);
            const double t0 = fb_now();
            for (long i = 0; i < iters; i++)
                shmem_long_get(dst, src, n, peer);
            us = (fb_now() - t0) * 1e6 / (double)iters;
            for (size_t i = 0; i < n; i++)
                if (dst[i] != (long)(peer * 1000003 + (long)(size + i))) {
                    fb_wrong(&o, "get", size);
                    break;
                }
        }
        fb_row_size(&o, size, us);
        shmem_barrier_all();
    }
    free(dst);
    shmem_free(src);
    shmem_finalize();
    return o.wrong;
}
