// signal.hpp: put_signal (set / add, blocking / nbi, with a context), signal_fetch,
// signal_wait_until, and wait_until / test with typed comparisons.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <cstdint>
#include <numeric>
#include <vector>

namespace {
using shoal_test::me;
using shoal_test::npes;

TEST(Signal, PutSignalRingDeliversDataBeforeTheSignal)
{
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    shoal::SymmetricBuffer<double> inbox(64);
    shoal::SymmetricBuffer<std::uint64_t> flag(1);
    std::vector<double> data(64);
    std::iota(data.begin(), data.end(), me() * 100.0);
    shoal::barrier(shoal::world());
    shoal::put_signal(inbox.on(right), data, flag.at(0, right), 1, shoal::SignalOp::set);
    EXPECT_EQ(shoal::signal_wait_until(flag[0], shoal::eq(1)), 1u);
    EXPECT_EQ(shoal::signal_fetch(flag[0]), 1u);
    for (int i = 0; i < 64; ++i)
        EXPECT_EQ(inbox[static_cast<std::size_t>(i)], left * 100.0 + i);
    shoal::barrier(shoal::world());
}

struct Rec {
    int a;
    short b;
};

TEST(Signal, SignalAddCountsEveryPeAndNbiCompletesAtQuiet)
{
    shoal::SymmetricBuffer<Rec> slots(static_cast<std::size_t>(npes()));
    shoal::SymmetricBuffer<std::uint64_t> count(1);
    shoal::barrier(shoal::world());
    const Rec mine{me() * 7, static_cast<short>(me())};
    shoal::put_signal_nbi(slots.on(0).subspan(static_cast<std::size_t>(me()), 1),
                          std::span<const Rec>(&mine, 1), count.at(0, 0), 1, shoal::SignalOp::add);
    shoal::quiet();
    if (me() == 0) {
        const std::uint64_t v = shoal::signal_wait_until(count[0], shoal::ge(npes()));
        EXPECT_EQ(v, static_cast<std::uint64_t>(npes()));
        for (int pe = 0; pe < npes(); ++pe) {
            EXPECT_EQ(slots[static_cast<std::size_t>(pe)].a, pe * 7);
            EXPECT_EQ(slots[static_cast<std::size_t>(pe)].b, pe);
        }
    }
    shoal::barrier(shoal::world());
}

TEST(Signal, WithAContext)
{
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    shoal::Context ctx;
    shoal::SymmetricBuffer<long> inbox(4);
    shoal::SymmetricBuffer<std::uint64_t> flag(1);
    const long v[4] = {left, me(), right, 9};
    shoal::barrier(shoal::world());
    shoal::put_signal(ctx, inbox.on(right), std::span<const long>(v), flag.at(0, right), 5,
                      shoal::SignalOp::add);
    shoal::fence(ctx); // the second put overwrites inbox[3]: keep the two in order
    shoal::put_signal_nbi(ctx, inbox.on(right).last(1), std::span<const long>(v).first(1),
                          flag.at(0, right), 5, shoal::SignalOp::add);
    shoal::quiet(ctx);
    shoal::signal_wait_until(flag[0], shoal::ge(10));
    EXPECT_EQ(inbox[1], left);
    EXPECT_EQ(inbox[3], (left + npes() - 1) % npes());
    shoal::barrier(shoal::world());
}

TEST(WaitUntil, TypedComparisonsOnEveryForm)
{
    shoal::SymmetricBuffer<int> x(1);
    shoal::SymmetricBuffer<long long> v(static_cast<std::size_t>(npes()));
    EXPECT_FALSE(shoal::test(x[0], shoal::eq(1))); // nobody writes before the barrier
    EXPECT_TRUE(shoal::test(x[0], shoal::lt(1)));
    shoal::barrier(shoal::world());
    shoal::atomic_inc(x.at(0, 0));
    // Each PE writes its slot on every PE.
    for (int pe = 0; pe < npes(); ++pe)
        shoal::atomic_set(v.at(static_cast<std::size_t>(me()), pe), static_cast<long long>(me() + 1));
    if (me() == 0)
        shoal::wait_until(x[0], shoal::eq(npes()));
    shoal::wait_until_all(v.local(), shoal::gt(0));
    EXPECT_TRUE(shoal::test_all(v.local(), shoal::ge(1)));
    const auto any = shoal::wait_until_any(v.local(), shoal::ne(0));
    ASSERT_TRUE(any.has_value());
    EXPECT_LT(*any, v.size());
    std::vector<std::size_t> idx(v.size());
    EXPECT_EQ(shoal::wait_until_some(v.local(), std::span<std::size_t>(idx), shoal::ge(1)), v.size());
    std::vector<long long> expected(v.size());
    std::iota(expected.begin(), expected.end(), 1LL);
    shoal::wait_until_all_vector(v.local(), shoal::Cmp::eq, std::span<long long>(expected));
    // Excluding everything: no index.
    std::vector<int> skip(v.size(), 1);
    EXPECT_FALSE(shoal::test_any(v.local(), shoal::eq(-5), std::span<const int>(skip)).has_value());
    EXPECT_FALSE(shoal::test_any(v.local(), shoal::eq(-5)).has_value());
    EXPECT_EQ(shoal::test_any(v.local(), shoal::le(1)), std::optional<std::size_t>(0));
    shoal::barrier(shoal::world());
}

TEST(WaitUntil, FixedWidthAliasesResolve)
{
    shoal::SymmetricBuffer<std::uint64_t> u(1);
    shoal::SymmetricBuffer<std::int32_t> s(1);
    shoal::SymmetricBuffer<std::size_t> z(1);
    shoal::barrier(shoal::world());
    shoal::atomic_add(u.at(0, 0), std::uint64_t{2});
    shoal::atomic_add(s.at(0, 0), -1);
    shoal::atomic_inc(z.at(0, 0));
    if (me() == 0) {
        shoal::wait_until(u[0], shoal::eq(2u * static_cast<unsigned>(npes())));
        shoal::wait_until(s[0], shoal::le(-npes()));
        shoal::wait_until(z[0], shoal::ge(static_cast<std::size_t>(npes())));
    }
    shoal::barrier(shoal::world());
}

} // namespace
