// nvshmem.h's device forms that come from NVSHMEM 3's tables beyond OpenSHMEM's, in the g++
// host emulation (kernels as groups of host threads over real PEs): the half and bfloat16 rows,
// reducescatter at every scope, the queue-pair forms, the warpgroup barrier, MAXLOC. Values are
// written on one PE and checked on another.
#include <gtest/gtest.h>
#include <nvshmem.h>
#include <nvshmemx.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include <shoal/device/emulate.h>


namespace {

using shoal::device::emulate::block_rank;
using shoal::device::emulate::launch;

template <class T> T *sym_alloc(std::size_t n) { return static_cast<T *>(nvshmem_calloc(n, sizeof(T))); }

int me() { return nvshmem_my_pe(); }
int npes() { return nvshmem_n_pes(); }

TEST(NvshmemRows, HalfAndBfloat16RmaAtEveryScope)
{
    constexpr std::size_t n = 1001; // not a multiple of the group sizes
    half *h = sym_alloc<half>(3 * n);
    __nv_bfloat16 *b = sym_alloc<__nv_bfloat16>(n);
    std::uint64_t *sig = sym_alloc<std::uint64_t>(1);
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    for (std::size_t i = 0; i < n; i++) h[i] = __float2half(static_cast<float>(me() * 4 + static_cast<int>(i % 512)));
    for (std::size_t i = 0; i < n; i++) b[i] = __float2bfloat16(static_cast<float>(i % 100));
    nvshmem_barrier_all();
    launch(48, [&] {
        nvshmemx_half_put_block(h + n, h, n, right);       // into the right neighbour's second third
        nvshmemx_half_get_warp(h + 2 * n, h, n, right);    // its first third into mine
        if (block_rank() == 0) nvshmem_bfloat16_p(b, __float2bfloat16(-2.5f), right);
        nvshmemx_half_put_signal_warp(h, h, 0, sig, 1, NVSHMEM_SIGNAL_ADD, right); // once per warp
        nvshmemx_barrier_all_block();
    });
    for (std::size_t i = 0; i < n; i++) {
        ASSERT_EQ(__half2float(h[n + i]), static_cast<float>(left * 4 + static_cast<int>(i % 512))) << i;
        ASSERT_EQ(__half2float(h[2 * n + i]), static_cast<float>(right * 4 + static_cast<int>(i % 512))) << i;
    }
    EXPECT_EQ(__bfloat162float(b[0]), -2.5f);
    EXPECT_EQ(*sig, 2u); // a warp of 32 and a warp of 16 each signalled once
    std::atomic<float> g{0};
    launch(1, [&] { g = __half2float(nvshmem_half_g(h + n, right)); });
    EXPECT_EQ(g.load(), static_cast<float>(me() * 4));
    nvshmem_barrier_all();
    nvshmem_free(sig);
    nvshmem_free(b);
    nvshmem_free(h);
}

TEST(NvshmemRows, SixteenBitReductions)
{
    constexpr std::size_t n = 300;
    half *hs = sym_alloc<half>(n), *hd = sym_alloc<half>(n);
    __nv_bfloat16 *bs = sym_alloc<__nv_bfloat16>(n), *bd = sym_alloc<__nv_bfloat16>(n);
    for (std::size_t i = 0; i < n; i++) {
        hs[i] = __float2half(static_cast<float>(me() + static_cast<int>(i % 7)));
        bs[i] = __float2bfloat16(static_cast<float>(3 * me() - static_cast<int>(i % 5)));
    }
    nvshmem_barrier_all();
    launch(64, [&] {
        nvshmemx_half_sum_reduce_block(NVSHMEM_TEAM_WORLD, hd, hs, n);
        if (block_rank() < 32) nvshmemx_bfloat16_min_reduce_warp(NVSHMEM_TEAM_WORLD, bd, bs, n); // one after the other
    });
    for (std::size_t i = 0; i < n; i++) {
        ASSERT_EQ(__half2float(hd[i]), static_cast<float>(npes() * (npes() - 1) / 2 + npes() * static_cast<int>(i % 7))) << i;
        ASSERT_EQ(__bfloat162float(bd[i]), -static_cast<float>(i % 5)) << i;
    }
    nvshmem_barrier_all();
    nvshmem_free(bd);
    nvshmem_free(bs);
    nvshmem_free(hd);
    nvshmem_free(hs);
}

TEST(NvshmemRows, ReducescatterAtEveryScope)
{
    constexpr std::size_t k = 70;
    const std::size_t n = k * static_cast<std::size_t>(npes());
    long *src = sym_alloc<long>(n), *d1 = sym_alloc<long>(k), *d2 = sym_alloc<long>(k), *d3 = sym_alloc<long>(k);
    half *hsrc = sym_alloc<half>(n), *hd = sym_alloc<half>(k);
    for (std::size_t b = 0; b < static_cast<std::size_t>(npes()); b++)
        for (std::size_t j = 0; j < k; j++) {
            src[b * k + j] = me() * 100000L + static_cast<long>(b * 1000 + j);
            hsrc[b * k + j] = __float2half(static_cast<float>(me() == static_cast<int>(b) ? 7 : -static_cast<int>(j % 3)));
        }
    nvshmem_barrier_all();
    launch(40, [&] { // one collective of the team at a time: the block ones, then a warp, then a thread
        nvshmemx_int64_xor_reducescatter_block(NVSHMEM_TEAM_WORLD, d3, src, k); // long is int64_t here
        nvshmemx_half_max_reducescatter_block(NVSHMEM_TEAM_WORLD, hd, hsrc, k);
        if (block_rank() < 32) nvshmemx_long_max_reducescatter_warp(NVSHMEM_TEAM_WORLD, d2, src, k);
        if (block_rank() == 0) nvshmem_long_sum_reducescatter(NVSHMEM_TEAM_WORLD, d1, src, k);
    });
    const long base = me() * 1000L;
    for (std::size_t j = 0; j < k; j++) {
        long sum = 0, x = 0;
        for (int pe = 0; pe < npes(); pe++) {
            sum += pe * 100000L + base + static_cast<long>(j);
            x ^= pe * 100000L + base + static_cast<long>(j);
        }
        ASSERT_EQ(d1[j], sum) << j;
        ASSERT_EQ(d2[j], (npes() - 1) * 100000L + base + static_cast<long>(j)) << j;
        ASSERT_EQ(d3[j], x) << j;
        ASSERT_EQ(__half2float(hd[j]), 7.0f) << j; // my own block holds the 7s
    }
    nvshmem_barrier_all();
    nvshmem_free(hd);
    nvshmem_free(hsrc);
    nvshmem_free(d3);
    nvshmem_free(d2);
    nvshmem_free(d1);
    nvshmem_free(src);
}

TEST(NvshmemRows, QueuePairFormsAndWarpgroupBarrier)
{
    constexpr std::size_t n = 200;
    int *a = sym_alloc<int>(2 * n);
    std::uint64_t *sig = sym_alloc<std::uint64_t>(1);
    nvshmemx_qp_handle_t *qp = nullptr;
    ASSERT_EQ(nvshmemx_qp_create(2, &qp), NVSHMEMX_SUCCESS);
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    for (std::size_t i = 0; i < n; i++) a[i] = me() * 1000 + static_cast<int>(i);
    nvshmem_barrier_all();
    launch(128, [&] {
        nvshmemx_qp_int_put_block(a + n, a, n, right, qp[1]);
        nvshmemx_qp_quiet_block(right, qp, 2);
        nvshmemx_barrier_warpgroup(NVSHMEM_TEAM_WORLD);
        if (block_rank() == 0) {
            nvshmemx_qp_signal_op(sig, 5, NVSHMEM_SIGNAL_SET, right, NVSHMEMX_QP_DEFAULT);
            nvshmemx_qp_int_p(a, nvshmemx_qp_int_g(a + n, left, qp[0]), left, qp[0]);
        }
        nvshmemx_barrier_warpgroup(NVSHMEM_TEAM_WORLD);
    });
    for (std::size_t i = 0; i < n; i++) ASSERT_EQ(a[n + i], left * 1000 + static_cast<int>(i)) << i;
    EXPECT_EQ(*sig, 5u);
    // The right neighbour set my a[0] to my a[n] (what the left one put there).
    EXPECT_EQ(a[0], left * 1000);
    nvshmem_barrier_all();
    nvshmem_free(sig);
    nvshmem_free(a);
}

TEST(NvshmemRows, MaxlocPicksTheLargestValueAndLowestIndex)
{
    constexpr std::size_t n = 9;
    double2 *s = sym_alloc<double2>(n), *d = sym_alloc<double2>(n);
    for (std::size_t i = 0; i < n; i++) {
        s[i].x = static_cast<double>((me() + static_cast<int>(i)) % 3); // ties between PEs
        s[i].y = static_cast<double>(me());
    }
    nvshmem_barrier_all();
    launch(32, [&] { nvshmemx_double2_maxloc_reduce_block(NVSHMEM_TEAM_WORLD, d, s, n); });
    for (std::size_t i = 0; i < n; i++) {
        double best = -1, at = -1;
        for (int pe = 0; pe < npes(); pe++) {
            const double v = static_cast<double>((pe + static_cast<int>(i)) % 3);
            if (v > best) best = v, at = pe;
        }
        EXPECT_EQ(d[i].x, best) << i;
        EXPECT_EQ(d[i].y, at) << i;
    }
    nvshmem_barrier_all();
    nvshmem_free(d);
    nvshmem_free(s);
}

} // namespace
