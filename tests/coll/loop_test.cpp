// Repeated collectives, 1000 iterations: back to back on one pSync and alternating between
// two (the man pages' rule), with no barrier in between where the spec allows it (the
// reductions; small payloads whose destination each PE only reads after its own call
// returns), and on teams, where consecutive collectives cycle through the team's sync areas.
// Every iteration's result is checked (values change every iteration), and pSync must be all
// SHMEM_SYNC_VALUE afterwards.
#include <gtest/gtest.h>
#include <shmem.h>

#include "coll_test_util.hpp"

using namespace coll_test;

namespace {

const int kIters = 1000;

TEST(Loops, ActiveSetSameAndAlternatingPSync)
{
    // One pSync pair per kind of collective: consecutive calls of one kind reuse it.
    enum { BAR, RED, MAXR, BC, FC, CO, A2A, KINDS };
    PSync ps[KINDS][2];
    const int n = npes();
    SymArray<long> src(4 * 64), dst(4 * 64 * 16);
    long failures = 0;
    for (int alternate = 0; alternate < 2; alternate++) {
        for (int it = 0; it < kIters; it++) {
            const int w = alternate ? it & 1 : 0;
            long *p = ps[BAR][w].get();
            shmem_barrier(0, 0, n, p);
            shmem_sync(0, 0, n, p);
            // reduction, 5 elements
            for (int k = 0; k < 5; k++) src[k] = me() * 10 + k + it;
            p = ps[RED][w].get();
            shmem_long_sum_to_all(dst.get(), src.get(), 5, 0, 0, n, nullptr, p);
            for (int k = 0; k < 5; k++) {
                const long want = 10L * n * (n - 1) / 2 + (long)n * (k + it);
                if (dst[k] != want && failures++ < 3) ADD_FAILURE() << "sum it " << it << ": " << dst[k] << " != " << want;
            }
            p = ps[MAXR][w].get();
            shmem_long_max_to_all(dst.get() + 8, src.get(), 1, 0, 0, n, nullptr, p);
            if (dst[8] != (n - 1) * 10 + it && failures++ < 3) ADD_FAILURE() << "max it " << it;
            // broadcast from a fixed root: the root waits for nobody, its payload travels in
            // the receivers' mailboxes
            src[16] = 1000 + it;
            p = ps[BC][w].get();
            shmem_broadcast64(dst.get() + 16, src.get() + 16, 1, 0, 0, 0, n, p);
            if (me() != 0 && dst[16] != 1000 + it && failures++ < 3) ADD_FAILURE() << "bcast it " << it;
            // fcollect / collect / alltoall of small blocks
            src[32] = me() + it;
            p = ps[FC][w].get();
            shmem_fcollect64(dst.get() + 64, src.get() + 32, 1, 0, 0, n, p);
            for (int j = 0; j < n; j++)
                if (dst[64 + j] != j + it && failures++ < 3) ADD_FAILURE() << "fcollect it " << it;
            p = ps[CO][w].get();
            shmem_collect64(dst.get() + 128, src.get() + 32, 1, 0, 0, n, p);
            for (int j = 0; j < n; j++)
                if (dst[128 + j] != j + it && failures++ < 3) ADD_FAILURE() << "collect it " << it;
            for (int j = 0; j < n; j++) src[64 + j] = me() * 100 + j + it;
            p = ps[A2A][w].get();
            shmem_alltoall64(dst.get() + 192, src.get() + 64, 1, 0, 0, n, p);
            for (int j = 0; j < n; j++)
                if (dst[192 + j] != j * 100 + me() + it && failures++ < 3) ADD_FAILURE() << "alltoall it " << it;
        }
        shmem_barrier_all();
        for (int k = 0; k < KINDS; k++)
            EXPECT_TRUE(ps[k][0].restored() && ps[k][1].restored()) << "pSync " << k << " not restored";
        shmem_barrier_all();
    }
    EXPECT_EQ(failures, 0);
}

TEST(Loops, BroadcastsAroundBarriers)
{
    // After a barrier_all the root of an active-set broadcast knows the receivers' mailboxes
    // are empty and skips claiming them; without one it must claim. Alternate both, with a
    // rotating root (member 0 leads the next barrier when it was the root) and payloads of one
    // chunk and of several (only the first chunk into each box may skip the claim). The root
    // changes only after a barrier: a pSync may be reused while members are still in the last
    // call only when the same root sends again (each mailbox has one sender; the spec allows
    // no reuse at all before every member is done).
    PSync ps;
    const int n = npes();
    const size_t big = 1000; // 8000 bytes: three mailbox chunks
    SymArray<long> src(big), dst(big);
    long failures = 0;
    for (int it = 0; it < kIters; it++) {
        const int root = (it / 3) % n;
        const size_t nel = it % 5 == 4 ? big : 1 + (size_t)(it % 3);
        if (me() == root)
            for (size_t i = 0; i < nel; i++) src[i] = (long)it * 100000 + root * 1000 + (long)i;
        shmem_broadcast64(dst.get(), src.get(), nel, root, 0, 0, n, ps.get());
        if (me() != root)
            for (size_t i = 0; i < nel; i++)
                if (dst[i] != (long)it * 100000 + root * 1000 + (long)i && failures++ < 3)
                    ADD_FAILURE() << "bcast it " << it << " root " << root << " element " << i
                                  << ": " << dst[i];
        if (it % 2 == 0 || it % 3 == 2) shmem_barrier_all();
    }
    shmem_barrier_all();
    EXPECT_EQ(failures, 0);
    EXPECT_TRUE(ps.restored());
}

TEST(Loops, LargePayloadsAlternatingBuffers)
{
    // Direct paths (payloads above the mailbox sizes); the destination alternates with the
    // pSync, so a fast PE may start the next call without a barrier.
    PSync ps[2];
    const int n = npes();
    const size_t nel = 8192; // 64 KiB of longs
    SymArray<long> src(nel), d0(nel * (size_t)n), d1(nel * (size_t)n);
    long failures = 0;
    for (int it = 0; it < 200; it++) {
        long *p = ps[it & 1].get();
        long *d = (it & 1 ? d1 : d0).get();
        for (size_t i = 0; i < nel; i++) src[i] = (long)i * 3 + me() + it;
        shmem_long_sum_to_all(d, src.get(), (int)nel, 0, 0, n, nullptr, p);
        for (size_t i = 0; i < nel; i += 97) {
            const long want = (long)n * ((long)i * 3 + it) + (long)n * (n - 1) / 2;
            if (d[i] != want && failures++ < 3) ADD_FAILURE() << "large sum it " << it << " i " << i;
        }
        shmem_barrier(0, 0, n, p); // src is rewritten next
        shmem_fcollect64(d, src.get(), nel, 0, 0, n, p);
        for (int j = 0; j < n; j++)
            for (size_t i = 0; i < nel; i += 101)
                if (d[(size_t)j * nel + i] != (long)i * 3 + j + it && failures++ < 3)
                    ADD_FAILURE() << "large fcollect it " << it;
        shmem_barrier(0, 0, n, p);
    }
    EXPECT_EQ(failures, 0);
    shmem_barrier_all();
    EXPECT_TRUE(ps[0].restored() && ps[1].restored());
}

TEST(Loops, TeamCollectivesBackToBack)
{
    for (Kind k : all_kinds()) {
        TestTeam t(k);
        static long src[64], dst[64 * 64]; // symmetric
        long failures = 0;
        if (t.member()) {
            const shmem_team_t h = t.handle();
            const int n = t.size(), mi = t.my_index();
            for (int it = 0; it < kIters; it++) {
                src[0] = me() + it;
                EXPECT_EQ(shmem_long_sum_reduce(h, dst, src, 1), 0);
                long want = 0;
                for (int j = 0; j < n; j++) want += t.world(j) + it;
                if (dst[0] != want && failures++ < 3) ADD_FAILURE() << kind_name(k) << " reduce it " << it;
                src[1] = 7 * it;
                shmem_long_broadcast(h, dst + 1, src + 1, 1, 0);
                if (dst[1] != 7 * it && failures++ < 3) ADD_FAILURE() << kind_name(k) << " bcast it " << it;
                shmem_long_fcollect(h, dst + 2, src, 1);
                for (int j = 0; j < n; j++)
                    if (dst[2 + j] != t.world(j) + it && failures++ < 3) ADD_FAILURE() << kind_name(k) << " fcollect it " << it;
                if (it % 10 == 0) shmem_team_sync(h);
                for (int j = 0; j < n; j++) src[8 + j] = mi * 1000 + j + it;
                shmem_long_alltoall(h, dst + 64, src + 8, 1);
                for (int j = 0; j < n; j++)
                    if (dst[64 + j] != j * 1000 + mi + it && failures++ < 3) ADD_FAILURE() << kind_name(k) << " alltoall it " << it;
            }
            // Many broadcasts in a row (a non-synchronizing collective): the team recycles its
            // sync areas with a barrier now and then.
            for (int it = 0; it < kIters; it++) {
                src[2] = it * 11;
                shmem_long_broadcast(h, dst + 3, src + 2, 1, it % n == 0 ? 0 : n - 1);
                if (dst[3] != it * 11 && failures++ < 3) ADD_FAILURE() << kind_name(k) << " bcast run it " << it;
            }
        }
        EXPECT_EQ(failures, 0) << kind_name(k);
    }
}

TEST(Loops, ChannelSizesAcrossSetsAndTeams)
{
    // Where the PEs outnumber the CPUs, reductions of a few KiB and every collect's first round
    // go through the pair channels, which every group shares (coll/engine/channel.h): back to
    // back with no barrier, alternating between the world's pSync, a team and a smaller active
    // set with a pSync of its own, in place and out of place, 2.4-33.6 KiB (around the channels'
    // share at 3 and 4 PEs and past it), and collects whose blocks differ by PE (those larger
    // than the share are pushed after the first round). A world barrier now and then: after
    // one, senders skip claiming the boxes (known empty).
    PSync pw, ps;
    const int n = npes();
    const int sub = n > 2 ? n - 1 : n; // members 0..sub-1
    const size_t maxel = 4200;         // 33.6 KiB: past a 32 KiB box, the direct path
    const size_t sizes[] = {300, 1000, 2100, 4100, maxel};
    SymArray<long> a(maxel), b(maxel), c(maxel), col(maxel * (size_t)n), csrc(maxel);
    long failures = 0;
    for (int it = 0; it < 120; it++) {
        const size_t nel = sizes[it % 5];
        for (size_t i = 0; i < nel; i++) a[i] = (long)i + me() * 7 + it, b[i] = (long)i * 2 + me() + it;
        shmem_long_sum_to_all(a.get(), a.get(), (int)nel, 0, 0, n, nullptr, pw.get()); // in place
        EXPECT_EQ(shmem_long_max_reduce(SHMEM_TEAM_WORLD, c.get(), b.get(), nel), 0);
        for (size_t i = 0; i < nel; i += 37) {
            const long sum = (long)n * ((long)i + it) + 7L * n * (n - 1) / 2;
            if (a[i] != sum && failures++ < 3) ADD_FAILURE() << "sum it " << it << " i " << i << ": " << a[i];
            if (c[i] != (long)i * 2 + (n - 1) + it && failures++ < 3) ADD_FAILURE() << "max it " << it << " i " << i;
        }
        if (me() < sub) {
            shmem_long_sum_to_all(c.get(), b.get(), (int)nel, 0, 0, sub, nullptr, ps.get());
            for (size_t i = 0; i < nel; i += 41) {
                const long want = (long)sub * ((long)i * 2 + it) + (long)sub * (sub - 1) / 2;
                if (c[i] != want && failures++ < 3) ADD_FAILURE() << "subset sum it " << it << " i " << i;
            }
        }
        // Blocks of 0 to 4199 longs by PE and iteration.
        auto block = [&](int pe) { return (size_t)(it * 1031 + pe * 1777) % maxel; };
        for (size_t i = 0; i < block(me()); i++) csrc[i] = me() * 100000L + (long)i + it;
        shmem_collect64(col.get(), csrc.get(), block(me()), 0, 0, n, pw.get());
        size_t off = 0;
        for (int j = 0; j < n; j++) {
            for (size_t i = 0; i < block(j); i += 29)
                if (col[off + i] != j * 100000L + (long)i + it && failures++ < 3)
                    ADD_FAILURE() << "collect it " << it << " from " << j << " i " << i;
            off += block(j);
        }
        if (it % 4 == 3) shmem_barrier_all();
    }
    EXPECT_EQ(failures, 0);
    shmem_barrier_all();
    EXPECT_TRUE(pw.restored() && ps.restored());
}

} // namespace
