// Launch shapes in the host emulation (the bodies of shape_kernels.hpp, which the GPU suite runs
// as CUDA kernels): warps of blocks of 1, 16, 33, 96 (3-D) and 1024 threads, grids of several
// blocks (3-D), barriers and reductions called from every block of a cooperative launch,
// device collectives of two teams running at once, how wide put, get and put_signal copy, and
// the order of device AMOs. Values are checked on the PE they landed on.
#include <gtest/gtest.h>
#include <shmem.h>
#include <shmemx.h>

#include <atomic>
#include <thread>
#include <vector>

#include <shoal/device/api.h>
#include <shoal/device/emulate.h>

#include "emu_context.hpp"
#include "pe_test_util.hpp"
#include "shape_kernels.hpp"

namespace {

namespace d = shoal::device;
namespace e = shoal::device::emulate;
namespace k = shape_kernels;
using shoal_test::make_context;
using shoal_test::SymArray;

/** Warps of every block of grid x block put their regions right and get them back from the
 *  left; each lane checks its warp's size. */
void warp_case(d::extent grid, d::extent block)
{
    const d::context c = make_context();
    constexpr std::size_t n = 45; // not a multiple of any warp
    const std::size_t groups = grid.count() * ((block.count() + 31) / 32);
    SymArray<long> dest(groups * n), src(groups * n);
    std::vector<long> got(groups * n, -1);
    shoal_test::fill(dest.get(), groups * n, -1L);
    shmem_barrier_all();
    std::atomic<int> bad{0};
    e::launch(grid, block, [&] { bad += k::warp_ring(c, dest.get(), src.get(), n); });
    shmem_barrier_all();
    EXPECT_EQ(bad.load(), 0) << "threads that saw a wrong warp rank or size";
    EXPECT_TRUE(shoal_test::check_each(dest.get(), groups * n, [&](std::size_t i) {
        return k::value(k::left(c), static_cast<int>(i / n), i % n);
    }));
    e::launch(grid, block, [&] { k::warp_get(c, got.data(), src.get(), n); });
    EXPECT_TRUE(shoal_test::check_each(got.data(), groups * n, [&](std::size_t i) {
        return k::value(k::left(c), static_cast<int>(i / n), i % n);
    }));
    shmem_barrier_all();
}

TEST(DeviceLaunch, WarpOfOneThread) { warp_case({1, 1, 1}, {1, 1, 1}); }
TEST(DeviceLaunch, WarpOf16Threads) { warp_case({1, 1, 1}, {16, 1, 1}); }
TEST(DeviceLaunch, WarpsOf33Threads) { warp_case({1, 1, 1}, {33, 1, 1}); }
TEST(DeviceLaunch, WarpsOf96ThreadsIn3D) { warp_case({1, 1, 1}, {4, 4, 6}); }
TEST(DeviceLaunch, WarpsOf30ThreadsIn3DOn3DGrid) { warp_case({2, 1, 2}, {5, 3, 2}); }
TEST(DeviceLaunch, WarpsOf1024Threads) { warp_case({1, 1, 1}, {32, 32, 1}); }

TEST(DeviceLaunch, GridNumbersEveryBlockOnce)
{
    // 2 x 3 x 2 blocks of 4 x 2 x 1 threads: each (block, thread) pair is seen exactly once.
    const d::extent grid{2, 3, 2}, block{4, 2, 1};
    std::vector<std::atomic<int>> seen(grid.count() * block.count());
    std::atomic<int> bad{0};
    e::launch(grid, block, [&] {
        const unsigned b = d::grid::rank(), t = static_cast<unsigned>(d::scope::block::rank());
        bad += d::grid::size() != grid.count() || d::scope::block::size() != static_cast<int>(block.count());
        bad += grid.linear(e::block_index()) != b || block.linear(e::thread_index()) != t;
        bad += d::grid::cooperative();
        seen[b * block.count() + t]++;
    });
    EXPECT_EQ(bad.load(), 0);
    for (auto &s : seen) EXPECT_EQ(s.load(), 1);
}

template <class S> void cooperative_barrier_case(d::extent block, int iters)
{
    const d::context c = make_context();
    constexpr unsigned blocks = 4;
    SymArray<long> slots(2 * blocks);
    shoal_test::fill(slots.get(), 2 * blocks, -1L);
    shmem_barrier_all();
    std::atomic<int> bad{0};
    e::launch_cooperative({2, 2, 1}, block, [&] { bad += k::cooperative_barriers<S>(c, slots.get(), iters); });
    EXPECT_EQ(bad.load(), 0) << "slots read before the left PE's block wrote them";
    shmem_barrier_all();
}

// Every block of a cooperative grid calls barrier_all: the blocks arrive as one PE.
TEST(DeviceLaunch, CooperativeBlockBarrier1000Times) { cooperative_barrier_case<d::scope::block>({32, 1, 1}, 1000); }
TEST(DeviceLaunch, CooperativeWarpBarrier) { cooperative_barrier_case<d::scope::warp>({16, 1, 1}, 200); }
TEST(DeviceLaunch, CooperativeThreadBarrier) { cooperative_barrier_case<d::scope::thread>({1, 1, 1}, 200); }

TEST(DeviceLaunch, CooperativeReduceSplitsTheGrid)
{
    const d::context c = make_context();
    constexpr std::size_t n = 20011; // more than a team's scratch holds: several staged chunks
    SymArray<long> a(n), b(n);
    shmem_barrier_all();
    std::atomic<int> bad{0};
    e::launch_cooperative({3, 1, 1}, {64, 1, 1}, [&] {
        bad += k::cooperative_reduce(c, SHMEM_TEAM_WORLD, b.get(), a.get(), n); // read in place
        bad += k::cooperative_reduce(c, SHMEM_TEAM_WORLD, a.get(), a.get(), n); // staged
    });
    EXPECT_EQ(bad.load(), 0);
    shmem_barrier_all();
}

TEST(DeviceLaunch, TwoTeamsReduceAtOnce)
{
    // Two teams of the same PEs, each reducing in place (staged through its scratch) in its own
    // kernel, the two kernels running at the same time: each team's scratch is its own.
    shmem_team_t t1 = SHMEM_TEAM_INVALID, t2 = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), nullptr, 0, &t1);
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), nullptr, 0, &t2);
    const d::context c = make_context();
    const int me = shmem_my_pe(), np = shmem_n_pes();
    constexpr std::size_t n = 30000;
    SymArray<long> x(n), y(n);
    for (int round = 0; round < 3; round++) {
        for (std::size_t i = 0; i < n; i++) {
            x[i] = (me + 1) * static_cast<long>(i);
            y[i] = -(me + 1) * static_cast<long>(i % 1000) - round;
        }
        shmem_barrier_all();
        std::thread other([&] { e::launch(64, [&] { d::long_sum_reduce_block(c, t2, y.get(), y.get(), n); }); });
        e::launch(64, [&] { d::long_sum_reduce_block(c, t1, x.get(), x.get(), n); });
        other.join();
        const long tri = static_cast<long>(np) * (np + 1) / 2;
        EXPECT_TRUE(shoal_test::check_each(x.get(), n, [&](std::size_t i) { return tri * static_cast<long>(i); }));
        EXPECT_TRUE(shoal_test::check_each(y.get(), n, [&](std::size_t i) {
            return -tri * static_cast<long>(i % 1000) - static_cast<long>(np) * round;
        }));
        shmem_barrier_all();
    }
    shmem_team_destroy(t1);
    shmem_team_destroy(t2);
}

