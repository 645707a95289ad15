// Team management: predefined teams, SHMEM_TEAM_INVALID everywhere, split_strided and
// split_2d (incomplete last row, xrange > size), translate, config, destroy, teams created and
// destroyed in loops, slot exhaustion (a clear warning and a nonzero return, then recovery),
// shmemx_team_get_uniqueid / shmemx_team_init in odd orders and on disjoint subsets at once,
// and contexts created on a team.
#include <gtest/gtest.h>
#include <shmem.h>
#include <shmemx.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "coll_test_util.hpp"

using namespace coll_test;

namespace {

/** Sum over the team of (world PE + 1), by a team reduction: proves who the members are. */
long member_sum(shmem_team_t team)
{
    static long in, out; // symmetric
    in = me() + 1;
    out = -1;
    EXPECT_EQ(shmem_long_sum_reduce(team, &out, &in, 1), 0);
    return out;
}

TEST(Teams, Predefined)
{
    EXPECT_EQ(shmem_team_my_pe(SHMEM_TEAM_WORLD), me());
    EXPECT_EQ(shmem_team_n_pes(SHMEM_TEAM_WORLD), npes());
    // SHMEM_TEAM_SHARED is the PEs whose memory is mapped here (shmem_ptr works): every PE
    // on one machine, this PE alone under SHOAL_TRANSPORT=mpi, this host's PEs across hosts.
    static long sym; // symmetric
    std::vector<int> shared_rank(npes(), -1), shared_pes;
    for (int pe = 0; pe < npes(); pe++)
        if (shmem_ptr(&sym, pe) != nullptr) {
            shared_rank[pe] = static_cast<int>(shared_pes.size());
            shared_pes.push_back(pe);
        }
    const int nshared = static_cast<int>(shared_pes.size());
    EXPECT_EQ(shmem_team_n_pes(SHMEM_TEAM_SHARED), nshared);
    EXPECT_EQ(shmem_team_my_pe(SHMEM_TEAM_SHARED), shared_rank[me()]);
    long shared_sum = 0;
    for (int pe = 0; pe < npes(); pe++) {
        EXPECT_EQ(shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, SHMEM_TEAM_SHARED), shared_rank[pe]);
        EXPECT_EQ(shmem_team_translate_pe(SHMEM_TEAM_SHARED, pe, SHMEM_TEAM_WORLD),
                  pe < nshared ? shared_pes[pe] : -1);
        if (shared_rank[pe] >= 0) shared_sum += pe + 1;
    }
    EXPECT_EQ(shmem_team_translate_pe(SHMEM_TEAM_WORLD, npes(), SHMEM_TEAM_WORLD), -1);
    EXPECT_EQ(shmem_team_translate_pe(SHMEM_TEAM_WORLD, -1, SHMEM_TEAM_WORLD), -1);
    shmem_team_config_t cfg{-7};
    EXPECT_EQ(shmem_team_get_config(SHMEM_TEAM_WORLD, 0, &cfg), 0);
    EXPECT_EQ(cfg.num_contexts, -7); // mask 0: nothing fetched
    EXPECT_EQ(shmem_team_sync(SHMEM_TEAM_WORLD), 0);
    EXPECT_EQ(shmem_team_sync(SHMEM_TEAM_SHARED), 0);
    EXPECT_EQ(member_sum(SHMEM_TEAM_SHARED), shared_sum);
    int alive = 0, max = 0;
    shmemx_team_count(&alive, &max);
    EXPECT_EQ(alive, 2);
    EXPECT_GE(max, 64);
}

