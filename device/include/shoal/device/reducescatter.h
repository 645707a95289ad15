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
SHOAL_HD inline void reducescatter_over(const context &c, const members &m, T *dest, const T *src, std::size_t n)
{
    reduce_parts<Op, S>(c, m, dest, src, n, static_cast<std::size_t>(m.n), static_cast<T *>(nullptr), "reducescatter");
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
