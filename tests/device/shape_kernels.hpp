// Kernel bodies of the launch-shape tests, shared by the host emulation (launch_test.cpp) and
// the GPU suite (tests/gpu/gpu_shape_test.cu): warps of blocks that a warp does not fill,
// grids of several blocks (3-D), and device barriers and reductions called from every block
// of a cooperative launch. Each returns the number of wrong things the calling thread saw.
#ifndef SHOAL_TESTS_SHAPE_KERNELS_HPP
#define SHOAL_TESTS_SHAPE_KERNELS_HPP

#include <shoal/device/api.h>

namespace shape_kernels {

namespace d = shoal::device;
using d::context;

SHOAL_HD inline int right(const context &c) { return (c.my_pe + 1) % c.npes; }
SHOAL_HD inline int left(const context &c) { return (c.my_pe + c.npes - 1) % c.npes; }

/** What PE pe's group g leaves at index i. */
SHOAL_HD inline long value(int pe, int g, std::size_t i) { return 1000000L * (pe + 1) + 10000L * g + static_cast<long>(i); }

SHOAL_HD inline int tid() { return d::scope::block::rank(); }

/** Each warp of each block puts n longs of its own region to the right PE and gets n from
 *  the left PE's src, at warp scope; every lane also checks the warp's size against the
 *  arithmetic here (32, or what is left of the block). Regions: (block * warps + warp) * n. */
SHOAL_HD inline int warp_ring(const context &c, long *dest, long *src, std::size_t n)
{
    using W = d::scope::warp;
    const int threads = d::scope::block::size(), t = tid();
    const int warps = (threads + 31) / 32, w = t / 32;
    const int g = static_cast<int>(d::grid::rank()) * warps + w;
    const int lanes = threads - w * 32 < 32 ? threads - w * 32 : 32;
    int bad = (W::size() != lanes) + (W::rank() != t % 32);
    const std::size_t off = static_cast<std::size_t>(g) * n;
    for (std::size_t i = static_cast<std::size_t>(W::rank()); i < n; i += static_cast<std::size_t>(W::size()))
        src[off + i] = value(c.my_pe, g, i);
    W::sync();
    d::put<W>(c, dest + off, src + off, n, right(c));
    d::quiet(c);
    return bad;
}

/** After every PE's warp_ring: get the left PE's src regions back at warp scope. */
SHOAL_HD inline int warp_get(const context &c, long *got, const long *src, std::size_t n)
{
    using W = d::scope::warp;
    const int threads = d::scope::block::size(), t = tid();
    const int warps = (threads + 31) / 32, w = t / 32;
    const int g = static_cast<int>(d::grid::rank()) * warps + w;
    const std::size_t off = static_cast<std::size_t>(g) * n;
    d::get<W>(c, got + off, src + off, n, left(c));
    return 0;
}

/** `iters` device barriers at scope S, called from every block of a cooperative grid: before
 *  barrier it, each block's rank 0 p()s value(me, block, it) to its slot of the right PE (two
 *  rows of slots, used in turn), and after it checks every block's slot from the left PE. */
template <class S> SHOAL_HD int cooperative_barriers(const context &c, long *slots, int iters)
{
    const auto blocks = static_cast<int>(d::grid::size()), b = static_cast<int>(d::grid::rank());
    int bad = 0;
    for (int it = 0; it < iters; it++) {
        long *row = slots + (it % 2) * blocks;
        if (S::rank() == 0) d::p(c, row + b, value(c.my_pe, b, static_cast<std::size_t>(it)), right(c));
        d::barrier_all<S>(c);
        if (S::rank() == 0)
            for (int j = 0; j < blocks; j++)
                bad += d::atomic_fetch(c, row + j, c.my_pe) != value(left(c), j, static_cast<std::size_t>(it));
    }
    return bad;
}

/** A team sum reduction of n longs from every block of a cooperative grid (in place or not),
 *  checked where each thread's elements landed. Member m's input at i: (m + 1) * (i % 7 + 1). */
SHOAL_HD inline int cooperative_reduce(const context &c, shmem_team_t team, long *dest, long *src, std::size_t n)
{
    using B = d::scope::block;
    const int me = d::team_my_pe(c, team), np = d::team_n_pes(c, team);
    const std::size_t first = d::grid::rank() * static_cast<std::size_t>(B::size()) + static_cast<std::size_t>(B::rank());
    const std::size_t step = static_cast<std::size_t>(d::grid::size()) * static_cast<std::size_t>(B::size());
    for (std::size_t i = first; i < n; i += step) src[i] = (me + 1) * static_cast<long>(i % 7 + 1);
    d::team_sync<B>(c, team); // every block's inputs are in place
    d::long_sum_reduce_block(c, team, dest, src, n);
    int bad = 0;
    for (std::size_t i = first; i < n; i += step) bad += dest[i] != static_cast<long>(np) * (np + 1) / 2 * static_cast<long>(i % 7 + 1);
    d::team_sync<B>(c, team); // the next call may overwrite src
    return bad;
}

} // namespace shape_kernels

#endif