TEST(Teams, InvalidHandle)
{
    const shmem_team_t inv = SHMEM_TEAM_INVALID;
    EXPECT_EQ(shmem_team_my_pe(inv), -1);
    EXPECT_EQ(shmem_team_n_pes(inv), -1);
    shmem_team_config_t cfg{3};
    EXPECT_NE(shmem_team_get_config(inv, SHMEM_TEAM_NUM_CONTEXTS, &cfg), 0);
    EXPECT_EQ(cfg.num_contexts, 3);
    EXPECT_EQ(shmem_team_translate_pe(inv, 0, SHMEM_TEAM_WORLD), -1);
    EXPECT_EQ(shmem_team_translate_pe(SHMEM_TEAM_WORLD, 0, inv), -1);
    shmem_team_destroy(inv); // no-op
    EXPECT_NE(shmem_team_sync(inv), 0);
    shmem_team_t t = SHMEM_TEAM_WORLD, x = SHMEM_TEAM_WORLD, y = SHMEM_TEAM_WORLD;
    EXPECT_NE(shmem_team_split_strided(inv, 0, 1, 1, nullptr, 0, &t), 0);
    EXPECT_EQ(t, inv);
    EXPECT_NE(shmem_team_split_2d(inv, 1, nullptr, 0, &x, nullptr, 0, &y), 0);
    EXPECT_EQ(x, inv);
    EXPECT_EQ(y, inv);
    static long a[4], b[4];
    EXPECT_NE(shmem_long_sum_reduce(inv, a, b, 1), 0);
    EXPECT_NE(shmem_long_broadcast(inv, a, b, 1, 0), 0);
    EXPECT_NE(shmem_long_fcollect(inv, a, b, 1), 0);
    EXPECT_NE(shmem_long_collect(inv, a, b, 1), 0);
    EXPECT_NE(shmem_long_alltoall(inv, a, b, 1), 0);
    EXPECT_NE(shmem_long_alltoalls(inv, a, b, 1, 1, 1), 0);
    EXPECT_NE(shmem_broadcastmem(inv, a, b, 1, 0), 0);
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    EXPECT_NE(shmem_team_create_ctx(inv, 0, &ctx), 0);
    shmem_barrier_all();
}

TEST(Teams, SplitStrided)
{
    const int n = npes();
    shmem_team_t evens;
    ASSERT_EQ(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, nullptr, 0, &evens), 0);
    if (me() % 2 == 0) {
        ASSERT_NE(evens, SHMEM_TEAM_INVALID);
        EXPECT_EQ(shmem_team_my_pe(evens), me() / 2);
        EXPECT_EQ(shmem_team_n_pes(evens), (n + 1) / 2);
        for (int i = 0; i < (n + 1) / 2; i++) {
            EXPECT_EQ(shmem_team_translate_pe(evens, i, SHMEM_TEAM_WORLD), 2 * i);
            EXPECT_EQ(shmem_team_translate_pe(SHMEM_TEAM_WORLD, 2 * i, evens), i);
        }
        if (n > 1) { EXPECT_EQ(shmem_team_translate_pe(SHMEM_TEAM_WORLD, 1, evens), -1); }
        long want = 0;
        for (int pe = 0; pe < n; pe += 2) want += pe + 1;
        EXPECT_EQ(member_sum(evens), want);
        // A team split from a split: the last member of evens alone, then all of evens again.
        shmem_team_t last, all;
        const int ne = shmem_team_n_pes(evens);
        ASSERT_EQ(shmem_team_split_strided(evens, ne - 1, 1, 1, nullptr, 0, &last), 0);
        ASSERT_EQ(shmem_team_split_strided(evens, 0, 1, ne, nullptr, 0, &all), 0);
        EXPECT_EQ(last != SHMEM_TEAM_INVALID, shmem_team_my_pe(evens) == ne - 1);
        if (last != SHMEM_TEAM_INVALID) { EXPECT_EQ(shmem_team_translate_pe(last, 0, SHMEM_TEAM_WORLD), me()); }
        EXPECT_EQ(member_sum(all), want);
        EXPECT_EQ(shmem_team_translate_pe(all, shmem_team_my_pe(all), evens), shmem_team_my_pe(evens));
        shmem_team_destroy(last);
        shmem_team_destroy(all);
    } else {
        EXPECT_EQ(evens, SHMEM_TEAM_INVALID);
    }
    shmem_team_destroy(evens);
    // Backwards: stride -1 from the last PE (order reversed).
    shmem_team_t rev;
    ASSERT_EQ(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, nullptr, 0, &rev), 0);
    EXPECT_EQ(shmem_team_my_pe(rev), n - 1 - me());
    EXPECT_EQ(shmem_team_translate_pe(rev, 0, SHMEM_TEAM_WORLD), n - 1);
    for (int pe = 0; pe < n; pe++) EXPECT_EQ(shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, rev), n - 1 - pe);
    EXPECT_EQ(member_sum(rev), (long)n * (n + 1) / 2);
    shmem_team_destroy(rev);
    // Invalid triplets: nonzero on every PE, no team.
    shmem_team_t bad = SHMEM_TEAM_WORLD;
    EXPECT_NE(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n + 1, nullptr, 0, &bad), 0);
    EXPECT_EQ(bad, SHMEM_TEAM_INVALID);
    EXPECT_NE(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 0, nullptr, 0, &bad), 0);
    EXPECT_NE(shmem_team_split_strided(SHMEM_TEAM_WORLD, n, 1, 1, nullptr, 0, &bad), 0);
    if (n > 1) { EXPECT_NE(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 0, 2, nullptr, 0, &bad), 0); }
    shmem_barrier_all();
}

