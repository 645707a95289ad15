// Symmetric memory and setup queries: shmem_malloc/free/realloc/align/calloc/
// malloc_with_hints return the same symmetric object on every PE (checked by remote puts),
// alignment, calloc zeroes, realloc keeps contents, alloc/free cycles give the heap back
// (shmemx_heap_free), shmem_ptr to a peer, addr/pe_accessible, info_get_version/name, the
// version macros, my_pe/n_pes and the deprecated names, cache routines as no-ops.
#include "runtime_test_util.hpp"

#include <shmemx.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace shoal_test;

namespace {

/** 1 if p is the same symmetric object on every PE: each PE writes a tag into the object on
 *  its right neighbour and reads one back from the left; all PEs must agree (collective). */
::testing::AssertionResult symmetric_everywhere(void *p, size_t size, unsigned salt)
{
    if (p == nullptr) return ::testing::AssertionFailure() << "null";
    unsigned char *b = static_cast<unsigned char *>(p);
    const size_t last = size - 1;
    const unsigned char mine = val<unsigned char>(me(), 0, salt);
    const unsigned char theirs = val<unsigned char>(left(), 0, salt);
    b[0] = 0;
    b[last] = 0;
    shmem_barrier_all();
    shmem_putmem(b, &mine, 1, right());
    shmem_putmem(b + last, &mine, 1, right());
    shmem_barrier_all();
    const bool ok = b[0] == theirs && b[last] == theirs &&
                    shmem_uchar_g(b + last, right()) == mine;
    shmem_barrier_all();
    if (ok) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "first/last byte " << int(b[0]) << "/" << int(b[last])
                                         << ", want " << int(theirs);
}

TEST(Heap, MallocIsSymmetric)
{
    for (size_t size : {size_t{1}, size_t{8}, size_t{100}, size_t{4096}, size_t{100000}, size_t{1} << 20}) {
        void *p = shmem_malloc(size);
        EXPECT_TRUE(symmetric_everywhere(p, size, static_cast<unsigned>(size))) << "size " << size;
        EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t), 0u) << "size " << size;
        shmem_free(p);
    }
}

TEST(Heap, ManyLiveAllocationsAreDistinctAndSymmetric)
{
    constexpr int kN = 40;
    std::vector<int *> ps;
    for (int k = 0; k < kN; ++k) ps.push_back(static_cast<int *>(shmem_malloc(sizeof(int) * (k + 1))));
    for (int k = 0; k < kN; ++k)
        for (int j = 0; j <= k; ++j) ps[k][j] = -1;
    shmem_barrier_all();
    // Write (me, k) into every element of every block on the right neighbour.
    for (int k = 0; k < kN; ++k) {
        std::vector<int> v(k + 1, me() * 1000 + k);
        shmem_int_put(ps[k], v.data(), v.size(), right());
    }
    shmem_barrier_all();
    for (int k = 0; k < kN; ++k)
        EXPECT_TRUE(check_each(ps[k], k + 1, [&](size_t) { return left() * 1000 + k; })) << "block " << k;
    shmem_barrier_all();
    for (int k = kN - 1; k >= 0; k -= 2) shmem_free(ps[k]);
    for (int k = 0; k < kN; k += 2) shmem_free(ps[k]);
}

TEST(Heap, MallocZeroReturnsNullAndFreeNullIsNoOp)
{
    EXPECT_EQ(shmem_malloc(0), nullptr);
    shmem_free(nullptr);
    shmem_barrier_all();
}

TEST(Heap, AlignHonoursAlignment)
{
    for (size_t a = 1; a <= (size_t{1} << 16); a <<= 1) {
        void *p = shmem_align(a, 24);
        EXPECT_NE(p, nullptr) << "alignment " << a;
        EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % a, 0u) << "alignment " << a;
        EXPECT_TRUE(symmetric_everywhere(p, 24, static_cast<unsigned>(a))) << "alignment " << a;
        shmem_free(p);
    }
    // Interleaved with unaligned blocks.
    void *q = shmem_malloc(3);
    void *p = shmem_align(4096, 5000);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 4096, 0u);
    EXPECT_TRUE(symmetric_everywhere(p, 5000, 9));
    shmem_free(q);
    shmem_free(p);
}

