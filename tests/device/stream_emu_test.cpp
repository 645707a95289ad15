// The _on_stream calls and the host API on device memory, with libshoal_cuda_emu.so as the CUDA
// plugin (SHOAL_CUDA_PLUGIN): the plugin's source and kernel bodies are libshoal_cuda.so's, its
// device memory is mappable host memory, its streams are host threads (emulate_cuda.h). Every
// byte moved is checked where it landed, read back through the host API (the plugin's own
// stream). Covers: copies whose length no block count divides, host calls while a user kernel
// waits for them, two teams reducing on two streams at once, large reductions on several
// blocks, capture and replay, collectives on streams; NVSHMEM's on-stream forms beyond
// shmemx.h's (p, g, wait_until(_all)(_vector), signal_op, reducescatter, the 16-bit rows) and
// its collective launch (a program's kernel, every block at once).
#include <gtest/gtest.h>
#include <nvshmem.h>
#include <nvshmemx.h>
#include <shmem.h>
#include <shmemx.h>

#include <algorithm>
#include <set>
#include <chrono>
#include <cstring>
#include <thread>
#include <type_traits>
#include <vector>

#include <shoal/device/api.h>
#include <shoal/device/emulate.h>
#include <shoal/device/emulate_cuda.h>
#include <shoal/device/stream_kernels.h>

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

/** Records the kernels dispatch hands it (one address per Body and argument types). */
struct KernelSet {
    static constexpr int invalid = -1;
    template <class Body, class... A> static void tag() {}
    std::set<void (*)()> seen;
    template <class Body, class... A> int launch(const d::geometry::plan &, A...)
    {
        seen.insert(&tag<Body, A...>);
        return 0;
    }
};

