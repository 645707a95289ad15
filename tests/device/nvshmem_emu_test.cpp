// nvshmem.h's device calls (no context argument) in the g++ host emulation: "kernels" are
// groups of host threads (shoal::device::emulate::launch), and a call made inside one takes the
// device path over this translation unit's context, which nvshmem_init and the nvshmem team
// calls publish. Values are checked on the receiving PE. Own main: the program starts with
// nvshmem_init, as an NVSHMEM program does.
#include <gtest/gtest.h>
#include <nvshmem.h>
#include <nvshmemx.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include <shoal/device/emulate.h>


namespace {

using shoal::device::emulate::launch;

/** A symmetric array from nvshmem_malloc (host heap here), freed collectively. */
template <class T> struct Sym {
    explicit Sym(std::size_t n) : p(static_cast<T *>(nvshmem_calloc(n, sizeof(T)))) {}
    ~Sym() { nvshmem_free(p); }
    Sym(const Sym &) = delete;
    Sym &operator=(const Sym &) = delete;
    T &operator[](std::size_t i) const { return p[i]; }
    T *p;
};

TEST(NvshmemEmulation, KernelsSeeThePublishedContext)
{
    std::atomic<int> me{-2}, npes{-2};
    launch(32, [&] {
        if (shoal::device::emulate::block_rank() == 0) {
            me = nvshmem_my_pe();
            npes = nvshmem_n_pes();
        }
    });
    EXPECT_EQ(me.load(), shmem_my_pe());
    EXPECT_EQ(npes.load(), shmem_n_pes());
}

TEST(NvshmemEmulation, RingWithPutSignalAtBlockScope)
{
    constexpr std::size_t n = 1000;
    constexpr int rounds = 4;
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    Sym<long> slots(rounds * n), src(n);
    Sym<std::uint64_t> sig(1);
    nvshmem_barrier_all();
    for (int r = 0; r < rounds; r++) {
        for (std::size_t i = 0; i < n; i++) src[i] = me * 100000L + r * 1000L + static_cast<long>(i);
        launch(64, [&] {
            nvshmemx_long_put_signal_block(slots.p + r * n, src.p, n, sig.p, 1, NVSHMEM_SIGNAL_ADD, right);
            if (shoal::device::emulate::block_rank() == 0)
                nvshmem_signal_wait_until(sig.p, NVSHMEM_CMP_GE, static_cast<std::uint64_t>(r + 1));
            nvshmemx_barrier_all_block(); // src is rewritten next round: everyone has read it
        });
        for (std::size_t i = 0; i < n; i++)
            ASSERT_EQ(slots[r * n + i], left * 100000L + r * 1000L + static_cast<long>(i)) << "round " << r << " i " << i;
    }
    // Thread scope: p and an atomic from one "device thread".
    launch(1, [&] {
        nvshmem_long_p(src.p, -me, right);
        nvshmem_long_atomic_add(slots.p, 1, 0);
        nvshmem_quiet();
    });
    nvshmem_barrier_all();
    EXPECT_EQ(src[0], -left);
    if (me == 0) {
        EXPECT_EQ(slots[0], left * 100000L + npes); // round 0, element 0 came from left
    }
}

TEST(NvshmemEmulation, AllReduceAtEveryScope)
{
    constexpr std::size_t n = 300;
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    Sym<int> s(n), d(n);
    Sym<double> ds(n), dd(n);
    for (std::size_t i = 0; i < n; i++) {
        s[i] = me + static_cast<int>(i);
        ds[i] = 0.25 * me + static_cast<double>(i);
    }
    nvshmem_barrier_all();
    launch(128, [&] { nvshmemx_int_sum_reduce_block(NVSHMEM_TEAM_WORLD, d.p, s.p, n); });
    for (std::size_t i = 0; i < n; i++) ASSERT_EQ(d[i], npes * (npes - 1) / 2 + npes * static_cast<int>(i)) << i;
    launch(32, [&] { nvshmemx_double_max_reduce_warp(NVSHMEM_TEAM_WORLD, dd.p, ds.p, n); });
    for (std::size_t i = 0; i < n; i++) ASSERT_EQ(dd[i], 0.25 * (npes - 1) + static_cast<double>(i)) << i;
    launch(1, [&] { nvshmem_int_min_reduce(NVSHMEM_TEAM_WORLD, d.p, s.p, n); });
    for (std::size_t i = 0; i < n; i++) ASSERT_EQ(d[i], static_cast<int>(i)) << i;
    nvshmem_barrier_all();
}

TEST(NvshmemEmulation, ACollectiveIsOneCallPerPEInAKernelOfSeveralBlocks)
{
    // NVSHMEM's rule: one thread, warp or block of the kernel makes a collective call per PE,
    // and the other blocks go on (a Shoal device call has every block make it). Block 1 of 3
    // calls here, not block 0: its one block reduces all n elements.
    namespace em = shoal::device::emulate;
    constexpr std::size_t n = 1001;
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    Sym<int> s(n), d(n), all(static_cast<std::size_t>(npes) * 2), mine(2), b(n);
    for (std::size_t i = 0; i < n; i++) s[i] = (me + 1) * static_cast<int>(i);
    mine[0] = 7 * me;
    mine[1] = 7 * me + 1;
    nvshmem_barrier_all();
    std::atomic<int> others{0};
    for (const bool coop : {true, false}) {
        em::launch_options o;
        o.cooperative = coop;
        em::launch(shoal::device::extent{3, 1, 1}, shoal::device::extent{32, 1, 1}, [&] {
            if (em::grid_rank() == 1) {
                nvshmemx_int_sum_reduce_block(NVSHMEM_TEAM_WORLD, d.p, s.p, n);
                nvshmemx_int_broadcast_block(NVSHMEM_TEAM_WORLD, b.p, d.p, n, npes - 1);
            } else if (em::grid_rank() == 2 && em::block_rank() == 0) {
                nvshmem_int_fcollect(NVSHMEM_TEAM_WORLD, all.p, mine.p, 2);
                nvshmem_barrier_all();
            } else if (em::block_rank() == 0) {
                others++;
            }
        }, o);
        const int tri = npes * (npes + 1) / 2;
        for (std::size_t i = 0; i < n; i++) {
            ASSERT_EQ(d[i], tri * static_cast<int>(i)) << (coop ? "cooperative" : "plain") << " i " << i;
            ASSERT_EQ(b[i], tri * static_cast<int>(i)) << i;
        }
        for (int j = 0; j < 2 * npes; j++) ASSERT_EQ(all[static_cast<std::size_t>(j)], 7 * (j / 2) + j % 2) << j;
        nvshmem_barrier_all();
        for (std::size_t i = 0; i < n; i++) d[i] = b[i] = -1;
        for (int j = 0; j < 2 * npes; j++) all[static_cast<std::size_t>(j)] = -1;
        nvshmem_barrier_all();
    }
    EXPECT_EQ(others.load(), 2);
}

TEST(NvshmemEmulation, Team2DInKernels)
{
    constexpr int xrange = 2;
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    nvshmem_team_t xt = NVSHMEM_TEAM_INVALID, yt = NVSHMEM_TEAM_INVALID;
    ASSERT_EQ(nvshmem_team_split_2d(NVSHMEM_TEAM_WORLD, xrange, nullptr, 0, &xt, nullptr, 0, &yt), 0);
    const int x = me % xrange, y = me / xrange;
    const int xsize = npes - y * xrange < xrange ? npes - y * xrange : xrange;
    Sym<int> v(2);
    v[0] = me;
    std::atomic<int> xi{-2}, xn{-2}, yi{-2}, y0{-2};
    launch(32, [&] {
        if (shoal::device::emulate::block_rank() == 0) {
            xi = nvshmem_team_my_pe(xt);
            xn = nvshmem_team_n_pes(xt);
            yi = nvshmem_team_my_pe(yt);
            y0 = nvshmem_team_translate_pe(yt, 0, NVSHMEM_TEAM_WORLD);
        }
        nvshmemx_int_sum_reduce_warp(xt, v.p + 1, v.p, 1);
    });
    EXPECT_EQ(xi.load(), x);
    EXPECT_EQ(xn.load(), xsize);
    EXPECT_EQ(yi.load(), y);
    EXPECT_EQ(y0.load(), x);
    int want = 0;
    for (int i = 0; i < xsize; i++) want += y * xrange + i;
    EXPECT_EQ(v[1], want);
    nvshmem_team_destroy(xt);
    nvshmem_team_destroy(yt);
    // The destroy was published: kernels no longer find the team.
    launch(1, [&] { xi = nvshmem_team_my_pe(xt); });
    EXPECT_EQ(xi.load(), -1);
    nvshmem_barrier_all();
}

TEST(NvshmemEmulation, TeamsMadeOutsideNvshmemNeedAPublish)
{
    // shmem_team_split_strided does not publish: the kernels' view is the one of the last
    // nvshmem call until shmemx_device_context_publish (host calls see the team at once).
    shmem_team_t t = SHMEM_TEAM_INVALID;
    ASSERT_EQ(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), nullptr, 0, &t), 0);
    std::atomic<int> idx{-2};
    launch(1, [&] { idx = nvshmem_team_my_pe(t); });
    EXPECT_EQ(idx.load(), -1);
    EXPECT_EQ(nvshmem_team_my_pe(t), shmem_my_pe()); // host path
    shmemx_device_context_publish("TeamsMadeOutsideNvshmemNeedAPublish");
    launch(1, [&] { idx = nvshmem_team_my_pe(t); });
    EXPECT_EQ(idx.load(), shmem_my_pe());
    shmem_team_destroy(t);
    shmemx_device_context_publish("TeamsMadeOutsideNvshmemNeedAPublish");
}

} // namespace
