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
    // Inputs chosen so that or, and, xor, sum, max, min and prod all give different results at
    // 2, 3 and 4 PEs (checked by brute force): a tag wired to the wrong routine fails. With 1 PE
    // every op returns the input.
    const int n = shoal_test::npes(), me = shoal_test::me();
    constexpr unsigned kIn[] = {5, 11, 2, 1};
    ASSERT_LE(n, 4) << "kIn covers 4 PEs";
    shoal::SymmetricBuffer<unsigned> s(1), d(1);
    s[0] = kIn[me];
    unsigned bor = 0, band = ~0u, bxor = 0, sum = 0, mx = 0, mn = ~0u, prod = 1;
    for (int pe = 0; pe < n; ++pe) {
        const unsigned v = kIn[pe];
        bor |= v, band &= v, bxor ^= v, sum += v, prod *= v;
        mx = v > mx ? v : mx, mn = v < mn ? v : mn;
    }
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::bit_or);
    EXPECT_EQ(d[0], bor) << "bit_or";
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::bit_and);
    EXPECT_EQ(d[0], band) << "bit_and";
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::bit_xor);
    EXPECT_EQ(d[0], bxor) << "bit_xor";
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::sum);
    EXPECT_EQ(d[0], sum) << "sum";
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::max);
    EXPECT_EQ(d[0], mx) << "max";
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::min);
    EXPECT_EQ(d[0], mn) << "min";
    shoal::reduce(shoal::world(), d.local(), s.local(), shoal::prod);
    EXPECT_EQ(d[0], prod) << "prod";
    shoal::barrier(shoal::world());
}

} // namespace