// The plugin loads stream::for_every_kernel's kernels when it starts (a kernel loaded at its
// first launch can wait for ever behind a spinning user kernel): it must reach every kernel that
// dispatch can enqueue for any op, element size, type and operation.
TEST(OnStream, EveryDispatchableKernelIsLoadedAhead)
{
    KernelSet ahead, any;
    d::stream::for_every_kernel(ahead);
    const d::context c{}, push_ctx = d::stream::push_context();
    shoal_stream_args a{};
    a.nelems = 1;
    for (int op = SHOAL_STREAM_PUT; op <= SHOAL_STREAM_WAIT_UNTIL; op++)
        for (std::size_t elem = 1; elem <= 16; elem++)
            for (int kind = SHOAL_STREAM_SIGNED; kind <= SHOAL_STREAM_BFLOAT16; kind++)
                for (int bytes = 1; bytes <= 16; bytes++)
                    for (int r = SHOAL_RED_AND; r <= SHOAL_RED_PROD; r++) {
                        a.op = static_cast<shoal_stream_op>(op);
                        a.elem = elem;
                        a.red_type = SHOAL_STREAM_TYPE(kind, bytes);
                        a.red_op = r;
                        (void)d::stream::dispatch(any, c, a);
                        (void)d::stream::dispatch(any, push_ctx, d::stream::push_args(a)); // a large reduction's path
                    }
    EXPECT_GT(any.seen.size(), 40u);
    for (auto k : any.seen) EXPECT_EQ(ahead.seen.count(k), 1u) << "a kernel dispatch can enqueue is not loaded ahead";
    EXPECT_EQ(ahead.seen.size(), any.seen.size());
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
    // 4 MiB of ints: one kernel of many blocks between two sync kernels (for one member a copy in
    // 16-byte words, no sync); 400 bytes: one kernel of one block, or nothing at all for one
    // member in place.
    constexpr std::size_t n = std::size_t(1) << 20;
    Dev<int> x(n), y(n);
    std::vector<int> hx(n);
    for (std::size_t i = 0; i < n; i++) hx[i] = static_cast<int>((i * 7 + static_cast<std::size_t>(me())) % 1000);
    to_device(x.p, hx);
    shmem_barrier_all();
    ec::stream_t s = ec::stream_create(true);
    shoal::device::emulate::copies.reset();
    shmemx_int_max_reduce_on_stream(SHMEM_TEAM_WORLD, y.p, x.p, n, s);
    shmemx_int_sum_reduce_on_stream(SHMEM_TEAM_WORLD, x.p, x.p, 100, s);
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    const auto runs = ec::launches(s);
    if (npes() == 1) {
        EXPECT_EQ(shoal::device::emulate::copies.words[4].load(), n * sizeof(int) / 16);
    }
    const unsigned part_blocks = d::geometry::push(n * sizeof(int) / static_cast<std::size_t>(npes())).grid.count();
    EXPECT_GT(part_blocks, static_cast<unsigned>(SHOAL_DEVICE_STREAM_BLOCKS));
    if (npes() == 1) {
        ASSERT_EQ(runs.size(), 1u);
        EXPECT_EQ(runs[0].grid.count(), part_blocks);
    } else {
        ASSERT_EQ(runs.size(), 4u);
        EXPECT_EQ(runs[0].grid.count() * runs[0].block.count(), 1u); // sync
        EXPECT_EQ(runs[1].grid.count(), part_blocks);
        EXPECT_EQ(runs[2].grid.count() * runs[2].block.count(), 1u); // sync
        EXPECT_EQ(runs[3].grid.count(), 1u);
    }
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

// The sums the push-path test calls, by type: the team form for each, the active-set form for
// the _to_all rows (int).
#define PUSH_SUM(T, NAME)                                                                               \
    int stream_sum(shmem_team_t t, T *d, const T *s, std::size_t n, ec::stream_t st)                    \
    {                                                                                                   \
        return shmemx_##NAME##_sum_reduce_on_stream(t, d, s, n, st);                                    \
    }
#define PUSH_SUM_TO_ALL(T, NAME)                                                                        \
    bool stream_sum_to_all(T *d, const T *s, std::size_t n, T *wrk, long *psync, ec::stream_t st)       \
    {                                                                                                   \
        shmemx_##NAME##_sum_to_all_on_stream(d, s, static_cast<int>(n), 0, 0, npes(), wrk, psync, st);  \
        return true;                                                                                    \
    }
PUSH_SUM(int, int)
PUSH_SUM(signed char, schar)
PUSH_SUM_TO_ALL(int, int)
template <class T> bool stream_sum_to_all(T *, const T *, std::size_t, T *, long *, ec::stream_t) { return false; }
#undef PUSH_SUM
#undef PUSH_SUM_TO_ALL

/** Value i of PE pe in the push-path test (small, so a sum of 4 is exact in every type). */
template <class T> T push_value(std::size_t i, int pe) { return static_cast<T>((i * 13 + static_cast<std::size_t>(pe) * 5) % 23); }

template <class T> void push_sweep(const char *what)
{
    // The push path at an odd count and offset (its parts and blocks end off the 16-byte lanes,
    // and the lanes start after a scalar head), out of place and in place, on the world and on a
    // team of every other PE (an active set's pSync on the world), with the words around dest
    // untouched; below the size, the one-kernel path of the same calls.
    const std::size_t counts[] = {d::geometry::push_min_bytes / sizeof(T) + 1001, 999};
    constexpr std::size_t off = 3, pad = 5;
    const std::size_t most = counts[0] + off + pad;
    Dev<T> src(most), dest(most);
    Dev<T> wrk(most / 2 + SHMEM_REDUCE_MIN_WRKDATA_SIZE);
    Dev<long> psync(SHMEM_REDUCE_SYNC_SIZE);
    to_device(psync.p, std::vector<long>(SHMEM_REDUCE_SYNC_SIZE, SHMEM_SYNC_VALUE));
    shmem_team_t evens = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes() + 1) / 2, nullptr, 0, &evens);
    ec::stream_t s = ec::stream_create(true);
    for (std::size_t n : counts)
        for (int form = 0; form < 3; form++) // 0: world out of place, 1: world in place, 2: evens out of place
            for (int w = 0; w < 2; w++) { // team form, then its sum as an active set (world only)
                if (w == 1 && (form == 2 || !std::is_same_v<T, int>)) continue;
                const bool member = form != 2 || evens != SHMEM_TEAM_INVALID; // the odd PEs' dest stays
                std::vector<T> h(most, static_cast<T>(77)), out(most, static_cast<T>(77));
                for (std::size_t i = 0; i < n; i++) h[off + i] = push_value<T>(i, me());
                to_device(src.p, h);
                to_device(dest.p, out);
                shmem_barrier_all();
                T *d_ = (form == 1 ? src.p : dest.p) + off;
                const T *s_ = src.p + off;
                const shmem_team_t team = form == 2 ? evens : SHMEM_TEAM_WORLD;
                if (member && w == 0) {
                    EXPECT_EQ(stream_sum(team, d_, s_, n, s), 0);
                }
                if (w == 1) {
                    EXPECT_TRUE(stream_sum_to_all(d_, s_, n, wrk.p, psync.p, s));
                }
                ASSERT_EQ(ec::stream_synchronize(s), 0);
                shmem_barrier_all();
                const auto got = from_device(form == 1 ? src.p : dest.p, most);
                const int members = form == 2 ? (npes() + 1) / 2 : npes(), stride = form == 2 ? 2 : 1;
                EXPECT_TRUE(shoal_test::check_each(got.data(), most, [&](std::size_t i) {
                    if (i < off || i >= off + n || !member) return form == 1 ? h[i] : static_cast<T>(77);
                    T sum = 0;
                    for (int k = 0; k < members; k++) sum = static_cast<T>(sum + push_value<T>(i - off, k * stride));
                    return sum;
                })) << what << ": " << n << " elements, form " << form << (w ? " as an active set" : "");
                shmem_barrier_all();
            }
    ec::stream_destroy(s);
    if (evens != SHMEM_TEAM_INVALID) shmem_team_destroy(evens);
}

