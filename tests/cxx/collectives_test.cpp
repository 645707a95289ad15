// collectives.hpp: team collectives (barrier, sync, broadcast, collect, fcollect, alltoall,
// alltoalls, reduce) on the world and on split teams, and the active-set collectives with
// their pooled pSync / pWrk; values checked on every PE.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <cstdint>
#include <numeric>
#include <vector>

namespace {
using shoal_test::me;
using shoal_test::npes;

struct Pair {
    int a;
    float b;
    friend bool operator==(const Pair &, const Pair &) = default;
};

/// The team every test runs on: the world, and the odd PEs (the world again on one PE).
std::optional<shoal::Team> odd_team()
{
    const int n = npes();
    if (n == 1)
        return shoal::world().split_strided(0, 1, 1);
    return shoal::world().split_strided(1, 2, n / 2);
}

TEST(TeamCollectives, BarrierAndSync)
{
    shoal::SymmetricBuffer<int> x(1);
    const int right = (me() + 1) % npes();
    for (int round = 1; round <= 5; ++round) {
        shoal::p(x.at(0, right), round);
        shoal::barrier(shoal::world()); // completes the put
        EXPECT_EQ(x[0], round);
        shoal::sync(shoal::world());
    }
    auto t = odd_team();
    if (t) {
        shoal::barrier(*t);
        shoal::sync(*t);
    }
    shoal::barrier(shoal::world());
}

template <class T>
class Broadcast : public ::testing::Test {};
using MoveTypes = ::testing::Types<int, double, char, long double, std::uint64_t, Pair>;
TYPED_TEST_SUITE(Broadcast, MoveTypes);

template <class T>
T val(int pe, int i)
{
    if constexpr (std::is_same_v<T, Pair>)
        return Pair{pe * 100 + i, static_cast<float>(i)};
    else
        return static_cast<T>(pe * 10 + i % 7);
}

TYPED_TEST(Broadcast, FromEveryRootOnWorldAndSubteam)
{
    using T = TypeParam;
    shoal::SymmetricBuffer<T> src(20), dst(20);
    for (int i = 0; i < 20; ++i)
        src[static_cast<std::size_t>(i)] = val<T>(me(), i);
    for (int root = 0; root < npes(); ++root) {
        shoal::broadcast(shoal::world(), dst.local(), src.local(), root);
        for (int i = 0; i < 20; ++i)
            EXPECT_EQ(dst[static_cast<std::size_t>(i)], val<T>(root, i)) << "root " << root;
        shoal::barrier(shoal::world());
    }
    auto t = odd_team();
    if (t) {
        shoal::broadcast(*t, dst.local().first(5), src.local().first(5), t->n_pes() - 1);
        const int root_world = t->world_pe(t->n_pes() - 1);
        for (int i = 0; i < 5; ++i)
            EXPECT_EQ(dst[static_cast<std::size_t>(i)], val<T>(root_world, i));
    }
    shoal::barrier(shoal::world());
}

TYPED_TEST(Broadcast, CollectFcollectAlltoall)
{
    using T = TypeParam;
    const int n = npes();
    const auto un = static_cast<std::size_t>(n);
    // fcollect: 3 each
    shoal::SymmetricBuffer<T> src(3 * un), all(3 * un);
    for (int i = 0; i < 3; ++i)
        src[static_cast<std::size_t>(i)] = val<T>(me(), i);
    shoal::fcollect(shoal::world(), all.local(), src.local().first(3));
    for (int pe = 0; pe < n; ++pe)
        for (int i = 0; i < 3; ++i)
            EXPECT_EQ(all[static_cast<std::size_t>(pe * 3 + i)], val<T>(pe, i));
    // collect: PE p contributes p + 1 elements
    const std::size_t total = un * (un + 1) / 2;
    shoal::SymmetricBuffer<T> vsrc(un), vall(total);
    for (int i = 0; i <= me(); ++i)
        vsrc[static_cast<std::size_t>(i)] = val<T>(me(), i);
    shoal::collect(shoal::world(), vall.local(), vsrc.local().first(static_cast<std::size_t>(me() + 1)));
    std::size_t k = 0;
    for (int pe = 0; pe < n; ++pe)
        for (int i = 0; i <= pe; ++i)
            EXPECT_EQ(vall[k++], val<T>(pe, i)) << pe << "," << i;
    // alltoall: block j (2 elements) goes to PE j
    shoal::SymmetricBuffer<T> a(2 * un), b(2 * un);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < 2; ++i)
            a[static_cast<std::size_t>(2 * j + i)] = val<T>(me(), 10 * j + i);
    shoal::alltoall(shoal::world(), b.local(), a.local());
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < 2; ++i)
            EXPECT_EQ(b[static_cast<std::size_t>(2 * j + i)], val<T>(j, 10 * me() + i));
    shoal::barrier(shoal::world());
}

