// RMA: put/get, p/g, iput/iget, put_nbi/get_nbi for every type of SHOAL_RMA_TYPES, the SIZE
// forms (8..128, mem), each through the plain form, SHMEM_CTX_DEFAULT and a private context,
// onto the symmetric heap and onto global variables; large transfers; all-to-all puts.
// Pattern: every PE writes to its right neighbour, barrier, every PE checks what its left
// neighbour wrote (gets read the right neighbour's source).
#include "runtime_test_util.hpp"

#include <vector>

using namespace shoal_test;

namespace {

// ---- One tag per RMA type, generated from the type table ----------------------------------
#define RMA_TAG(TYPE, NAME, A)                                                                  \
    struct Rma_##NAME {                                                                        \
        using T = TYPE;                                                                        \
        static constexpr const char *name = #NAME;                                             \
        static void put(Via v, T *d, const T *s, size_t n, int pe) { SHOAL_T_VIA(v, NAME##_put, d, s, n, pe); } \
        static void get(Via v, T *d, const T *s, size_t n, int pe) { SHOAL_T_VIA(v, NAME##_get, d, s, n, pe); } \
        static void put_nbi(Via v, T *d, const T *s, size_t n, int pe) { SHOAL_T_VIA(v, NAME##_put_nbi, d, s, n, pe); } \
        static void get_nbi(Via v, T *d, const T *s, size_t n, int pe) { SHOAL_T_VIA(v, NAME##_get_nbi, d, s, n, pe); } \
        static void p(Via v, T *d, T x, int pe) { SHOAL_T_VIA(v, NAME##_p, d, x, pe); }        \
        static T g(Via v, const T *s, int pe) { return SHOAL_T_VIA(v, NAME##_g, s, pe); }      \
        static void iput(Via v, T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe) \
        { SHOAL_T_VIA(v, NAME##_iput, d, s, dst, sst, n, pe); }                                \
        static void iget(Via v, T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe) \
        { SHOAL_T_VIA(v, NAME##_iget, d, s, dst, sst, n, pe); }                                \
    };
SHOAL_RMA_TYPES(RMA_TAG, _)
#undef RMA_TAG
#define RMA_TAG_NAME(TYPE, NAME, A) , Rma_##NAME
using RmaTags = TagTypes<std::tuple<void SHOAL_RMA_TYPES(RMA_TAG_NAME, _)>>;
#undef RMA_TAG_NAME

// ---- SIZE forms: elements of BYTES bytes, routines on void* -------------------------------
#define SIZE_TAG(BITS, BYTES, A)                                                                \
    struct Size_##BITS {                                                                       \
        static constexpr size_t bytes = BYTES;                                                 \
        static constexpr const char *name = "size" #BITS;                                      \
        static void put(Via v, void *d, const void *s, size_t n, int pe) { SHOAL_T_VIA(v, put##BITS, d, s, n, pe); } \
        static void get(Via v, void *d, const void *s, size_t n, int pe) { SHOAL_T_VIA(v, get##BITS, d, s, n, pe); } \
        static void put_nbi(Via v, void *d, const void *s, size_t n, int pe) { SHOAL_T_VIA(v, put##BITS##_nbi, d, s, n, pe); } \
        static void get_nbi(Via v, void *d, const void *s, size_t n, int pe) { SHOAL_T_VIA(v, get##BITS##_nbi, d, s, n, pe); } \
        static void iput(Via v, void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe) \
        { SHOAL_T_VIA(v, iput##BITS, d, s, dst, sst, n, pe); }                                 \
        static void iget(Via v, void *d, const void *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe) \
        { SHOAL_T_VIA(v, iget##BITS, d, s, dst, sst, n, pe); }                                 \
    };
SHOAL_SIZES(SIZE_TAG, _)
SIZE_TAG(mem, 1, _)
#undef SIZE_TAG
#define SIZE_TAG_NAME(BITS, BYTES, A) , Size_##BITS
using SizeTags = TagTypes<std::tuple<void SHOAL_SIZES(SIZE_TAG_NAME, _) SIZE_TAG_NAME(mem, 1, _)>>;
#undef SIZE_TAG_NAME

constexpr size_t kCounts[] = {1, 7, 1000};
constexpr size_t kMaxCount = 1000;
constexpr ptrdiff_t kDstStride = 3, kSrcStride = 2;
// Room for the largest count at the largest stride, plus a one-element offset.
constexpr size_t kCap = kMaxCount * 3 + 8;

// ---- Typed RMA ------------------------------------------------------------------------------
// Every calling form (plain, ctx_ on SHMEM_CTX_DEFAULT, ctx_ on a private context) times every
// target region (heap, global) is a "case" with its own destination and source buffers, so one
// round issues all six cases between the same two barriers (barriers are what costs when 4 PEs
// share 2 loaded cores). A value put through the wrong case's path lands in the wrong buffer
// and fails the check: each case also has its own salt.
constexpr size_t kVias = 3;

template <class Buf> struct Case {
    Via v;
    Region r;
    unsigned idx;
    Buf *dst;
    Buf *src;
    std::string name() const { return std::string(v.what) + " / " + region_name(r); }
};

/** Heap and global buffers of kCap elements of E for every case, and the private context. */
template <class E, size_t Cap> class CaseBuffers {
  public:
    static inline E g_dst[kVias][Cap];
    static inline E g_src[kVias][Cap];

    void alloc()
    {
        heap_dst_ = static_cast<E *>(shmem_malloc(kVias * Cap * sizeof(E)));
        heap_src_ = static_cast<E *>(shmem_malloc(kVias * Cap * sizeof(E)));
        EXPECT_NE(heap_dst_, nullptr);
        EXPECT_NE(heap_src_, nullptr);
        EXPECT_EQ(ctx_.rc(), 0);
    }
    void release()
    {
        shmem_barrier_all();
        shmem_free(heap_src_);
        shmem_free(heap_dst_);
    }
    std::vector<Case<E>> cases()
    {
        const Via vias[kVias] = {via_plain(), via_ctx(SHMEM_CTX_DEFAULT, "ctx_default"),
                                 via_ctx(ctx_.get(), "ctx_private")};
        std::vector<Case<E>> out;
        unsigned idx = 0;
        for (size_t k = 0; k < kVias; ++k) {
            out.push_back({vias[k], Region::Heap, idx++, heap_dst_ + k * Cap, heap_src_ + k * Cap});
            out.push_back({vias[k], Region::Global, idx++, g_dst[k], g_src[k]});
        }
        return out;
    }

  private:
    E *heap_dst_ = nullptr;
    E *heap_src_ = nullptr;
    PrivateCtx ctx_;
};

void quiet_via(Via v)
{
    if (v.plain) shmem_quiet();
    else shmem_ctx_quiet(v.ctx);
}

/** The case buffers of Cap elements of E, allocated once per suite (collective), not per
 *  test: fewer barriers. Shared by the typed and the SIZE-form suites. */
template <class E, size_t Cap> class CaseFixture : public ::testing::Test {
  protected:
    using C = Case<E>;
    static void SetUpTestSuite()
    {
        bufs_ = new CaseBuffers<E, Cap>;
        bufs_->alloc();
    }
    static void TearDownTestSuite()
    {
        bufs_->release();
        delete bufs_;
        bufs_ = nullptr;
    }

    /** Every case: own dst := sentinel, own src := val(me, k, salt of the case). */
    std::vector<C> reset(unsigned salt)
    {
        auto cs = bufs_->cases();
        for (const C &c : cs) {
            fill(c.dst, Cap, sentinel<E>());
            for (size_t k = 0; k < Cap; ++k) c.src[k] = val<E>(me(), k, s(salt, c));
        }
        return cs;
    }
    static unsigned s(unsigned salt, const C &c) { return salt * 8 + c.idx; }

    static inline CaseBuffers<E, Cap> *bufs_ = nullptr;
};

template <class Tag> class RmaTyped : public CaseFixture<typename Tag::T, kCap> {
  protected:
    using T = typename Tag::T;
};
TYPED_TEST_SUITE(RmaTyped, RmaTags, TagName);

TYPED_TEST(RmaTyped, PutToNeighbour)
{
    using T = typename TestFixture::T;
    unsigned salt = 0;
    for (size_t n : kCounts) {
        for (size_t off : {size_t{0}, size_t{1}}) {
            const auto cs = this->reset(++salt);
            shmem_barrier_all();
            for (const auto &c : cs) TypeParam::put(c.v, c.dst + off, c.src + off, n, right());
            shmem_barrier_all();
            const int from = left();
            for (const auto &c : cs) {
                SCOPED_TRACE(c.name());
                const unsigned cs_salt = this->s(salt, c);
                EXPECT_TRUE(check_each(c.dst + off, n, [&](size_t k) { return val<T>(from, k + off, cs_salt); }))
                    << "n=" << n << " off=" << off;
                EXPECT_TRUE(check_each(c.dst, off, [](size_t) { return sentinel<T>(); })) << "before";
                EXPECT_TRUE(check_each(c.dst + off + n, kCap - off - n, [](size_t) { return sentinel<T>(); }))
                    << "after n=" << n;
            }
            // No closing barrier: only this PE writes its buffers before the next barrier.
        }
    }
}

TYPED_TEST(RmaTyped, GetFromNeighbour)
{
    using T = typename TestFixture::T;
    unsigned salt = 100;
    for (size_t n : kCounts) {
        const auto cs = this->reset(++salt);
        shmem_barrier_all();
        const int from = right();
        for (const auto &c : cs) {
            SCOPED_TRACE(c.name());
            const unsigned cs_salt = this->s(salt, c);
            // Into symmetric memory.
            TypeParam::get(c.v, c.dst + 1, c.src + 1, n, from);
            EXPECT_TRUE(check_each(c.dst + 1, n, [&](size_t k) { return val<T>(from, k + 1, cs_salt); }))
                << "n=" << n;
            EXPECT_EQ(c.dst[0], sentinel<T>());
            EXPECT_EQ(c.dst[n + 1], sentinel<T>());
            // Into private (non-symmetric) memory: only the source must be symmetric.
            std::vector<T> local(n + 2, sentinel<T>());
            TypeParam::get(c.v, local.data() + 1, c.src, n, from);
            EXPECT_TRUE(check_each(local.data() + 1, n, [&](size_t k) { return val<T>(from, k, cs_salt); }));
            EXPECT_EQ(local[0], sentinel<T>());
            EXPECT_EQ(local[n + 1], sentinel<T>());
        }
        shmem_barrier_all(); // the left neighbour reads our sources until here
    }
}

TYPED_TEST(RmaTyped, PutFromPrivateMemory)
{
    using T = typename TestFixture::T;
    const unsigned salt = 200;
    const auto cs = this->reset(salt);
    shmem_barrier_all();
    for (const auto &c : cs) {
        std::vector<T> local(kMaxCount);
        for (size_t k = 0; k < kMaxCount; ++k) local[k] = val<T>(me(), k, this->s(salt + 7, c));
        TypeParam::put(c.v, c.dst, local.data(), kMaxCount, right());
        // local dies here: a blocking put must not read it later.
    }
    shmem_barrier_all();
    const int from = left();
    for (const auto &c : cs) {
        SCOPED_TRACE(c.name());
        EXPECT_TRUE(check_each(c.dst, kMaxCount, [&](size_t k) { return val<T>(from, k, this->s(salt + 7, c)); }));
    }
}

TYPED_TEST(RmaTyped, PAndG)
{
    using T = typename TestFixture::T;
    const unsigned salt = 300;
    const auto cs = this->reset(salt);
    shmem_barrier_all();
    for (const auto &c : cs)
        for (size_t k = 0; k < 5; ++k) TypeParam::p(c.v, c.dst + 2 * k, val<T>(me(), k, this->s(salt, c)), right());
    shmem_barrier_all();
    const int from = left();
    for (const auto &c : cs) {
        SCOPED_TRACE(c.name());
        for (size_t k = 0; k < 5; ++k) {
            EXPECT_EQ(c.dst[2 * k], val<T>(from, k, this->s(salt, c))) << "k=" << k;
            EXPECT_EQ(c.dst[2 * k + 1], sentinel<T>()) << "k=" << k;
        }
        for (size_t k = 0; k < 5; ++k) {
            const T got = TypeParam::g(c.v, c.src + 3 * k, right());
            EXPECT_EQ(got, val<T>(right(), 3 * k, this->s(salt, c))) << "k=" << k;
        }
    }
    shmem_barrier_all();
}

TYPED_TEST(RmaTyped, StridedPut)
{
    using T = typename TestFixture::T;
    unsigned salt = 400;
    for (size_t n : kCounts) {
        const auto cs = this->reset(++salt);
        shmem_barrier_all();
        for (const auto &c : cs) TypeParam::iput(c.v, c.dst, c.src, kDstStride, kSrcStride, n, right());
        shmem_barrier_all();
        const int from = left();
        for (const auto &c : cs) {
            SCOPED_TRACE(c.name());
            // dest[k*dst] = source[k*sst]; everything between stays untouched.
            std::vector<T> want(kCap, sentinel<T>());
            for (size_t k = 0; k < n; ++k) want[k * kDstStride] = val<T>(from, k * kSrcStride, this->s(salt, c));
            EXPECT_TRUE(check_each(c.dst, kCap, [&](size_t k) { return want[k]; })) << "n=" << n;
        }
    }
}

TYPED_TEST(RmaTyped, StridedGet)
{
    using T = typename TestFixture::T;
    unsigned salt = 500;
    for (size_t n : kCounts) {
        const auto cs = this->reset(++salt);
        shmem_barrier_all();
        const int from = right();
        for (const auto &c : cs) {
            SCOPED_TRACE(c.name());
            // dest (local) stride 2, source (remote) stride 3.
            std::vector<T> local(kCap, sentinel<T>());
            TypeParam::iget(c.v, local.data(), c.src, kSrcStride, kDstStride, n, from);
            std::vector<T> want(kCap, sentinel<T>());
            for (size_t k = 0; k < n; ++k) want[k * kSrcStride] = val<T>(from, k * kDstStride, this->s(salt, c));
            EXPECT_TRUE(check_each(local.data(), kCap, [&](size_t k) { return want[k]; })) << "n=" << n;
        }
        shmem_barrier_all();
    }
}

TYPED_TEST(RmaTyped, NonBlockingPutThenQuiet)
{
    using T = typename TestFixture::T;
    const unsigned salt = 600;
    const auto cs = this->reset(salt);
    shmem_barrier_all();
    // Two nbi puts into disjoint halves per case, completed by quiet on the same context.
    const size_t h = kMaxCount / 2;
    for (const auto &c : cs) {
        TypeParam::put_nbi(c.v, c.dst, c.src, h, right());
        TypeParam::put_nbi(c.v, c.dst + h, c.src + h, kMaxCount - h, right());
        quiet_via(c.v);
    }
    shmem_barrier_all();
    const int from = left();
    for (const auto &c : cs) {
        SCOPED_TRACE(c.name());
        EXPECT_TRUE(check_each(c.dst, kMaxCount, [&](size_t k) { return val<T>(from, k, this->s(salt, c)); }));
        EXPECT_EQ(c.dst[kMaxCount], sentinel<T>());
    }
}

TYPED_TEST(RmaTyped, NonBlockingGetThenQuiet)
{
    using T = typename TestFixture::T;
    const unsigned salt = 700;
    const auto cs = this->reset(salt);
    shmem_barrier_all();
    const int from = right();
    for (const auto &c : cs) {
        SCOPED_TRACE(c.name());
        std::vector<T> local(kMaxCount + 1, sentinel<T>());
        TypeParam::get_nbi(c.v, local.data(), c.src, kMaxCount, from);
        quiet_via(c.v);
        EXPECT_TRUE(check_each(local.data(), kMaxCount, [&](size_t k) { return val<T>(from, k, this->s(salt, c)); }));
        EXPECT_EQ(local[kMaxCount], sentinel<T>());
    }
    shmem_barrier_all();
}

TYPED_TEST(RmaTyped, ZeroElementsIsANoOp)
{
    using T = typename TestFixture::T;
    const auto cs = this->reset(1);
    shmem_barrier_all();
    for (const auto &c : cs) {
        TypeParam::put(c.v, c.dst, c.src, 0, right());
        TypeParam::put_nbi(c.v, c.dst, c.src, 0, right());
        TypeParam::iput(c.v, c.dst, c.src, 2, 2, 0, right());
        std::vector<T> local(1, sentinel<T>());
        TypeParam::get(c.v, local.data(), c.src, 0, right());
        TypeParam::iget(c.v, local.data(), c.src, 1, 1, 0, right());
        TypeParam::get_nbi(c.v, local.data(), c.src, 0, right());
        quiet_via(c.v);
        EXPECT_EQ(local[0], sentinel<T>()) << c.name();
    }
    shmem_barrier_all();
    for (const auto &c : cs)
        EXPECT_TRUE(check_each(c.dst, kCap, [](size_t) { return sentinel<T>(); })) << c.name();
}

// ---- SIZE forms (put8 ... put128, putmem) -------------------------------------------------
constexpr size_t kSizedBytes = kCap * 16;

// dst starts as 0xff bytes (sentinel<unsigned char>()).
template <class Tag> class RmaSized : public CaseFixture<unsigned char, kSizedBytes> {
  protected:
    static constexpr size_t B = Tag::bytes;
};
TYPED_TEST_SUITE(RmaSized, SizeTags, TagName);

TYPED_TEST(RmaSized, PutGetNbi)
{
    constexpr size_t B = TestFixture::B;
    unsigned salt = 0;
    for (size_t n : kCounts) {
        const auto cs = this->reset(++salt);
        shmem_barrier_all();
        for (const auto &c : cs) {
            // Blocking put of n elements at element offset 1, then an nbi put further on.
            TypeParam::put(c.v, c.dst + B, c.src + B, n, right());
            TypeParam::put_nbi(c.v, c.dst + (n + 2) * B, c.src, n, right());
            quiet_via(c.v);
        }
        shmem_barrier_all();
        const int from = left();
        const int to = right();
        for (const auto &c : cs) {
            SCOPED_TRACE(c.name());
            const unsigned cs_salt = this->s(salt, c);
            std::vector<unsigned char> want(kSizedBytes, 0xff);
            for (size_t k = 0; k < n * B; ++k) {
                want[B + k] = val<unsigned char>(from, B + k, cs_salt);
                want[(n + 2) * B + k] = val<unsigned char>(from, k, cs_salt);
            }
            EXPECT_TRUE(check_each(c.dst, kSizedBytes, [&](size_t k) { return want[k]; })) << "n=" << n;

            std::vector<unsigned char> local(n * B + 2 * B, 0xee);
            TypeParam::get(c.v, local.data() + B, c.src, n, to);
            EXPECT_TRUE(check_each(local.data() + B, n * B, [&](size_t k) { return val<unsigned char>(to, k, cs_salt); }))
                << "get n=" << n;
            EXPECT_EQ(local[B - 1], 0xee);
            EXPECT_EQ(local[(n + 1) * B], 0xee);
            std::fill(local.begin(), local.end(), 0xee);
            TypeParam::get_nbi(c.v, local.data(), c.src + B, n, to);
            quiet_via(c.v);
            EXPECT_TRUE(check_each(local.data(), n * B, [&](size_t k) { return val<unsigned char>(to, B + k, cs_salt); }))
                << "get_nbi n=" << n;
            EXPECT_EQ(local[n * B], 0xee);
        }
        shmem_barrier_all();
    }
}

TYPED_TEST(RmaSized, StridedPutGet)
{
    constexpr size_t B = TestFixture::B;
    unsigned salt = 50;
    for (size_t n : kCounts) {
        const auto cs = this->reset(++salt);
        shmem_barrier_all();
        for (const auto &c : cs) TypeParam::iput(c.v, c.dst, c.src, kDstStride, kSrcStride, n, right());
        shmem_barrier_all();
        const int from = left();
        const int to = right();
        for (const auto &c : cs) {
            SCOPED_TRACE(c.name());
            const unsigned cs_salt = this->s(salt, c);
            std::vector<unsigned char> want(kSizedBytes, 0xff);
            for (size_t k = 0; k < n; ++k)
                for (size_t b = 0; b < B; ++b)
                    want[k * kDstStride * B + b] = val<unsigned char>(from, k * kSrcStride * B + b, cs_salt);
            EXPECT_TRUE(check_each(c.dst, kSizedBytes, [&](size_t k) { return want[k]; })) << "iput n=" << n;

            std::vector<unsigned char> local(kCap * B, 0xee);
            TypeParam::iget(c.v, local.data(), c.src, kSrcStride, kDstStride, n, to);
            std::vector<unsigned char> lwant(kCap * B, 0xee);
            for (size_t k = 0; k < n; ++k)
                for (size_t b = 0; b < B; ++b)
                    lwant[k * kSrcStride * B + b] = val<unsigned char>(to, k * kDstStride * B + b, cs_salt);
            EXPECT_TRUE(check_each(local.data(), local.size(), [&](size_t k) { return lwant[k]; })) << "iget n=" << n;
        }
        shmem_barrier_all();
    }
}

// ---- Large transfers -------------------------------------------------------------------------
constexpr size_t kLarge = 4u << 20; // 4 MiB
unsigned char g_large_dst[kLarge];
unsigned char g_large_src[kLarge];

uint64_t large_word(int pe, size_t k, unsigned salt)
{
    return (static_cast<uint64_t>(pe + 1) << 48) ^ (static_cast<uint64_t>(salt) << 40) ^ (k * 0x9e3779b97f4a7c15ull >> 20);
}

class RmaLarge : public ::testing::TestWithParam<Region> {
  protected:
    void SetUp() override
    {
        heap_dst_ = static_cast<unsigned char *>(shmem_malloc(kLarge));
        heap_src_ = static_cast<unsigned char *>(shmem_malloc(kLarge));
        EXPECT_NE(heap_dst_, nullptr);
        EXPECT_NE(heap_src_, nullptr);
    }
    void TearDown() override
    {
        shmem_barrier_all();
        shmem_free(heap_src_);
        shmem_free(heap_dst_);
    }
    uint64_t *dst() { return reinterpret_cast<uint64_t *>(GetParam() == Region::Heap ? heap_dst_ : g_large_dst); }
    uint64_t *src() { return reinterpret_cast<uint64_t *>(GetParam() == Region::Heap ? heap_src_ : g_large_src); }
    static constexpr size_t kWords = kLarge / 8;
    void reset(unsigned salt)
    {
        std::memset(dst(), 0, kLarge);
        for (size_t k = 0; k < kWords; ++k) src()[k] = large_word(me(), k, salt);
    }
    unsigned char *heap_dst_ = nullptr;
    unsigned char *heap_src_ = nullptr;
};

TEST_P(RmaLarge, Putmem4MiB)
{
    reset(1);
    shmem_barrier_all();
    shmem_putmem(dst(), src(), kLarge, right());
    shmem_barrier_all();
    const int from = left();
    EXPECT_TRUE(check_each(dst(), kWords, [&](size_t k) { return large_word(from, k, 1); }));
}

TEST_P(RmaLarge, Getmem4MiB)
{
    reset(2);
    shmem_barrier_all();
    std::vector<uint64_t> local(kWords);
    shmem_getmem(local.data(), src(), kLarge, right());
    const int from = right();
    EXPECT_TRUE(check_each(local.data(), kWords, [&](size_t k) { return large_word(from, k, 2); }));
}

TEST_P(RmaLarge, PutNbiTyped4MiB)
{
    reset(3);
    shmem_barrier_all();
    shmem_uint64_put_nbi(dst(), src(), kWords, right());
    shmem_quiet();
    shmem_barrier_all();
    const int from = left();
    EXPECT_TRUE(check_each(dst(), kWords, [&](size_t k) { return large_word(from, k, 3); }));
}

TEST_P(RmaLarge, GetNbiUnalignedBytes)
{
    reset(4);
    shmem_barrier_all();
    // Odd byte offsets on both sides and an odd length.
    const size_t len = kLarge - 13;
    std::vector<unsigned char> local(kLarge);
    shmem_getmem_nbi(local.data() + 1, reinterpret_cast<unsigned char *>(src()) + 3, len - 3, right());
    shmem_quiet();
    std::vector<uint64_t> ref(kWords);
    for (size_t k = 0; k < kWords; ++k) ref[k] = large_word(right(), k, 4);
    EXPECT_EQ(std::memcmp(local.data() + 1, reinterpret_cast<unsigned char *>(ref.data()) + 3, len - 3), 0);
}

TEST_P(RmaLarge, StridedPutHalfOfLarge)
{
    reset(5);
    shmem_barrier_all();
    // Every second source word lands packed in the first half of dest (dst stride 1, sst 2).
    const size_t n = kWords / 2;
    shmem_uint64_iput(dst(), src(), 1, 2, n, right());
    shmem_barrier_all();
    const int from = left();
    EXPECT_TRUE(check_each(dst(), n, [&](size_t k) { return large_word(from, 2 * k, 5); }));
    EXPECT_TRUE(check_each(dst() + n, kWords - n, [](size_t) { return uint64_t{0}; }));
}

// Sizes on each side of the copy's choices (64 KiB: out of line; 1 MiB: rep movsb by default),
// at odd offsets on both sides, both ways; the bytes around each copy stay untouched.
TEST_P(RmaLarge, PutGetAroundCopyThresholds)
{
    reset(6);
    auto *d = reinterpret_cast<unsigned char *>(dst());
    const auto *s = reinterpret_cast<const unsigned char *>(src());
    // What a neighbour's source holds (reset(6) on that PE), as bytes.
    auto source_of = [](int pe) {
        std::vector<uint64_t> w(kWords);
        for (size_t k = 0; k < kWords; ++k) w[k] = large_word(pe, k, 6);
        return w;
    };
    const std::vector<uint64_t> lw = source_of(left()), rw = source_of(right());
    const auto *lb = reinterpret_cast<const unsigned char *>(lw.data());
    const auto *rb = reinterpret_cast<const unsigned char *>(rw.data());
    for (size_t len : {(size_t{64} << 10) - 1, size_t{64} << 10, (size_t{1} << 20) - 1, size_t{1} << 20,
                       (size_t{1} << 20) + 3}) {
        std::memset(d, 0, kLarge);
        shmem_barrier_all();
        shmem_putmem(d + 5, s + 3, len, right());
        shmem_barrier_all();
        EXPECT_EQ(d[4], 0) << "len " << len;
        EXPECT_EQ(std::memcmp(d + 5, lb + 3, len), 0) << "put len " << len;
        EXPECT_EQ(d[5 + len], 0) << "len " << len;
        std::vector<unsigned char> got(len + 2, 0xAB);
        shmem_getmem(got.data() + 1, s + 7, len, right());
        EXPECT_EQ(got[0], 0xAB) << "len " << len;
        EXPECT_EQ(std::memcmp(got.data() + 1, rb + 7, len), 0) << "get len " << len;
        EXPECT_EQ(got[len + 1], 0xAB) << "len " << len;
        shmem_barrier_all();
    }
}

INSTANTIATE_TEST_SUITE_P(Targets, RmaLarge, ::testing::Values(Region::Heap, Region::Global),
                         [](const ::testing::TestParamInfo<Region> &i) {
                             return std::string(region_name(i.param));
                         });

// ---- Every PE to every PE --------------------------------------------------------------------
int g_all_dst[64 * 256];

TEST(RmaAllToAll, EveryPePutsIntoItsSlotOnEveryPe)
{
    constexpr size_t M = 256;
    const int n = npes();
    ASSERT_LE(n, 64);
    SymArray<long> heap(static_cast<size_t>(n) * M);
    for (int rep = 0; rep < 3; ++rep) {
        std::vector<long> mine(M);
        std::vector<int> mine_i(M);
        for (size_t k = 0; k < M; ++k) {
            mine[k] = val<long>(me(), k, rep);
            mine_i[k] = val<int>(me(), k, rep);
        }
        shmem_barrier_all();
        for (int step = 0; step < n; ++step) {
            const int pe = (me() + step) % n; // self included
            shmem_long_put(heap.get() + static_cast<size_t>(me()) * M, mine.data(), M, pe);
            shmem_int_put_nbi(g_all_dst + static_cast<size_t>(me()) * M, mine_i.data(), M, pe);
        }
        shmem_barrier_all(); // completes the nbi puts too
        for (int from = 0; from < n; ++from) {
            EXPECT_TRUE(check_each(heap.get() + static_cast<size_t>(from) * M, M,
                                   [&](size_t k) { return val<long>(from, k, rep); }))
                << "heap slot of PE " << from;
            EXPECT_TRUE(check_each(g_all_dst + static_cast<size_t>(from) * M, M,
                                   [&](size_t k) { return val<int>(from, k, rep); }))
                << "global slot of PE " << from;
        }
        shmem_barrier_all();
    }
}

TEST(RmaAllToAll, GetFromEveryPe)
{
    constexpr size_t M = 512;
    SymArray<double> src(M);
    for (size_t k = 0; k < M; ++k) src[k] = val<double>(me(), k);
    shmem_barrier_all();
    std::vector<double> local(M);
    for (int pe = 0; pe < npes(); ++pe) {
        shmem_double_get(local.data(), src.get(), M, pe);
        EXPECT_TRUE(check_each(local.data(), M, [&](size_t k) { return val<double>(pe, k); })) << "from PE " << pe;
        EXPECT_EQ(shmem_double_g(src.get() + M - 1, pe), val<double>(pe, M - 1));
    }
    shmem_barrier_all();
}

} // namespace

namespace {
// Initialised (.data) and function-local static targets are symmetric too, and keep their
// initial values across shmem_init.
long g_initialised[4] = {11, 22, 33, 44};

TEST(RmaGlobals, InitialisedDataAndLocalStatic)
{
    static int local_static[8];
    EXPECT_EQ(g_initialised[0], 11);
    for (int pe = 0; pe < npes(); ++pe) {
        EXPECT_EQ(shmem_long_g(g_initialised + 3, pe), 44) << "initial value on PE " << pe;
    }
    shmem_barrier_all();
    shmem_long_p(g_initialised + 1, 1000 + me(), right());
    shmem_int_p(local_static + 5, 2000 + me(), right());
    shmem_barrier_all();
    EXPECT_EQ(g_initialised[1], 1000 + left());
    EXPECT_EQ(local_static[5], 2000 + left());
    EXPECT_EQ(g_initialised[2], 33);
    shmem_barrier_all();
    g_initialised[1] = 22;
    shmem_barrier_all();
}
} // namespace
