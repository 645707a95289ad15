/* Atomic latency, C API: long fetch_add, compare_swap, fetch, and add + quiet on the peer.
 * Loop-for-loop twin of atomic_latency_cxx.cpp (see facade_bench.h). */
#include "facade_bench.h"

int main(int argc, char **argv)
{
    shmem_init();
    fb_opts o = fb_defaults(20000, 2000, 8, 8);
    fb_init(&o, argc, argv);
    long *counter = shmem_calloc(1, sizeof(long));
    const int peer = fb_peer(&o), init = fb_initiator(&o);
    const long iters = o.iters, warm = o.warmup;
    long sink = 0;
    fb_header(&o, "long atomics on the peer (C API)", "Operation  Latency(us)");

    shmem_barrier_all();
    double us = 0;
    if (init) {
        for (long i = 0; i < warm; i++) sink += shmem_long_atomic_fetch_add(counter, 1, peer);
        const double t0 = fb_now();
        for (long i = 0; i < iters; i++) sink += shmem_long_atomic_fetch_add(counter, 1, peer);
        us = (fb_now() - t0) * 1e6 / (double)iters;
    }
    fb_row_name(&o, "fetch_add", us);

    shmem_barrier_all();
    us = 0;
    if (init) {
        for (long i = 0; i < warm; i++) sink += shmem_long_atomic_compare_swap(counter, -1, 0, peer);
        const double t0 = fb_now();
        for (long i = 0; i < iters; i++) sink += shmem_long_atomic_compare_swap(counter, -1, 0, peer);
        us = (fb_now() - t0) * 1e6 / (double)iters;
    }
    fb_row_name(&o, "compare_swap", us);

    shmem_barrier_all();
    us = 0;
    if (init) {
        for (long i = 0; i < warm; i++) sink += shmem_long_atomic_fetch(counter, peer);
        const double t0 = fb_now();
        for (long i = 0; i < iters; i++) sink += shmem_long_atomic_fetch(counter, peer);
        us = (fb_now() - t0) * 1e6 / (double)iters;
    }
    fb_row_name(&o, "fetch", us);

    shmem_barrier_all();
    us = 0;
    if (init) {
        for (long i = 0; i < warm; i++) {
            shmem_long_atomic_add(counter, 1, peer);
            shmem_quiet();
        }
        const double t0 = fb_now();
        for (long i = 0; i < iters; i++) {
            shmem_long_atomic_add(counter, 1, peer);
            shmem_quiet();
        }
        us = (fb_now() - t0) * 1e6 / (double)iters;
    }
    fb_row_name(&o, "add+quiet", us);

    shmem_barrier_all();
    if (*counter != (fb_targeted(&o) ? 2 * (warm + iters) : 0))
            fb_wrong(&o, "counter", 8);
    if (sink == 42) printf(" ");
    shmem_free(counter);
    shmem_finalize();
    return o.wrong;
}
