// Atomic latency, C++ facade: long fetch_add, compare_swap, fetch, and add + quiet on the
// peer. Loop-for-loop twin of atomic_latency_c.c (see facade_bench.h).
#include "facade_bench.h"

#include <shoal/shoal.hpp>

int main(int argc, char **argv)
{
    shoal::Runtime runtime;
    fb_opts o = fb_defaults(20000, 2000, 8, 8);
    fb_init(&o, argc, argv);
    shoal::SymmetricBuffer<long> counter(1);
    const int peer = fb_peer(&o), init = fb_initiator(&o);
    const long iters = o.iters, warm = o.warmup;
    long sink = 0;
    fb_header(&o, "long atomics on the peer (C++ facade)", "Operation  Latency(us)");

    shoal::barrier(shoal::world());
    double us = 0;
    if (init) {
        for (long i = 0; i < warm; i++) sink += shoal::atomic_fetch_add(counter.at(0, peer), 1);
        const double t0 = fb_now();
        for (long i = 0; i < iters; i++) sink += shoal::atomic_fetch_add(counter.at(0, peer), 1);
        us = (fb_now() - t0) * 1e6 / static_cast<double>(iters);
    }
    fb_row_name(&o, "fetch_add", us);

    shoal::barrier(shoal::world());
    us = 0;
    if (init) {
        for (long i = 0; i < warm; i++) sink += shoal::atomic_compare_swap(counter.at(0, peer), -1, 0);
        const double t0 = fb_now();
        for (long i = 0; i < iters; i++) sink += shoal::atomic_compare_swap(counter.at(0, peer), -1, 0);
        us = (fb_now() - t0) * 1e6 / static_cast<double>(iters);
    }
    fb_row_name(&o, "compare_swap", us);

    shoal::barrier(shoal::world());
    us = 0;
    if (init) {
        for (long i = 0; i < warm; i++) sink += shoal::atomic_fetch(counter.at(0, peer));
        const double t0 = fb_now();
        for (long i = 0; i < iters; i++) sink += shoal::atomic_fetch(counter.at(0, peer));
        us = (fb_now() - t0) * 1e6 / static_cast<double>(iters);
    }
    fb_row_name(&o, "fetch", us);

    shoal::barrier(shoal::world());
    us = 0;
    if (init) {
        for (long i = 0; i < warm; i++) {
            shoal::atomic_add(counter.at(0, peer), 1);
            shoal::quiet();
        }
        const double t0 = fb_now();
        for (long i = 0; i < iters; i++) {
            shoal::atomic_add(counter.at(0, peer), 1);
            shoal::quiet();
        }
        us = (fb_now() - t0) * 1e6 / static_cast<double>(iters);
    }
    fb_row_name(&o, "add+quiet", us);

    shoal::barrier(shoal::world());
    if (counter[0] != (fb_targeted(&o) ? 2 * (warm + iters) : 0))
            fb_wrong(&o, "counter", 8);
    if (sink == 42) std::printf(" ");
    return o.wrong;
}
