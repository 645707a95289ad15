// The _on_stream calls and the host API on device memory, with libshoal_cuda_emu.so as the CUDA
// plugin (SHOAL_CUDA_PLUGIN): the plugin's source and kernel bodies are libshoal_cuda.so's, its
// device memory is mappable host memory, its streams are host threads (emulate_cuda.h). Every
// byte moved is checked where it landed, read back through the host API (the plugin's own
// stream). Covers: copies whose length no block count divides, host calls while a user kernel
// waits for them, two teams reducing on two streams at once, large reductions on several
// blocks, capture and replay, collectives on streams.
#include <gtest/gtest.h>
#include <shmem.h>
#include <shmemx.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include <shoal/device/api.h>
#include <shoal/device/emulate_cuda.h>

#include "pe_test_util.hpp"

namespace {

namespace d = shoal::device;
namespace ec = shoal::device::emulate::cuda;

/** Symmetric device memory of n T (collective). */
template <class T> struct Dev {
    explicit Dev(std::size_t n_) : n(n_), p(static_cast<T *>(shmemx_device_malloc((n_ ? n_ : 1) * sizeof(T)))) {}
    ~Dev() { shmemx_device_free(p); }
    Dev(const Dev &) = delete;
    Dev &operator=(const Dev &) = delete;
    std::size_t n;
    T *p;
};

int me() { return shmem_my_pe(); }
int npes() { return shmem_n_pes(); }
int right() { return (me() + 1) % npes(); }
int left() { return (me() + npes() - 1) % npes(); }

/** Host <-> this PE's device memory, through the host API. */
template <class T> void to_device(T *dev, const std::vector<T> &host) { shmem_putmem(dev, host.data(), host.size() * sizeof(T), me()); }
template <class T> std::vector<T> from_device(const T *dev, std::size_t n)
{
    std::vector<T> h(n);
    shmem_getmem(h.data(), dev, n * sizeof(T), me());
    return h;
}

unsigned char pattern(int pe, std::size_t size, std::size_t i)
{
    return static_cast<unsigned char>((i * 31 + size * 7 + static_cast<std::size_t>(pe) * 101) % 251);
}

TEST(OnStream, PutGetEveryByteOfUnevenSizes)
{
    // Sizes no block count divides (65,537 bytes: two 64 KiB blocks and a byte), at an aligned
    // and an odd offset; the bytes around each copy stay untouched.
    const std::size_t sizes[] = {1, 15, 17, 65537, (std::size_t(2) << 20) + 8};
    constexpr std::size_t pad = 8, most = (std::size_t(2) << 20) + 8 + 16 + pad;
    Dev<unsigned char> src(most), dest(most), back(most);
    ec::stream_t s = ec::stream_create(true);
    for (std::size_t size : sizes)
        for (std::size_t off : {std::size_t(0), std::size_t(3)}) {
            if (off && size > 65537) continue; // the large copy once is enough
            std::vector<unsigned char> mine(off + size + pad, 0xEE);
            for (std::size_t i = 0; i < size; i++) mine[off + i] = pattern(me(), size, i);
            to_device(src.p, mine);
            to_device(dest.p, std::vector<unsigned char>(off + size + pad, 0xEE));
            to_device(back.p, std::vector<unsigned char>(off + size + pad, 0xEE));
            shmem_barrier_all();
            shmemx_putmem_on_stream(dest.p + off, src.p + off, size, right(), s);
            shmemx_getmem_on_stream(back.p + off, src.p + off, size, right(), s);
            ASSERT_EQ(ec::stream_synchronize(s), 0);
            shmem_barrier_all();
            const auto got = from_device(dest.p, off + size + pad), fetched = from_device(back.p, off + size + pad);
            EXPECT_TRUE(shoal_test::check_each(got.data(), got.size(), [&](std::size_t i) {
                return i < off || i >= off + size ? 0xEE : pattern(left(), size, i - off);
            })) << size << " bytes put at offset " << off;
            EXPECT_TRUE(shoal_test::check_each(fetched.data(), fetched.size(), [&](std::size_t i) {
                return i < off || i >= off + size ? 0xEE : pattern(right(), size, i - off);
            })) << size << " bytes got at offset " << off;
            shmem_barrier_all();
        }
    ec::stream_destroy(s);
}

TEST(OnStream, StridedOnSeveralBlocksAndPutSignal)
{
    constexpr std::size_t n = 50001; // 200 KB of ints: several blocks
    Dev<int> src(3 * n), dest(2 * n), back(n);
    Dev<std::uint64_t> sig(1);
    std::vector<int> mine(3 * n);
    for (std::size_t i = 0; i < 3 * n; i++) mine[i] = me() * 1000000 + static_cast<int>(i);
    to_device(src.p, mine);
    to_device(dest.p, std::vector<int>(2 * n, -1));
    to_device(sig.p, std::vector<std::uint64_t>{0});
    shmem_barrier_all();
    ec::stream_t s = ec::stream_create(true), w = ec::stream_create(true);
    shmemx_int_iput_on_stream(dest.p, src.p, 2, 3, n, right(), s); // every 3rd of mine to every 2nd of theirs
    shmemx_int_put_signal_on_stream(dest.p + 1, src.p + 1, 1, sig.p, 1, SHMEM_SIGNAL_ADD, right(), s);
    shmemx_signal_wait_until_on_stream(sig.p, SHMEM_CMP_GE, 1, w); // the left PE's signal
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    ASSERT_EQ(ec::stream_synchronize(w), 0);
    shmem_barrier_all();
    const auto got = from_device(dest.p, 2 * n);
    EXPECT_TRUE(shoal_test::check_each(got.data(), 2 * n, [&](std::size_t i) {
        return i == 1 ? left() * 1000000 + 1 : i % 2 ? -1 : left() * 1000000 + static_cast<int>(i / 2 * 3);
    }));
    shmemx_int_iget_on_stream(back.p, src.p, 1, 3, n, right(), s);
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    const auto fetched = from_device(back.p, n);
    EXPECT_TRUE(shoal_test::check_each(fetched.data(), n, [&](std::size_t i) { return right() * 1000000 + static_cast<int>(3 * i); }));
    EXPECT_GT(ec::launches(s).front().grid.x, 1u);
    shmem_barrier_all();
    ec::stream_destroy(s);
    ec::stream_destroy(w);
}

TEST(OnStream, HostCallsOnDeviceMemoryDoNotWaitForKernels)
{
    // A user kernel on a blocking stream waits for three words of device memory that the host
    // then writes: a put, an atomic, and an atomic from the left PE; a quiet comes between. None
    // of them may wait for that kernel.
    Dev<std::uint64_t> flags(3);
    Dev<long> out(2);
    to_device(flags.p, std::vector<std::uint64_t>(3, 0));
    to_device(out.p, std::vector<long>(2, 0));
    shoal_device_context ctx{};
    shmemx_device_context(&ctx);
    shmem_barrier_all();
    ec::stream_t s = ec::stream_create(false);
    ec::launch(s, {1, 1, 1}, {1, 1, 1}, [ctx, f = flags.p, o = out.p] {
        d::signal_wait_until(ctx, f, SHMEM_CMP_EQ, 1);
        d::p(ctx, o, 1L, ctx.my_pe);
        d::signal_wait_until(ctx, f + 1, SHMEM_CMP_EQ, 1);
        d::signal_wait_until(ctx, f + 2, SHMEM_CMP_EQ, 1);
        d::p(ctx, o + 1, 2L, ctx.my_pe);
    });
    const std::uint64_t one = 1;
    shmem_putmem(flags.p, &one, sizeof one, me());
    shmem_quiet();
    shmem_uint64_atomic_set(flags.p + 1, 1, me());
    shmem_uint64_atomic_add(flags.p + 2, 1, right());
    shmem_quiet();
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    EXPECT_EQ(from_device(out.p, 2), (std::vector<long>{1, 2}));
    shmem_barrier_all();
    ec::stream_destroy(s);
}

TEST(OnStream, TwoTeamsReduceOnTwoStreamsAtOnce)
{
    // Two teams of the same PEs reduce in place (staged through each team's scratch) on two
    // streams at the same time, a few times over.
    shmem_team_t t1 = SHMEM_TEAM_INVALID, t2 = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes(), nullptr, 0, &t1);
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes(), nullptr, 0, &t2);
    constexpr std::size_t n = 40001; // 320 KB: two blocks, several chunks each
    Dev<long> x(n), y(n);
    ec::stream_t s1 = ec::stream_create(true), s2 = ec::stream_create(true);
    const long tri = static_cast<long>(npes()) * (npes() + 1) / 2;
    for (int round = 0; round < 2; round++) {
        std::vector<long> hx(n), hy(n);
        for (std::size_t i = 0; i < n; i++) {
            hx[i] = (me() + 1) * static_cast<long>(i);
            hy[i] = -(me() + 1) * static_cast<long>(i % 977) - round;
        }
        to_device(x.p, hx);
        to_device(y.p, hy);
        shmem_barrier_all();
        EXPECT_EQ(shmemx_long_sum_reduce_on_stream(t1, x.p, x.p, n, s1), 0);
        EXPECT_EQ(shmemx_long_sum_reduce_on_stream(t2, y.p, y.p, n, s2), 0);
        ASSERT_EQ(ec::stream_synchronize(s1), 0);
        ASSERT_EQ(ec::stream_synchronize(s2), 0);
        const auto gx = from_device(x.p, n), gy = from_device(y.p, n);
        EXPECT_TRUE(shoal_test::check_each(gx.data(), n, [&](std::size_t i) { return tri * static_cast<long>(i); }));
        EXPECT_TRUE(shoal_test::check_each(gy.data(), n, [&](std::size_t i) {
            return -tri * static_cast<long>(i % 977) - static_cast<long>(npes()) * round;
        }));
        shmem_barrier_all();
    }
    ec::stream_destroy(s1);
    ec::stream_destroy(s2);
    shmem_team_destroy(t1);
    shmem_team_destroy(t2);
}

