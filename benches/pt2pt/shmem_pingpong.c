/* Ping-pong latency: PE i puts SIZE bytes to PE i + npes/2, then a flag (fence between), and
 * waits with shmem_long_wait_until for the partner's answer, which goes the same way back;
 * latency = round trip / 2, mean over the pairs. Each side's wait is a real one, so this is
 * the row that shows a wait's path under load (-P). */
#include "bench.h"

static long flag, trip; /* the round trips so far, the flag's value */

/* n round trips: the initiator's data and flag there, the partner's back. */
static void round_trips(char *dst, const char *src, size_t size, int peer, int init, long n)
{
    for (long i = 0; i < n; i++) {
        trip++;
        if (init) {
            shmem_putmem(dst, src, size, peer);
            shmem_fence();
            shmem_long_p(&flag, trip, peer);
            shmem_long_wait_until(&flag, SHMEM_CMP_EQ, trip);
        } else {
            shmem_long_wait_until(&flag, SHMEM_CMP_EQ, trip);
            shmem_putmem(dst, src, size, peer);
            shmem_fence();
            shmem_long_p(&flag, trip, peer);
        }
    }
}

int main(int argc, char **argv)
{
    bench_opts o = {.title = "ping-pong latency (putmem + fence + p of a flag, wait_until)",
                    .iters = 1000, .warmup = 100, .min_size = 8, .max_size = 1 << 20,
                    .time_cap = 0.15};
    bench_init(&o, argc, argv);
    char *src = bench_shmalloc(&o, o.max_size);
    char *dst_mem = bench_shmalloc(&o, o.max_size + BENCH_DIST_SPARE);
    char *dst = bench_place(&o, dst_mem, src);
    const int peer = bench_peer(&o), init = bench_is_initiator(&o);
    bench_header(&o, "PE i <-> PE i+npes/2, one way, mean over pairs", "Size  Latency(us)");

    for (size_t size = bench_first(&o); size; size = bench_next(&o, size)) BENCH_PASSES(&o) {
        long iters = bench_iters_for(&o, size), warm = bench_warmup_for(&o, size);
        int wrong = 0;
        bench_fill(src, size, size, o.me);
        shmem_barrier_all();
        double tw = 0, lat = 0;
        for (int timed = 0; timed < 2; timed++) {
            long n = timed ? iters : warm;
            if (timed) {
                /* The slowest PE's warm-up decides the count, on both sides of a pair. */
                iters = n = bench_cap_iters(&o, iters, tw);
                bench_waits_mark();
            }
            shmem_barrier_all();
            /* With a time floor (-L), batches of n until the slowest PE's window is that long:
             * the warm-up's estimate is off when a slice of other work fell in it, and beside
             * load a window of a few calls says only whether a slice fell in it (Open MPI's 2
             * PEs beside 2 busy processes, 64 KiB: 6 calls, 2.4 us; 3941 calls, 10.6). */
            double t = 0;
            long done = 0;
            for (const double w0 = bench_now();;) {
                const double t0 = bench_now();
                if (peer >= 0) round_trips(dst, src, size, peer, init, n);
                t += bench_now() - t0;
                done += n;
                if (!timed || bench_floor_filled(&o, w0, done)) break;
            }
            if (!timed) tw = done > 0 ? t / (double)done : 0.0;
            else lat = done > 0 ? t * 1e6 / (double)done / 2.0 : 0.0;
            if (timed) iters = done;
        }
        shmem_barrier_all();
        if (peer >= 0 && !bench_check(dst, size, size, peer)) wrong = bench_wrong(&o, "ping-pong data did not arrive", size);
        bench_row(&o, size, NULL, lat, init, BENCH_AVG, iters, 3, wrong);
        bench_waits_row(&o, iters);
    }
    shmem_free(dst_mem);
    shmem_free(src);
    return bench_finish(&o);
}
