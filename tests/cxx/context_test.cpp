// context.hpp: Context owners and ContextRef views; fence / quiet per context.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <vector>

namespace {
using shoal_test::me;
using shoal_test::npes;

TEST(Context, DefaultRefIsTheDefaultContext)
{
    const shoal::ContextRef d;
    EXPECT_EQ(d.native_handle(), SHMEM_CTX_DEFAULT);
    EXPECT_EQ(shoal::ContextRef::default_context(), d);
    EXPECT_EQ(shoal::team_of(d), shoal::world());
}

TEST(Context, OwnerMovesAndReleases)
{
    shoal::Context a;
    ASSERT_TRUE(a.valid());
    const shmem_ctx_t h = a.native_handle();
    EXPECT_NE(h, SHMEM_CTX_INVALID);
    EXPECT_NE(h, SHMEM_CTX_DEFAULT);
    shoal::Context b(std::move(a));
    EXPECT_FALSE(a.valid()); // NOLINT(bugprone-use-after-move)
    EXPECT_EQ(a.native_handle(), SHMEM_CTX_INVALID);
    EXPECT_EQ(b.native_handle(), h);
    const shoal::ContextRef r = b;
    EXPECT_EQ(r.native_handle(), h);
    const shmem_ctx_t raw = b.release();
    EXPECT_FALSE(b.valid());
    shoal::Context c = shoal::Context::from_native_handle(raw);
    EXPECT_EQ(c.native_handle(), raw);
    EXPECT_EQ(shoal::team_of(c), shoal::world());
}

TEST(Context, ThousandsCreatedAndDropped)
{
    for (int i = 0; i < 2000; ++i) {
        shoal::Context ctx(i % 2 ? shoal::ContextOption::private_ : shoal::ContextOption::none);
        ASSERT_TRUE(ctx.valid()) << i;
    }
    std::vector<shoal::Context> held;
    for (int i = 0; i < 16; ++i)
        held.emplace_back(shoal::ContextOption::serialized | shoal::ContextOption::nostore);
    held.clear();
    shoal::Context again;
    EXPECT_TRUE(again.valid());
}

TEST(Context, PerContextOrderingAndCompletion)
{
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    shoal::Context ctx(shoal::ContextOption::private_);
    shoal::SymmetricBuffer<long> data(8), flag(1);
    const std::vector<long> v(8, me() + 1);
    shoal::barrier(shoal::world());
    shoal::put(ctx, data.on(right), v);
    shoal::fence(ctx);
    shoal::p(ctx, flag.at(0, right), 1L);
    shoal::quiet(ctx);
    shoal::wait_until(flag[0], shoal::eq(1));
    for (long x : data)
        EXPECT_EQ(x, left + 1);
    shoal::barrier(shoal::world());
}

TEST(Context, OnATeam)
{
    const int n = npes();
    auto evens = shoal::world().split_strided(0, 2, (n + 1) / 2);
    if (evens) {
        shoal::Context ctx(*evens);
        EXPECT_TRUE(ctx.valid());
        EXPECT_EQ(shoal::team_of(ctx), shoal::TeamRef(*evens));
    }
    shoal::barrier(shoal::world());
}

} // namespace