TEST(DeviceLaunch, PutSignalCopiesWideWords)
{
    // 4099 bytes between 16-byte aligned buffers: 256 words of 16 bytes and 3 single bytes,
    // whatever the scope, for the mem form and a typed one alike.
    const d::context c = make_context();
    constexpr std::size_t len = 4099;
    SymArray<unsigned char> dest(len + 16);
    SymArray<std::uint64_t> sig(1);
    std::vector<unsigned char> src(len + 16);
    for (std::size_t i = 0; i < len; i++) src[i] = static_cast<unsigned char>(i * 13 + 7);
    sig[0] = 0;
    shmem_barrier_all();
    auto *aligned = reinterpret_cast<unsigned char *>((reinterpret_cast<std::uintptr_t>(src.data()) + 15) / 16 * 16);
    std::copy(src.begin(), src.begin() + static_cast<long>(len), aligned);
    e::copies.reset();
    e::launch(64, [&] {
        d::putmem_signal_block(c, dest.get(), aligned, len, sig.get(), 1, SHMEM_SIGNAL_ADD, k::right(c));
    });
    EXPECT_EQ(e::copies.words[4].load(), len / 16);
    EXPECT_EQ(e::copies.words[0].load(), len % 16);
    EXPECT_EQ(e::copies.words[1].load() + e::copies.words[2].load() + e::copies.words[3].load(), 0u);
    e::copies.reset();
    e::launch(1, [&] {
        d::uint64_put_signal(c, reinterpret_cast<std::uint64_t *>(dest.get()),
                             reinterpret_cast<const std::uint64_t *>(aligned), 32, sig.get(), 1, SHMEM_SIGNAL_ADD, k::right(c));
    });
    EXPECT_EQ(e::copies.words[4].load(), 16u);
    e::launch(1, [&] { d::signal_wait_until(c, sig.get(), SHMEM_CMP_EQ, 2); });
    EXPECT_TRUE(shoal_test::check_each(dest.get(), len, [&](std::size_t i) { return src[i]; }));
    shmem_barrier_all();
}