TEST(OnStream, LargeReductionsRunOnSeveralBlocks)
{
    constexpr std::size_t n = std::size_t(1) << 20; // 4 MiB of ints
    Dev<int> x(n), y(n);
    std::vector<int> hx(n);
    for (std::size_t i = 0; i < n; i++) hx[i] = static_cast<int>((i * 7 + static_cast<std::size_t>(me())) % 1000);
    to_device(x.p, hx);
    shmem_barrier_all();
    ec::stream_t s = ec::stream_create(true);
    shmemx_int_max_reduce_on_stream(SHMEM_TEAM_WORLD, y.p, x.p, n, s);
    shmemx_int_sum_reduce_on_stream(SHMEM_TEAM_WORLD, x.p, x.p, 100, s);
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    const auto runs = ec::launches(s);
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].grid.count(), static_cast<unsigned>(SHOAL_DEVICE_STREAM_BLOCKS));
    EXPECT_EQ(runs[1].grid.count(), 1u);
    const auto gy = from_device(y.p, n), gx = from_device(x.p, 100);
    EXPECT_TRUE(shoal_test::check_each(gy.data(), n, [&](std::size_t i) {
        int m = 0;
        for (int pe = 0; pe < npes(); pe++) m = std::max(m, static_cast<int>((i * 7 + static_cast<std::size_t>(pe)) % 1000));
        return m;
    }));
    EXPECT_TRUE(shoal_test::check_each(gx.data(), 100, [&](std::size_t i) {
        int sum = 0;
        for (int pe = 0; pe < npes(); pe++) sum += static_cast<int>((i * 7 + static_cast<std::size_t>(pe)) % 1000);
        return sum;
    }));
    shmem_barrier_all();
    ec::stream_destroy(s);
}