TEST(Heap, CallocZeroes)
{
    // Dirty a block, free it, then calloc the same size: the memory must read as zero.
    constexpr size_t kSize = 64 * 1024;
    void *dirty = shmem_malloc(kSize);
    EXPECT_NE(dirty, nullptr);
    if (dirty) std::memset(dirty, 0xab, kSize);
    shmem_free(dirty);
    auto *z = static_cast<uint64_t *>(shmem_calloc(kSize / 8, 8));
    EXPECT_NE(z, nullptr);
    if (z) {
        EXPECT_TRUE(check_each(z, kSize / 8, [](size_t) { return uint64_t{0}; }));
    }
    EXPECT_TRUE(symmetric_everywhere(z, kSize, 3));
    shmem_free(z);
    EXPECT_EQ(shmem_calloc(0, 8), nullptr);
    EXPECT_EQ(shmem_calloc(8, 0), nullptr);
    shmem_barrier_all();
}

TEST(Heap, ReallocKeepsContentsAndStaysSymmetric)
{
    auto *p = static_cast<int *>(shmem_malloc(100 * sizeof(int)));
    // A neighbour block, so growing in place is not always possible.
    void *fence = shmem_malloc(16);
    for (int k = 0; k < 100; ++k) p[k] = me() * 100000 + k;
    shmem_barrier_all();
    p = static_cast<int *>(shmem_realloc(p, 100000 * sizeof(int)));
    EXPECT_NE(p, nullptr);
    EXPECT_TRUE(check_each(p, 100, [&](size_t k) { return me() * 100000 + static_cast<int>(k); })) << "grow";
    EXPECT_TRUE(symmetric_everywhere(p, 100000 * sizeof(int), 5));
    // Restore, then shrink.
    for (int k = 0; k < 100; ++k) p[k] = me() * 100000 + k;
    shmem_barrier_all();
    p = static_cast<int *>(shmem_realloc(p, 10 * sizeof(int)));
    EXPECT_TRUE(check_each(p, 10, [&](size_t k) { return me() * 100000 + static_cast<int>(k); })) << "shrink";
    // Remote reads see the kept contents too.
    EXPECT_EQ(shmem_int_g(p + 9, right()), right() * 100000 + 9);
    shmem_barrier_all();
    shmem_free(fence);
    // realloc(NULL, n) allocates.
    void *q = shmem_realloc(nullptr, 64);
    EXPECT_TRUE(symmetric_everywhere(q, 64, 6));
    shmem_free(q);
    shmem_free(p);
}

TEST(Heap, MallocWithHints)
{
    for (long hints : {0L, SHMEM_MALLOC_ATOMICS_REMOTE, SHMEM_MALLOC_SIGNAL_REMOTE,
                       SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE}) {
        auto *p = static_cast<long *>(shmem_malloc_with_hints(4 * sizeof(long), hints));
        EXPECT_TRUE(symmetric_everywhere(p, 4 * sizeof(long), static_cast<unsigned>(hints) + 11)) << "hints " << hints;
        if (p) {
            p[1] = 0;
            shmem_barrier_all();
            shmem_long_atomic_add(p + 1, me() + 1, 0);
            shmem_barrier_all();
            if (me() == 0) {
                EXPECT_EQ(p[1], static_cast<long>(npes()) * (npes() + 1) / 2);
            }
        }
        shmem_free(p);
    }
}

TEST(Heap, AllocFreeCyclesDoNotLeak)
{
    const size_t size = shmemx_heap_size();
    const size_t free0 = shmemx_heap_free();
    EXPECT_GT(size, 0u);
    EXPECT_LE(free0, size);
    for (int cycle = 0; cycle < 300; ++cycle) {
        const size_t a = 1 + (cycle * 7919) % 20000;
        void *p = shmem_malloc(a);
        void *q = shmem_align(64 << (cycle % 6), a / 2 + 1);
        void *r = shmem_calloc(cycle % 5 + 1, 33);
        p = shmem_realloc(p, a * 3);
        EXPECT_TRUE(p && q && r) << "cycle " << cycle;
        EXPECT_LT(shmemx_heap_free(), free0);
        // Free in a different order than allocated.
        shmem_free(q);
        shmem_free(p);
        shmem_free(r);
    }
    EXPECT_EQ(shmemx_heap_free(), free0) << "heap not given back after alloc/free cycles";
    // Fragmentation: allocate many, free every other, then all.
    std::vector<void *> v;
    for (int k = 0; k < 64; ++k) v.push_back(shmem_malloc(1000 + k));
    for (int k = 0; k < 64; k += 2) shmem_free(v[k]);
    void *big = shmem_malloc(60000);
    EXPECT_NE(big, nullptr);
    for (int k = 1; k < 64; k += 2) shmem_free(v[k]);
    shmem_free(big);
    EXPECT_EQ(shmemx_heap_free(), free0) << "heap not given back after fragmentation";
}