TEST(TeamCollectives, AlltoallsStrided)
{
    const int n = npes();
    const auto un = static_cast<std::size_t>(n);
    // 2 elements per PE, source stride 3, dest stride 2.
    shoal::SymmetricBuffer<long> src(3 * 2 * un), dst(2 * 2 * un, -1L);
    for (std::size_t i = 0; i < src.size(); ++i)
        src[i] = me() * 1000 + static_cast<long>(i);
    shoal::alltoalls(shoal::world(), dst.local(), src.local(), shoal::Strides{.dest = 2, .source = 3}, 2);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < 2; ++i) {
            // element i of block me() from PE j: src_j[(me*2 + i) * 3] -> dst[(j*2 + i) * 2]
            EXPECT_EQ(dst[static_cast<std::size_t>((j * 2 + i) * 2)], j * 1000 + (me() * 2 + i) * 3);
            EXPECT_EQ(dst[static_cast<std::size_t>((j * 2 + i) * 2 + 1)], -1L);
        }
    shoal::barrier(shoal::world());
}

template <class T>
class Reduce : public ::testing::Test {};
using ReduceTypes = ::testing::Types<int, long, unsigned long long, double, float, short,
                                     std::int8_t, std::uint16_t, std::size_t>;
TYPED_TEST_SUITE(Reduce, ReduceTypes);

TYPED_TEST(Reduce, EveryLegalOperationOnWorldAndSubteam)
{
    using T = TypeParam;
    const int n = npes();
    constexpr std::size_t len = 40;
    shoal::SymmetricBuffer<T> src(len), dst(len);
    for (std::size_t i = 0; i < len; ++i)
        src[i] = static_cast<T>((me() + 1) + static_cast<int>(i % 3));
    auto expect = [&](auto op, auto f) {
        shoal::reduce(shoal::world(), dst.local(), src.local(), op);
        for (std::size_t i = 0; i < len; ++i) {
            T acc = static_cast<T>(1 + static_cast<int>(i % 3));
            for (int pe = 1; pe < n; ++pe)
                acc = f(acc, static_cast<T>((pe + 1) + static_cast<int>(i % 3)));
            EXPECT_EQ(dst[i], acc) << shoal_test::me() << " op " << decltype(op)::name << " i " << i;
        }
    };
    expect(shoal::sum, [](T a, T b) { return static_cast<T>(a + b); });
    expect(shoal::max, [](T a, T b) { return a > b ? a : b; });
    expect(shoal::min, [](T a, T b) { return a < b ? a : b; });
    if (n <= 4)
        expect(shoal::prod, [](T a, T b) { return static_cast<T>(a * b); });
    if constexpr (shoal::is_reducible<shoal::ops::bit_or_t, T>) {
        expect(shoal::bit_or, [](T a, T b) { return static_cast<T>(a | b); });
        expect(shoal::bit_and, [](T a, T b) { return static_cast<T>(a & b); });
        expect(shoal::bit_xor, [](T a, T b) { return static_cast<T>(a ^ b); });
    }
    // In place on the odd team.
    auto t = odd_team();
    if (t) {
        std::copy(src.begin(), src.end(), dst.begin());
        shoal::reduce(*t, dst.local(), shoal::max);
        const int top = t->world_pe(t->n_pes() - 1);
        for (std::size_t i = 0; i < len; ++i)
            EXPECT_EQ(dst[i], static_cast<T>(top + 1 + static_cast<int>(i % 3)));
    }
    shoal::barrier(shoal::world());
}

