// Contexts: shmem_ctx_create/destroy with each option, shmem_team_create_ctx,
// shmem_ctx_get_team (world for ctx_create and SHMEM_CTX_DEFAULT), shmem_ctx_fence ordering
// (data before flag), shmem_ctx_quiet completing nbi puts, RMA/AMO through a private context,
// destroy completing outstanding operations, many create/destroy cycles, shmemx_ctx_count.
#include "runtime_test_util.hpp"

#include <shmemx.h>

#include <vector>

using namespace shoal_test;

namespace {

TEST(Ctx, CreateWithEachOptionAndGetTeam)
{
    for (long opt : {0L, SHMEM_CTX_PRIVATE, SHMEM_CTX_SERIALIZED, SHMEM_CTX_NOSTORE,
                     SHMEM_CTX_PRIVATE | SHMEM_CTX_SERIALIZED}) {
        SCOPED_TRACE(opt);
        shmem_ctx_t ctx = SHMEM_CTX_INVALID;
        EXPECT_EQ(shmem_ctx_create(opt, &ctx), 0);
        EXPECT_NE(ctx, SHMEM_CTX_INVALID);
        EXPECT_NE(ctx, SHMEM_CTX_DEFAULT);
        shmem_team_t team = SHMEM_TEAM_INVALID;
        EXPECT_EQ(shmem_ctx_get_team(ctx, &team), 0);
        EXPECT_EQ(team, SHMEM_TEAM_WORLD);
        shmem_ctx_destroy(ctx);
    }
    shmem_team_t team = SHMEM_TEAM_INVALID;
    EXPECT_EQ(shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &team), 0);
    EXPECT_EQ(team, SHMEM_TEAM_WORLD);
    team = SHMEM_TEAM_WORLD;
    EXPECT_NE(shmem_ctx_get_team(SHMEM_CTX_INVALID, &team), 0);
    EXPECT_EQ(team, SHMEM_TEAM_INVALID);
    // The spec: fence and quiet on SHMEM_CTX_INVALID have no effect (used to stop the job).
    shmem_ctx_fence(SHMEM_CTX_INVALID);
    shmem_ctx_quiet(SHMEM_CTX_INVALID);
}

TEST(Ctx, TwoLiveContextsAreDistinct)
{
    shmem_ctx_t a, b;
    ASSERT_EQ(shmem_ctx_create(0, &a), 0);
    ASSERT_EQ(shmem_ctx_create(0, &b), 0);
    EXPECT_NE(a, b);
    shmem_ctx_destroy(b);
    shmem_ctx_destroy(a);
}

TEST(Ctx, TeamCreateCtxOnWorldAndShared)
{
    for (shmem_team_t t : {SHMEM_TEAM_WORLD, SHMEM_TEAM_SHARED}) {
        shmem_ctx_t ctx = SHMEM_CTX_INVALID;
        EXPECT_EQ(shmem_team_create_ctx(t, 0, &ctx), 0);
        shmem_team_t got = SHMEM_TEAM_INVALID;
        EXPECT_EQ(shmem_ctx_get_team(ctx, &got), 0);
        EXPECT_EQ(got, t);
        shmem_ctx_destroy(ctx);
    }
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    EXPECT_NE(shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &ctx), 0);
    EXPECT_EQ(ctx, SHMEM_CTX_INVALID);
}

TEST(Ctx, CountFollowsCreateAndDestroy)
{
    int base = -1, most = 0;
    shmemx_ctx_count(&base, &most);
    EXPECT_GE(base, 0);
    EXPECT_GE(most, 1024);
    shmem_ctx_t c[3];
    for (auto &x : c) ASSERT_EQ(shmem_ctx_create(0, &x), 0);
    int now = -1;
    shmemx_ctx_count(&now, nullptr);
    EXPECT_EQ(now, base + 3);
    shmem_ctx_destroy(c[1]);
    shmemx_ctx_count(&now, nullptr);
    EXPECT_EQ(now, base + 2);
    shmem_ctx_destroy(c[0]);
    shmem_ctx_destroy(c[2]);
    shmemx_ctx_count(&now, nullptr);
    EXPECT_EQ(now, base);
    shmemx_ctx_count(nullptr, nullptr); // either may be NULL
}

TEST(Ctx, ManyCreateDestroyCycles)
{
    for (int i = 0; i < 2000; ++i) {
        shmem_ctx_t ctx;
        const int rc = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
        EXPECT_EQ(rc, 0) << "cycle " << i;
        if (rc != 0) break;
        shmem_ctx_destroy(ctx);
    }
}