TEST(OnStream, LargeReductionsPushEachPartToEveryMember)
{
    push_sweep<int>("int");
    push_sweep<signed char>("schar");
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
    constexpr std::size_t n = 40000; // 320 KB of longs per member: five blocks
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

TEST(OnStream, NvshmemPAndGOfEveryWidth)
{
    // One value of 1, 2, 4 and 8 bytes (and a half) put to the right PE on a stream; then each
    // PE gets the right PE's values back with g on a stream.
    Dev<char> c(1);
    Dev<short> h(1);
    Dev<int> i(1);
    Dev<double> d(1);
    Dev<half> f(1);
    shmem_barrier_all();
    ec::stream_t s = ec::stream_create(true);
    const int r = right(), l = left();
    nvshmemx_char_p_on_stream(c.p, static_cast<char>('a' + me()), r, s);
    nvshmemx_short_p_on_stream(h.p, static_cast<short>(-300 - me()), r, s);
    nvshmemx_int_p_on_stream(i.p, 70000 + me(), r, s);
    nvshmemx_double_p_on_stream(d.p, 0.25 + me(), r, s);
    nvshmemx_half_p_on_stream(f.p, __float2half(1.5f + static_cast<float>(me())), r, s);
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    shmem_barrier_all();
    EXPECT_EQ(from_device(c.p, 1)[0], static_cast<char>('a' + l));
    EXPECT_EQ(from_device(h.p, 1)[0], static_cast<short>(-300 - l));
    EXPECT_EQ(from_device(i.p, 1)[0], 70000 + l);
    EXPECT_EQ(from_device(d.p, 1)[0], 0.25 + l);
    EXPECT_EQ(__half2float(from_device(f.p, 1)[0]), 1.5f + static_cast<float>(l));
    // The right PE holds what its left PE (this one) put.
    EXPECT_EQ(nvshmemx_char_g_on_stream(c.p, r, s), static_cast<char>('a' + me()));
    EXPECT_EQ(nvshmemx_short_g_on_stream(h.p, r, s), static_cast<short>(-300 - me()));
    EXPECT_EQ(nvshmemx_int_g_on_stream(i.p, r, s), 70000 + me());
    EXPECT_EQ(nvshmemx_double_g_on_stream(d.p, r, s), 0.25 + me());
    EXPECT_EQ(__half2float(nvshmemx_half_g_on_stream(f.p, r, s)), 1.5f + static_cast<float>(me()));
    shmem_barrier_all();
    ec::stream_destroy(s);
}

TEST(OnStream, NvshmemWaitsHoldTheStreamUntilTheLeftPEWrites)
{
    // The stream waits on ivars the left PE writes from the host: one, all of four (one masked by
    // status and never written), and a vector against per-element values; then it marks done
    // and adds to the right PE's signal. Nothing after the waits runs before the last write.
    // done is a signal (an atomic store) because this thread reads it while the stream may
    // write it: what orders the two is the left PE's write, which ThreadSanitizer cannot see.
    Dev<int> iv(8), status(4), want(3);
    Dev<std::uint64_t> sig(1), done(1);
    to_device(iv.p, std::vector<int>(8, 0));
    to_device(status.p, std::vector<int>{0, 0, 1, 0});
    to_device(want.p, std::vector<int>{10, 20, 30});
    to_device(done.p, std::vector<std::uint64_t>{0});
    to_device(sig.p, std::vector<std::uint64_t>{0});
    shmem_barrier_all();
    ec::stream_t s = ec::stream_create(true);
    nvshmemx_int_wait_until_on_stream(iv.p, NVSHMEM_CMP_EQ, 7, s);
    nvshmemx_int_wait_until_all_on_stream(iv.p + 1, 4, status.p, NVSHMEM_CMP_GE, 5, s);
    nvshmemx_int_wait_until_all_vector_on_stream(iv.p + 5, 3, nullptr, NVSHMEM_CMP_EQ, want.p, s);
    nvshmemx_signal_op_on_stream(done.p, 1, NVSHMEM_SIGNAL_SET, me(), s);
    nvshmemx_signal_op_on_stream(sig.p, 3, NVSHMEM_SIGNAL_ADD, right(), s);
    shmem_barrier_all(); // every PE's stream is waiting
    const int r = right();
    shmem_int_p(iv.p, 7, r);
    for (int k : {1, 2, 4}) shmem_int_p(iv.p + k, 5 + k, r); // iv[3] is masked
    shmem_int_p(iv.p + 5, 10, r);
    shmem_int_p(iv.p + 6, 20, r);
    shmem_quiet();
    shmem_barrier_all();
    // A wait that let the stream go would have marked done within these 300 ms.
    for (int k = 0; k < 30; k++) {
        ASSERT_EQ(from_device(done.p, 1)[0], 0u) << "the stream went on before iv[7] was written";
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    shmem_barrier_all();
    shmem_int_p(iv.p + 7, 30, r);
    shmem_quiet();
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    shmem_barrier_all();
    EXPECT_EQ(from_device(done.p, 1)[0], 1u);
    EXPECT_EQ(from_device(sig.p, 1)[0], 3u) << "the left PE's signal_op";
    shmem_barrier_all();
    ec::stream_destroy(s);
}

TEST(OnStream, NvshmemReduceScatterAndSixteenBitRows)
{
    // Reduce-scatter on two blocks, reading the members' sources and (in place) staged through
    // the team's scratch, on the world and on a team of its own; half and bfloat16 reductions.
    const int np = npes();
    const long tri = static_cast<long>(np) * (np + 1) / 2;
    constexpr std::size_t n = 70001; // 280 KB per member: two blocks
    Dev<int> src(np * n), dest(n);
    Dev<float> x(np * n);
    std::vector<int> hs(np * n);
    std::vector<float> hx(np * n);
    for (std::size_t k = 0; k < hs.size(); k++) {
        hs[k] = (me() + 1) * static_cast<int>(k % 9973);
        hx[k] = static_cast<float>((k + static_cast<std::size_t>(me()) * 7) % 1000);
    }
    to_device(src.p, hs);
    to_device(x.p, hx);
    shmem_team_t t = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, np, nullptr, 0, &t);
    shmem_barrier_all();
    ec::stream_t s = ec::stream_create(true);
    EXPECT_EQ(nvshmemx_int_sum_reducescatter_on_stream(NVSHMEM_TEAM_WORLD, dest.p, src.p, n, s), 0);
    EXPECT_EQ(nvshmemx_float_max_reducescatter_on_stream(t, x.p, x.p, n, s), 0);
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    EXPECT_GT(ec::launches(s).front().grid.x, 1u);
    const std::size_t mine = static_cast<std::size_t>(me()) * n;
    const auto gd = from_device(dest.p, n);
    EXPECT_TRUE(shoal_test::check_each(gd.data(), n, [&](std::size_t i) {
        return static_cast<int>(tri) * static_cast<int>((mine + i) % 9973);
    })) << "int sum reducescatter";
    const auto gx = from_device(x.p, n);
    EXPECT_TRUE(shoal_test::check_each(gx.data(), n, [&](std::size_t i) {
        float m = 0;
        for (int pe = 0; pe < np; pe++) m = std::max(m, static_cast<float>((mine + i + static_cast<std::size_t>(pe) * 7) % 1000));
        return m;
    })) << "float max reducescatter in place";
    shmem_barrier_all();

    constexpr std::size_t k = 3001;
    Dev<half> hsrc(np * k), hdst(k);
    Dev<__nv_bfloat16> bsrc(k), bdst(k);
    std::vector<half> hh(np * k);
    std::vector<__nv_bfloat16> hb(k);
    for (std::size_t i = 0; i < hh.size(); i++) hh[i] = __float2half(static_cast<float>((me() + 1) * static_cast<int>(i % 8)));
    for (std::size_t i = 0; i < k; i++) hb[i] = __float2bfloat16(static_cast<float>((static_cast<int>(i) + me()) % 200));
    to_device(hsrc.p, hh);
    to_device(bsrc.p, hb);
    shmem_barrier_all();
    EXPECT_EQ(nvshmemx_half_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, hdst.p, hsrc.p, k, s), 0);
    EXPECT_EQ(nvshmemx_bfloat16_max_reduce_on_stream(NVSHMEM_TEAM_WORLD, bdst.p, bsrc.p, k, s), 0);
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    const auto gh = from_device(hdst.p, k);
    const auto gb = from_device(bdst.p, k);
    for (std::size_t i = 0; i < k; i++) {
        ASSERT_EQ(__half2float(gh[i]), static_cast<float>(tri * static_cast<long>(i % 8))) << "half sum " << i;
        int m = 0;
        for (int pe = 0; pe < np; pe++) m = std::max(m, (static_cast<int>(i) + pe) % 200);
        ASSERT_EQ(__bfloat162float(gb[i]), static_cast<float>(m)) << "bfloat16 max " << i;
    }
    EXPECT_EQ(nvshmemx_half_max_reducescatter_on_stream(NVSHMEM_TEAM_WORLD, hdst.p, hsrc.p, k / np, s), 0);
    ASSERT_EQ(ec::stream_synchronize(s), 0);
    const auto gr = from_device(hdst.p, k / np);
    for (std::size_t i = 0; i < k / np; i++)
        ASSERT_EQ(__half2float(gr[i]), static_cast<float>(np * static_cast<int>((static_cast<std::size_t>(me()) * (k / np) + i) % 8)))
            << "half max reducescatter " << i;
    shmem_barrier_all();
    ec::stream_destroy(s);
    shmem_team_destroy(t);
}

