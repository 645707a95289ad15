/* memcpy bandwidth: the baseline for put/get bandwidth. Same loop and sizes as shmem_put_bw,
 * with the remote put replaced by a local memcpy from a symmetric buffer to another one: PE i
 * (i < npes/2) copies while PE i + npes/2 waits, so the same number of cores is busy as in
 * the put/get runs. MB/s = 1e6 bytes/s; with several pairs the figure is the aggregate. */
#include "bench.h"

int main(int argc, char **argv)
{
    bench_opts o = {.title = "memcpy bandwidth (baseline for put/get bandwidth)",
                    .iters = 1000, .warmup = 20, .min_size = 1, .max_size = 4 << 20,
                    .time_cap = 0.15, .window = 64};
    bench_init(&o, argc, argv);
    char *src = bench_shmalloc(&o, o.max_size);
    char *dst_mem = bench_shmalloc(&o, o.max_size + BENCH_DIST_SPARE);
    char *dst = bench_place(&o, dst_mem, src);
    const int init = bench_is_initiator(&o);
    char note[160];
    snprintf(note, sizeof note, "window %ld, local copies on PEs i < npes/2, sum over them; MB/s = 1e6 B/s",
             o.window);
    bench_header(&o, note, "Size  Bandwidth(MB/s)");

    for (size_t size = bench_first(&o); size; size = bench_next(&o, size)) {
        long iters = bench_iters_for(&o, size), warm = bench_warmup_for(&o, size);
        int wrong = 0;
        if (init) bench_fill(src, size, size, o.me);
        shmem_barrier_all();
        double tw = 0;
        volatile char sink = 0;
        if (init && warm > 0) {
            double t0 = bench_now();
            for (long i = 0; i < warm; i++)
                for (long w = 0; w < o.window; w++) {
                    memcpy(dst, src, size);
                    sink = dst[(size_t)w % size]; /* keep the copy from being elided */
                }
            tw = (bench_now() - t0) / (double)warm;
        }
        iters = bench_cap_iters(&o, iters, tw);
        double bw = 0;
        long done = 0;
        if (init) {
            double t = 0;
            BENCH_TIMED(&o, 0, i, iters, done, t,
                        for (long w = 0; w < o.window; w++) {
                            memcpy(dst, src, size);
                            sink = dst[(size_t)w % size];
                        });
            bw = (double)size * (double)o.window * (double)done / t / 1e6;
            if (!bench_check(dst, size, size, o.me)) wrong = bench_wrong(&o, "memcpy check failed", size);
        }
        (void)sink;
        bench_row(&o, size, NULL, bw, init, BENCH_TOTAL, init ? done : iters, 2, wrong);
    }
    shmem_free(dst_mem);
    shmem_free(src);
    return bench_finish(&o);
}