TEST(TeamCollectives, AThousandReductionsInARow)
{
    shoal::SymmetricBuffer<long> x(1), y(1);
    const std::size_t heap = shoal_test::heap_free();
    for (int i = 0; i < 1000; ++i) {
        x[0] = me() + i;
        shoal::reduce(shoal::world(), y.local(), x.local(), shoal::sum);
        ASSERT_EQ(y[0], static_cast<long>(npes()) * i + static_cast<long>(npes()) * (npes() - 1) / 2) << i;
    }
    EXPECT_EQ(shoal_test::heap_free(), heap);
}

// ---- active sets ----------------------------------------------------------------------
shoal::ActiveSet evens()
{
    return {0, 1, (npes() + 1) / 2};
}

TEST(ActiveSet, Shape)
{
    const shoal::ActiveSet s{1, 1, 3};
    EXPECT_EQ(s.stride(), 2);
    EXPECT_EQ(s.index_of(5), 2);
    EXPECT_EQ(s.index_of(4), -1);
    EXPECT_EQ(s.index_of(7), -1);
    EXPECT_FALSE(s.contains(0));
    std::vector<int> m;
    for (int pe : s.members())
        m.push_back(pe);
    EXPECT_EQ(m, (std::vector<int>{1, 3, 5}));
    EXPECT_EQ(shoal::ActiveSet::world().size, npes());
}

TEST(ActiveSetCollectives, BarrierBroadcastCollect)
{
    shoal::ActiveSetCollectives world(shoal::ActiveSet::world());
    shoal::ActiveSetCollectives ev(evens());
    EXPECT_EQ(ev.is_member(), me() % 2 == 0);
    const int n = npes();
    const auto un = static_cast<std::size_t>(n);
    shoal::SymmetricBuffer<long> src(4 * un), dst(4 * un);
    shoal::SymmetricBuffer<Pair> psrc(un), pdst(un * un);
    for (std::size_t i = 0; i < src.size(); ++i)
        src[i] = me() * 100 + static_cast<long>(i);
    psrc[0] = Pair{me(), 0.5f};
    world.barrier();
    world.sync();
    // broadcast: the root's source lands on every other member
    world.broadcast(dst.local(), src.local().first(4), n - 1);
    if (me() != n - 1) {
        for (int i = 0; i < 4; ++i) {
            EXPECT_EQ(dst[static_cast<std::size_t>(i)], (n - 1) * 100 + i);
        }
    }
    // fcollect of a struct (8 bytes: 64-bit words)
    world.fcollect(pdst.local(), psrc.local().first(1));
    for (int pe = 0; pe < n; ++pe)
        EXPECT_EQ(pdst[static_cast<std::size_t>(pe)], (Pair{pe, 0.5f}));
    // collect: PE p gives p + 1 longs
    world.collect(dst.local(), src.local().first(static_cast<std::size_t>(me() + 1)));
    std::size_t k = 0;
    for (int pe = 0; pe < n; ++pe)
        for (int i = 0; i <= pe; ++i)
            EXPECT_EQ(dst[k++], pe * 100 + i);
    // alltoall of ints (32-bit words), one per PE
    shoal::SymmetricBuffer<int> a(un), b(un);
    for (int j = 0; j < n; ++j)
        a[static_cast<std::size_t>(j)] = me() * 10 + j;
    world.alltoall(b.local(), a.local());
    for (int j = 0; j < n; ++j)
        EXPECT_EQ(b[static_cast<std::size_t>(j)], j * 10 + me());
    // alltoalls (dest stride 1, source stride 1)
    world.alltoalls(b.local(), a.local(), {}, 1);
    for (int j = 0; j < n; ++j)
        EXPECT_EQ(b[static_cast<std::size_t>(j)], j * 10 + me());
    if (ev.is_member()) {
        ev.barrier();
        ev.broadcast(dst.local(), src.local().first(2), 0);
        if (me() != 0) {
            EXPECT_EQ(dst[1], 1);
        }
        ev.sync();
    }
    world.barrier();
}

