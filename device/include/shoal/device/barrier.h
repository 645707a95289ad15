// barrier_all and sync_all from kernels: team_sync / barrier on SHMEM_TEAM_WORLD, over the world
// team's own sync words (coll.h), so they never share state with another team's collectives.
// The thread form is called by one thread per PE (per block, in a cooperative kernel of several
// blocks); warp and block forms by every thread of the group. Not mixed with the host barriers.
#ifndef SHOAL_DEVICE_BARRIER_H
#define SHOAL_DEVICE_BARRIER_H

#include <shoal/device/coll.h>

namespace shoal::device {

/** Wait until every PE arrived (no completion of puts: see barrier_all). */
template <class S = scope::thread> SHOAL_HD inline void sync_all(const context &c)
{
    detail::group_sync<S>(c, detail::team_members<S>(c, SHMEM_TEAM_WORLD, "sync_all"));
}

/** Complete this group's puts and AMOs, then wait until every PE arrived. */
template <class S = scope::thread> SHOAL_HD inline void barrier_all(const context &c)
{
    quiet(c);
    detail::group_sync<S>(c, detail::team_members<S>(c, SHMEM_TEAM_WORLD, "barrier_all"));
}

SHOAL_HD inline void barrier_all_warp(const context &c) { barrier_all<scope::warp>(c); }
SHOAL_HD inline void barrier_all_block(const context &c) { barrier_all<scope::block>(c); }
SHOAL_HD inline void sync_all_warp(const context &c) { sync_all<scope::warp>(c); }
SHOAL_HD inline void sync_all_block(const context &c) { sync_all<scope::block>(c); }

} // namespace shoal::device

#endif
