// Shoal's C++20 facade, header-only, over the public C ABI (<shmem.h>, <shmemx.h>).
//
//     #include <shoal/shoal.hpp>
//     int main() {
//         shoal::Runtime runtime;
//         shoal::SymmetricBuffer<long> x(1);
//         shoal::atomic_add(x.at(0, 0), 1L);
//         shoal::barrier(shoal::world());
//     }
//
// Owners (Runtime, Team, Context, SymmetricBuffer, PsyncPool, ActiveSetCollectives,
// StreamCollectives) are move-only (Runtime: not even movable) and release in their
// destructors; views (TeamRef, ContextRef, RemotePtr, RemoteSpan) are small copyable values.
#ifndef SHOAL_CXX_SHOAL_HPP
#define SHOAL_CXX_SHOAL_HPP

#include <shoal/atomic.hpp>
#include <shoal/buffer.hpp>
#include <shoal/collectives.hpp>
#include <shoal/context.hpp>
#include <shoal/error.hpp>
#include <shoal/handle.hpp>
#include <shoal/psync_pool.hpp>
#include <shoal/reduce_ops.hpp>
#include <shoal/remote.hpp>
#include <shoal/rma.hpp>
#include <shoal/runtime.hpp>
#include <shoal/signal.hpp>
#include <shoal/stream_collectives.hpp>
#include <shoal/team.hpp>

#endif
