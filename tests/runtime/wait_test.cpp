// Point-to-point synchronisation for every type of SHOAL_P2P_TYPES and every comparison:
// wait_until and test on a flag set by the left neighbour (a non-satisfying "decoy" value is
// written first, so a wait that returns on any change fails); wait_until_all/any/some and the
// _vector forms, test_all/any/some (+_vector) on an array of flags that every PE sets on
// every other PE, with status arrays masking entries; deprecated shmem_wait/shmem_*_wait.
#include "runtime_test_util.hpp"

#include <sched.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <vector>

using namespace shoal_test;

namespace {

#define P2P_TAG(TYPE, NAME, A)                                                                  \
    struct P2p_##NAME {                                                                        \
        using T = TYPE;                                                                        \
        static constexpr const char *name = #NAME;                                             \
        static void p(T *d, T x, int pe) { shmem_##NAME##_p(d, x, pe); }                       \
        static void wait_until(T *v, int c, T x) { shmem_##NAME##_wait_until(v, c, x); }      \
        static void wait_until_all(T *v, size_t n, const int *st, int c, T x) { shmem_##NAME##_wait_until_all(v, n, st, c, x); } \
        static size_t wait_until_any(T *v, size_t n, const int *st, int c, T x) { return shmem_##NAME##_wait_until_any(v, n, st, c, x); } \
        static size_t wait_until_some(T *v, size_t n, size_t *ix, const int *st, int c, T x) { return shmem_##NAME##_wait_until_some(v, n, ix, st, c, x); } \
        static void wait_until_all_vector(T *v, size_t n, const int *st, int c, T *x) { shmem_##NAME##_wait_until_all_vector(v, n, st, c, x); } \
        static size_t wait_until_any_vector(T *v, size_t n, const int *st, int c, T *x) { return shmem_##NAME##_wait_until_any_vector(v, n, st, c, x); } \
        static size_t wait_until_some_vector(T *v, size_t n, size_t *ix, const int *st, int c, T *x) { return shmem_##NAME##_wait_until_some_vector(v, n, ix, st, c, x); } \
        static int test(T *v, int c, T x) { return shmem_##NAME##_test(v, c, x); }            \
        static int test_all(T *v, size_t n, const int *st, int c, T x) { return shmem_##NAME##_test_all(v, n, st, c, x); } \
        static size_t test_any(T *v, size_t n, const int *st, int c, T x) { return shmem_##NAME##_test_any(v, n, st, c, x); } \
        static size_t test_some(T *v, size_t n, size_t *ix, const int *st, int c, T x) { return shmem_##NAME##_test_some(v, n, ix, st, c, x); } \
        static int test_all_vector(T *v, size_t n, const int *st, int c, T *x) { return shmem_##NAME##_test_all_vector(v, n, st, c, x); } \
        static size_t test_any_vector(T *v, size_t n, const int *st, int c, T *x) { return shmem_##NAME##_test_any_vector(v, n, st, c, x); } \
        static size_t test_some_vector(T *v, size_t n, size_t *ix, const int *st, int c, T *x) { return shmem_##NAME##_test_some_vector(v, n, ix, st, c, x); } \
    };
SHOAL_P2P_TYPES(P2P_TAG, _)
#undef P2P_TAG
#define P2P_TAG_NAME(TYPE, NAME, A) , P2p_##NAME
using P2pTags = TagTypes<std::tuple<void SHOAL_P2P_TYPES(P2P_TAG_NAME, _)>>;
#undef P2P_TAG_NAME

using CmpCase = shoal_test::CmpCase<int>; // small values: valid in every P2P type
constexpr const auto &kCases = kCmpCases<int>;



void let_others_run()
{
    for (int i = 0; i < 10; ++i) sched_yield();
}

template <class T> struct WaitGlobals {
    static inline T g_flags[70];
};

template <class Tag> class WaitTyped : public ::testing::Test {
  protected:
    using T = typename Tag::T;
    void SetUp() override
    {
        n_ = static_cast<size_t>(npes());
        EXPECT_LE(n_, 64u);
        heap_ = static_cast<T *>(shmem_malloc((n_ + 1) * sizeof(T)));
        EXPECT_NE(heap_, nullptr);
    }
    void TearDown() override
    {
        shmem_barrier_all();
        shmem_free(heap_);
    }
    T *flags(Region r) { return r == Region::Heap ? heap_ : WaitGlobals<T>::g_flags; }

    /** Every PE sets flags[me] on every PE (itself included) to final + me (vector forms) or
     *  final, after first writing the decoy; flags[n] is never written. */
    void set_everywhere(T *f, const CmpCase &c, bool per_index)
    {
        for (int pe = 0; pe < npes(); ++pe) Tag::p(f + me(), static_cast<T>(c.decoy), pe);
        shmem_quiet();
        let_others_run();
        for (int k = 0; k < npes(); ++k) {
            const int pe = (me() + k) % npes();
            Tag::p(f + me(), static_cast<T>(c.final_value + (per_index ? me() : 0)), pe);
        }
        shmem_quiet();
    }
    size_t n_ = 0;
    T *heap_ = nullptr;
};
TYPED_TEST_SUITE(WaitTyped, P2pTags, TagName);

TYPED_TEST(WaitTyped, WaitUntilAndTestEveryComparison)
{
    using T = typename TestFixture::T;
    for (Region r : {Region::Heap, Region::Global}) {
        T *f = this->flags(r);
        for (const CmpCase &c : kCases) {
            SCOPED_TRACE(std::string(region_name(r)) + " " + c.name);
            const T cv = static_cast<T>(c.cmp_value);
            f[0] = static_cast<T>(c.init);
            shmem_barrier_all();
            EXPECT_EQ(TypeParam::test(f, c.cmp, cv), 0) << "condition false at start";
            shmem_barrier_all();
            TypeParam::p(f, static_cast<T>(c.decoy), right());
            shmem_quiet();
            let_others_run();
            TypeParam::p(f, static_cast<T>(c.final_value), right());
            TypeParam::wait_until(f, c.cmp, cv);
            const T seen = f[0];
            EXPECT_TRUE(holds(c.cmp, seen, cv)) << "woke with " << show(seen);
            EXPECT_EQ(seen, static_cast<T>(c.final_value));
            EXPECT_EQ(TypeParam::test(f, c.cmp, cv), 1);
            shmem_barrier_all();
        }
    }
}

TYPED_TEST(WaitTyped, AllAnySomeWithStatusMask)
{
    using T = typename TestFixture::T;
    const size_t n = this->n_;
    const size_t ne = n + 1; // entry n is never written and always masked
    for (Region r : {Region::Heap, Region::Global}) {
        T *f = this->flags(r);
        for (const CmpCase &c : kCases) {
            SCOPED_TRACE(std::string(region_name(r)) + " " + c.name);
            const T cv = static_cast<T>(c.cmp_value);
            std::vector<int> status(ne, 0);
            status[n] = 1;
            std::vector<size_t> idx(ne, 12345);

            // Round 1: wait_until_all, with test_* before and after.
            fill(f, ne, static_cast<T>(c.init));
            shmem_barrier_all();
            EXPECT_EQ(TypeParam::test_all(f, ne, status.data(), c.cmp, cv), 0);
            EXPECT_EQ(TypeParam::test_any(f, ne, status.data(), c.cmp, cv), SIZE_MAX);
            EXPECT_EQ(TypeParam::test_some(f, ne, idx.data(), status.data(), c.cmp, cv), 0u);
            shmem_barrier_all();
            this->set_everywhere(f, c, false);
            TypeParam::wait_until_all(f, ne, status.data(), c.cmp, cv);
            EXPECT_TRUE(check_each(f, n, [&](size_t) { return static_cast<T>(c.final_value); }));
            EXPECT_EQ(f[n], static_cast<T>(c.init));
            EXPECT_EQ(TypeParam::test_all(f, ne, status.data(), c.cmp, cv), 1);
            EXPECT_EQ(TypeParam::test_all(f, ne, nullptr, c.cmp, cv), 0) << "unmasked entry n is false";
            const size_t any = TypeParam::test_any(f, ne, status.data(), c.cmp, cv);
            EXPECT_LT(any, n);
            EXPECT_EQ(TypeParam::test_some(f, ne, idx.data(), status.data(), c.cmp, cv), n);
            shmem_barrier_all();

            // Round 2: wait_until_any, masking each entry found, until all are found.
            fill(f, ne, static_cast<T>(c.init));
            shmem_barrier_all();
            this->set_everywhere(f, c, false);
            std::vector<int> st = status;
            std::set<size_t> found;
            for (size_t k = 0; k < n; ++k) {
                const size_t i = TypeParam::wait_until_any(f, ne, st.data(), c.cmp, cv);
                if (i >= n || st[i] != 0) {
                    ADD_FAILURE() << "wait_until_any returned " << i;
                    break;
                }
                EXPECT_TRUE(holds(c.cmp, f[i], cv));
                st[i] = 1;
                found.insert(i);
            }
            EXPECT_EQ(found.size(), n);
            // Everything masked: SIZE_MAX at once.
            std::vector<int> all_masked(ne, 1);
            EXPECT_EQ(TypeParam::wait_until_any(f, ne, all_masked.data(), c.cmp, cv), SIZE_MAX);
            EXPECT_EQ(TypeParam::test_any(f, ne, all_masked.data(), c.cmp, cv), SIZE_MAX);
            EXPECT_EQ(TypeParam::wait_until_some(f, ne, idx.data(), all_masked.data(), c.cmp, cv), 0u);
            EXPECT_EQ(TypeParam::test_all(f, ne, all_masked.data(), c.cmp, cv), 1);
            shmem_barrier_all();

            // Round 3: wait_until_some until every entry was reported once.
            fill(f, ne, static_cast<T>(c.init));
            shmem_barrier_all();
            this->set_everywhere(f, c, false);
            st = status;
            found.clear();
            for (size_t guard = 0; found.size() < n && guard < n; ++guard) {
                const size_t got = TypeParam::wait_until_some(f, ne, idx.data(), st.data(), c.cmp, cv);
                EXPECT_GE(got, 1u);
                EXPECT_LE(got, n);
                for (size_t j = 0; j < got && j < ne; ++j) {
                    const size_t i = idx[j];
                    EXPECT_LT(i, n);
                    if (i >= n) continue;
                    EXPECT_EQ(st[i], 0) << "index " << i << " reported twice or masked";
                    EXPECT_TRUE(holds(c.cmp, f[i], cv));
                    st[i] = 1;
                    found.insert(i);
                }
            }
            EXPECT_EQ(found.size(), n);
            shmem_barrier_all();
        }
    }
}

TYPED_TEST(WaitTyped, VectorForms)
{
    using T = typename TestFixture::T;
    const size_t n = this->n_;
    const size_t ne = n + 1;
    T *f = this->flags(Region::Heap);
    // Entry i is set to final + i; cmp_values[i] = final + i (EQ) or final + i - 1 (GT).
    for (int cmp : {SHMEM_CMP_EQ, SHMEM_CMP_GT}) {
        SCOPED_TRACE(cmp == SHMEM_CMP_EQ ? "EQ" : "GT");
        const CmpCase &c = kCases[0];
        std::vector<T> cv(ne);
        for (size_t i = 0; i < ne; ++i) cv[i] = static_cast<T>(c.final_value + static_cast<int>(i) - (cmp == SHMEM_CMP_GT ? 1 : 0));
        std::vector<int> status(ne, 0);
        status[n] = 1;
        std::vector<size_t> idx(ne);

        fill(f, ne, static_cast<T>(c.init));
        shmem_barrier_all();
        EXPECT_EQ(TypeParam::test_all_vector(f, ne, status.data(), cmp, cv.data()), 0);
        EXPECT_EQ(TypeParam::test_any_vector(f, ne, status.data(), cmp, cv.data()), SIZE_MAX);
        EXPECT_EQ(TypeParam::test_some_vector(f, ne, idx.data(), status.data(), cmp, cv.data()), 0u);
        shmem_barrier_all();
        this->set_everywhere(f, c, true);
        TypeParam::wait_until_all_vector(f, ne, status.data(), cmp, cv.data());
        EXPECT_TRUE(check_each(f, n, [&](size_t i) { return static_cast<T>(c.final_value + static_cast<int>(i)); }));
        EXPECT_EQ(TypeParam::test_all_vector(f, ne, status.data(), cmp, cv.data()), 1);
        EXPECT_LT(TypeParam::test_any_vector(f, ne, status.data(), cmp, cv.data()), n);
        EXPECT_EQ(TypeParam::test_some_vector(f, ne, idx.data(), status.data(), cmp, cv.data()), n);
        // A per-index value that no entry meets: entry 0 compared against a different value.
        std::vector<T> off = cv;
        off[0] = static_cast<T>(off[0] + 100);
        EXPECT_EQ(TypeParam::test_all_vector(f, ne, status.data(), SHMEM_CMP_EQ, off.data()), 0);
        shmem_barrier_all();

        fill(f, ne, static_cast<T>(c.init));
        shmem_barrier_all();
        this->set_everywhere(f, c, true);
        std::vector<int> st = status;
        std::set<size_t> found;
        for (size_t k = 0; k < n; ++k) {
            const size_t i = TypeParam::wait_until_any_vector(f, ne, st.data(), cmp, cv.data());
            if (i >= n || st[i] != 0) {
                ADD_FAILURE() << "wait_until_any_vector returned " << i;
                break;
            }
            st[i] = 1;
            found.insert(i);
        }
        EXPECT_EQ(found.size(), n);
        shmem_barrier_all();

        fill(f, ne, static_cast<T>(c.init));
        shmem_barrier_all();
        this->set_everywhere(f, c, true);
        st = status;
        found.clear();
        for (size_t guard = 0; found.size() < n && guard < n; ++guard) {
            const size_t got = TypeParam::wait_until_some_vector(f, ne, idx.data(), st.data(), cmp, cv.data());
            EXPECT_GE(got, 1u);
            for (size_t j = 0; j < got && j < ne; ++j) {
                const size_t i = idx[j];
                EXPECT_LT(i, n);
                if (i >= n) continue;
                EXPECT_EQ(st[i], 0);
                st[i] = 1;
                found.insert(i);
            }
        }
        EXPECT_EQ(found.size(), n);
        shmem_barrier_all();
    }
}

TYPED_TEST(WaitTyped, ZeroElements)
{
    using T = typename TestFixture::T;
    T *f = this->flags(Region::Heap);
    T cv = T(0);
    size_t idx[1] = {77};
    // nelems == 0: all returns at once, any returns SIZE_MAX, some returns 0.
    TypeParam::wait_until_all(f, 0, nullptr, SHMEM_CMP_EQ, T(42));
    EXPECT_EQ(TypeParam::wait_until_any(f, 0, nullptr, SHMEM_CMP_EQ, T(42)), SIZE_MAX);
    EXPECT_EQ(TypeParam::wait_until_some(f, 0, idx, nullptr, SHMEM_CMP_EQ, T(42)), 0u);
    EXPECT_EQ(TypeParam::test_any(f, 0, nullptr, SHMEM_CMP_EQ, T(42)), SIZE_MAX);
    EXPECT_EQ(TypeParam::test_some_vector(f, 0, idx, nullptr, SHMEM_CMP_EQ, &cv), 0u);
    shmem_barrier_all();
}

// ---- any: repeated calls return every matching index (the spec's test_any example) -----------
// Every PE sets flags[me] on every PE; with no status mask, calling the any forms again and
// again must come back with each index in turn, not the lowest one forever.
TEST(WaitAnyFairness, RepeatedCallsReturnEveryMatchingIndex)
{
    const size_t n = static_cast<size_t>(npes());
    SymArray<int> flags(n);
    fill(flags.get(), n, 0);
    shmem_barrier_all();
    for (int pe = 0; pe < npes(); ++pe) shmem_int_p(flags.get() + me(), 1, pe);
    shmem_barrier_all();
    std::vector<int> ones(n, 1);
    const char *forms[] = {"test_any", "test_any_vector", "wait_until_any", "wait_until_any_vector"};
    for (int form = 0; form < 4; ++form) {
        std::set<size_t> seen;
        for (size_t call = 0; call < 4 * n && seen.size() < n; ++call) {
            size_t i = SIZE_MAX;
            switch (form) {
            case 0: i = shmem_int_test_any(flags.get(), n, nullptr, SHMEM_CMP_NE, 0); break;
            case 1: i = shmem_int_test_any_vector(flags.get(), n, nullptr, SHMEM_CMP_EQ, ones.data()); break;
            case 2: i = shmem_int_wait_until_any(flags.get(), n, nullptr, SHMEM_CMP_NE, 0); break;
            default: i = shmem_int_wait_until_any_vector(flags.get(), n, nullptr, SHMEM_CMP_EQ, ones.data()); break;
            }
            EXPECT_LT(i, n) << forms[form];
            seen.insert(i);
        }
        EXPECT_EQ(seen.size(), n) << forms[form] << " keeps returning the same indices";
    }
    shmem_barrier_all();
}

// ---- Several waiters: PE 0 waits for everybody, everybody waits for PE 0 ----------------------
TEST(WaitFanInFanOut, PeZeroWaitsOnAllOthersThenReleasesThem)
{
    const int n = npes();
    SymArray<long> arrive(static_cast<size_t>(n));
    SymArray<long> go(1);
    for (int round = 1; round <= 50; ++round) {
        fill(arrive.get(), arrive.size(), 0L);
        go[0] = 0;
        shmem_barrier_all();
        if (me() != 0) {
            shmem_long_atomic_set(arrive.get() + me(), round, 0);
            shmem_long_wait_until(go.get(), SHMEM_CMP_EQ, round);
        } else {
            std::vector<int> status(static_cast<size_t>(n), 0);
            status[0] = 1;
            std::vector<size_t> idx(static_cast<size_t>(n));
            size_t seen = 0;
            while (seen < static_cast<size_t>(n - 1)) {
                const size_t got = shmem_long_wait_until_some(arrive.get(), static_cast<size_t>(n), idx.data(), status.data(), SHMEM_CMP_EQ, round);
                EXPECT_GE(got, 1u);
                if (got == 0) break;
                for (size_t j = 0; j < got && j < idx.size(); ++j) {
                    EXPECT_LT(idx[j], idx.size());
                    if (idx[j] < idx.size()) status[idx[j]] = 1;
                }
                seen += got;
            }
            EXPECT_EQ(seen, static_cast<size_t>(n - 1));
            for (int pe = 1; pe < n; ++pe) shmem_long_atomic_set(go.get(), round, pe);
        }
        shmem_barrier_all();
    }
}

// ---- A loop of tests is a wait: atomics aimed at the polling PE land ---------------------------
// (An off-node AMO is applied by its target's progress: runtime/src/transport/mpi_am.c.) Every
// test form, and shmem_signal_fetch, must progress when it finds nothing.
TEST(WaitTestLoop, PollingPeServesAtomicsAimedAtIt)
{
    SymArray<long> flag(1);
    SymArray<uint64_t> sig(1);
    const std::vector<std::pair<const char *, bool (*)(long *, uint64_t *)>> forms = {
        {"test", [](long *f, uint64_t *) { return shmem_long_test(f, SHMEM_CMP_EQ, 1) != 0; }},
        {"test_all",
         [](long *f, uint64_t *) { return shmem_long_test_all(f, 1, nullptr, SHMEM_CMP_EQ, 1) != 0; }},
        {"test_any",
         [](long *f, uint64_t *) {
             return shmem_long_test_any(f, 1, nullptr, SHMEM_CMP_EQ, 1) != SIZE_MAX;
         }},
        {"test_some",
         [](long *f, uint64_t *) {
             size_t idx;
             return shmem_long_test_some(f, 1, &idx, nullptr, SHMEM_CMP_EQ, 1) != 0;
         }},
        {"test_any_vector",
         [](long *f, uint64_t *) {
             long one = 1;
             return shmem_long_test_any_vector(f, 1, nullptr, SHMEM_CMP_EQ, &one) != SIZE_MAX;
         }},
        {"signal_fetch", [](long *, uint64_t *s) { return shmem_signal_fetch(s) == 1; }},
    };
    for (const auto &[name, polled] : forms) {
        flag[0] = 0;
        sig[0] = 0;
        shmem_barrier_all();
        if (me() == 0) {
            for (int pe = 1; pe < npes(); ++pe) {
                EXPECT_EQ(shmem_long_atomic_fetch_inc(flag.get(), pe), 0) << name << ", PE " << pe;
                EXPECT_EQ(shmem_uint64_atomic_fetch_inc(sig.get(), pe), 0u) << name << ", PE " << pe;
            }
        } else {
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
            while (!polled(flag.get(), sig.get()) && std::chrono::steady_clock::now() < deadline)
                sched_yield(); // PEs may share cores
            EXPECT_TRUE(polled(flag.get(), sig.get()))
                << "20 s of " << name << " did not see PE 0's atomics";
        }
        shmem_barrier_all();
    }
}

// ---- Deprecated forms ------------------------------------------------------------------------
TEST(WaitDeprecated, ShmemWaitAndTypedWait)
{
    SymArray<long> l(2);
    SymArray<int> i(1);
    SymArray<short> s(1);
    SymArray<long long> ll(1);
    l[0] = 0;
    l[1] = 0;
    i[0] = 0;
    s[0] = 0;
    ll[0] = 0;
    shmem_barrier_all();
    shmem_long_p(l.get(), 11, right());
    shmem_long_p(l.get() + 1, 12, right());
    shmem_int_p(i.get(), 13, right());
    shmem_short_p(s.get(), 14, right());
    shmem_longlong_p(ll.get(), 15, right());
    shmem_wait(l.get(), 0);                         // until != 0
    shmem_wait_until(l.get() + 1, SHMEM_CMP_GE, 12); // deprecated long form
    shmem_int_wait(i.get(), 0);
    shmem_short_wait(s.get(), 0);
    shmem_longlong_wait(ll.get(), 0);
    shmem_long_wait(l.get(), 0);
    EXPECT_EQ(l[0], 11);
    EXPECT_EQ(l[1], 12);
    EXPECT_EQ(i[0], 13);
    EXPECT_EQ(s[0], 14);
    EXPECT_EQ(ll[0], 15);
    EXPECT_EQ(_SHMEM_CMP_GE, SHMEM_CMP_GE);
    shmem_barrier_all();
}

} // namespace
