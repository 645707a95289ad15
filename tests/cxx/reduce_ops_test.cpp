// reduce_ops.hpp: which (operation, type) pairs exist, checked at compile time against the
// OpenSHMEM tables, and each tag driving its C routine once.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <cstdint>

namespace {
using shoal::is_reducible;
using shoal::is_reducible_active_set;
namespace ops = shoal::ops;

// Team reductions (Table 10)
static_assert(is_reducible<ops::sum_t, int> && is_reducible<ops::sum_t, double> &&
              is_reducible<ops::sum_t, long double> && is_reducible<ops::sum_t, char> &&
              is_reducible<ops::sum_t, std::uint8_t> && is_reducible<ops::sum_t, std::size_t>);
static_assert(is_reducible<ops::prod_t, float> && is_reducible<ops::max_t, unsigned short> &&
              is_reducible<ops::min_t, std::ptrdiff_t>);
static_assert(is_reducible<ops::bit_and_t, unsigned> && is_reducible<ops::bit_xor_t, std::int8_t> &&
              is_reducible<ops::bit_or_t, std::int64_t> && is_reducible<ops::bit_or_t, short>);
static_assert(!is_reducible<ops::bit_and_t, double> && !is_reducible<ops::bit_or_t, float> &&
              !is_reducible<ops::bit_xor_t, char>);
static_assert(!is_reducible<ops::sum_t, bool> && !is_reducible<ops::sum_t, std::uint8_t *>);
struct Vec2 {
    float x, y;
};
static_assert(!is_reducible<ops::sum_t, Vec2> && !is_reducible<ops::max_t, Vec2>);
// Active-set reductions (*_to_all tables)
static_assert(is_reducible_active_set<ops::sum_t, short> &&
              is_reducible_active_set<ops::prod_t, long double> &&
              is_reducible_active_set<ops::bit_xor_t, long long>);
static_assert(!is_reducible_active_set<ops::sum_t, unsigned> &&
              !is_reducible_active_set<ops::bit_and_t, double> &&
              !is_reducible_active_set<ops::max_t, char>);
static_assert(shoal::ReduceOp<ops::sum_t> && !shoal::ReduceOp<int>);

TEST(ReduceOps, TagsNameTheirOperation)
{
    EXPECT_STREQ(decltype(shoal::sum)::name, "sum");
    EXPECT_STREQ(decltype(shoal::bit_xor)::name, "bit_xor");
}

TEST(ReduceOps, EachTagRunsItsRoutine)
{
    const int n = shoal_test::npes(), me = shoal_test::me();
    shoal::SymmetricBuffer<unsigned> s(1), d(1);
    s[0] = 1u << me;
    const unsigned all = (1u << n) - 1;
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::bit_or);
    EXPECT_EQ(d[0], all);
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::bit_and);
    EXPECT_EQ(d[0], n == 1 ? 1u : 0u);
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::bit_xor);
    EXPECT_EQ(d[0], all);
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::sum);
    EXPECT_EQ(d[0], all);
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::max);
    EXPECT_EQ(d[0], 1u << (n - 1));
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::min);
    EXPECT_EQ(d[0], 1u);
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::prod);
    EXPECT_EQ(d[0], 1u << (n * (n - 1) / 2));
    shoal::barrier(shoal::world());
}

} // namespace
