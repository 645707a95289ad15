// Atomic memory operations: every AMO of every type of its table (EXT: fetch/set/swap; STD:
// compare_swap, fetch_inc, inc, fetch_add, add; BIT: fetch_and/or/xor, and/or/xor; the _nbi
// forms), through the plain form, SHMEM_CTX_DEFAULT and a private context, on heap and global
// words. Contention: all PEs update one word on PE 0 (no lost update), compare_swap races
// with exactly one winner. Deprecated names (shmem_int_fadd, finc, cswap, swap, ...).
#include "runtime_test_util.hpp"

#include <algorithm>
#include <vector>

using namespace shoal_test;

namespace {

void quiet_via(Via v)
{
    if (v.plain) shmem_quiet();
    else shmem_ctx_quiet(v.ctx);
}

// ---- Tags --------------------------------------------------------------------------------------
#define AMO_EXT_TAG(TYPE, NAME, A)                                                              \
    struct AmoExt_##NAME {                                                                     \
        using T = TYPE;                                                                        \
        static constexpr const char *name = #NAME;                                             \
        static T fetch(Via v, const T *s, int pe) { return SHOAL_T_VIA(v, NAME##_atomic_fetch, s, pe); } \
        static void set(Via v, T *d, T x, int pe) { SHOAL_T_VIA(v, NAME##_atomic_set, d, x, pe); } \
        static T swap(Via v, T *d, T x, int pe) { return SHOAL_T_VIA(v, NAME##_atomic_swap, d, x, pe); } \
        static void fetch_nbi(Via v, T *f, const T *s, int pe) { SHOAL_T_VIA(v, NAME##_atomic_fetch_nbi, f, s, pe); } \
        static void swap_nbi(Via v, T *f, T *d, T x, int pe) { SHOAL_T_VIA(v, NAME##_atomic_swap_nbi, f, d, x, pe); } \
    };
SHOAL_AMO_EXT_TYPES(AMO_EXT_TAG, _)
#undef AMO_EXT_TAG

#define AMO_STD_TAG(TYPE, NAME, A)                                                              \
    struct AmoStd_##NAME {                                                                     \
        using T = TYPE;                                                                        \
        static constexpr const char *name = #NAME;                                             \
        static T cswap(Via v, T *d, T c, T x, int pe) { return SHOAL_T_VIA(v, NAME##_atomic_compare_swap, d, c, x, pe); } \
        static T fetch_inc(Via v, T *d, int pe) { return SHOAL_T_VIA(v, NAME##_atomic_fetch_inc, d, pe); } \
        static void inc(Via v, T *d, int pe) { SHOAL_T_VIA(v, NAME##_atomic_inc, d, pe); }    \
        static T fetch_add(Via v, T *d, T x, int pe) { return SHOAL_T_VIA(v, NAME##_atomic_fetch_add, d, x, pe); } \
        static void add(Via v, T *d, T x, int pe) { SHOAL_T_VIA(v, NAME##_atomic_add, d, x, pe); } \
        static void cswap_nbi(Via v, T *f, T *d, T c, T x, int pe) { SHOAL_T_VIA(v, NAME##_atomic_compare_swap_nbi, f, d, c, x, pe); } \
        static void fetch_inc_nbi(Via v, T *f, T *d, int pe) { SHOAL_T_VIA(v, NAME##_atomic_fetch_inc_nbi, f, d, pe); } \
        static void fetch_add_nbi(Via v, T *f, T *d, T x, int pe) { SHOAL_T_VIA(v, NAME##_atomic_fetch_add_nbi, f, d, x, pe); } \
    };
SHOAL_AMO_STD_TYPES(AMO_STD_TAG, _)
#undef AMO_STD_TAG

#define AMO_BIT_OP(NAME, OP)                                                                    \
    static T fetch_##OP(Via v, T *d, T x, int pe) { return SHOAL_T_VIA(v, NAME##_atomic_fetch_##OP, d, x, pe); } \
    static void OP##_(Via v, T *d, T x, int pe) { SHOAL_T_VIA(v, NAME##_atomic_##OP, d, x, pe); } \
    static void fetch_##OP##_nbi(Via v, T *f, T *d, T x, int pe) { SHOAL_T_VIA(v, NAME##_atomic_fetch_##OP##_nbi, f, d, x, pe); }
#define AMO_BIT_TAG(TYPE, NAME, A)                                                              \
    struct AmoBit_##NAME {                                                                     \
        using T = TYPE;                                                                        \
        static constexpr const char *name = #NAME;                                             \
        AMO_BIT_OP(NAME, and) AMO_BIT_OP(NAME, or) AMO_BIT_OP(NAME, xor)                       \
    };
SHOAL_AMO_BIT_TYPES(AMO_BIT_TAG, _)
#undef AMO_BIT_TAG
#undef AMO_BIT_OP

#define TAG_NAME_EXT(TYPE, NAME, A) , AmoExt_##NAME
#define TAG_NAME_STD(TYPE, NAME, A) , AmoStd_##NAME
#define TAG_NAME_BIT(TYPE, NAME, A) , AmoBit_##NAME
using ExtTags = TagTypes<std::tuple<void SHOAL_AMO_EXT_TYPES(TAG_NAME_EXT, _)>>;
using StdTags = TagTypes<std::tuple<void SHOAL_AMO_STD_TYPES(TAG_NAME_STD, _)>>;
using BitTags = TagTypes<std::tuple<void SHOAL_AMO_BIT_TYPES(TAG_NAME_BIT, _)>>;
#undef TAG_NAME_EXT
#undef TAG_NAME_STD
#undef TAG_NAME_BIT

constexpr size_t kWords = 8;

/** A few symmetric words of T per PE, on the heap and in a global array; each test body runs
 *  for every calling form and both regions. */
template <class Tag> class AmoFixture : public ::testing::Test {
  protected:
    using T = typename Tag::T;
    static inline T g_words[kWords];

    void SetUp() override
    {
        heap_ = static_cast<T *>(shmem_malloc(kWords * sizeof(T)));
        EXPECT_NE(heap_, nullptr);
        EXPECT_EQ(ctx_.rc(), 0);
    }
    void TearDown() override
    {
        shmem_barrier_all();
        shmem_free(heap_);
    }
    T *words(Region r) { return r == Region::Heap ? heap_ : g_words; }
    template <class F> void each(F body)
    {
        const Via vias[] = {via_plain(), via_ctx(SHMEM_CTX_DEFAULT, "ctx_default"),
                            via_ctx(ctx_.get(), "ctx_private")};
        for (const Via &v : vias)
            for (Region r : {Region::Heap, Region::Global}) {
                SCOPED_TRACE(std::string(v.what) + " / " + region_name(r));
                shmem_barrier_all();
                body(v, r, words(r));
                shmem_barrier_all();
            }
    }
    T *heap_ = nullptr;
    PrivateCtx ctx_;
};

template <class Tag> class AmoExt : public AmoFixture<Tag> {};
template <class Tag> class AmoStd : public AmoFixture<Tag> {};
template <class Tag> class AmoBit : public AmoFixture<Tag> {};
TYPED_TEST_SUITE(AmoExt, ExtTags, TagName);
TYPED_TEST_SUITE(AmoStd, StdTags, TagName);
TYPED_TEST_SUITE(AmoBit, BitTags, TagName);

// ---- EXT: fetch, set, swap ---------------------------------------------------------------------
TYPED_TEST(AmoExt, FetchSetSwap)
{
    using T = typename TestFixture::T;
    unsigned salt = 0;
    this->each([&](Via v, Region, T *w) {
        ++salt;
        for (size_t k = 0; k < kWords; ++k) w[k] = val<T>(me(), k, salt);
        shmem_barrier_all();
        // fetch reads the right neighbour's word.
        EXPECT_EQ(TypeParam::fetch(v, w + 1, right()), val<T>(right(), 1, salt));
        // set writes the right neighbour's word 2.
        TypeParam::set(v, w + 2, val<T>(me(), 100, salt), right());
        // swap on word 3 returns the old value.
        EXPECT_EQ(TypeParam::swap(v, w + 3, val<T>(me(), 200, salt), right()), val<T>(right(), 3, salt));
        shmem_barrier_all();
        const int from = left();
        EXPECT_EQ(w[1], val<T>(me(), 1, salt)) << "fetch changed the word";
        EXPECT_EQ(w[2], val<T>(from, 100, salt)) << "set";
        EXPECT_EQ(w[3], val<T>(from, 200, salt)) << "swap";
        EXPECT_EQ(w[4], val<T>(me(), 4, salt)) << "neighbouring word touched";
    });
}

TYPED_TEST(AmoExt, FetchNbiSwapNbi)
{
    using T = typename TestFixture::T;
    unsigned salt = 50;
    this->each([&](Via v, Region, T *w) {
        ++salt;
        for (size_t k = 0; k < kWords; ++k) w[k] = val<T>(me(), k, salt);
        shmem_barrier_all();
        T fetched = sentinel<T>(), swapped = sentinel<T>();
        TypeParam::fetch_nbi(v, &fetched, w + 5, right());
        TypeParam::swap_nbi(v, &swapped, w + 6, val<T>(me(), 300, salt), right());
        quiet_via(v);
        EXPECT_EQ(fetched, val<T>(right(), 5, salt));
        EXPECT_EQ(swapped, val<T>(right(), 6, salt));
        shmem_barrier_all();
        EXPECT_EQ(w[6], val<T>(left(), 300, salt));
        EXPECT_EQ(w[5], val<T>(me(), 5, salt));
    });
}

// ---- STD: compare_swap, fetch_inc, inc, fetch_add, add ----------------------------------------
TYPED_TEST(AmoStd, CompareSwap)
{
    using T = typename TestFixture::T;
    unsigned salt = 0;
    this->each([&](Via v, Region, T *w) {
        ++salt;
        for (size_t k = 0; k < kWords; ++k) w[k] = val<T>(me(), k, salt);
        shmem_barrier_all();
        const int to = right();
        // Condition false: nothing changes, old value returned.
        EXPECT_EQ(TypeParam::cswap(v, w, val<T>(to, 1, salt), val<T>(me(), 50, salt), to), val<T>(to, 0, salt));
        // Condition true on word 1.
        EXPECT_EQ(TypeParam::cswap(v, w + 1, val<T>(to, 1, salt), val<T>(me(), 51, salt), to), val<T>(to, 1, salt));
        // nbi form on word 2.
        T old = sentinel<T>();
        TypeParam::cswap_nbi(v, &old, w + 2, val<T>(to, 2, salt), val<T>(me(), 52, salt), to);
        quiet_via(v);
        EXPECT_EQ(old, val<T>(to, 2, salt));
        shmem_barrier_all();
        const int from = left();
        EXPECT_EQ(w[0], val<T>(me(), 0, salt)) << "false condition swapped";
        EXPECT_EQ(w[1], val<T>(from, 51, salt));
        EXPECT_EQ(w[2], val<T>(from, 52, salt));
    });
}

TYPED_TEST(AmoStd, IncAndAddOnNeighbour)
{
    using T = typename TestFixture::T;
    unsigned salt = 10;
    this->each([&](Via v, Region, T *w) {
        ++salt;
        const T base = static_cast<T>(100 + salt);
        for (size_t k = 0; k < kWords; ++k) w[k] = base;
        shmem_barrier_all();
        const int to = right();
        EXPECT_EQ(TypeParam::fetch_inc(v, w, to), base);
        EXPECT_EQ(TypeParam::fetch_inc(v, w, to), static_cast<T>(base + 1));
        TypeParam::inc(v, w + 1, to);
        EXPECT_EQ(TypeParam::fetch_add(v, w + 2, static_cast<T>(me() + 5), to), base);
        TypeParam::add(v, w + 3, static_cast<T>(me() + 7), to);
        T f1 = sentinel<T>(), f2 = sentinel<T>();
        TypeParam::fetch_inc_nbi(v, &f1, w + 4, to);
        TypeParam::fetch_add_nbi(v, &f2, w + 5, static_cast<T>(me() + 9), to);
        quiet_via(v);
        EXPECT_EQ(f1, base);
        EXPECT_EQ(f2, base);
        shmem_barrier_all();
        const int from = left();
        EXPECT_EQ(w[0], static_cast<T>(base + 2));
        EXPECT_EQ(w[1], static_cast<T>(base + 1));
        EXPECT_EQ(w[2], static_cast<T>(base + from + 5));
        EXPECT_EQ(w[3], static_cast<T>(base + from + 7));
        EXPECT_EQ(w[4], static_cast<T>(base + 1));
        EXPECT_EQ(w[5], static_cast<T>(base + from + 9));
        EXPECT_EQ(w[6], base);
    });
}

TYPED_TEST(AmoStd, NegativeAddWraps)
{
    using T = typename TestFixture::T;
    this->each([&](Via v, Region, T *w) {
        w[0] = static_cast<T>(3);
        shmem_barrier_all();
        // Adding "-1" (two's complement for unsigned types) decrements.
        TypeParam::add(v, w, static_cast<T>(-1), right());
        TypeParam::add(v, w, static_cast<T>(-1), right());
        shmem_barrier_all();
        EXPECT_EQ(w[0], static_cast<T>(1));
    });
}

/** All PEs hammer word 0 of PE 0 with each form; PE 0 checks n*K and that every fetched
 *  value was unique (no two PEs saw the same old value). */
TYPED_TEST(AmoStd, AllPesToOneWordNoLostUpdate)
{
    using T = typename TestFixture::T;
    constexpr int K = 40; // multiple of 4
    constexpr size_t kA = K / 2, kB = K; // fetched values of word 0 and word 1 per PE
    this->each([&](Via v, Region, T *w) {
        w[0] = T(0);
        w[1] = T(0);
        SymArray<T> seen(static_cast<size_t>(npes()) * (kA + kB));
        shmem_barrier_all();
        std::vector<T> a, b;
        for (int i = 0; i < K; ++i) {
            switch (i % 4) {
            case 0: a.push_back(TypeParam::fetch_inc(v, w, 0)); break;
            case 1: TypeParam::inc(v, w, 0); break;
            case 2: a.push_back(TypeParam::fetch_add(v, w, T(1), 0)); break;
            default: TypeParam::add(v, w, T(1), 0); break;
            }
            T f = sentinel<T>();
            TypeParam::fetch_add_nbi(v, &f, w + 1, T(2), 0);
            quiet_via(v);
            b.push_back(f);
        }
        EXPECT_EQ(a.size(), kA);
        T *slot = seen.get() + static_cast<size_t>(me()) * (kA + kB);
        shmem_putmem(slot, a.data(), kA * sizeof(T), 0);
        shmem_putmem(slot + kA, b.data(), kB * sizeof(T), 0);
        shmem_barrier_all();
        if (me() == 0) {
            const int n = npes();
            EXPECT_EQ(w[0], static_cast<T>(n * K)) << "lost update on word 0";
            EXPECT_EQ(w[1], static_cast<T>(2 * n * K)) << "lost update on word 1";
            std::vector<T> all_a, all_b;
            for (int pe = 0; pe < n; ++pe) {
                const T *s = seen.get() + static_cast<size_t>(pe) * (kA + kB);
                all_a.insert(all_a.end(), s, s + kA);
                all_b.insert(all_b.end(), s + kA, s + kA + kB);
            }
            std::sort(all_a.begin(), all_a.end());
            std::sort(all_b.begin(), all_b.end());
            EXPECT_EQ(std::adjacent_find(all_a.begin(), all_a.end()), all_a.end())
                << "two fetch_inc/fetch_add saw the same value";
            EXPECT_EQ(std::adjacent_find(all_b.begin(), all_b.end()), all_b.end())
                << "two fetch_add_nbi saw the same value";
            for (T x : all_a) EXPECT_LT(x, static_cast<T>(n * K));
            for (T x : all_b) {
                EXPECT_LT(x, static_cast<T>(2 * n * K));
                EXPECT_EQ(static_cast<unsigned long long>(x) % 2, 0u);
            }
        }
    });
}

/** Every PE tries to claim PE 0's word with compare_swap(0 -> me+1): exactly one wins. */
TYPED_TEST(AmoStd, CompareSwapRaceHasOneWinner)
{
    using T = typename TestFixture::T;
    constexpr int kRounds = 5;
    this->each([&](Via v, Region, T *w) {
        for (int round = 0; round < kRounds; ++round) {
            w[0] = T(0);
            w[1] = T(0);
            shmem_barrier_all();
            const T old = TypeParam::cswap(v, w, T(0), static_cast<T>(me() + 1), 0);
            const bool won = old == T(0);
            if (won) {
                TypeParam::inc(v, w + 1, 0);
            } else {
                EXPECT_GE(old, T(1));
            }
            shmem_barrier_all();
            if (me() == 0) {
                EXPECT_EQ(w[1], T(1)) << "round " << round << ": winners";
                EXPECT_GE(w[0], T(1));
                EXPECT_LE(w[0], static_cast<T>(npes()));
            }
            // The winner knows it is the one recorded.
            if (won) {
                EXPECT_EQ(TypeParam::cswap(v, w, T(0), T(0), 0), static_cast<T>(me() + 1));
            }
            shmem_barrier_all();
        }
    });
}

// ---- BIT: fetch_and/or/xor, and/or/xor ---------------------------------------------------------
TYPED_TEST(AmoBit, OnNeighbour)
{
    using T = typename TestFixture::T;
    this->each([&](Via v, Region, T *w) {
        const T pat = static_cast<T>(0xF0F0F0F0F0F0F0F0ull);
        const T mask = static_cast<T>(0x0FF00FF00FF00FF0ull ^ static_cast<unsigned long long>(me()));
        for (size_t k = 0; k < kWords; ++k) w[k] = pat;
        shmem_barrier_all();
        const int to = right();
        EXPECT_EQ(TypeParam::fetch_and(v, w + 0, mask, to), pat);
        EXPECT_EQ(TypeParam::fetch_or(v, w + 1, mask, to), pat);
        EXPECT_EQ(TypeParam::fetch_xor(v, w + 2, mask, to), pat);
        TypeParam::and_(v, w + 3, mask, to);
        TypeParam::or_(v, w + 4, mask, to);
        TypeParam::xor_(v, w + 5, mask, to);
        T f = sentinel<T>();
        TypeParam::fetch_xor_nbi(v, &f, w + 6, mask, to);
        quiet_via(v);
        EXPECT_EQ(f, pat);
        shmem_barrier_all();
        const T lmask = static_cast<T>(0x0FF00FF00FF00FF0ull ^ static_cast<unsigned long long>(left()));
        EXPECT_EQ(w[0], static_cast<T>(pat & lmask));
        EXPECT_EQ(w[1], static_cast<T>(pat | lmask));
        EXPECT_EQ(w[2], static_cast<T>(pat ^ lmask));
        EXPECT_EQ(w[3], static_cast<T>(pat & lmask));
        EXPECT_EQ(w[4], static_cast<T>(pat | lmask));
        EXPECT_EQ(w[5], static_cast<T>(pat ^ lmask));
        EXPECT_EQ(w[6], static_cast<T>(pat ^ lmask));
        EXPECT_EQ(w[7], pat);
    });
}

TYPED_TEST(AmoBit, AllPesSetClearToggleTheirBit)
{
    using T = typename TestFixture::T;
    this->each([&](Via v, Region, T *w) {
        const T all = static_cast<T>(~0ull);
        w[0] = T(0);
        w[1] = all;
        w[2] = T(0);
        w[3] = T(0);
        shmem_barrier_all();
        const T bit = static_cast<T>(T(1) << (me() % 31));
        TypeParam::fetch_or(v, w + 0, bit, 0);
        TypeParam::and_(v, w + 1, static_cast<T>(~bit), 0);
        TypeParam::xor_(v, w + 2, bit, 0);
        TypeParam::xor_(v, w + 2, bit, 0); // twice: back to 0
        T f;
        TypeParam::fetch_or_nbi(v, &f, w + 3, bit, 0);
        TypeParam::fetch_and_nbi(v, &f, w + 3, all, 0);
        quiet_via(v);
        shmem_barrier_all();
        if (me() == 0) {
            T want = 0;
            for (int pe = 0; pe < npes(); ++pe) want = static_cast<T>(want | (T(1) << (pe % 31)));
            EXPECT_EQ(w[0], want);
            EXPECT_EQ(w[1], static_cast<T>(~want));
            EXPECT_EQ(w[2], T(0));
            EXPECT_EQ(w[3], want);
        }
    });
}

// ---- Contention on one word, heap and global, larger K -----------------------------------------
long g_counter_long;
int g_counter_int;
unsigned long long g_counter_ull;

TEST(AmoContention, FetchAddFromAllPesHeapAndGlobal)
{
    constexpr int K = 3000;
    SymArray<long> heap(2);
    heap[0] = 0;
    heap[1] = 0;
    g_counter_long = 0;
    g_counter_int = 0;
    g_counter_ull = 0;
    shmem_barrier_all();
    long max_seen = -1;
    for (int i = 0; i < K; ++i) {
        const long old = shmem_long_atomic_fetch_add(heap.get(), 1, 0);
        max_seen = std::max(max_seen, old);
        shmem_int_atomic_inc(&g_counter_int, 0);
        shmem_long_atomic_fetch_inc(&g_counter_long, 0);
        shmem_ulonglong_atomic_add(&g_counter_ull, 3, 0);
    }
    EXPECT_LT(max_seen, static_cast<long>(npes()) * K);
    EXPECT_GE(max_seen, K - 1);
    shmem_barrier_all();
    if (me() == 0) {
        EXPECT_EQ(heap[0], static_cast<long>(npes()) * K);
        EXPECT_EQ(g_counter_int, npes() * K);
        EXPECT_EQ(g_counter_long, static_cast<long>(npes()) * K);
        EXPECT_EQ(g_counter_ull, 3ull * npes() * K);
    } else {
        EXPECT_EQ(g_counter_int, 0) << "update landed on the wrong PE";
        EXPECT_EQ(heap[0], 0);
    }
    // Every PE reads the result remotely too.
    EXPECT_EQ(shmem_long_atomic_fetch(heap.get(), 0), static_cast<long>(npes()) * K);
    EXPECT_EQ(shmem_int_atomic_fetch(&g_counter_int, 0), npes() * K);
    shmem_barrier_all();
}

TEST(AmoContention, SwapChainLosesNothing)
{
    // Each PE swaps its token into PE 0's word; the tokens that come back plus the final word
    // are exactly all tokens (an atomic swap neither duplicates nor drops a value).
    constexpr int K = 100;
    SymArray<long> word(1);
    SymArray<long> got(static_cast<size_t>(npes()) * K);
    word[0] = -1;
    shmem_barrier_all();
    std::vector<long> back(K);
    for (int i = 0; i < K; ++i) back[i] = shmem_long_atomic_swap(word.get(), static_cast<long>(me()) * K + i, 0);
    shmem_long_put(got.get() + static_cast<size_t>(me()) * K, back.data(), K, 0);
    shmem_barrier_all();
    if (me() == 0) {
        std::vector<long> all(got.get(), got.get() + static_cast<size_t>(npes()) * K);
        all.push_back(word[0]);
        std::sort(all.begin(), all.end());
        std::vector<long> want;
        want.push_back(-1);
        for (long t = 0; t < static_cast<long>(npes()) * K; ++t) want.push_back(t);
        EXPECT_EQ(all, want);
    }
    shmem_barrier_all();
}

// ---- Deprecated names --------------------------------------------------------------------------
#define OLD_AMO_TYPES(X, A) X(int, int, A) X(long, long, A) X(long long, longlong, A)
#define OLD_EXT_FLOAT_TYPES(X, A) X(float, float, A) X(double, double, A)

#define OLD_AMO_CHECK(TYPE, NAME, A)                                                            \
    {                                                                                          \
        SCOPED_TRACE(#NAME);                                                                   \
        SymArray<TYPE> w(6);                                                                   \
        for (int k = 0; k < 6; ++k) w[k] = static_cast<TYPE>(10 * k + 1);                    \
        shmem_barrier_all();                                                                   \
        const int to = right();                                                                \
        EXPECT_EQ(shmem_##NAME##_fadd(w.get(), static_cast<TYPE>(me() + 2), to), static_cast<TYPE>(1)); \
        EXPECT_EQ(shmem_##NAME##_finc(w.get() + 1, to), static_cast<TYPE>(11));               \
        EXPECT_EQ(shmem_##NAME##_cswap(w.get() + 2, static_cast<TYPE>(21), static_cast<TYPE>(me() + 100), to), \
                  static_cast<TYPE>(21));                                                      \
        shmem_##NAME##_add(w.get() + 3, static_cast<TYPE>(me() + 3), to);                      \
        shmem_##NAME##_inc(w.get() + 4, to);                                                   \
        EXPECT_EQ(shmem_##NAME##_swap(w.get() + 5, static_cast<TYPE>(me() + 200), to), static_cast<TYPE>(51)); \
        EXPECT_EQ(shmem_##NAME##_fetch(w.get(), to), shmem_##NAME##_atomic_fetch(w.get(), to)); \
        shmem_barrier_all();                                                                   \
        const int from = left();                                                               \
        EXPECT_EQ(w[0], static_cast<TYPE>(1 + from + 2));                                    \
        EXPECT_EQ(w[1], static_cast<TYPE>(12));                                              \
        EXPECT_EQ(w[2], static_cast<TYPE>(from + 100));                                      \
        EXPECT_EQ(w[3], static_cast<TYPE>(31 + from + 3));                                   \
        EXPECT_EQ(w[4], static_cast<TYPE>(42));                                              \
        EXPECT_EQ(w[5], static_cast<TYPE>(from + 200));                                      \
        shmem_barrier_all();                                                                   \
        shmem_##NAME##_set(w.get(), static_cast<TYPE>(me() + 7), to);                          \
        shmem_barrier_all();                                                                   \
        EXPECT_EQ(w[0], static_cast<TYPE>(from + 7));                                        \
        shmem_barrier_all();                                                                   \
    }
#define OLD_EXT_CHECK(TYPE, NAME, A)                                                            \
    {                                                                                          \
        SCOPED_TRACE(#NAME);                                                                   \
        SymArray<TYPE> w(2);                                                                   \
        w[0] = static_cast<TYPE>(me() + 0.5);                                                  \
        w[1] = static_cast<TYPE>(me() + 0.25);                                                 \
        shmem_barrier_all();                                                                   \
        const int to = right();                                                                \
        EXPECT_EQ(shmem_##NAME##_fetch(w.get(), to), static_cast<TYPE>(to + 0.5));             \
        EXPECT_EQ(shmem_##NAME##_swap(w.get() + 1, static_cast<TYPE>(me() + 10.5), to), static_cast<TYPE>(to + 0.25)); \
        shmem_barrier_all();                                                                   \
        shmem_##NAME##_set(w.get(), static_cast<TYPE>(me() + 20.5), to);                       \
        shmem_barrier_all();                                                                   \
        EXPECT_EQ(w[0], static_cast<TYPE>(left() + 20.5));                                     \
        EXPECT_EQ(w[1], static_cast<TYPE>(left() + 10.5));                                     \
        shmem_barrier_all();                                                                   \
    }

TEST(AmoDeprecated, IntegerNames) { OLD_AMO_TYPES(OLD_AMO_CHECK, _) }
TEST(AmoDeprecated, FloatNames) { OLD_EXT_FLOAT_TYPES(OLD_EXT_CHECK, _) }

TEST(AmoDeprecated, ShmemSwapOnLong)
{
    SymArray<long> w(1);
    w[0] = 1000 + me();
    shmem_barrier_all();
    EXPECT_EQ(shmem_swap(w.get(), 5000L + me(), right()), 1000L + right());
    shmem_barrier_all();
    EXPECT_EQ(w[0], 5000L + left());
    shmem_barrier_all();
}

} // namespace
