// atomic.hpp: every AMO on RemotePtr<T>, plain, _nbi and with a context, over the types of
// each table (standard names and fixed-width aliases), values checked across PEs.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <cstdint>
#include <vector>

namespace {
using shoal_test::me;
using shoal_test::npes;

template <class T>
class AtomicStandard : public ::testing::Test {};
using StandardTypes = ::testing::Types<int, long, long long, unsigned, unsigned long,
                                       unsigned long long, std::int32_t, std::int64_t,
                                       std::uint32_t, std::uint64_t, std::size_t, std::ptrdiff_t>;
TYPED_TEST_SUITE(AtomicStandard, StandardTypes);

TYPED_TEST(AtomicStandard, FetchAddAndAddSumOnPeZero)
{
    using T = TypeParam;
    shoal::SymmetricBuffer<T> c(2);
    shoal::barrier(shoal::world());
    const T before = shoal::atomic_fetch_add(c.at(0, 0), static_cast<T>(me() + 1));
    EXPECT_LE(before, static_cast<T>(npes() * (npes() + 1) / 2));
    shoal::atomic_add(c.at(1, 0), static_cast<T>(2));
    shoal::barrier(shoal::world());
    const T sum = static_cast<T>(npes() * (npes() + 1) / 2);
    EXPECT_EQ(shoal::atomic_fetch(c.at(0, 0)), sum);
    EXPECT_EQ(shoal::atomic_fetch(c.at(1, 0)), static_cast<T>(2 * npes()));
    shoal::barrier(shoal::world());
}

TYPED_TEST(AtomicStandard, IncFetchIncAndCompareSwap)
{
    using T = TypeParam;
    shoal::SymmetricBuffer<T> c(3);
    shoal::barrier(shoal::world());
    shoal::atomic_inc(c.at(0, 0));
    const T ticket = shoal::atomic_fetch_inc(c.at(1, 0));
    EXPECT_LT(ticket, static_cast<T>(npes()));
    // Exactly one PE wins the compare-and-swap from 0.
    const T seen = shoal::atomic_compare_swap(c.at(2, 0), T{0}, static_cast<T>(me() + 1));
    shoal::SymmetricBuffer<int> won(1);
    if (seen == T{0})
        shoal::atomic_inc(won.at(0, 0));
    shoal::barrier(shoal::world());
    EXPECT_EQ(shoal::atomic_fetch(c.at(0, 0)), static_cast<T>(npes()));
    EXPECT_EQ(shoal::atomic_fetch(c.at(1, 0)), static_cast<T>(npes()));
    const T winner = shoal::atomic_fetch(c.at(2, 0));
    EXPECT_GE(winner, T{1});
    EXPECT_LE(winner, static_cast<T>(npes()));
    EXPECT_EQ(shoal::atomic_fetch(won.at(0, 0)), 1);
    shoal::barrier(shoal::world());
}

TYPED_TEST(AtomicStandard, NonBlockingFormsAndContext)
{
    using T = TypeParam;
    shoal::SymmetricBuffer<T> c(3);
    shoal::Context ctx;
    shoal::barrier(shoal::world());
    T f1{}, f2{}, f3{};
    shoal::atomic_fetch_add_nbi(f1, c.at(0, 0), T{3});
    shoal::atomic_fetch_inc_nbi(f2, c.at(1, 0));
    shoal::atomic_compare_swap_nbi(f3, c.at(2, 0), T{100}, T{5}); // never matches
    shoal::quiet();
    EXPECT_EQ(f1 % T{3}, T{0});
    EXPECT_LT(f2, static_cast<T>(npes()));
    EXPECT_EQ(f3, T{0});
    shoal::barrier(shoal::world()); // every +3 lands before any +1
    shoal::atomic_add(ctx, c.at(0, 0), T{1});
    const T g = shoal::atomic_fetch_add(ctx, c.at(1, 0), T{0});
    (void)g;
    shoal::atomic_inc(ctx, c.at(1, 0));
    shoal::quiet(ctx);
    shoal::barrier(shoal::world());
    EXPECT_EQ(shoal::atomic_fetch(ctx, c.at(0, 0)), static_cast<T>(4 * npes()));
    EXPECT_EQ(shoal::atomic_fetch(c.at(1, 0)), static_cast<T>(2 * npes()));
    EXPECT_EQ(shoal::atomic_fetch_inc(ctx, c.at(2, me())), T{0});
    EXPECT_EQ(shoal::atomic_compare_swap(ctx, c.at(2, me()), T{1}, T{7}), T{1});
    EXPECT_EQ(c[2], T{7});
    shoal::barrier(shoal::world());
}

template <class T>
class AtomicExtended : public ::testing::Test {};
using ExtendedTypes = ::testing::Types<int, unsigned long, std::int64_t, float, double>;
TYPED_TEST_SUITE(AtomicExtended, ExtendedTypes);

TYPED_TEST(AtomicExtended, SetFetchSwap)
{
    using T = TypeParam;
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    shoal::SymmetricBuffer<T> c(2);
    shoal::atomic_set(c.at(0, right), static_cast<T>(me() + 0.5));
    shoal::barrier(shoal::world());
    EXPECT_EQ(c[0], static_cast<T>(left + 0.5));
    EXPECT_EQ(shoal::atomic_fetch(c.at(0, right)), static_cast<T>(me() + 0.5));
    shoal::barrier(shoal::world());
    // Each PE swaps its number into PE 0's cell; the values seen plus the final one are a
    // permutation of {0 (initial), 1, ..., n}.
    const T old = shoal::atomic_swap(c.at(1, 0), static_cast<T>(me() + 1));
    shoal::SymmetricBuffer<T> seen(static_cast<std::size_t>(npes()) + 1);
    shoal::p(seen.at(static_cast<std::size_t>(me()), 0), old);
    shoal::barrier(shoal::world());
    if (me() == 0) {
        std::vector<int> count(static_cast<std::size_t>(npes()) + 1, 0);
        for (int pe = 0; pe < npes(); ++pe)
            ++count[static_cast<std::size_t>(seen[static_cast<std::size_t>(pe)])];
        ++count[static_cast<std::size_t>(c[1])];
        for (int v : count)
            EXPECT_EQ(v, 1);
    }
    T fetched{}, swapped{};
    shoal::atomic_fetch_nbi(fetched, c.at(0, right));
    shoal::barrier(shoal::world()); // quiet included
    EXPECT_EQ(fetched, static_cast<T>(me() + 0.5));
    shoal::atomic_swap_nbi(swapped, c.at(0, right), static_cast<T>(42));
    shoal::quiet();
    EXPECT_EQ(swapped, static_cast<T>(me() + 0.5));
    shoal::barrier(shoal::world());
    EXPECT_EQ(c[0], static_cast<T>(42));
    shoal::barrier(shoal::world());
}

template <class T>
class AtomicBitwise : public ::testing::Test {};
using BitwiseTypes = ::testing::Types<unsigned, unsigned long, unsigned long long, std::int32_t,
                                      std::int64_t, std::uint32_t, std::uint64_t>;
TYPED_TEST_SUITE(AtomicBitwise, BitwiseTypes);

TYPED_TEST(AtomicBitwise, OrAndXorBuildMasks)
{
    using T = TypeParam;
    shoal::SymmetricBuffer<T> c(4);
    if (me() == 0) {
        c[1] = static_cast<T>(~T{0});
    }
    shoal::barrier(shoal::world());
    const T bit = static_cast<T>(T{1} << me());
    shoal::atomic_or(c.at(0, 0), bit);
    shoal::atomic_and(c.at(1, 0), static_cast<T>(~bit));
    const T x = shoal::atomic_fetch_xor(c.at(2, 0), bit);
    (void)x;
    T f{};
    shoal::atomic_fetch_or_nbi(f, c.at(3, 0), bit);
    shoal::barrier(shoal::world());
    const T all = static_cast<T>((T{1} << npes()) - 1);
    EXPECT_EQ(shoal::atomic_fetch(c.at(0, 0)), all);
    EXPECT_EQ(shoal::atomic_fetch(c.at(1, 0)), static_cast<T>(~all));
    EXPECT_EQ(shoal::atomic_fetch(c.at(2, 0)), all);
    EXPECT_EQ(shoal::atomic_fetch(c.at(3, 0)), all);
    shoal::barrier(shoal::world());
    EXPECT_EQ(shoal::atomic_fetch_and(c.at(0, 0), static_cast<T>(~bit)) & bit, bit); // clears my bit
    EXPECT_EQ(shoal::atomic_fetch_or(c.at(2, me()), T{0}), me() == 0 ? all : T{0});
    shoal::Context ctx;
    shoal::atomic_xor(ctx, c.at(3, 0), bit);
    T g{};
    shoal::atomic_fetch_xor_nbi(ctx, g, c.at(2, 0), T{0});
    shoal::atomic_fetch_and_nbi(ctx, g, c.at(2, 0), static_cast<T>(~T{0}));
    shoal::quiet(ctx);
    shoal::barrier(shoal::world());
    EXPECT_EQ(shoal::atomic_fetch(c.at(0, 0)), T{0});
    EXPECT_EQ(shoal::atomic_fetch(c.at(3, 0)), T{0});
    shoal::barrier(shoal::world());
}

} // namespace
