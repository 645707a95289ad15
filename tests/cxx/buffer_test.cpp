// buffer.hpp: SymmetricBuffer<T>: collective allocation, RAII free, local() / on(pe), moves.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <algorithm>
#include <cstdint>
#include <new>
#include <numeric>
#include <vector>

namespace {
using shoal_test::heap_free;
using shoal_test::me;
using shoal_test::npes;

struct Point {
    int x;
    double y;
    friend bool operator==(const Point &, const Point &) = default;
};

TEST(SymmetricBuffer, ZeroFilledSymmetricAndSized)
{
    shoal::SymmetricBuffer<long> b(100);
    EXPECT_EQ(b.size(), 100u);
    EXPECT_EQ(b.size_bytes(), 100 * sizeof(long));
    EXPECT_EQ(b.alignment(), alignof(long));
    EXPECT_FALSE(b.empty());
    EXPECT_TRUE(std::all_of(b.begin(), b.end(), [](long v) { return v == 0; }));
    for (int pe = 0; pe < npes(); ++pe)
        EXPECT_TRUE(shmem_addr_accessible(b.data(), pe)) << "pe " << pe;
    EXPECT_EQ(b.local().data(), b.data());
    EXPECT_EQ(b.local().size(), 100u);
}

TEST(SymmetricBuffer, AlignedAllocationIsZeroFilledToo)
{
    shoal::SymmetricBuffer<char> b(1000, shoal::Alignment{4096});
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b.data()) % 4096, 0u);
    EXPECT_EQ(b.alignment(), 4096u);
    EXPECT_TRUE(std::all_of(b.begin(), b.end(), [](char v) { return v == 0; }));
}

TEST(SymmetricBuffer, FillValueIsSeenByEveryPe)
{
    const Point fill{7, 2.5};
    shoal::SymmetricBuffer<Point> b(16, fill);
    for (const Point &p : b)
        EXPECT_EQ(p, fill);
    const int peer = (me() + 1) % npes();
    std::vector<Point> got(16);
    shoal::get(std::span<Point>(got), b.on(peer));
    for (const Point &p : got)
        EXPECT_EQ(p, fill);
    shoal::barrier(shoal::world());
}

TEST(SymmetricBuffer, RemoteViewReadsThePeersElements)
{
    shoal::SymmetricBuffer<int> b(8);
    for (std::size_t i = 0; i < b.size(); ++i)
        b[i] = me() * 100 + static_cast<int>(i);
    shoal::barrier(shoal::world());
    for (int pe = 0; pe < npes(); ++pe) {
        auto view = b.on(pe);
        EXPECT_EQ(view.pe(), pe);
        EXPECT_EQ(view.size(), 8u);
        EXPECT_EQ(view.address(), b.data());
        std::vector<int> got(8);
        shoal::get(std::span<int>(got), view);
        for (int i = 0; i < 8; ++i)
            EXPECT_EQ(got[i], pe * 100 + i);
        EXPECT_EQ(shoal::g(b.at(3, pe)), pe * 100 + 3);
        EXPECT_EQ(b.at(3, pe).address(), b.data() + 3);
    }
    shoal::barrier(shoal::world());
}

TEST(SymmetricBuffer, ScopeExitFreesAndMovesTransferOwnership)
{
    const std::size_t before = heap_free();
    {
        shoal::SymmetricBuffer<double> a(1000);
        EXPECT_LT(heap_free(), before);
        double *const p = a.data();
        shoal::SymmetricBuffer<double> b(std::move(a));
        EXPECT_EQ(a.data(), nullptr); // NOLINT(bugprone-use-after-move)
        EXPECT_EQ(a.size(), 0u);
        EXPECT_TRUE(a.empty());
        EXPECT_EQ(b.data(), p);
        EXPECT_EQ(b.size(), 1000u);
        shoal::SymmetricBuffer<double> c;
        EXPECT_TRUE(c.empty());
        c = std::move(b);
        EXPECT_EQ(c.data(), p);
        EXPECT_EQ(b.data(), nullptr); // NOLINT(bugprone-use-after-move)
        const std::size_t with_one = heap_free();
        shoal::SymmetricBuffer<double> d(500);
        d = std::move(c); // frees d's old block (collective), takes c's
        EXPECT_EQ(heap_free(), with_one);
        EXPECT_EQ(d.data(), p);
    }
    EXPECT_EQ(heap_free(), before);
}