TEST(Heap, ImpossibleRequestsReturnNullAndLeaveTheHeapAlone)
{
    // Not fatal (each prints a warning line): NULL, on every PE, and nothing allocated.
    const size_t free0 = shmemx_heap_free();
    EXPECT_EQ(shmem_calloc(SIZE_MAX / 2 + 1, 4), nullptr) << "count * size wraps";
    EXPECT_EQ(shmem_malloc(SIZE_MAX), nullptr) << "rounding up must not wrap";
    EXPECT_EQ(shmem_malloc(SIZE_MAX - 100), nullptr);
    EXPECT_EQ(shmem_align(3, 10), nullptr) << "alignment not a power of two";
    EXPECT_EQ(shmem_align(size_t{1} << 62, 10), nullptr);
    auto *p = static_cast<int *>(shmem_malloc(100 * sizeof(int)));
    for (int k = 0; k < 100; ++k) p[k] = k;
    EXPECT_EQ(shmem_realloc(p, SIZE_MAX - 10), nullptr);
    // A failed realloc leaves the block alone.
    EXPECT_TRUE(check_each(p, 100, [](size_t k) { return static_cast<int>(k); }));
    EXPECT_TRUE(symmetric_everywhere(p, 100 * sizeof(int), 31));
    shmem_free(p);
    EXPECT_EQ(shmemx_heap_free(), free0);
}

TEST(Heap, DeprecatedAllocNames)
{
    auto *p = static_cast<int *>(shmalloc(10 * sizeof(int)));
    EXPECT_TRUE(symmetric_everywhere(p, 10 * sizeof(int), 21));
    p = static_cast<int *>(shrealloc(p, 1000 * sizeof(int)));
    EXPECT_TRUE(symmetric_everywhere(p, 1000 * sizeof(int), 22));
    void *a = shmemalign(256, 10);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % 256, 0u);
    EXPECT_TRUE(symmetric_everywhere(a, 10, 23));
    shfree(a);
    shfree(p);
}

// ---- shmem_ptr, accessibility --------------------------------------------------------------
long g_ptr_target[4];

TEST(Access, ShmemPtrToPeerHeapAndGlobal)
{
    SymArray<long> buf(4);
    for (int k = 0; k < 4; ++k) {
        buf[k] = -1;
        g_ptr_target[k] = -1;
    }
    shmem_barrier_all();
    EXPECT_EQ(shmem_ptr(buf.get(), me()), static_cast<void *>(buf.get())) << "shmem_ptr to self";
    // A peer of another node, or every peer under SHOAL_TRANSPORT=mpi, is not mapped here.
    auto mapped = [](int pe) {
        return shmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, SHMEM_TEAM_SHARED) >= 0;
    };
    auto *peer = static_cast<long *>(shmem_ptr(buf.get(), right()));
    auto *gpeer = static_cast<long *>(shmem_ptr(g_ptr_target, right()));
    if (mapped(right())) {
        EXPECT_NE(peer, nullptr) << "node-local peer must be mapped";
        EXPECT_NE(gpeer, nullptr) << "global of a node-local peer must be mapped";
    } else {
        EXPECT_EQ(peer, nullptr) << "a peer reached through MPI is not mapped";
        EXPECT_EQ(gpeer, nullptr) << "a peer reached through MPI is not mapped";
    }
    if (peer) peer[2] = 500 + me();
    if (gpeer) gpeer[3] = 700 + me();
    shmem_barrier_all();
    if (mapped(left())) {
        EXPECT_EQ(buf[2], 500 + left());
        EXPECT_EQ(g_ptr_target[3], 700 + left());
    }
    EXPECT_EQ(buf[1], -1);
    // Reading through the pointer sees the peer's stores.
    shmem_barrier_all();
    buf[0] = 900 + me();
    shmem_barrier_all();
    if (peer) {
        EXPECT_EQ(peer[0], 900 + right());
    }
    int stack_var = 0;
    EXPECT_EQ(shmem_ptr(&stack_var, right()), nullptr) << "non-symmetric address";
    std::vector<long> heap_var(4);
    EXPECT_EQ(shmem_ptr(heap_var.data(), right()), nullptr) << "malloc'd address";
    shmem_barrier_all();
}

