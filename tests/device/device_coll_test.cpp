// Device collectives, host emulation: the kernels of coll_kernels.hpp at thread (1 thread),
// warp (32) and block (128) scope over the host heap of real PEs, on SHMEM_TEAM_WORLD, on a
// strided team and on active sets; every reduction of the type table against a host reference.
#include <gtest/gtest.h>
#include <shmem.h>
#include <shmemx.h>

#include <atomic>

#include <shoal/device/api.h>
#include <shoal/device/emulate.h>

#include "coll_kernels.hpp"
#include "emu_context.hpp"
#include "pe_test_util.hpp"

namespace {

namespace d = shoal::device;
namespace k = coll_kernels;
using shoal_test::SymArray;

using shoal_test::make_context;

/** Run body on a group of threads (S's emulated size); the sum of what the threads return. */
template <class S, class F> int run(F &&body)
{
    const int threads = std::is_same_v<S, d::scope::thread> ? 1 : std::is_same_v<S, d::scope::warp> ? 32 : 128;
    std::atomic<int> bad{0};
    d::emulate::launch(threads, [&] { bad += body(); });
    return bad.load();
}

/** The even PEs' team (every PE calls; odd ones get SHMEM_TEAM_INVALID). */
shmem_team_t evens()
{
    shmem_team_t t = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (shmem_n_pes() + 1) / 2, nullptr, 0, &t);
    return t;
}

template <class S> void reduce_sweep_case()
{
    constexpr std::size_t n = 37; // not a multiple of a warp
    SymArray<char> dst(n * 16), src(n * 16);
    shmem_barrier_all();
    const d::context c = make_context();
    EXPECT_EQ(run<S>([&] { return k::reduce_sweep<S>(c, SHMEM_TEAM_WORLD, dst.get(), src.get(), n); }), 0);
    shmem_barrier_all();
}

TEST(DeviceReduce, EveryOpAndTypeThread) { reduce_sweep_case<d::scope::thread>(); }
TEST(DeviceReduce, EveryOpAndTypeWarp) { reduce_sweep_case<d::scope::warp>(); }
TEST(DeviceReduce, EveryOpAndTypeBlock) { reduce_sweep_case<d::scope::block>(); }

TEST(DeviceReduce, LongerThanTheScratchInPlaceOnATeam)
{
    // 3 chunks of the 64 KiB scratch, in place, on the even PEs' team (odd PEs wait).
    const shmem_team_t team = evens();
    constexpr std::size_t n = 20000;
    SymArray<long> buf(n);
    const d::context c = make_context();
    if (team != SHMEM_TEAM_INVALID) {
        const int me = shmem_team_my_pe(team), np = shmem_team_n_pes(team);
        for (std::size_t i = 0; i < n; i++) buf[i] = static_cast<long>(i) * (me + 1);
        d::emulate::launch(128, [&] { d::long_sum_reduce_block(c, team, buf.get(), buf.get(), n); });
        EXPECT_TRUE(shoal_test::check_each(buf.get(), n, [&](std::size_t i) {
            return static_cast<long>(i) * np * (np + 1) / 2;
        }));
        shmem_team_destroy(team);
    }
    shmem_barrier_all();
}

template <class S> void team_colls_case(bool on_evens)
{
    const shmem_team_t team = on_evens ? evens() : SHMEM_TEAM_WORLD;
    constexpr std::size_t n = 45;
    SymArray<long> dst(static_cast<std::size_t>(shmem_n_pes()) * 3 * n), src(static_cast<std::size_t>(shmem_n_pes()) * 3 * n);
    shmem_barrier_all();
    const d::context c = make_context();
    if (team != SHMEM_TEAM_INVALID) {
        for (int rep = 0; rep < 2; rep++) {
            EXPECT_EQ(run<S>([&] { return k::team_colls<S>(c, team, dst.get(), src.get(), n); }), 0) << "rep " << rep;
        }
    }
    if (on_evens && team != SHMEM_TEAM_INVALID) shmem_team_destroy(team);
    shmem_barrier_all();
}

TEST(DeviceColl, WorldThread) { team_colls_case<d::scope::thread>(false); }
TEST(DeviceColl, WorldWarp) { team_colls_case<d::scope::warp>(false); }
TEST(DeviceColl, WorldBlock) { team_colls_case<d::scope::block>(false); }
TEST(DeviceColl, StridedTeamThread) { team_colls_case<d::scope::thread>(true); }
TEST(DeviceColl, StridedTeamWarp) { team_colls_case<d::scope::warp>(true); }
TEST(DeviceColl, StridedTeamBlock) { team_colls_case<d::scope::block>(true); }

