// SHMEM_THREAD_MULTIPLE: shmem_init_thread is the first OpenSHMEM call (own main below, not
// pe_gtest_main); several std::threads per PE issue puts, gets, AMOs, nbi operations, quiet
// and waits concurrently, to other PEs and through per-thread contexts; results are checked
// on the receiving PEs after the threads are joined and a barrier.
#include "runtime_test_util.hpp"

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

using namespace shoal_test;

namespace {

int g_init_rc = -1;
int g_provided = -1;
constexpr int kThreads = 4;

template <class F> void run_threads(F f)
{
    std::vector<std::thread> ts;
    for (int t = 0; t < kThreads; ++t) ts.emplace_back(f, t);
    for (auto &t : ts) t.join();
}

TEST(Threads, InitThreadGrantsMultiple)
{
    EXPECT_EQ(g_init_rc, 0);
    EXPECT_EQ(g_provided, SHMEM_THREAD_MULTIPLE);
    int q = -1;
    shmem_query_thread(&q);
    EXPECT_EQ(q, SHMEM_THREAD_MULTIPLE);
}

TEST(Threads, ConcurrentPutsAndGets)
{
    constexpr size_t M = 2000;
    SymArray<long> dst(kThreads * M);
    SymArray<long> src(kThreads * M);
    for (size_t k = 0; k < kThreads * M; ++k) {
        dst[k] = -1;
        src[k] = val<long>(me(), k);
    }
    shmem_barrier_all();
    std::atomic<int> get_errors{0};
    run_threads([&](int t) {
        long *slot = dst.get() + static_cast<size_t>(t) * M;
        const long *s = src.get() + static_cast<size_t>(t) * M;
        // Half with blocking puts in pieces, half nbi, then quiet from this thread.
        for (size_t k = 0; k < M / 2; k += 100) shmem_long_put(slot + k, s + k, 100, right());
        shmem_long_put_nbi(slot + M / 2, s + M / 2, M / 2, right());
        shmem_quiet();
        std::vector<long> local(M);
        shmem_long_get(local.data(), s, M, right());
        for (size_t k = 0; k < M; ++k)
            if (local[k] != val<long>(right(), static_cast<size_t>(t) * M + k)) ++get_errors;
    });
    EXPECT_EQ(get_errors.load(), 0);
    shmem_barrier_all();
    EXPECT_TRUE(check_each(dst.get(), kThreads * M, [&](size_t k) { return val<long>(left(), k); }));
    shmem_barrier_all();
}

TEST(Threads, ConcurrentAtomicsToPeZero)
{
    constexpr int K = 2000;
    SymArray<long> counter(2);
    counter[0] = 0;
    counter[1] = 0;
    shmem_barrier_all();
    run_threads([&](int) {
        for (int i = 0; i < K; ++i) {
            shmem_long_atomic_fetch_add(counter.get(), 1, 0);
            shmem_long_atomic_inc(counter.get() + 1, 0);
        }
    });
    shmem_barrier_all();
    if (me() == 0) {
        EXPECT_EQ(counter[0], static_cast<long>(npes()) * kThreads * K);
        EXPECT_EQ(counter[1], static_cast<long>(npes()) * kThreads * K);
    }
    shmem_barrier_all();
}

TEST(Threads, PerThreadPrivateContexts)
{
    constexpr size_t M = 500;
    SymArray<int> dst(kThreads * M);
    SymArray<unsigned long> counter(1);
    for (size_t k = 0; k < kThreads * M; ++k) dst[k] = -1;
    counter[0] = 0;
    shmem_barrier_all();
    std::atomic<int> ctx_errors{0};
    run_threads([&](int t) {
        shmem_ctx_t ctx;
        if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0) {
            ++ctx_errors;
            return;
        }
        std::vector<int> v(M);
        for (size_t k = 0; k < M; ++k) v[k] = val<int>(me(), static_cast<size_t>(t) * M + k);
        shmem_ctx_int_put_nbi(ctx, dst.get() + static_cast<size_t>(t) * M, v.data(), M, right());
        for (int i = 0; i < 100; ++i) shmem_ctx_ulong_atomic_add(ctx, counter.get(), 1, right());
        shmem_ctx_quiet(ctx);
        shmem_ctx_destroy(ctx);
    });
    EXPECT_EQ(ctx_errors.load(), 0);
    shmem_barrier_all();
    EXPECT_TRUE(check_each(dst.get(), kThreads * M, [&](size_t k) { return val<int>(left(), k); }));
    EXPECT_EQ(counter[0], 100ul * kThreads);
    shmem_barrier_all();
}

