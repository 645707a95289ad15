/* Put message rate: a window of W shmem_putmem calls of SIZE bytes (default sweep 1 B to
 * 4 KiB; the headline is 8 bytes) to consecutive slots of the remote buffer, then one
 * shmem_quiet; messages/s over the whole timed loop. PE i drives PE i + npes/2; with several
 * pairs the figure is the aggregate (sum over pairs), like OSU osu_oshm_put_mr. */
#include "bench.h"

int main(int argc, char **argv)
{
    bench_opts o = {.title = "put message rate (window of shmem_putmem, then shmem_quiet)",
                    .iters = 1000, .warmup = 50, .min_size = 1, .max_size = 4096,
                    .time_cap = 0.15, .window = 64};
    bench_init(&o, argc, argv);
    char *src = bench_shmalloc(&o, o.max_size * (size_t)o.window);
    char *dst = bench_shmalloc(&o, o.max_size * (size_t)o.window);
    const int peer = bench_peer(&o), init = bench_is_initiator(&o);
    char note[160];
    snprintf(note, sizeof note, "window %ld, PE i -> PE i+npes/2, sum over pairs", o.window);
    bench_header(&o, note, "Size  Messages/s");

    for (size_t size = bench_first(&o); size; size = bench_next(&o, size)) BENCH_PASSES(&o) {
        long iters = bench_iters_for(&o, size), warm = bench_warmup_for(&o, size);
        int wrong = 0;
        const size_t span = size * (size_t)o.window;
        if (init) bench_fill(src, span, size, o.me);
        shmem_barrier_all();
        double tw = 0;
        if (init && warm > 0) {
            double t0 = bench_now();
            for (long i = 0; i < warm; i++) {
                for (long w = 0; w < o.window; w++)
                    shmem_putmem(dst + (size_t)w * size, src + (size_t)w * size, size, peer);
                shmem_quiet();
            }
            tw = (bench_now() - t0) / (double)warm;
        }
        iters = bench_cap_iters(&o, iters, tw);
        double rate = 0;
        long done = 0;
        if (init) {
            double t = 0;
            BENCH_TIMED(&o, 0, i, iters, done, t,
                        for (long w = 0; w < o.window; w++)
                            shmem_putmem(dst + (size_t)w * size, src + (size_t)w * size, size, peer);
                        shmem_quiet());
            rate = (double)o.window * (double)done / t;
        }
        shmem_barrier_all();
        if (bench_is_target(&o) && !bench_check(dst, span, size, peer))
            wrong = bench_wrong(&o, "put data did not arrive", size);
        bench_row(&o, size, NULL, rate, init, BENCH_TOTAL, init ? done : iters, 0, wrong);
    }
    shmem_free(dst);
    shmem_free(src);
    return bench_finish(&o);
}