TEST(DeviceLaunch, PutAndGetMoveTheWidestWordsTheShiftAllows)
{
    // 1000 bytes to a 16-byte aligned dest from a source shifted by 0-12 bytes: words of 16
    // bytes for no shift, else of the widest width dividing the shift, and the bytes after the
    // last whole word singly; for a block's put (the inline path when nothing is shifted) and
    // one thread's get alike. The bytes are checked on the PE they landed on.
    const d::context c = make_context();
    constexpr std::size_t len = 1000;
    SymArray<unsigned char> dest(len + 16), src(len + 16);
    std::vector<unsigned char> got(len + 32);
    ASSERT_EQ(reinterpret_cast<std::uintptr_t>(dest.get()) % 16, 0u);
    ASSERT_EQ(reinterpret_cast<std::uintptr_t>(src.get()) % 16, 0u);
    auto *local = reinterpret_cast<unsigned char *>((reinterpret_cast<std::uintptr_t>(got.data()) + 15) / 16 * 16);
    const auto value = [](int pe, std::size_t shift, std::size_t i) {
        return static_cast<unsigned char>(pe * 31 + static_cast<int>(shift * 5 + i * 7));
    };
    for (std::size_t shift : {0, 1, 2, 4, 8, 12}) {
        const int log2 = shift ? __builtin_ctzl(shift) : 4;
        const std::size_t w = std::size_t(1) << log2;
        for (std::size_t i = 0; i < len; i++) src[shift + i] = value(shmem_my_pe(), shift, i);
        shmem_barrier_all();
        e::copies.reset();
        e::launch(64, [&] { d::putmem<d::scope::block>(c, dest.get(), src.get() + shift, len, k::right(c)); });
        EXPECT_EQ(e::copies.words[log2].load(), log2 ? len / w : len) << "put, shift " << shift;
        if (log2) {
            EXPECT_EQ(e::copies.words[0].load(), len % w) << "put, shift " << shift;
        }
        shmem_barrier_all();
        EXPECT_TRUE(shoal_test::check_each(dest.get(), len, [&](std::size_t i) { return value(k::left(c), shift, i); }))
            << "put, shift " << shift;
        e::copies.reset();
        e::launch(1, [&] { d::getmem(c, local, src.get() + shift, len, k::right(c)); });
        EXPECT_EQ(e::copies.words[log2].load(), log2 ? len / w : len) << "get, shift " << shift;
        EXPECT_TRUE(shoal_test::check_each(local, len, [&](std::size_t i) { return value(k::right(c), shift, i); }))
            << "get, shift " << shift;
        shmem_barrier_all();
    }
}

TEST(DeviceLaunch, AmosAreRelaxed)
{
    // NVSHMEM's device AMOs order nothing; fence and quiet do.
    static_assert(d::detail::amo_order == cuda::std::memory_order_relaxed, "device AMOs are relaxed");
    SUCCEED();
}

} // namespace