TEST(Teams, Split2D)
{
    const int n = npes();
    for (int xr : {1, 2, 3, n, n + 2}) {
        shmem_team_t xt, yt;
        shmem_team_config_t xc{1}, yc{2};
        ASSERT_EQ(shmem_team_split_2d(SHMEM_TEAM_WORLD, xr, &xc, SHMEM_TEAM_NUM_CONTEXTS, &xt, &yc,
                                      SHMEM_TEAM_NUM_CONTEXTS, &yt), 0);
        const int x_range = xr > n ? n : xr;
        const int x = me() % x_range, y = me() / x_range;
        ASSERT_NE(xt, SHMEM_TEAM_INVALID);
        ASSERT_NE(yt, SHMEM_TEAM_INVALID);
        EXPECT_EQ(shmem_team_my_pe(xt), x) << "xrange " << xr;
        EXPECT_EQ(shmem_team_my_pe(yt), y) << "xrange " << xr;
        const int xsize = n - y * x_range < x_range ? n - y * x_range : x_range;
        const int ysize = (n - x + x_range - 1) / x_range;
        EXPECT_EQ(shmem_team_n_pes(xt), xsize) << "xrange " << xr; // last row may be short
        EXPECT_EQ(shmem_team_n_pes(yt), ysize) << "xrange " << xr; // columns differ by <= 1
        for (int i = 0; i < xsize; i++)
            EXPECT_EQ(shmem_team_translate_pe(xt, i, SHMEM_TEAM_WORLD), y * x_range + i);
        for (int j = 0; j < ysize; j++)
            EXPECT_EQ(shmem_team_translate_pe(yt, j, SHMEM_TEAM_WORLD), x + j * x_range);
        long wx = 0, wy = 0;
        for (int i = 0; i < xsize; i++) wx += y * x_range + i + 1;
        for (int j = 0; j < ysize; j++) wy += x + j * x_range + 1;
        EXPECT_EQ(member_sum(xt), wx);
        EXPECT_EQ(member_sum(yt), wy);
        shmem_team_config_t got{0};
        EXPECT_EQ(shmem_team_get_config(xt, SHMEM_TEAM_NUM_CONTEXTS, &got), 0);
        EXPECT_EQ(got.num_contexts, 1);
        EXPECT_EQ(shmem_team_get_config(yt, SHMEM_TEAM_NUM_CONTEXTS, &got), 0);
        EXPECT_EQ(got.num_contexts, 2);
        shmem_team_destroy(xt);
        shmem_team_destroy(yt);
    }
    shmem_team_t xt = SHMEM_TEAM_WORLD, yt = SHMEM_TEAM_WORLD;
    EXPECT_NE(shmem_team_split_2d(SHMEM_TEAM_WORLD, 0, nullptr, 0, &xt, nullptr, 0, &yt), 0);
    EXPECT_EQ(xt, SHMEM_TEAM_INVALID);
    EXPECT_EQ(yt, SHMEM_TEAM_INVALID);
    shmem_barrier_all();
}