template <class S> void active_set_case()
{
    // Two sets: every PE (stride 1), then the even PEs (logPE_stride 1).
    const int npes = shmem_n_pes(), me = shmem_my_pe();
    constexpr std::size_t n = 33;
    SymArray<long> dst(static_cast<std::size_t>(npes) * n), src(static_cast<std::size_t>(npes) * n);
    SymArray<long> psync(SHMEM_REDUCE_SYNC_SIZE);
    shoal_test::fill(psync.get(), SHMEM_REDUCE_SYNC_SIZE, SHMEM_SYNC_VALUE);
    shmem_barrier_all();
    const d::context c = make_context();
    EXPECT_EQ(run<S>([&] { return k::active_set_colls<S>(c, 0, 0, npes, dst.get(), src.get(), n, psync.get()); }), 0);
    shmem_barrier_all(); // pSync may be reused once every member returned
    EXPECT_TRUE(shoal_test::check_each(psync.get(), SHMEM_REDUCE_SYNC_SIZE, [](std::size_t) { return SHMEM_SYNC_VALUE; }));
    shmem_barrier_all(); // checked everywhere before the next set's first sync
    if (me % 2 == 0) {
        EXPECT_EQ(run<S>([&] {
                      return k::active_set_colls<S>(c, 0, 1, (npes + 1) / 2, dst.get(), src.get(), n, psync.get());
                  }),
                  0);
    }
    shmem_barrier_all();
    EXPECT_TRUE(shoal_test::check_each(psync.get(), SHMEM_REDUCE_SYNC_SIZE, [](std::size_t) { return SHMEM_SYNC_VALUE; }));
}

TEST(DeviceActiveSet, Thread) { active_set_case<d::scope::thread>(); }
TEST(DeviceActiveSet, Warp) { active_set_case<d::scope::warp>(); }
TEST(DeviceActiveSet, Block) { active_set_case<d::scope::block>(); }

TEST(DeviceColl, NamedFormsAndMem)
{
    const d::context c = make_context();
    const int me = c.my_pe, np = c.npes;
    SymArray<int> ints(static_cast<std::size_t>(np) * 4);
    SymArray<char> bytes(static_cast<std::size_t>(np) * 5);
    SymArray<double> dbl(2);
    shmem_barrier_all();
    d::emulate::launch(32, [&] {
        const int mine[4] = {me, me + 10, me + 20, me + 30};
        d::int_fcollect_warp(c, SHMEM_TEAM_WORLD, ints.get(), mine, 4);
        const char b[5] = {'a', 'b', 'c', 'd', static_cast<char>('0' + me)};
        d::fcollectmem_warp(c, SHMEM_TEAM_WORLD, bytes.get(), b, 5);
        const double v[2] = {0.25 * (me + 1), static_cast<double>(me)};
        d::double_max_reduce_warp(c, SHMEM_TEAM_WORLD, dbl.get(), v, 2);
    });
    for (int pe = 0; pe < np; pe++) {
        for (int j = 0; j < 4; j++) EXPECT_EQ(ints[static_cast<std::size_t>(4 * pe + j)], pe + 10 * j);
        EXPECT_EQ(bytes[static_cast<std::size_t>(5 * pe + 4)], '0' + pe);
    }
    EXPECT_EQ(dbl[0], 0.25 * np);
    EXPECT_EQ(dbl[1], np - 1.0);
    d::emulate::launch(1, [&] { d::barrier(c, SHMEM_TEAM_WORLD); });
    shmem_barrier_all();
}

TEST(DeviceColl, TeamSlotReusedByANewTeam)
{
    // Destroyed teams leave their slot's counters at zero: the next team in the slot (another
    // size) syncs from a clean start.
    for (int round = 0; round < 3; round++) {
        shmem_team_t t = SHMEM_TEAM_INVALID;
        const int stride = round % 2 + 1;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, stride, (shmem_n_pes() + stride - 1) / stride, nullptr, 0, &t);
        const d::context c = make_context();
        if (t != SHMEM_TEAM_INVALID) {
            d::emulate::launch(32, [&] {
                for (int i = 0; i < 5; i++) d::team_sync_warp(c, t);
            });
            shmem_team_destroy(t);
        }
        shmem_barrier_all();
    }
}

} // namespace
