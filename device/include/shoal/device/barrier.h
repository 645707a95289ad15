// barrier_all and sync_all from kernels: a dissemination barrier over the context's symmetric
// barrier area (the epoch, then one counter a round). Round k adds 1 to PE me + 2^k's counter
// k and waits until mine reaches the epoch: counters only grow, so a PE that runs ahead into
// the next barrier never confuses this one. The thread form is called by one thread per PE;
// warp and block forms by every thread of the group. Not mixed with the host barriers.
#ifndef SHOAL_DEVICE_BARRIER_H
#define SHOAL_DEVICE_BARRIER_H

#include <shoal/device/order.h>
#include <shoal/device/scope.h>
#include <shoal/device/wait.h>

namespace shoal::device {

namespace detail {

SHOAL_HD inline void dissemination(const context &c)
{
    std::uint64_t *area = c.barrier;
    const std::uint64_t epoch = atomic_ref<std::uint64_t>(area[0]).fetch_add(1) + 1;
    for (int k = 0, d = 1; d < c.npes; k++, d <<= 1) {
        const int to = (c.my_pe + d) % c.npes;
        atomic_ref<std::uint64_t>(*peer(c, &area[1 + k], to)).fetch_add(1);
        unsigned polls = 0;
        while (load_acquire(&area[1 + k]) < epoch) backoff(polls);
    }
}

} // namespace detail

/** Wait until every PE arrived (no completion of puts: see barrier_all). */
template <class S = scope::thread> SHOAL_HD inline void sync_all(const context &c)
{
    S::sync();
    if (S::rank() == 0) detail::dissemination(c);
    S::sync();
}

/** Complete this group's puts and AMOs, then wait until every PE arrived. */
template <class S = scope::thread> SHOAL_HD inline void barrier_all(const context &c)
{
    quiet(c);
    sync_all<S>(c);
    quiet(c);
}

SHOAL_HD inline void barrier_all_warp(const context &c) { barrier_all<scope::warp>(c); }
SHOAL_HD inline void barrier_all_block(const context &c) { barrier_all<scope::block>(c); }
SHOAL_HD inline void sync_all_warp(const context &c) { sync_all<scope::warp>(c); }
SHOAL_HD inline void sync_all_block(const context &c) { sync_all<scope::block>(c); }

} // namespace shoal::device

#endif