TEST(Teams, CreateDestroyLoop)
{
    const int n = npes();
    for (int i = 0; i < 3000; i++) {
        shmem_team_t t;
        const int size = 1 + i % n;
        ASSERT_EQ(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, size, nullptr, 0, &t), 0) << "iteration " << i;
        if (i % 100 == 0 && t != SHMEM_TEAM_INVALID) { EXPECT_EQ(shmem_team_sync(t), 0); }
        shmem_team_destroy(t);
    }
    for (int i = 0; i < 1000; i++) {
        shmem_team_t x, y;
        ASSERT_EQ(shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, nullptr, 0, &x, nullptr, 0, &y), 0);
        if (i % 100 == 0) { EXPECT_EQ(member_sum(x) > 0 && member_sum(y) > 0, true); }
        shmem_team_destroy(y);
        shmem_team_destroy(x);
    }
    int alive = 0, max = 0;
    shmemx_team_count(&alive, &max);
    EXPECT_EQ(alive, 2);
    shmem_barrier_all();
}

TEST(Teams, ExhaustionIsReportedAndRecovers)
{
    int alive = 0, max = 0;
    shmemx_team_count(&alive, &max);
    std::vector<shmem_team_t> teams;
    int rc = 0;
    for (int i = 0; i < max + 2 && rc == 0; i++) {
        shmem_team_t t;
        rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes(), nullptr, 0, &t);
        if (rc == 0) teams.push_back(t);
        else EXPECT_EQ(t, SHMEM_TEAM_INVALID);
    }
    EXPECT_NE(rc, 0) << "no limit reached";
    EXPECT_EQ((int)teams.size(), max - 2); // world and shared take two slots
    for (shmem_team_t t : teams) shmem_team_destroy(t);
    shmem_team_t t;
    EXPECT_EQ(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes(), nullptr, 0, &t), 0);
    EXPECT_EQ(member_sum(t), (long)npes() * (npes() + 1) / 2);
    shmem_team_destroy(t);
    shmem_barrier_all();
}

/** Ids made on `creator`, handed to everyone through symmetric memory. */
void share_ids(int creator, shmemx_team_uniqueid_t *ids, int count)
{
    static shmemx_team_uniqueid_t slot[4]; // symmetric
    if (me() == creator)
        for (int i = 0; i < count; i++) { EXPECT_EQ(shmemx_team_get_uniqueid(&slot[i]), 0); }
    shmem_barrier_all();
    shmem_getmem(ids, slot, (size_t)count * sizeof *ids, creator);
    shmem_barrier_all();
}

