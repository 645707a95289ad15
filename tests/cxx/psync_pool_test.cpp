// psync_pool.hpp: leases, their recycling (quiet + one sync when no slot is clean), and use of
// leased pSync / pWrk arrays with the C active-set routines directly.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <set>
#include <vector>

namespace {
using shoal_test::me;
using shoal_test::npes;

TEST(PsyncPool, LeasesAreDistinctCleanSlotsThatComeBackDirty)
{
    shoal::PsyncPool pool(shoal::ActiveSet::world(), 4, 100);
    EXPECT_EQ(pool.slots(), 4);
    EXPECT_EQ(pool.work_bytes() % sizeof(std::max_align_t), 0u);
    EXPECT_GE(pool.work_bytes(), 100u);
    EXPECT_EQ(pool.clean_slots(), 4);
    {
        auto a = pool.acquire();
        auto b = pool.acquire();
        EXPECT_NE(a.slot(), b.slot());
        EXPECT_NE(a.psync(), b.psync());
        EXPECT_NE(a.work(), b.work());
        EXPECT_EQ(pool.clean_slots(), 2);
        for (int i = 0; i < SHMEM_SYNC_SIZE; ++i)
            ASSERT_EQ(a.psync()[i], SHMEM_SYNC_VALUE);
        EXPECT_TRUE(shmem_addr_accessible(a.psync(), (me() + 1) % npes()));
        auto moved = std::move(a);
        EXPECT_FALSE(a.valid()); // NOLINT(bugprone-use-after-move)
        EXPECT_TRUE(moved.valid());
    }
    EXPECT_EQ(pool.clean_slots(), 2); // returned dirty, not clean
    EXPECT_EQ(pool.recycles(), 0u);
    {
        auto c = pool.acquire();
        auto d = pool.acquire();
        EXPECT_EQ(pool.clean_slots(), 0);
    }
    // No clean slot left: the next acquire recycles (collective over the set).
    {
        auto e = pool.acquire();
        EXPECT_EQ(pool.recycles(), 1u);
        EXPECT_EQ(pool.clean_slots(), 3);
    }
}

TEST(PsyncPool, LeasedArraysDriveTheCActiveSetRoutines)
{
    const int n = npes();
    shoal::PsyncPool pool(shoal::ActiveSet::world(), 3);
    shoal::SymmetricBuffer<long> src(1), dst(1);
    std::set<int> slots_seen;
    for (int i = 0; i < 1000; ++i) {
        src[0] = me() + i;
        {
            auto lease = pool.acquire();
            slots_seen.insert(lease.slot());
            shmem_long_sum_to_all(dst.data(), src.data(), 1, 0, 0, n,
                                  static_cast<long *>(lease.work()), lease.psync());
        } // back to the pool (dirty)
        ASSERT_EQ(dst[0], static_cast<long>(n) * i + static_cast<long>(n) * (n - 1) / 2);
        auto bar = pool.acquire();
        shmem_barrier(0, 0, n, bar.psync());
    }
    EXPECT_EQ(slots_seen.size(), 3u);
    // 2000 leases, one at a time, 3 slots: the first 3 are clean, then one recycle per 3.
    EXPECT_EQ(pool.recycles(), (2000u - 3u + 2u) / 3u);
    // Two leases held at once leave one slot for the next collective: a recycle almost every
    // time, still with no bookkeeping by the caller.
    const auto before = pool.recycles();
    for (int i = 0; i < 10; ++i) {
        auto a = pool.acquire();
        auto b = pool.acquire();
        shmem_barrier(0, 0, n, a.psync());
        shmem_barrier(0, 0, n, b.psync());
    }
    EXPECT_GE(pool.recycles() - before, 6u);
}

TEST(PsyncPool, ConstructionChecksTheSet)
{
    EXPECT_THROW(shoal::PsyncPool(shoal::ActiveSet{0, 0, npes() + 1}), shoal::Error);
    EXPECT_THROW(shoal::PsyncPool(shoal::ActiveSet::world(), 0), shoal::Error);
    const std::size_t heap = shoal_test::heap_free();
    {
        shoal::PsyncPool a(shoal::ActiveSet::world());
        shoal::PsyncPool b(std::move(a));
        auto l = b.acquire();
        EXPECT_TRUE(l.valid());
    }
    EXPECT_EQ(shoal_test::heap_free(), heap);
}

} // namespace
