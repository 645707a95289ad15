// Reduce-scatter from kernels (NVSHMEM's TYPENAME_OP_reducescatter): source holds nreduce
// elements per member; member i's dest gets the Op over every member's block i, combined in
// member order (0, 1, ...: the same bits everywhere). Same scheme as reduce.h: when source is
// symmetric and dest does not overlap it, each member reads its block straight from the
// members' sources between two syncs; otherwise, in chunks of the team's scratch, each member
// stages its chunk of every block, syncs, combines block i of every member into its dest, and
// syncs again before the scratch is reused. A group's threads, and a kernel's blocks, split the
// elements (the blocks of an on-stream kernel each in their own part of the scratch).
#ifndef SHOAL_DEVICE_REDUCESCATTER_H
#define SHOAL_DEVICE_REDUCESCATTER_H

#include <shoal/device/reduce.h>

namespace shoal::device {

namespace detail {

template <class Op, class S, class T>
SHOAL_HD SHOAL_DEV_NOINLINE inline void reducescatter_over(const context &c, const members &m, T *dest, const T *src,
                                                           std::size_t n)
{
    const unsigned blocks = grid::size(), b = grid::rank();
    const std::size_t members_n = static_cast<std::size_t>(m.n);
    if (!staged(c, dest, src, n * members_n)) {
        const geometry::range part = block_part(n);
        group_sync<S>(c, m);
        combine<Op, S>(c, m, dest, src + static_cast<std::size_t>(m.me) * n, part.begin, part.end);
        group_sync<S>(c, m);
        return;
    }
    T *stage = reinterpret_cast<T *>(m.scratch ? m.scratch : c.scratch);
    std::size_t room = (m.scratch ? m.scratch_bytes : static_cast<std::size_t>(c.scratch_size)) / sizeof(T);
    const bool shared = m.grid && blocks > 1;
    geometry::range mine{0, n};
    if (!shared && blocks > 1) {
        mine = block_part(n);
        room /= blocks;
        stage += room * b;
    }
    const std::size_t chunk = room / members_n;
    if (chunk == 0 && mine.size())
        fail<S>(c, "reducescatter", "the team's %ld members do not fit the device scratch", m.n);
    for (std::size_t off = mine.begin; off < mine.end; off += chunk) {
        const std::size_t len = mine.end - off < chunk ? mine.end - off : chunk;
        const geometry::range sub = shared ? geometry::slice(len, blocks, b) : geometry::range{0, len};
        for (std::size_t k = 0; k < members_n; k++)
            copy_elems<S>(stage + k * len + sub.begin, src + k * n + off + sub.begin, sub.size());
        group_sync<S>(c, m);
        combine<Op, S>(c, m, dest + off, stage + static_cast<std::size_t>(m.me) * len, sub.begin, sub.end);
        group_sync<S>(c, m); // every member has read my stage: the next chunk may overwrite it
    }
}

} // namespace detail

/** dest[i] = source[me * nreduce + i] of member 0 Op member 1 Op ... for i < nreduce. */
template <class Op, class S = scope::thread, class T>
SHOAL_HD inline int reducescatter(const context &c, shmem_team_t team, T *dest, const T *source, std::size_t nreduce)
{
    detail::reducescatter_over<Op, S>(c, detail::team_members<S>(c, team, "reducescatter"), dest, source, nreduce);
    return 0;
}

} // namespace shoal::device

#endif
