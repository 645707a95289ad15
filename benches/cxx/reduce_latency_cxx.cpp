// Reduce latency, C++ facade: shoal::reduce(world, ..., shoal::sum), SIZE bytes (SIZE/8
// longs), OSU loop (each call timed, an untimed barrier between calls; the mean over PEs).
// Loop-for-loop twin of reduce_latency_c.c (see facade_bench.h).
#include "facade_bench.h"

#include <shoal/shoal.hpp>

int main(int argc, char **argv)
{
    shoal::Runtime runtime;
    fb_opts o = fb_defaults(2000, 200, 8, 1 << 16);
    fb_init(&o, argc, argv);
    const size_t cap = o.max_size / sizeof(long) + 1;
    shoal::SymmetricBuffer<long> src(cap, shoal::no_init);
    shoal::SymmetricBuffer<long> dst(cap, shoal::no_init);
    fb_header(&o, "shoal::reduce(shoal::world(), ..., shoal::sum) (C++ facade)", "Size  Latency(us)");
    for (size_t size = o.min_size < 8 ? 8 : o.min_size; size; size = fb_next(&o, size)) {
        const size_t n = size / sizeof(long) ? size / sizeof(long) : 1;
        for (size_t i = 0; i < n; i++) src[i] = static_cast<long>(o.me + static_cast<long>(i));
        shoal::barrier(shoal::world());
        for (long i = 0; i < fb_warmup(&o, size); i++) {
            shoal::reduce(shoal::world(), dst.local().first(n), src.local().first(n), shoal::sum);
            shoal::barrier(shoal::world());
        }
        const long iters = fb_iters(&o, size);
        double t = 0;
        for (long i = 0; i < iters; i++) {
            const double t0 = fb_now();
            shoal::reduce(shoal::world(), dst.local().first(n), src.local().first(n), shoal::sum);
            t += fb_now() - t0;
            shoal::barrier(shoal::world());
        }
        for (size_t i = 0; i < n; i++)
            if (dst[i] != static_cast<long>(o.npes) * static_cast<long>(i) + static_cast<long>(o.npes) * (o.npes - 1) / 2) {
                fb_wrong(&o, "sum", size);
                break;
            }
        fb_row_size(&o, size, fb_mean_over_pes(&o, t * 1e6 / static_cast<double>(iters)));
    }
    return o.wrong;
}
