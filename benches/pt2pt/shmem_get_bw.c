/* Get bandwidth: a window of W shmem_getmem calls of SIZE bytes from the same remote buffer
 * (with -n: shmem_getmem_nbi and one shmem_quiet per window); MB/s = 1e6 bytes/s. PE i reads
 * PE i + npes/2; with several pairs the figure is the aggregate (sum over pairs). */
#include "bench.h"

static inline void get_window(char *dst, const char *src, size_t size, long window, int pe, int nbi)
{
    if (nbi) {
        for (long w = 0; w < window; w++) shmem_getmem_nbi(dst, src, size, pe);
        shmem_quiet();
    } else {
        for (long w = 0; w < window; w++) shmem_getmem(dst, src, size, pe);
    }
}

int main(int argc, char **argv)
{
    bench_opts o = {.title = "get bandwidth (window of shmem_getmem)",
                    .iters = 1000, .warmup = 20, .min_size = 1, .max_size = 4 << 20,
                    .time_cap = 0.15, .window = 64};
    bench_init(&o, argc, argv);
    char *src = bench_shmalloc(&o, o.max_size);
    char *dst_mem = bench_shmalloc(&o, o.max_size + BENCH_DIST_SPARE);
    char *dst = bench_place(&o, dst_mem, src);
    const int peer = bench_peer(&o), init = bench_is_initiator(&o);
    char note[160];
    snprintf(note, sizeof note, "window %ld%s, PE i reads PE i+npes/2, sum over pairs; MB/s = 1e6 B/s",
             o.window, o.nbi ? " (nbi + quiet)" : "");
    bench_header(&o, note, "Size  Bandwidth(MB/s)");

    for (size_t size = bench_first(&o); size; size = bench_next(&o, size)) BENCH_PASSES(&o) {
        long iters = bench_iters_for(&o, size), warm = bench_warmup_for(&o, size);
        int wrong = 0;
        if (bench_is_target(&o)) bench_fill(src, size, size, o.me);
        shmem_barrier_all();
        double tw = 0;
        if (init && warm > 0) {
            double t0 = bench_now();
            for (long i = 0; i < warm; i++) get_window(dst, src, size, o.window, peer, o.nbi);
            tw = (bench_now() - t0) / (double)warm;
        }
        iters = bench_cap_iters(&o, iters, tw);
        double bw = 0;
        long done = 0;
        if (init) {
            memset(dst, 0, size);
            double t = 0;
            BENCH_TIMED(&o, 0, i, iters, done, t, get_window(dst, src, size, o.window, peer, o.nbi));
            bw = (double)size * (double)o.window * (double)done / t / 1e6;
            if (!bench_check(dst, size, size, peer)) wrong = bench_wrong(&o, "get returned wrong data", size);
        }
        bench_row(&o, size, NULL, bw, init, BENCH_TOTAL, init ? done : iters, 2, wrong);
    }
    shmem_free(dst_mem);
    shmem_free(src);
    return bench_finish(&o);
}
