/* Get latency: one blocking shmem_getmem of SIZE bytes per iteration (a get is complete when
 * it returns). PE i reads from PE i + npes/2; the figure is the mean over the pairs. */
#include "bench.h"

int main(int argc, char **argv)
{
    bench_opts o = {.title = "get latency (blocking shmem_getmem)",
                    .iters = 1000, .warmup = 100, .min_size = 1, .max_size = 1 << 20,
                    .time_cap = 0.15};
    bench_init(&o, argc, argv);
    char *src = bench_shmalloc(&o, o.max_size);
    char *dst_mem = bench_shmalloc(&o, o.max_size + BENCH_DIST_SPARE);
    char *dst = bench_place(&o, dst_mem, src);
    const int peer = bench_peer(&o), init = bench_is_initiator(&o);
    bench_header(&o, "PE i reads PE i+npes/2, mean over pairs", "Size  Latency(us)");

    for (size_t size = bench_first(&o); size; size = bench_next(&o, size)) BENCH_PASSES(&o) {
        long iters = bench_iters_for(&o, size), warm = bench_warmup_for(&o, size);
        int wrong = 0;
        if (bench_is_target(&o)) bench_fill(src, size, size, o.me);
        memset(dst, 0, size);
        shmem_barrier_all();
        double tw = 0;
        if (init && warm > 0) {
            double t0 = bench_now();
            for (long i = 0; i < warm; i++) shmem_getmem(dst, src, size, peer);
            tw = (bench_now() - t0) / (double)warm;
        }
        iters = bench_cap_iters(&o, iters, tw);
        double lat = 0;
        long done = 0;
        if (init) {
            memset(dst, 0, size);
            double t = 0;
            BENCH_TIMED(&o, 0, i, iters, done, t, shmem_getmem(dst, src, size, peer));
            lat = t * 1e6 / (double)done;
            if (!bench_check(dst, size, size, peer)) wrong = bench_wrong(&o, "get returned wrong data", size);
        }
        bench_row(&o, size, NULL, lat, init, BENCH_AVG, init ? done : iters, 3, wrong);
    }
    shmem_free(dst_mem);
    shmem_free(src);
    return bench_finish(&o);
}