TEST(OnStream, CapturedAfterATeamSplitAndReplayed)
{
    // A team created just before the capture: enqueueing its calls copies nothing (no
    // synchronous copy may happen while a stream is captured). The graph replays with new data.
    shmem_team_t t = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes(), nullptr, 0, &t);
    constexpr std::size_t n = 1000;
    Dev<long> x(n), y(n);
    ec::stream_t s = ec::stream_create(true);
    ASSERT_EQ(ec::begin_capture(s), 0);
    shmemx_long_sum_reduce_on_stream(t, y.p, x.p, n, s);
    shmemx_barrier_on_stream(t, s);
    shmemx_long_put_on_stream(x.p, y.p, 1, right(), s);
    ec::graph_t g = nullptr;
    ASSERT_EQ(ec::end_capture(s, &g), 0) << "the capture was invalidated";
    const long tri = static_cast<long>(npes()) * (npes() + 1) / 2;
    for (int rep = 0; rep < 3; rep++) {
        std::vector<long> hx(n);
        for (std::size_t i = 0; i < n; i++) hx[i] = (me() + 1) * (static_cast<long>(i) + rep);
        to_device(x.p, hx);
        shmem_barrier_all();
        ASSERT_EQ(ec::graph_launch(g, s), 0);
        ASSERT_EQ(ec::stream_synchronize(s), 0);
        shmem_barrier_all();
        const auto gy = from_device(y.p, n), gx = from_device(x.p, 1);
        EXPECT_TRUE(shoal_test::check_each(gy.data(), n, [&](std::size_t i) { return tri * (static_cast<long>(i) + rep); }));
        EXPECT_EQ(gx[0], tri * rep) << "the left PE's y[0], put after the barrier";
    }
    ec::graph_destroy(g);
    ec::stream_destroy(s);
    shmem_team_destroy(t);
}