TEST(Teams, TeamInitAnyOrder)
{
    const int n = npes();
    // Whole world, reversed; then rotated by one.
    for (int variant = 0; variant < 2; variant++) {
        shmemx_team_uniqueid_t id;
        share_ids(n - 1, &id, 1);
        const int idx = variant == 0 ? n - 1 - me() : (me() + 1) % n;
        shmem_team_t t;
        ASSERT_EQ(shmemx_team_init(&t, nullptr, 0, n, idx, &id), 0);
        EXPECT_EQ(shmem_team_my_pe(t), idx);
        EXPECT_EQ(shmem_team_n_pes(t), n);
        for (int pe = 0; pe < n; pe++) {
            const int pidx = variant == 0 ? n - 1 - pe : (pe + 1) % n;
            EXPECT_EQ(shmem_team_translate_pe(t, pidx, SHMEM_TEAM_WORLD), pe);
            EXPECT_EQ(shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, t), pidx);
        }
        EXPECT_EQ(member_sum(t), (long)n * (n + 1) / 2);
        // Broadcast from team index 0 (world PE n-1 or n-1 ... whoever holds index 0).
        static long v, got;
        v = me();
        got = -1;
        EXPECT_EQ(shmem_long_broadcast(t, &got, &v, 1, 0), 0);
        EXPECT_EQ(got, shmem_team_translate_pe(t, 0, SHMEM_TEAM_WORLD));
        shmem_team_destroy(t);
    }
    // Two ids from one creator used at the same time by disjoint sets (evens and odds), each in
    // reverse order.
    shmemx_team_uniqueid_t ids[2];
    share_ids(0, ids, 2);
    const int mine = me() % 2, count = mine == 0 ? (n + 1) / 2 : n / 2;
    shmem_team_t t;
    ASSERT_EQ(shmemx_team_init(&t, nullptr, 0, count, count - 1 - me() / 2, &ids[mine]), 0);
    EXPECT_EQ(shmem_team_n_pes(t), count);
    long want = 0;
    for (int pe = mine; pe < n; pe += 2) want += pe + 1;
    EXPECT_EQ(member_sum(t), want);
    shmem_team_destroy(t);
    shmem_barrier_all();
    // In a loop: thousands of team_init teams.
    for (int i = 0; i < 500; i++) {
        shmemx_team_uniqueid_t id;
        share_ids(i % n, &id, 1);
        ASSERT_EQ(shmemx_team_init(&t, nullptr, 0, n, (me() + i) % n, &id), 0);
        if (i % 50 == 0) { EXPECT_EQ(shmem_team_sync(t), 0); }
        shmem_team_destroy(t);
    }
    // Bad ids and arguments: nonzero, no team.
    shmemx_team_uniqueid_t junk{};
    t = SHMEM_TEAM_WORLD;
    EXPECT_NE(shmemx_team_init(&t, nullptr, 0, n, me(), &junk), 0);
    EXPECT_EQ(t, SHMEM_TEAM_INVALID);
    shmemx_team_uniqueid_t id;
    EXPECT_EQ(shmemx_team_get_uniqueid(&id), 0);
    EXPECT_NE(shmemx_team_init(&t, nullptr, 0, n, n, &id), 0);
    EXPECT_NE(shmemx_team_init(&t, nullptr, 0, 0, 0, &id), 0);
    shmem_barrier_all();
}

TEST(Teams, ContextOnTeam)
{
    const int n = npes();
    shmem_team_t rev;
    ASSERT_EQ(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, nullptr, 0, &rev), 0);
    shmem_ctx_t ctx;
    ASSERT_EQ(shmem_team_create_ctx(rev, 0, &ctx), 0);
    shmem_team_t back = SHMEM_TEAM_INVALID;
    EXPECT_EQ(shmem_ctx_get_team(ctx, &back), 0);
    EXPECT_EQ(back, rev);
    // Team-relative PE numbers: index 0 of rev is world PE n-1.
    static long box;
    box = -1;
    shmem_barrier_all();
    const int to = (shmem_team_my_pe(rev) + 1) % n; // team index
    shmem_ctx_long_p(ctx, &box, me(), to);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    const int from_idx = (shmem_team_my_pe(rev) + n - 1) % n;
    EXPECT_EQ(box, shmem_team_translate_pe(rev, from_idx, SHMEM_TEAM_WORLD));
    shmem_ctx_destroy(ctx);
    shmem_team_destroy(rev);
    shmem_barrier_all();
}

TEST(Teams, ManySyncsOnManyTeams)
{
    TestTeam a(Kind::Strided), b(Kind::Column2D), c(Kind::Init);
    for (int i = 0; i < 1000; i++) {
        if (a.member()) { EXPECT_EQ(shmem_team_sync(a.handle()), 0); }
        if (b.member()) { EXPECT_EQ(shmem_team_sync(b.handle()), 0); }
        EXPECT_EQ(shmem_team_sync(c.handle()), 0);
        shmem_sync_all();
        shmem_barrier_all();
    }
}

} // namespace
