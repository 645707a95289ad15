// Reduce-scatter from kernels (NVSHMEM's TYPENAME_OP_reducescatter): source holds nreduce
// elements per member; member i's dest gets the Op over every member's block i. Same scheme as
// reduce.h: in chunks of the context's scratch, each member stages its chunk of every block,
// syncs, combines block i of every member (member order 0, 1, ...: the same bits everywhere)
// into its dest, and syncs again before the scratch is reused. dest may be source.
#ifndef SHOAL_DEVICE_REDUCESCATTER_H
#define SHOAL_DEVICE_REDUCESCATTER_H

#include <shoal/device/reduce.h>

namespace shoal::device {

namespace detail {

template <class Op, class S, class T>
SHOAL_HD SHOAL_DEV_NOINLINE inline void reducescatter_over(const context &c, const members &m, T *dest, const T *src,
                                                           std::size_t n)
{
    T *stage = reinterpret_cast<T *>(c.scratch);
    std::size_t chunk = c.scratch_size / sizeof(T) / static_cast<std::size_t>(m.n);
    if (chunk == 0) fail<S>(c, "reducescatter", "the team's %ld members do not fit the device scratch", m.n);
    for (std::size_t off = 0; off < n; off += chunk) {
        const std::size_t len = n - off < chunk ? n - off : chunk;
        for (int k = 0; k < m.n; k++) copy<S>(stage + static_cast<std::size_t>(k) * len, src + static_cast<std::size_t>(k) * n + off, len);
        group_sync<S>(c, m);
        const T *mine = stage + static_cast<std::size_t>(m.me) * len;
        for (std::size_t i = static_cast<std::size_t>(S::rank()); i < len; i += static_cast<std::size_t>(S::size())) {
            T acc = *peer(c, mine + i, m.pe(0));
            for (int j = 1; j < m.n; j++) acc = Op::apply(acc, *peer(c, mine + i, m.pe(j)));
            dest[off + i] = acc;
        }
        group_sync<S>(c, m); // every member has read my scratch: the next chunk may overwrite it
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
