/* Put bandwidth: a window of W shmem_putmem calls of SIZE bytes to the same remote buffer,
 * then one shmem_quiet; MB/s = 1e6 bytes/s over the whole timed loop. With -n the puts are
 * shmem_putmem_nbi. PE i drives PE i + npes/2; with several pairs the figure is the
 * aggregate (sum over pairs), like OSU's multi-pair bandwidth tests. */
#include "bench.h"

static inline void put_window(char *dst, const char *src, size_t size, long window, int pe, int nbi)
{
    if (nbi)
        for (long w = 0; w < window; w++) shmem_putmem_nbi(dst, src, size, pe);
    else
        for (long w = 0; w < window; w++) shmem_putmem(dst, src, size, pe);
    shmem_quiet();
}

int main(int argc, char **argv)
{
    bench_opts o = {.title = "put bandwidth (window of shmem_putmem, then shmem_quiet)",
                    .iters = 1000, .warmup = 20, .min_size = 1, .max_size = 4 << 20,
                    .time_cap = 0.15, .window = 64};
    bench_init(&o, argc, argv);
    char *src = bench_shmalloc(&o, o.max_size);
    char *dst_mem = bench_shmalloc(&o, o.max_size + BENCH_DIST_SPARE);
    char *dst = bench_place(&o, dst_mem, src);
    const int peer = bench_peer(&o), init = bench_is_initiator(&o);
    char note[160];
    snprintf(note, sizeof note, "window %ld%s, PE i -> PE i+npes/2, sum over pairs; MB/s = 1e6 B/s",
             o.window, o.nbi ? " (nbi)" : "");
    bench_header(&o, note, "Size  Bandwidth(MB/s)");

    for (size_t size = bench_first(&o); size; size = bench_next(&o, size)) BENCH_PASSES(&o) {
        long iters = bench_iters_for(&o, size), warm = bench_warmup_for(&o, size);
        int wrong = 0;
        if (init) bench_fill(src, size, size, o.me);
        shmem_barrier_all();
        double tw = 0;
        if (init && warm > 0) {
            double t0 = bench_now();
            for (long i = 0; i < warm; i++) put_window(dst, src, size, o.window, peer, o.nbi);
            tw = (bench_now() - t0) / (double)warm;
        }
        iters = bench_cap_iters(&o, iters, tw);
        double bw = 0;
        long done = 0;
        if (init) {
            double t = 0;
            BENCH_TIMED(&o, 0, i, iters, done, t, put_window(dst, src, size, o.window, peer, o.nbi));
            bw = (double)size * (double)o.window * (double)done / t / 1e6;
        }
        shmem_barrier_all();
        if (bench_is_target(&o) && !bench_check(dst, size, size, peer))
            wrong = bench_wrong(&o, "put data did not arrive", size);
        bench_row(&o, size, NULL, bw, init, BENCH_TOTAL, init ? done : iters, 2, wrong);
    }
    shmem_free(dst_mem);
    shmem_free(src);
    return bench_finish(&o);
}
