// Get latency, C++ facade: one blocking shoal::get of SIZE bytes per iteration.
// Loop-for-loop twin of get_latency_c.c (see facade_bench.h).
#include "facade_bench.h"

#include <shoal/shoal.hpp>

#include <vector>

int main(int argc, char **argv)
{
    shoal::Runtime runtime;
    fb_opts o = fb_defaults(10000, 1000, 8, 1 << 16);
    fb_init(&o, argc, argv);
    const size_t cap = o.max_size / sizeof(long) + 1;
    shoal::SymmetricBuffer<long> src(cap, shoal::no_init);
    std::vector<long> dst(cap);
    const int peer = fb_peer(&o);
    fb_header(&o, "shoal::get (C++ facade)", "Size  Latency(us)");
    for (size_t size = o.min_size; size; size = fb_next(&o, size)) {
        const size_t n = (size + sizeof(long) - 1) / sizeof(long);
        for (size_t i = 0; i < n; i++) src[i] = static_cast<long>(o.me * 1000003 + static_cast<long>(size + i));
        shoal::barrier(shoal::world());
        double us = 0;
        if (fb_initiator(&o)) {
            for (long i = 0; i < fb_warmup(&o, size); i++)
                shoal::get(std::span<long>(dst).first(n), src.on(peer).first(n));
            const long iters = fb_iters(&o, size);
            const double t0 = fb_now();
            for (long i = 0; i < iters; i++)
                shoal::get(std::span<long>(dst).first(n), src.on(peer).first(n));
            us = (fb_now() - t0) * 1e6 / static_cast<double>(iters);
            for (size_t i = 0; i < n; i++)
                if (dst[i] != static_cast<long>(peer * 1000003 + static_cast<long>(size + i))) {
                    fb_wrong(&o, "get", size);
                    break;
                }
        }
        fb_row_size(&o, size, us);
        shoal::barrier(shoal::world());
    }
    return o.wrong;
}