TEST(SymmetricBuffer, ResetFreesNow)
{
    const std::size_t before = heap_free();
    shoal::SymmetricBuffer<int> b(4096);
    b.reset();
    EXPECT_TRUE(b.empty());
    EXPECT_EQ(heap_free(), before);
}

TEST(SymmetricBuffer, ThousandsCreatedAndDroppedLeakNothing)
{
    const std::size_t before = heap_free();
    for (int i = 0; i < 3000; ++i) {
        shoal::SymmetricBuffer<std::uint64_t> b(static_cast<std::size_t>(1 + i % 257));
        b[0] = static_cast<std::uint64_t>(i);
    }
    EXPECT_EQ(heap_free(), before);
    {
        std::vector<shoal::SymmetricBuffer<int>> many;
        for (int i = 0; i < 200; ++i)
            many.emplace_back(static_cast<std::size_t>(1 + i)); // reallocations move them
        for (std::size_t i = 0; i < many.size(); ++i)
            EXPECT_EQ(many[i].size(), i + 1);
        many.erase(many.begin() + 50, many.begin() + 150); // moves, then frees the tail, in order
        EXPECT_EQ(many.size(), 100u);
    }
    EXPECT_EQ(heap_free(), before);
}

TEST(SymmetricBuffer, ZeroElementsAllocateNothing)
{
    const std::size_t before = heap_free();
    shoal::SymmetricBuffer<int> b(0);
    EXPECT_TRUE(b.empty());
    EXPECT_EQ(b.data(), nullptr);
    EXPECT_EQ(heap_free(), before);
}

TEST(SymmetricBuffer, ExhaustionThrowsBadAllocOnEveryPe)
{
    const std::size_t before = heap_free();
    shoal::SymmetricBuffer<int> live(10);
    bool thrown = false;
    try {
        shoal::SymmetricBuffer<char> huge(heap_free() + 1);
    } catch (const std::bad_alloc &e) {
        thrown = true;
        EXPECT_NE(std::string(e.what()).find("symmetric heap exhausted"), std::string::npos);
    }
    EXPECT_TRUE(thrown);
    EXPECT_THROW(shoal::SymmetricBuffer<double>(SIZE_MAX / 4), shoal::HeapExhausted);
    live.reset();
    EXPECT_EQ(heap_free(), before);
    // Still usable afterwards.
    shoal::SymmetricBuffer<int> after(10, 3);
    EXPECT_EQ(after[9], 3);
}

TEST(SymmetricBuffer, BadAlignmentThrows)
{
    EXPECT_THROW(shoal::SymmetricBuffer<int>(4, shoal::Alignment{3}), shoal::Error);
    EXPECT_THROW(shoal::SymmetricBuffer<double>(4, shoal::Alignment{4}), shoal::Error); // < alignof
    shoal::SymmetricBuffer<int> filled(4, 3); // 4 copies of 3, not an alignment
    EXPECT_EQ(filled[3], 3);
    EXPECT_EQ(filled.alignment(), alignof(int));
}

TEST(SymmetricBuffer, NoInitSkipsTheFill)
{
    shoal::SymmetricBuffer<int> b(64, shoal::no_init);
    EXPECT_EQ(b.size(), 64u);
    std::fill(b.begin(), b.end(), me());
    shoal::barrier(shoal::world());
    EXPECT_EQ(shoal::g(b.at(63, (me() + 1) % npes())), (me() + 1) % npes());
    shoal::barrier(shoal::world());
}

} // namespace