TEST(Access, AddrAndPeAccessible)
{
    SymArray<int> buf(8);
    int stack_var = 0;
    for (int pe = 0; pe < npes(); ++pe) {
        EXPECT_EQ(shmem_pe_accessible(pe), 1) << "pe " << pe;
        EXPECT_EQ(shmem_addr_accessible(buf.get(), pe), 1) << "pe " << pe;
        EXPECT_EQ(shmem_addr_accessible(buf.get() + 7, pe), 1) << "pe " << pe;
        EXPECT_EQ(shmem_addr_accessible(g_ptr_target, pe), 1) << "global, pe " << pe;
        EXPECT_EQ(shmem_addr_accessible(&stack_var, pe), 0) << "stack, pe " << pe;
    }
    EXPECT_EQ(shmem_pe_accessible(npes()), 0);
    EXPECT_EQ(shmem_pe_accessible(-1), 0);
    EXPECT_EQ(shmem_addr_accessible(buf.get(), npes()), 0);
    shmem_barrier_all();
}

// ---- Queries --------------------------------------------------------------------------------
TEST(Query, VersionAndName)
{
    int major = -1, minor = -1;
    shmem_info_get_version(&major, &minor);
    EXPECT_EQ(major, 1);
    EXPECT_EQ(minor, 5);
    EXPECT_EQ(major, SHMEM_MAJOR_VERSION);
    EXPECT_EQ(minor, SHMEM_MINOR_VERSION);
    EXPECT_EQ(_SHMEM_MAJOR_VERSION, SHMEM_MAJOR_VERSION);
    EXPECT_EQ(_SHMEM_MINOR_VERSION, SHMEM_MINOR_VERSION);
    EXPECT_EQ(_SHMEM_MAX_NAME_LEN, SHMEM_MAX_NAME_LEN);
    char name[SHMEM_MAX_NAME_LEN + 8];
    std::memset(name, 'x', sizeof name);
    shmem_info_get_name(name);
    EXPECT_LT(std::strlen(name), static_cast<size_t>(SHMEM_MAX_NAME_LEN));
    EXPECT_STREQ(name, SHMEM_VENDOR_STRING);
    EXPECT_STREQ(_SHMEM_VENDOR_STRING, SHMEM_VENDOR_STRING);
}

TEST(Query, MyPeNPesAndDeprecatedNames)
{
    const int n = shmem_n_pes();
    const int m = shmem_my_pe();
    EXPECT_GE(n, 1);
    EXPECT_GE(m, 0);
    EXPECT_LT(m, n);
    EXPECT_EQ(_my_pe(), m);
    EXPECT_EQ(my_pe(), m);
    EXPECT_EQ(_num_pes(), n);
    EXPECT_EQ(num_pes(), n);
    // Every PE number appears exactly once: sum of my_pe over PEs.
    SymArray<long> sum(1);
    sum[0] = 0;
    shmem_barrier_all();
    shmem_long_atomic_add(sum.get(), 1L << (4 * m % 60), 0);
    shmem_barrier_all();
    if (m == 0) {
        long want = 0;
        for (int pe = 0; pe < n; ++pe) want += 1L << (4 * pe % 60);
        EXPECT_EQ(sum[0], want);
    }
    const char *boot = shmemx_bootstrap_name();
    EXPECT_NE(boot, nullptr);
    if (boot && n > 1) {
        EXPECT_TRUE(std::string(boot) == "local" || std::string(boot) == "mpi") << boot;
    }
    int level = -1;
    shmem_query_thread(&level);
    EXPECT_GE(level, SHMEM_THREAD_SINGLE);
    EXPECT_LE(level, SHMEM_THREAD_MULTIPLE);
    shmem_barrier_all();
}

TEST(Query, CacheRoutinesAreNoOps)
{
    SymArray<long> buf(2);
    buf[0] = 42 + me();
    shmem_clear_cache_inv();
    shmem_set_cache_inv();
    shmem_clear_cache_line_inv(buf.get());
    shmem_set_cache_line_inv(buf.get());
    shmem_udcflush();
    shmem_udcflush_line(buf.get());
    EXPECT_EQ(buf[0], 42 + me());
    shmem_barrier_all();
}

} // namespace
