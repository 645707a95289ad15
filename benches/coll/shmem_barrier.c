/* Barrier latency: shmem_barrier_all, the active-set shmem_barrier over all PEs (with pSync)
 * and shmem_sync_all, each called back to back; latency = loop time / calls, mean over PEs
 * (with -L, batches of calls until the slowest PE's loop fills it). */
#include "bench.h"

static long psync[SHMEM_BARRIER_SYNC_SIZE];

int main(int argc, char **argv)
{
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    bench_opts o = {.title = "barrier latency (barrier_all, active-set barrier, sync_all)",
                    .iters = 1000, .warmup = 100, .min_size = 0, .max_size = 0,
                    .time_cap = 0.3};
    bench_init(&o, argc, argv);
    bench_header(&o, "calls back to back, mean over PEs", "Operation  Latency(us)");
    static const char *const names[] = {"barrier_all", "barrier", "sync_all"};
    for (int op = 0; op < 3; op++) {
        if (!bench_selected(&o, names[op])) continue;
        BENCH_PASSES(&o) {
            long iters = o.iters, warm = o.warmup;
            shmem_barrier_all();
            double t0 = bench_now();
            for (long i = 0; i < warm; i++) {
                if (op == 0) shmem_barrier_all();
                else if (op == 1) shmem_barrier(0, 0, o.npes, psync);
                else shmem_sync_all();
            }
            double tw = warm > 0 ? (bench_now() - t0) / (double)warm : 0.0;
            iters = bench_cap_iters(&o, iters, tw);
            shmem_barrier_all();
            bench_waits_mark();
            long done = 0;
            double secs = 0;
            BENCH_TIMED(&o, 1, i, iters, done, secs,
                        if (op == 0) shmem_barrier_all();
                        else if (op == 1) shmem_barrier(0, 0, o.npes, psync);
                        else shmem_sync_all());
            bench_row(&o, 0, names[op], secs * 1e6 / (double)done, 1, BENCH_AVG, done, 3, 0);
            bench_waits_row(&o, done);
        }
    }
    return bench_finish(&o);
}