/** A program's kernel as the emulation launches it: every block sums the world's x into y at
 *  block scope, which a kernel of several blocks may do only when launched cooperatively. */
void sum_kernel(void **args)
{
    const auto &c = *static_cast<const shoal_device_context *>(args[0]);
    long *y = *static_cast<long **>(args[1]);
    const long *x = *static_cast<const long **>(args[2]);
    const std::size_t n = *static_cast<const std::size_t *>(args[3]);
    d::long_sum_reduce_block(c, SHMEM_TEAM_WORLD, y, x, n);
}

TEST(OnStream, CollectiveLaunchRunsEveryBlockAtOnce)
{
    // nvshmemx_collective_launch's C half, as nvshmemx.h calls it, with the emulation's form of
    // a kernel: three blocks reduce together (a plain launch of them stops with one line).
    constexpr std::size_t n = 5003;
    Dev<long> x(n), y(n);
    std::vector<long> hx(n);
    for (std::size_t i = 0; i < n; i++) hx[i] = (me() + 1) * static_cast<long>(i);
    to_device(x.p, hx);
    const char *routine = "nvshmemx_collective_launch";
    shmemx_collective_launch_prepare(routine);
    shoal_device_context ctx{};
    shmemx_device_context(&ctx);
    shmem_barrier_all();
    void *fn = reinterpret_cast<void *>(&sum_kernel);
    const unsigned block[3] = {64, 1, 1};
    int most = 0;
    ASSERT_EQ(shmemx_collective_launch_query_gridsize(routine, fn, "", block, 0, &most), NVSHMEMX_SUCCESS);
    EXPECT_EQ(most, static_cast<int>(d::emulate::max_cooperative_threads / 64));
    const unsigned too_many[3] = {static_cast<unsigned>(most) + 1, 1, 1}, grid[3] = {3, 1, 1};
    long *yp = y.p, *xp = x.p;
    std::size_t nn = n;
    void *args[] = {&ctx, &yp, &xp, &nn};
    ec::stream_t s = ec::stream_create(true);
    EXPECT_EQ(shmemx_collective_launch(routine, fn, "", too_many, block, args, 0, s), NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED);
    ASSERT_EQ(shmemx_collective_launch(routine, fn, "", grid, block, args, 0, s), NVSHMEMX_SUCCESS);
    ASSERT_EQ(ec::stream_synchronize(s), 0); // args live until here
    const auto runs = ec::launches(s);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_TRUE(runs[0].cooperative);
    EXPECT_EQ(runs[0].grid.x, 3u);
    const long tri = static_cast<long>(npes()) * (npes() + 1) / 2;
    const auto gy = from_device(y.p, n);
    EXPECT_TRUE(shoal_test::check_each(gy.data(), n, [&](std::size_t i) { return tri * static_cast<long>(i); }));
    shmem_barrier_all();
    ec::stream_destroy(s);
}

} // namespace
