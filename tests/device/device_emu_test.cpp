// Device API, host emulation: the kernels of device_kernels.hpp (and the named routines) run
// on groups of host threads (1, 32 = warp, 128 = block) over the host heap of real PEs, the
// context coming from shmemx_device_context. Values are checked on the receiving PE.
#include <gtest/gtest.h>
#include <shmem.h>
#include <shmemx.h>

#include <atomic>
#include <vector>

#include <shoal/device/api.h>
#include <shoal/device/emulate.h>

#include "device_kernels.hpp"
#include "emu_context.hpp"
#include "pe_test_util.hpp"

namespace {

namespace d = shoal::device;
namespace k = device_kernels;
using shoal_test::SymArray;

using shoal_test::make_context;

/** Threads of a warp and a block in the emulation (as a kernel would be launched). */
constexpr int warp_threads = 32;
constexpr int block_threads = 128;

TEST(DeviceContext, DescribesTheHostHeap)
{
    const d::context c = make_context();
    EXPECT_EQ(c.version, SHOAL_DEVICE_CONTEXT_VERSION);
    EXPECT_EQ(c.size, sizeof(d::context));
    EXPECT_EQ(c.my_pe, shmem_my_pe());
    EXPECT_EQ(c.npes, shmem_n_pes());
    EXPECT_EQ(c.kind, SHOAL_DEVICE_HEAP_HOST);
    EXPECT_EQ(c.peer_base[c.my_pe], c.heap_base);
    SymArray<long> x(4);
    EXPECT_GE(reinterpret_cast<char *>(x.get()), c.heap_base);
    EXPECT_LT(reinterpret_cast<char *>(x.get()), c.heap_base + c.heap_size);
    for (int pe = 0; pe < c.npes; pe++) EXPECT_EQ(shmem_ptr(x.get(), pe), d::ptr(c, x.get(), pe));
}

template <class S> void put_right_case(int threads)
{
    const d::context c = make_context();
    constexpr std::size_t n = 1000;
    SymArray<long> dest(n), src(n);
    for (std::size_t i = 0; i < n; i++) {
        src[i] = k::value(c.my_pe, i, threads);
        dest[i] = -1;
    }
    shmem_barrier_all();
    d::emulate::launch(threads, [&] { k::put_right<S>(c, dest.get(), src.get(), n); });
    EXPECT_TRUE(shoal_test::check_each(dest.get(), n, [&](std::size_t i) { return k::value(k::left(c), i, threads); }));
    std::vector<long> got(n, -1);
    d::emulate::launch(threads, [&] { k::get_left<S>(c, got.data(), src.get(), n); });
    EXPECT_TRUE(shoal_test::check_each(got.data(), n, [&](std::size_t i) { return k::value(k::left(c), i, threads); }));
    shmem_barrier_all();
}

TEST(DeviceRma, PutGetThread) { put_right_case<d::scope::thread>(1); }
TEST(DeviceRma, PutGetWarp) { put_right_case<d::scope::warp>(warp_threads); }
TEST(DeviceRma, PutGetBlock) { put_right_case<d::scope::block>(block_threads); }

TEST(DeviceRma, NamedTypedSizedStridedMem)
{
    const d::context c = make_context();
    const int r = k::right(c), l = k::left(c);
    SymArray<int> ints(64);
    SymArray<double> dbl(8);
    SymArray<std::uint64_t> words(16);
    SymArray<char> bytes(37);
    shoal_test::fill(ints.get(), 64, -1);
    shmem_barrier_all();
    std::vector<int> src(64);
    for (int i = 0; i < 64; i++) src[static_cast<std::size_t>(i)] = 100 * c.my_pe + i;
    d::emulate::launch(warp_threads, [&] {
        d::int_put_warp(c, ints.get(), src.data(), 16, r);                   // [0, 16)
        d::int_iput_warp(c, ints.get() + 16, src.data(), 2, 3, 8, r);        // [16, 32) even
        if (d::scope::warp::rank() == 0) d::int_p(c, ints.get() + 40, 7 + c.my_pe, r);
    });
    d::emulate::launch(block_threads, [&] {
        const double v = 0.5 + c.my_pe;
        d::double_put_nbi_block(c, dbl.get(), &v, 1, r);
        std::uint64_t w[16];
        for (std::uint64_t i = 0; i < 16; i++) w[i] = 1000u * static_cast<unsigned>(c.my_pe) + i;
        d::put64_block(c, words.get(), w, 8, r);
        d::put128_block(c, words.get() + 8, w + 8, 4, r);
        char b[37];
        for (int i = 0; i < 37; i++) b[i] = static_cast<char>('a' + (c.my_pe + i) % 26);
        d::putmem_block(c, bytes.get(), b, 37, r);
        d::quiet(c);
    });
    shmem_barrier_all();
    for (int i = 0; i < 16; i++) EXPECT_EQ(ints[static_cast<std::size_t>(i)], 100 * l + i);
    for (int i = 0; i < 8; i++) {
        EXPECT_EQ(ints[static_cast<std::size_t>(16 + 2 * i)], 100 * l + 3 * i);
        EXPECT_EQ(ints[static_cast<std::size_t>(17 + 2 * i)], -1);
    }
    EXPECT_EQ(ints[40], 7 + l);
    EXPECT_EQ(dbl[0], 0.5 + l);
    for (std::size_t i = 0; i < 16; i++) EXPECT_EQ(words[i], 1000u * static_cast<unsigned>(l) + i);
    for (int i = 0; i < 37; i++) EXPECT_EQ(bytes[static_cast<std::size_t>(i)], static_cast<char>('a' + (l + i) % 26));
    // Reads from the right neighbour: g, iget, get_nbi (its values were written by me).
    d::emulate::launch(1, [&] {
        EXPECT_EQ(d::int_g(c, ints.get() + 40, r), 7 + c.my_pe);
        int s[8] = {};
        d::int_iget(c, s, ints.get() + 16, 1, 2, 8, r);
        for (int i = 0; i < 8; i++) EXPECT_EQ(s[i], 100 * c.my_pe + 3 * i);
        std::uint64_t w[4] = {};
        d::get64_nbi(c, w, words.get() + 4, 4, r);
        d::quiet(c);
        for (std::uint64_t i = 0; i < 4; i++) EXPECT_EQ(w[i], 1000u * static_cast<unsigned>(c.my_pe) + 4 + i);
    });
    shmem_barrier_all();
}

TEST(DeviceSignal, RingPassWithPAndSignal)
{
    const d::context c = make_context();
    SymArray<long> token(1);
    SymArray<std::uint64_t> sig(1);
    token[0] = 0;
    sig[0] = 0;
    shmem_barrier_all();
    constexpr int rounds = 20;
    long last = -1;
    d::emulate::launch(1, [&] { last = k::ring(c, token.get(), sig.get(), rounds); });
    if (c.my_pe == 0) {
        EXPECT_EQ(last, static_cast<long>(rounds) * c.npes);
    }
    shmem_barrier_all();
}

template <class S> void put_signal_case(int threads)
{
    const d::context c = make_context();
    constexpr std::size_t n = 300;
    SymArray<long> dest(n);
    SymArray<std::uint64_t> sig(1);
    sig[0] = 0;
    std::vector<long> src(n);
    for (int r = 0; r < 3; r++) {
        for (std::size_t i = 0; i < n; i++) src[i] = k::value(c.my_pe, i, r);
        shmem_barrier_all(); // the right neighbour has checked the last round
        std::atomic<int> bad{0};
        d::emulate::launch(threads, [&] { bad += k::put_signal_round<S>(c, dest.get(), src.data(), n, sig.get(), r); });
        EXPECT_EQ(bad.load(), 0) << "round " << r;
        EXPECT_EQ(d::signal_fetch(c, sig.get()), static_cast<std::uint64_t>(r + 1));
    }
    shmem_barrier_all();
}

TEST(DeviceSignal, PutSignalThread) { put_signal_case<d::scope::thread>(1); }
TEST(DeviceSignal, PutSignalWarp) { put_signal_case<d::scope::warp>(warp_threads); }
TEST(DeviceSignal, PutSignalBlock) { put_signal_case<d::scope::block>(block_threads); }

TEST(DeviceSignal, NamedSizedAndMemForms)
{
    const d::context c = make_context();
    const int r = k::right(c), l = k::left(c);
    SymArray<std::uint64_t> words(8), sig(2);
    SymArray<char> bytes(13);
    sig[0] = 0;
    sig[1] = 0;
    shmem_barrier_all();
    d::emulate::launch(warp_threads, [&] {
        std::uint64_t w[8];
        for (std::uint64_t i = 0; i < 8; i++) w[i] = 10u * static_cast<unsigned>(c.my_pe) + i;
        char b[13];
        for (int i = 0; i < 13; i++) b[i] = static_cast<char>('A' + (c.my_pe + i) % 26);
        d::put64_signal_warp(c, words.get(), w, 8, sig.get(), 1, SHMEM_SIGNAL_ADD, r);
        d::putmem_signal_nbi_warp(c, bytes.get(), b, 13, sig.get() + 1, 5, SHMEM_SIGNAL_SET, r);
        d::signal_wait_until(c, sig.get(), SHMEM_CMP_EQ, 1);
        d::signal_wait_until(c, sig.get() + 1, SHMEM_CMP_EQ, 5);
    });
    for (std::uint64_t i = 0; i < 8; i++) EXPECT_EQ(words[i], 10u * static_cast<unsigned>(l) + i);
    for (int i = 0; i < 13; i++) EXPECT_EQ(bytes[static_cast<std::size_t>(i)], static_cast<char>('A' + (l + i) % 26));
    shmem_barrier_all();
}

TEST(DeviceAmo, EveryThreadOfEveryPe)
{
    const d::context c = make_context();
    SymArray<long> counter(1);
    SymArray<unsigned long long> mask(1);
    counter[0] = 0;
    mask[0] = 0;
    shmem_barrier_all();
    constexpr int times = 50;
    d::emulate::launch(block_threads, [&] { k::amo_hammer(c, counter.get(), mask.get(), d::scope::block::rank(), times); });
    shmem_barrier_all();
    if (c.my_pe == 0) {
        EXPECT_EQ(counter[0], static_cast<long>(times) * block_threads * c.npes);
        unsigned long long want = 0;
        for (int pe = 0; pe < c.npes; pe++)
            for (int t = 0; t < block_threads; t++) want ^= 1ull << ((pe * 7 + t) % 64);
        EXPECT_EQ(mask[0], want);
    }
    shmem_barrier_all();
}

TEST(DeviceAmo, FetchSetSwapCompareSwapBitwise)
{
    const d::context c = make_context();
    const int r = k::right(c);
    SymArray<int> i32(4);
    SymArray<double> f64(1);
    SymArray<std::uint64_t> u64(1);
    i32[0] = 10;
    i32[1] = 0;
    i32[2] = 0;
    f64[0] = 0;
    u64[0] = 0xF0;
    shmem_barrier_all();
    d::emulate::launch(1, [&] {
        EXPECT_EQ(d::int_atomic_fetch(c, i32.get(), r), 10);
        EXPECT_EQ(d::int_atomic_compare_swap(c, i32.get(), 10, 20 + c.my_pe, r), 10);
        EXPECT_EQ(d::int_atomic_compare_swap(c, i32.get(), 10, 99, r), 20 + c.my_pe); // fails
        d::int_atomic_set(c, i32.get() + 1, 5 + c.my_pe, r);
        d::int_atomic_inc(c, i32.get() + 2, r);
        EXPECT_EQ(d::int_atomic_fetch_inc(c, i32.get() + 2, r), 1);
        d::int_atomic_add(c, i32.get() + 2, 10, r);
        EXPECT_EQ(d::double_atomic_swap(c, f64.get(), 1.5 + c.my_pe, r), 0.0);
        EXPECT_EQ(d::uint64_atomic_fetch_and(c, u64.get(), 0x3C, r), 0xF0u);
        d::uint64_atomic_or(c, u64.get(), 0x100, r);
        EXPECT_EQ(d::uint64_atomic_fetch_xor(c, u64.get(), 0x1, r), 0x130u);
        d::quiet(c);
    });
    shmem_barrier_all();
    const int l = k::left(c);
    EXPECT_EQ(i32[0], 20 + l);
    EXPECT_EQ(i32[1], 5 + l);
    EXPECT_EQ(i32[2], 12);
    EXPECT_EQ(f64[0], 1.5 + l);
    EXPECT_EQ(u64[0], 0x131u);
    shmem_barrier_all();
}

TEST(DeviceWait, UntilAllAnySomeVectorAndTest)
{
    const d::context c = make_context();
    const int r = k::right(c);
    SymArray<long> ivars(4);
    shoal_test::fill(ivars.get(), 4, 0L);
    shmem_barrier_all();
    // The left neighbour sets ivars[1] and [3] (after a pause); I wait in every form.
    d::emulate::launch(2, [&] {
        if (d::scope::block::rank() == 0) {
            d::long_atomic_set(c, ivars.get() + 3, 3L, r);
            d::long_atomic_set(c, ivars.get() + 1, 1L, r);
            return;
        }
        long *iv = ivars.get();
        const std::size_t any = d::long_wait_until_any(c, iv, 4, nullptr, SHMEM_CMP_NE, 0L);
        EXPECT_TRUE(any == 1 || any == 3);
        const int status[4] = {1, 0, 1, 0};
        d::long_wait_until_all(c, iv, 4, status, SHMEM_CMP_GT, 0L);
        std::size_t idx[4];
        EXPECT_EQ(d::long_wait_until_some(c, iv, 4, idx, nullptr, SHMEM_CMP_GT, 0L), 2u);
        EXPECT_EQ(idx[0], 1u);
        EXPECT_EQ(idx[1], 3u);
        const long want[4] = {0, 1, 0, 3};
        d::long_wait_until_all_vector(c, iv, 4, nullptr, SHMEM_CMP_EQ, want);
        EXPECT_EQ(d::long_test_any_vector(c, iv, 4, status, SHMEM_CMP_EQ, want), 1u);
        EXPECT_EQ(d::long_test_some_vector(c, iv, 4, idx, nullptr, SHMEM_CMP_NE, want), 0u);
        EXPECT_EQ(d::long_test_all(c, iv, 4, nullptr, SHMEM_CMP_GE, 0L), 1);
        EXPECT_EQ(d::long_test(c, iv, SHMEM_CMP_EQ, 1L), 0);
        EXPECT_EQ(d::long_test(c, iv + 1, SHMEM_CMP_EQ, 1L), 1);
        const int all_masked[4] = {1, 1, 1, 1};
        EXPECT_EQ(d::long_wait_until_any(c, iv, 4, all_masked, SHMEM_CMP_EQ, 0L), SIZE_MAX);
        d::long_wait_until(c, iv + 3, SHMEM_CMP_EQ, 3L);
    });
    shmem_barrier_all();
}

template <class S> void barrier_case(int threads)
{
    const d::context c = make_context();
    SymArray<long> slot(1);
    slot[0] = 0;
    shmem_barrier_all();
    std::atomic<int> bad{0};
    d::emulate::launch(threads, [&] { bad += k::barrier_rounds<S>(c, slot.get(), 10); });
    EXPECT_EQ(bad.load(), 0);
    shmem_barrier_all();
}

TEST(DeviceBarrier, BarrierAllThread) { barrier_case<d::scope::thread>(1); }
TEST(DeviceBarrier, BarrierAllWarp) { barrier_case<d::scope::warp>(warp_threads); }
TEST(DeviceBarrier, BarrierAllBlock) { barrier_case<d::scope::block>(block_threads); }

TEST(DeviceBarrier, SyncAllAfterHostBarriers)
{
    const d::context c = make_context();
    for (int i = 0; i < 3; i++) {
        shmem_barrier_all();
        d::emulate::launch(warp_threads, [&] { d::sync_all_warp(c); });
    }
    shmem_barrier_all();
}

TEST(DeviceTeam, MyPeNPesTranslate)
{
    shmem_team_t evens = SHMEM_TEAM_INVALID;
    const int n = shmem_n_pes();
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, nullptr, 0, &evens);
    const d::context c = make_context();
    EXPECT_EQ(d::team_my_pe(c, SHMEM_TEAM_WORLD), shmem_my_pe());
    EXPECT_EQ(d::team_n_pes(c, SHMEM_TEAM_WORLD), n);
    EXPECT_EQ(d::team_n_pes(c, SHMEM_TEAM_SHARED), shmem_team_n_pes(SHMEM_TEAM_SHARED));
    EXPECT_EQ(d::team_my_pe(c, SHMEM_TEAM_INVALID), -1);
    if (evens != SHMEM_TEAM_INVALID) {
        EXPECT_EQ(d::team_my_pe(c, evens), shmem_my_pe() / 2);
        EXPECT_EQ(d::team_n_pes(c, evens), (n + 1) / 2);
        for (int i = 0; i < (n + 1) / 2; i++) {
            EXPECT_EQ(d::team_translate_pe(c, evens, i, SHMEM_TEAM_WORLD), 2 * i);
            EXPECT_EQ(d::team_translate_pe(c, SHMEM_TEAM_WORLD, 2 * i, evens), i);
        }
        if (n > 1) {
            EXPECT_EQ(d::team_translate_pe(c, SHMEM_TEAM_WORLD, 1, evens), -1);
        }
        shmem_team_destroy(evens);
    } else {
        EXPECT_EQ(shmem_my_pe() % 2, 1);
    }
    shmem_barrier_all();
}

} // namespace