TEST(Threads, ThreadsWaitOnDifferentFlags)
{
    // Thread t of every PE waits for flag t, set by thread t of the left neighbour after it
    // saw its own flag: a chain per thread around the ring, all chains at once.
    constexpr int kRounds = 10;
    SymArray<long> flags(kThreads);
    for (int t = 0; t < kThreads; ++t) flags[t] = 0;
    shmem_barrier_all();
    run_threads([&](int t) {
        for (int r = 1; r <= kRounds; ++r) {
            if (me() == 0) {
                shmem_long_atomic_set(flags.get() + t, r, right());
                shmem_long_wait_until(flags.get() + t, SHMEM_CMP_GE, r);
            } else {
                shmem_long_wait_until(flags.get() + t, SHMEM_CMP_GE, r);
                shmem_long_atomic_set(flags.get() + t, r, right());
            }
        }
    });
    shmem_barrier_all();
    for (int t = 0; t < kThreads; ++t) EXPECT_EQ(flags[t], kRounds) << "thread " << t;
    shmem_barrier_all();
}

TEST(Threads, ReductionsOnTwoTeamsAtOnce)
{
    // Two threads per PE, each reducing on a team of its own (both of every PE) at the same
    // time: the pair channels that oversubscribed reductions of a few KiB take are shared by
    // all groups, so they must be off under SHMEM_THREAD_MULTIPLE (coll/engine/channel.h).
    constexpr size_t N = 512; // 4 KiB of longs
    constexpr int kIters = 200;
    shmem_team_t teams[2];
    for (auto &t : teams)
        ASSERT_EQ(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes(), nullptr, 0, &t), 0);
    SymArray<long> src(2 * N), dst(2 * N);
    std::atomic<long> bad{0};
    shmem_barrier_all();
    std::vector<std::thread> ts;
    for (int t = 0; t < 2; ++t)
        ts.emplace_back([&, t] {
            long *s = src.get() + t * N, *d = dst.get() + t * N;
            for (int it = 0; it < kIters; ++it) {
                for (size_t i = 0; i < N; ++i) s[i] = (long)i + me() * 3 + it * 7 + t * 1000;
                if (shmem_long_sum_reduce(teams[t], d, s, N) != 0) bad++;
                const long n = npes();
                for (size_t i = 0; i < N; ++i)
                    if (d[i] != n * ((long)i + it * 7 + t * 1000) + 3 * n * (n - 1) / 2) bad++;
            }
        });
    for (auto &th : ts) th.join();
    EXPECT_EQ(bad.load(), 0);
    shmem_barrier_all();
    for (auto &t : teams) shmem_team_destroy(t);
}

class FailurePrinter : public ::testing::EmptyTestEventListener {
  public:
    explicit FailurePrinter(int pe) : pe_(pe) {}
    void OnTestPartResult(const ::testing::TestPartResult &r) override
    {
        if (r.failed())
            std::fprintf(stderr, "[PE %d] %s:%d: Failure\n%s\n", pe_, r.file_name() ? r.file_name() : "?",
                         r.line_number(), r.summary());
    }

  private:
    int pe_;
};

} // namespace

// As tests/common/pe_gtest_main.cpp, but the runtime starts with shmem_init_thread.
int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    g_init_rc = shmem_init_thread(SHMEM_THREAD_MULTIPLE, &g_provided);
    const int me = shmem_my_pe();
    auto &listeners = ::testing::UnitTest::GetInstance()->listeners();
    if (me != 0) {
        delete listeners.Release(listeners.default_result_printer());
        listeners.Append(new FailurePrinter(me));
        if (auto *xml = listeners.default_xml_generator()) delete listeners.Release(xml); // only PE 0 writes XML
    }
    const int rc = RUN_ALL_TESTS();
    shmem_finalize();
    return rc;
}