TEST(ActiveSetCollectives, ReductionsAndPoolRecycling)
{
    const int n = npes();
    shoal::ActiveSetCollectives world(shoal::ActiveSet::world(), 4, 1024);
    shoal::SymmetricBuffer<long> x(1), y(1);
    const std::uint64_t recycles_before = world.pool().recycles();
    for (int i = 0; i < 1000; ++i) {
        x[0] = me() + i;
        world.reduce(y.local(), x.local(), shoal::sum);
        ASSERT_EQ(y[0], static_cast<long>(n) * i + static_cast<long>(n) * (n - 1) / 2) << i;
    }
    // 4 slots: one recycle per 4 collectives after the first 4.
    EXPECT_EQ(world.pool().recycles() - recycles_before, 249u);
    // max / bit_or / prod on other types
    shoal::SymmetricBuffer<double> d(3), e(3);
    d[0] = me();
    d[1] = -me();
    d[2] = 1.5;
    world.reduce(e.local(), d.local(), shoal::max);
    EXPECT_EQ(e[0], n - 1);
    EXPECT_EQ(e[1], 0);
    world.reduce(e.local(), d.local(), shoal::min);
    EXPECT_EQ(e[1], -(n - 1));
    shoal::SymmetricBuffer<short> s(1), t(1);
    s[0] = static_cast<short>(1 << me());
    world.reduce(t.local(), s.local(), shoal::bit_or);
    EXPECT_EQ(t[0], static_cast<short>((1 << n) - 1));
    world.reduce(s.local(), shoal::bit_xor); // in place
    EXPECT_EQ(s[0], static_cast<short>((1 << n) - 1));
    world.barrier();
}

TEST(ActiveSetCollectives, LongReductionsRunInPieces)
{
    const int n = npes();
    // 256 bytes of pWrk: 32 longs, so a piece is 62 elements; 1000 elements take 17 pieces.
    shoal::ActiveSetCollectives world(shoal::ActiveSet::world(), 3, 256);
    shoal::SymmetricBuffer<long> a(1000), b(1000);
    for (std::size_t i = 0; i < a.size(); ++i)
        a[i] = static_cast<long>(i) * (me() + 1);
    world.reduce(b.local(), a.local(), shoal::sum);
    const long factor = static_cast<long>(n) * (n + 1) / 2;
    for (std::size_t i = 0; i < b.size(); ++i)
        ASSERT_EQ(b[i], static_cast<long>(i) * factor) << i;
    world.barrier();
}

TEST(ActiveSetCollectives, OnTheEvenPes)
{
    shoal::ActiveSetCollectives ev(evens(), 2, 512);
    shoal::SymmetricBuffer<int> x(1), y(1);
    if (ev.is_member()) {
        for (int i = 0; i < 100; ++i) {
            x[0] = me() + i;
            ev.reduce(y.local(), x.local(), shoal::sum);
            int expected = 0;
            for (int pe : ev.active_set().members())
                expected += pe + i;
            ASSERT_EQ(y[0], expected);
        }
        EXPECT_EQ(ev.my_index(), me() / 2);
    } else {
        EXPECT_EQ(ev.my_index(), -1);
    }
    shoal::barrier(shoal::world());
}

TEST(ActiveSetCollectives, CreatedAndDroppedLeakNothing)
{
    const std::size_t heap = shoal_test::heap_free();
    for (int i = 0; i < 200; ++i) {
        shoal::ActiveSetCollectives c(shoal::ActiveSet::world(), 1 + i % 4);
        c.barrier();
    }
    EXPECT_EQ(shoal_test::heap_free(), heap);
}

} // namespace