TEST(Ctx, RmaAndAmoThroughPrivateCtx)
{
    PrivateCtx c; // falls back to SHMEM_CTX_DEFAULT if creation failed, so every PE goes on
    EXPECT_EQ(c.rc(), 0);
    const shmem_ctx_t ctx = c.get();
    constexpr size_t M = 1000;
    SymArray<double> d(M);
    SymArray<long> w(4);
    for (size_t k = 0; k < M; ++k) d[k] = -1;
    for (int k = 0; k < 4; ++k) w[k] = 10;
    shmem_barrier_all();
    std::vector<double> src(M);
    for (size_t k = 0; k < M; ++k) src[k] = val<double>(me(), k);
    shmem_ctx_double_put(ctx, d.get(), src.data(), M, right());
    EXPECT_EQ(shmem_ctx_long_atomic_fetch_add(ctx, w.get(), me() + 1, right()), 10);
    shmem_ctx_long_atomic_inc(ctx, w.get() + 1, right());
    EXPECT_EQ(shmem_ctx_long_atomic_compare_swap(ctx, w.get() + 2, 10, 77, right()), 10);
    shmem_ctx_long_p(ctx, w.get() + 3, 99, right());
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    EXPECT_TRUE(check_each(d.get(), M, [&](size_t k) { return val<double>(left(), k); }));
    EXPECT_EQ(w[0], 10 + left() + 1);
    EXPECT_EQ(w[1], 11);
    EXPECT_EQ(w[2], 77);
    EXPECT_EQ(w[3], 99);
    EXPECT_EQ(shmem_ctx_long_g(ctx, w.get() + 3, right()), 99);
    std::vector<double> back(M);
    shmem_ctx_double_get(ctx, back.data(), d.get(), M, right());
    EXPECT_TRUE(check_each(back.data(), M, [&](size_t k) { return val<double>(me(), k); }));
    shmem_barrier_all();
}

TEST(Ctx, FenceOrdersDataBeforeFlag)
{
    // Put data, fence, put flag; the receiver waits for the flag and must see the data.
    PrivateCtx c; // falls back to SHMEM_CTX_DEFAULT if creation failed, so every PE goes on
    EXPECT_EQ(c.rc(), 0);
    constexpr size_t M = 4096;
    constexpr int kRounds = 100;
    SymArray<int> data(M);
    SymArray<int> flag(1);
    SymArray<int> ack(1);
    flag[0] = 0;
    ack[0] = 0;
    shmem_barrier_all();
    std::vector<int> src(M);
    bool reported = false;
    for (int r = 1; r <= kRounds; ++r) {
        const shmem_ctx_t ctx = (r % 2) ? c.get() : SHMEM_CTX_DEFAULT;
        for (size_t k = 0; k < M; ++k) src[k] = val<int>(me(), k, r);
        shmem_int_wait_until(ack.get(), SHMEM_CMP_GE, r - 1);
        shmem_ctx_int_put_nbi(ctx, data.get(), src.data(), M, right());
        shmem_ctx_fence(ctx);
        shmem_ctx_int_p(ctx, flag.get(), r, right());
        shmem_ctx_quiet(ctx); // src is reused next round
        shmem_int_wait_until(flag.get(), SHMEM_CMP_GE, r);
        const auto ok = check_each(data.get(), M, [&](size_t k) { return val<int>(left(), k, r); });
        if (!reported && !ok) {
            ADD_FAILURE() << "round " << r << ": " << ok.message();
            reported = true;
        }
        shmem_int_atomic_set(ack.get(), r, left());
    }
    shmem_barrier_all();
}

TEST(Ctx, QuietCompletesNbiPutsOfThatCtx)
{
    PrivateCtx c; // falls back to SHMEM_CTX_DEFAULT if creation failed, so every PE goes on
    EXPECT_EQ(c.rc(), 0);
    constexpr size_t M = 100000;
    SymArray<long> d(M);
    for (size_t k = 0; k < M; ++k) d[k] = -1;
    shmem_barrier_all();
    std::vector<long> src(M);
    for (size_t k = 0; k < M; ++k) src[k] = val<long>(me(), k);
    shmem_ctx_long_put_nbi(c.get(), d.get(), src.data(), M, right());
    shmem_ctx_quiet(c.get());
    // After ctx_quiet the source buffer may be reused; scribbling on it must not matter.
    std::fill(src.begin(), src.end(), 0L);
    shmem_sync_all(); // a sync without completion semantics: the ctx_quiet did the completing
    EXPECT_TRUE(check_each(d.get(), M, [&](size_t k) { return val<long>(left(), k); }));
    shmem_barrier_all();
}

TEST(Ctx, DestroyCompletesOutstandingOperations)
{
    constexpr size_t M = 50000;
    SymArray<int> d(M);
    for (size_t k = 0; k < M; ++k) d[k] = -1;
    shmem_barrier_all();
    std::vector<int> src(M);
    for (size_t k = 0; k < M; ++k) src[k] = val<int>(me(), k, 3);
    shmem_ctx_t ctx;
    const int rc = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
    EXPECT_EQ(rc, 0);
    if (rc == 0) {
        shmem_ctx_int_put_nbi(ctx, d.get(), src.data(), M, right());
        shmem_ctx_destroy(ctx); // implies a quiet on ctx
    } else {
        shmem_int_put(d.get(), src.data(), M, right());
    }
    std::fill(src.begin(), src.end(), 0);
    shmem_sync_all();
    EXPECT_TRUE(check_each(d.get(), M, [&](size_t k) { return val<int>(left(), k, 3); }));
    shmem_barrier_all();
}

TEST(Ctx, DefaultCtxFenceAndQuiet)
{
    SymArray<long> d(2);
    d[0] = 0;
    d[1] = 0;
    shmem_barrier_all();
    shmem_long_p(d.get(), 5, right());
    shmem_fence();
    shmem_ctx_fence(SHMEM_CTX_DEFAULT);
    shmem_long_p(d.get() + 1, 6, right());
    shmem_ctx_quiet(SHMEM_CTX_DEFAULT);
    shmem_long_wait_until(d.get() + 1, SHMEM_CMP_EQ, 6);
    EXPECT_EQ(d[0], 5);
    shmem_barrier_all();
}

} // namespace
