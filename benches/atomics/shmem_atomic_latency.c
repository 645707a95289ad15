/* Atomic latency: shmem_long_atomic_fetch_add and shmem_long_atomic_compare_swap (both
 * fetching, so each call is a full round trip), plus shmem_long_atomic_add followed by
 * shmem_quiet, on a target that is either in the symmetric heap (shmem_malloc) or a global
 * variable (symmetric data segment). PE i drives PE i + npes/2; mean over the pairs.
 * Every row is checked afterwards (the final value and the values fetched); a failed check
 * marks the row WRONG. */
#include "bench.h"

static long global_target; /* symmetric because it is a global */

enum { OP_FADD, OP_CSWAP, OP_ADD_QUIET, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"fetch_add", "compare_swap", "add+quiet"};

/* k runs 0, 1, 2 ... from a target reset to 0: compare_swap(k -> k+1) always succeeds. */
static inline long one_op(int op, long *d, long k, int pe)
{
    switch (op) {
    case OP_FADD: return shmem_long_atomic_fetch_add(d, 1, pe);
    case OP_CSWAP: return shmem_long_atomic_compare_swap(d, k, k + 1, pe);
    default: shmem_long_atomic_add(d, 1, pe); shmem_quiet(); return k;
    }
}

int main(int argc, char **argv)
{
    bench_opts o = {.title = "atomic latency (long: fetch_add, compare_swap, add+quiet)",
                    .iters = 2000, .warmup = 200, .min_size = 8, .max_size = 8,
                    .time_cap = 0.15};
    bench_init(&o, argc, argv);
    if (!o.mem) o.mem = BENCH_MEM_HEAP | BENCH_MEM_GLOBAL;
    long *heap_target = bench_shmalloc(&o, sizeof(long));
    const int peer = bench_peer(&o), init = bench_is_initiator(&o);
    bench_header(&o, "PE i -> PE i+npes/2, mean over pairs; every call returns a fetched value or is quieted",
                 "Operation  Latency(us)");

    for (int m = 0; m < 2; m++) {
        if (!(o.mem & (m == 0 ? BENCH_MEM_HEAP : BENCH_MEM_GLOBAL))) continue;
        long *d = m == 0 ? heap_target : &global_target;
        for (int op = 0; op < OP_COUNT; op++) {
            char name[64];
            snprintf(name, sizeof name, "%s@%s", op_names[op], m == 0 ? "heap" : "global");
            if (!bench_selected(&o, name)) continue;
            BENCH_PASSES(&o) {
                long iters = o.iters, warm = o.warmup;
                *d = 0;
                shmem_barrier_all();
                double tw = 0;
                if (init && warm > 0) {
                    double t0 = bench_now();
                    for (long k = 0; k < warm; k++) (void)one_op(op, d, k, peer);
                    tw = (bench_now() - t0) / (double)warm;
                }
                iters = bench_cap_iters(&o, iters, tw); /* barriers: the target may reset now */
                *d = 0;
                shmem_barrier_all();
                double t = 0;
                int ok = 1;
                long done = 0;
                /* With a time floor (-L), batches until the slowest PE's window is that long,
                 * every pair the same count (the target checks it): the warm-up's estimate is
                 * off where its first calls were slow (fetch_add@heap, the first row, timed
                 * 16 us of a 20 ms floor). */
                BENCH_TIMED(&o, 1, k, iters, done, t, if (init) (void)one_op(op, d, k, peer));
                const double lat = init && done > 0 ? t * 1e6 / (double)done : 0.0;
                if (init) { /* a few more, checking what comes back */
                    for (long k = done; k < done + 4; k++) {
                        long r = one_op(op, d, k, peer);
                        if (r != k) ok = 0;
                    }
                    shmem_quiet();
                }
                shmem_barrier_all();
                if (bench_is_target(&o) && *d != done + 4) ok = 0;
                int wrong = ok ? 0 : bench_wrong(&o, name, sizeof(long));
                bench_row(&o, 0, name, lat, init, BENCH_AVG, done, 3, wrong);
            }
        }
    }
    shmem_free(heap_target);
    return bench_finish(&o);
}
