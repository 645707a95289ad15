// put_signal / put_signal_nbi (every RMA type, the SIZE forms, plain/ctx) with
// SHMEM_SIGNAL_SET and SHMEM_SIGNAL_ADD; signal_fetch; signal_wait_until with every
// comparison. The receiver checks the data right after it sees the signal, with no barrier in
// between: the data must be visible when the signal is.
#include "runtime_test_util.hpp"

#include <sched.h>

#include <vector>

using namespace shoal_test;

namespace {

void quiet_via(Via v)
{
    if (v.plain) shmem_quiet();
    else shmem_ctx_quiet(v.ctx);
}

#define SIG_TAG(TYPE, NAME, A)                                                                  \
    struct Sig_##NAME {                                                                        \
        using T = TYPE;                                                                        \
        static constexpr const char *name = #NAME;                                             \
        static void put_signal(Via v, bool nbi, T *d, const T *s, size_t n, uint64_t *sig, uint64_t x, int op, int pe) \
        {                                                                                      \
            if (nbi) SHOAL_T_VIA(v, NAME##_put_signal_nbi, d, s, n, sig, x, op, pe);           \
            else SHOAL_T_VIA(v, NAME##_put_signal, d, s, n, sig, x, op, pe);                   \
        }                                                                                      \
    };
SHOAL_RMA_TYPES(SIG_TAG, _)
#undef SIG_TAG
#define SIG_TAG_NAME(TYPE, NAME, A) , Sig_##NAME
using SigTags = TagTypes<std::tuple<void SHOAL_RMA_TYPES(SIG_TAG_NAME, _)>>;
#undef SIG_TAG_NAME

#define SIG_SIZE_TAG(BITS, BYTES, A)                                                            \
    struct SigSize_##BITS {                                                                    \
        using T = Elem<BYTES>;                                                                 \
        static constexpr size_t bytes = BYTES;                                                 \
        static constexpr const char *name = "size" #BITS;                                      \
        static void put_signal(Via v, bool nbi, void *d, const void *s, size_t n, uint64_t *sig, uint64_t x, int op, int pe) \
        {                                                                                      \
            if (nbi) SHOAL_T_VIA(v, put##BITS##_signal_nbi, d, s, n, sig, x, op, pe);          \
            else SHOAL_T_VIA(v, put##BITS##_signal, d, s, n, sig, x, op, pe);                  \
        }                                                                                      \
    };
template <size_t B> struct Elem {
    unsigned char b[B];
};
SHOAL_SIZES(SIG_SIZE_TAG, _)
SIG_SIZE_TAG(mem, 1, _)
#undef SIG_SIZE_TAG
#define SIG_SIZE_NAME(BITS, BYTES, A) , SigSize_##BITS
using SigSizeTags = TagTypes<std::tuple<void SHOAL_SIZES(SIG_SIZE_NAME, _) SIG_SIZE_NAME(mem, 1, _)>>;
#undef SIG_SIZE_NAME

constexpr size_t M = 300;   // elements per put
constexpr size_t kSlots = 8; // room for up to 8 PEs writing one slot each (AddFromAllPes)
constexpr size_t kVias = 3;
constexpr size_t kSigCases = kVias * 2 * 2; // via x region x (blocking, nbi)

/** One case: a calling form, a region, blocking or nbi, with its own data and signal words. */
template <class T> struct SigCase {
    Via v;
    Region r;
    bool nbi;
    unsigned idx;
    T *data;
    uint64_t *sig;
    std::string name() const
    {
        return std::string(v.what) + " / " + region_name(r) + (nbi ? " / nbi" : " / blocking");
    }
};

/** Every case issues its operation between the same two barriers; buffers are allocated
 *  once per type (collectively), not per test. */
template <class Tag> class SignalTyped : public ::testing::Test {
  protected:
    using T = typename Tag::T;
    static constexpr size_t kCasesPerRegion = kSigCases / 2;
    static inline T g_data[kCasesPerRegion][kSlots * M];
    static inline uint64_t g_sig[kCasesPerRegion][2];

    static void SetUpTestSuite()
    {
        heap_data_ = static_cast<T *>(shmem_malloc(kCasesPerRegion * kSlots * M * sizeof(T)));
        heap_sig_ = static_cast<uint64_t *>(shmem_malloc(kCasesPerRegion * 2 * sizeof(uint64_t)));
        ctx_ = new PrivateCtx;
        EXPECT_NE(heap_data_, nullptr);
        EXPECT_NE(heap_sig_, nullptr);
        EXPECT_EQ(ctx_->rc(), 0);
    }
    static void TearDownTestSuite()
    {
        shmem_barrier_all();
        delete ctx_;
        shmem_free(heap_sig_);
        shmem_free(heap_data_);
    }
    void SetUp() override
    {
        if (npes() > static_cast<int>(kSlots)) GTEST_SKIP() << "written for at most " << kSlots << " PEs";
    }

    std::vector<SigCase<T>> cases()
    {
        const Via vias[kVias] = {via_plain(), via_ctx(SHMEM_CTX_DEFAULT, "ctx_default"),
                                 via_ctx(ctx_->get(), "ctx_private")};
        std::vector<SigCase<T>> out;
        unsigned idx = 0;
        size_t slab = 0;
        for (const Via &v : vias)
            for (bool nbi : {false, true}) {
                out.push_back({v, Region::Heap, nbi, idx++, heap_data_ + slab * kSlots * M, heap_sig_ + 2 * slab});
                out.push_back({v, Region::Global, nbi, idx++, g_data[slab], g_sig[slab]});
                ++slab;
            }
        return out;
    }
    static unsigned s(unsigned salt, const SigCase<T> &c) { return salt * 16 + c.idx; }

    static inline T *heap_data_ = nullptr;
    static inline uint64_t *heap_sig_ = nullptr;
    static inline PrivateCtx *ctx_ = nullptr;
};
TYPED_TEST_SUITE(SignalTyped, SigTags, TagName);

TYPED_TEST(SignalTyped, SetToNeighbourDataVisibleWithSignal)
{
    using T = typename TestFixture::T;
    for (unsigned salt = 1; salt <= 2; ++salt) {
        const auto cs = this->cases();
        std::vector<std::vector<T>> src(cs.size(), std::vector<T>(M));
        for (const auto &c : cs) {
            fill(c.data, kSlots * M, sentinel<T>());
            c.sig[0] = 0;
            c.sig[1] = 0;
            for (size_t k = 0; k < M; ++k) src[c.idx][k] = val<T>(me(), k, this->s(salt, c));
        }
        shmem_barrier_all();
        for (const auto &c : cs) {
            const uint64_t mysig = 1000ull * this->s(salt, c) + static_cast<uint64_t>(me()) + 1;
            TypeParam::put_signal(c.v, c.nbi, c.data + 1, src[c.idx].data(), M, c.sig, mysig, SHMEM_SIGNAL_SET, right());
            if (c.nbi) quiet_via(c.v);
        }
        const int from = left();
        for (const auto &c : cs) {
            SCOPED_TRACE(c.name());
            const uint64_t want = 1000ull * this->s(salt, c) + static_cast<uint64_t>(from) + 1;
            EXPECT_EQ(shmem_signal_wait_until(c.sig, SHMEM_CMP_EQ, want), want);
            // No barrier: the data must already be here.
            EXPECT_TRUE(check_each(c.data + 1, M, [&](size_t k) { return val<T>(from, k, this->s(salt, c)); }));
            EXPECT_EQ(c.data[0], sentinel<T>());
            EXPECT_EQ(c.data[M + 1], sentinel<T>());
            EXPECT_EQ(shmem_signal_fetch(c.sig), want);
            EXPECT_EQ(c.sig[1], 0u) << "signal wrote past its word";
        }
        shmem_barrier_all();
    }
}

TYPED_TEST(SignalTyped, AddFromAllPesIntoOneSignal)
{
    using T = typename TestFixture::T;
    const unsigned salt = 100;
    const auto cs = this->cases();
    std::vector<std::vector<T>> src(cs.size(), std::vector<T>(M));
    for (const auto &c : cs) {
        fill(c.data, kSlots * M, sentinel<T>());
        c.sig[0] = 5; // ADD accumulates onto whatever is there
        for (size_t k = 0; k < M; ++k) src[c.idx][k] = val<T>(me(), k, this->s(salt, c));
    }
    shmem_barrier_all();
    // Every PE writes its slot on PE 0 and adds me+1 to PE 0's signal.
    for (const auto &c : cs) {
        TypeParam::put_signal(c.v, c.nbi, c.data + static_cast<size_t>(me()) * M, src[c.idx].data(), M, c.sig,
                              static_cast<uint64_t>(me()) + 1, SHMEM_SIGNAL_ADD, 0);
        if (c.nbi) quiet_via(c.v);
    }
    if (me() == 0) {
        const uint64_t n = static_cast<uint64_t>(npes());
        const uint64_t want = 5 + n * (n + 1) / 2;
        for (const auto &c : cs) {
            SCOPED_TRACE(c.name());
            EXPECT_EQ(shmem_signal_wait_until(c.sig, SHMEM_CMP_GE, want), want);
            for (int pe = 0; pe < npes(); ++pe)
                EXPECT_TRUE(check_each(c.data + static_cast<size_t>(pe) * M, M,
                                       [&](size_t k) { return val<T>(pe, k, this->s(salt, c)); }))
                    << "slot of PE " << pe;
            EXPECT_EQ(shmem_signal_fetch(c.sig), want);
        }
    }
    shmem_barrier_all();
}

template <class Tag> class SignalSized : public ::testing::Test {};
TYPED_TEST_SUITE(SignalSized, SigSizeTags, TagName);

TYPED_TEST(SignalSized, SetAndAddToNeighbour)
{
    constexpr size_t B = TypeParam::bytes;
    constexpr size_t bytes = M * B;
    SymArray<unsigned char> data(bytes + 2 * B);
    SymArray<uint64_t> sig(1);
    PrivateCtx ctx;
    EXPECT_EQ(ctx.rc(), 0);
    const Via vias[] = {via_plain(), via_ctx(SHMEM_CTX_DEFAULT, "ctx_default"), via_ctx(ctx.get(), "ctx_private")};
    unsigned salt = 0;
    for (const Via &v : vias)
        for (bool nbi : {false, true})
            for (int op : {SHMEM_SIGNAL_SET, SHMEM_SIGNAL_ADD}) {
                SCOPED_TRACE(std::string(v.what) + (nbi ? " nbi" : "") + (op == SHMEM_SIGNAL_SET ? " set" : " add"));
                ++salt;
                std::memset(data.get(), 0xff, bytes + 2 * B);
                sig[0] = 7;
                std::vector<unsigned char> src(bytes);
                for (size_t k = 0; k < bytes; ++k) src[k] = val<unsigned char>(me(), k, salt);
                shmem_barrier_all();
                TypeParam::put_signal(v, nbi, data.get() + B, src.data(), M, sig.get(), 10 + salt, op, right());
                if (nbi) quiet_via(v);
                const uint64_t want = op == SHMEM_SIGNAL_SET ? 10 + salt : 17 + salt;
                EXPECT_EQ(shmem_signal_wait_until(sig.get(), SHMEM_CMP_EQ, want), want);
                const int from = left();
                EXPECT_TRUE(check_each(data.get() + B, bytes, [&](size_t k) { return val<unsigned char>(from, k, salt); }));
                EXPECT_EQ(data[B - 1], 0xff);
                EXPECT_EQ(data[B + bytes], 0xff);
                shmem_barrier_all();
            }
}

// ---- Ping-pong around the ring: many rounds, flow-controlled by an ack signal ----------------
/** Round r: wait until the right neighbour has consumed round r-1, put round r's data with
 *  signal r, wait for the left neighbour's round r, check its data, ack it. */
void ring_rounds(size_t words, int rounds, bool nbi)
{
    SymArray<uint64_t> data(words);
    SymArray<uint64_t> sig(2); // [0] data signal, [1] ack from the right neighbour
    sig[0] = 0;
    sig[1] = 0;
    std::vector<uint64_t> src(words);
    bool failed = false;
    shmem_barrier_all();
    for (int r = 1; r <= rounds; ++r) {
        for (size_t k = 0; k < words; ++k) src[k] = (static_cast<uint64_t>(me()) << 40) ^ (static_cast<uint64_t>(r) << 24) ^ k;
        shmem_signal_wait_until(sig.get() + 1, SHMEM_CMP_GE, static_cast<uint64_t>(r - 1));
        if (nbi) {
            shmem_uint64_put_signal_nbi(data.get(), src.data(), words, sig.get(), static_cast<uint64_t>(r), SHMEM_SIGNAL_SET, right());
            shmem_quiet();
        } else {
            shmem_putmem_signal(data.get(), src.data(), words * 8, sig.get(), static_cast<uint64_t>(r), SHMEM_SIGNAL_SET, right());
        }
        shmem_signal_wait_until(sig.get(), SHMEM_CMP_EQ, static_cast<uint64_t>(r));
        const uint64_t from = static_cast<uint64_t>(left());
        const auto ok = check_each(data.get(), words, [&](size_t k) { return (from << 40) ^ (static_cast<uint64_t>(r) << 24) ^ k; });
        if (!failed) {
            EXPECT_TRUE(ok) << "round " << r; // report the first bad round only
        }
        failed = failed || !ok;
        // Ack: the left neighbour may now overwrite our data.
        shmem_uint64_atomic_set(sig.get() + 1, static_cast<uint64_t>(r), left());
    }
    shmem_barrier_all();
}

TEST(SignalRing, ManySmallRounds) { ring_rounds(1024, 200, false); }
TEST(SignalRing, ManySmallRoundsNbi) { ring_rounds(1024, 200, true); }
// Large enough that memcpy may use non-temporal stores: the signal must still follow the data.
TEST(SignalRing, FewLargeRounds) { ring_rounds((16u << 20) / 8, 3, false); }
TEST(SignalRing, FewLargeRoundsNbi) { ring_rounds((16u << 20) / 8, 3, true); }

// ---- signal_wait_until with every comparison; signal_fetch --------------------------------
using CmpCase = shoal_test::CmpCase<uint64_t>;
constexpr const auto &kCases = kCmpCases<uint64_t>;


TEST(SignalWait, EveryComparison)
{
    SymArray<uint64_t> sig(1);
    for (const CmpCase &c : kCases) {
        SCOPED_TRACE(c.name);
        sig[0] = c.init;
        shmem_barrier_all();
        EXPECT_EQ(shmem_signal_fetch(sig.get()), c.init);
        shmem_barrier_all(); // nobody writes before everybody has read its initial value
        shmem_uint64_atomic_set(sig.get(), c.decoy, right());
        for (int i = 0; i < 20; ++i) sched_yield();
        shmem_uint64_atomic_set(sig.get(), c.final_value, right());
        const uint64_t seen = shmem_signal_wait_until(sig.get(), c.cmp, c.cmp_value);
        EXPECT_TRUE(holds(c.cmp, seen, c.cmp_value)) << "returned " << seen;
        EXPECT_EQ(seen, c.final_value);
        shmem_barrier_all();
        EXPECT_EQ(shmem_signal_fetch(sig.get()), c.final_value);
        shmem_barrier_all();
    }
}

TEST(SignalWait, SignalFetchSeesRemoteAdds)
{
    SymArray<uint64_t> sig(1);
    sig[0] = 0;
    shmem_barrier_all();
    constexpr int K = 50;
    for (int i = 0; i < K; ++i) shmem_uint64_atomic_add(sig.get(), 1, 0);
    shmem_barrier_all();
    if (me() == 0) {
        EXPECT_EQ(shmem_signal_fetch(sig.get()), static_cast<uint64_t>(npes()) * K);
    }
    shmem_barrier_all();
}

} // namespace