TEST(OnStream, QueuedWorkRunsWhileTeamsChange)
{
    // Work queued behind a wait; meanwhile a team is created and a context made (its view goes
    // to the GPU), then the host releases the wait: nothing in between waits for the queue.
    constexpr std::size_t n = 500;
    Dev<long> x(n), y(n);
    Dev<std::uint64_t> sig(1);
    to_device(x.p, std::vector<long>(n, me() + 1));
    to_device(sig.p, std::vector<std::uint64_t>{0});
    shmem_barrier_all();
    ec::stream_t s = ec::stream_create(false);
    shmemx_signal_wait_until_on_stream(sig.p, SHMEM_CMP_EQ, 1, s);
    shmemx_long_sum_reduce_on_stream(SHMEM_TEAM_WORLD, y.p, x.p, n, s);
    shmem_team_t t = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes(), nullptr, 0, &t);
    shoal_device_context ctx{};
    shmemx_device_context(&ctx);
    shmem_uint64_atomic_set(sig.p, 1, me());
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    const auto gy = from_device(y.p, n);
    EXPECT_TRUE(shoal_test::check_each(gy.data(), n, [&](std::size_t) { return static_cast<long>(npes()) * (npes() + 1) / 2; }));
    shmem_barrier_all();
    shmem_team_destroy(t);
    ec::stream_destroy(s);
}

TEST(OnStream, CollectivesOnSeveralBlocks)
{
    const int np = npes();
    constexpr std::size_t n = 40000; // 320 KB of longs per member: two blocks
    Dev<long> src(np * n), dest(np * n), wrk(n / 2 + 1);
    Dev<long> psync(SHMEM_REDUCE_SYNC_SIZE);
    to_device(psync.p, std::vector<long>(SHMEM_REDUCE_SYNC_SIZE, SHMEM_SYNC_VALUE));
    std::vector<long> mine(np * n);
    for (std::size_t k = 0; k < mine.size(); k++) mine[k] = 1000000L * me() + static_cast<long>(k);
    to_device(src.p, mine);
    shmem_barrier_all();
    ec::stream_t s = ec::stream_create(true);
    auto check = [&](const char *what, std::size_t len, auto want) {
        ASSERT_EQ(ec::stream_synchronize(s), 0);
        const auto got = from_device(dest.p, len);
        EXPECT_TRUE(shoal_test::check_each(got.data(), len, want)) << what;
        shmemx_barrier_all_on_stream(s);
    };
    shmemx_long_alltoall_on_stream(SHMEM_TEAM_WORLD, dest.p, src.p, n, s);
    check("alltoall", np * n, [&](std::size_t k) { return 1000000L * static_cast<long>(k / n) + static_cast<long>(me() * n + k % n); });
    shmemx_long_fcollect_on_stream(SHMEM_TEAM_WORLD, dest.p, src.p, n, s);
    check("fcollect", np * n, [&](std::size_t k) { return 1000000L * static_cast<long>(k / n) + static_cast<long>(k % n); });
    shmemx_long_broadcast_on_stream(SHMEM_TEAM_WORLD, dest.p, src.p, n, np - 1, s);
    check("broadcast", n, [&](std::size_t k) { return 1000000L * (np - 1) + static_cast<long>(k); });
    shmemx_long_collect_on_stream(SHMEM_TEAM_WORLD, dest.p, src.p, 3, s);
    check("collect", 3 * np, [&](std::size_t k) { return 1000000L * static_cast<long>(k / 3) + static_cast<long>(k % 3); });
    shmemx_long_sum_to_all_on_stream(src.p, src.p, static_cast<int>(n), 0, 0, np, wrk.p, psync.p, s);
    shmemx_long_put_on_stream(dest.p, src.p, n, me(), s);
    check("sum_to_all in place", n, [&](std::size_t k) {
        return 1000000L * np * (np - 1) / 2 + static_cast<long>(np) * static_cast<long>(k);
    });
    shmemx_sync_all_on_stream(s);
    shmemx_team_sync_on_stream(SHMEM_TEAM_WORLD, s);
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    EXPECT_TRUE(shoal_test::check_each(from_device(psync.p, SHMEM_REDUCE_SYNC_SIZE).data(), SHMEM_REDUCE_SYNC_SIZE,
                                       [](std::size_t) { return SHMEM_SYNC_VALUE; }))
        << "pSync is restored";
    shmem_barrier_all();
    ec::stream_destroy(s);
}

} // namespace
