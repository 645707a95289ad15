// team.hpp: TeamRef / Team, split_strided, split_2d, team_init with a unique id, translate,
// members(), moves, and no leak of team slots after thousands of splits.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <ranges>
#include <vector>

#if SHOAL_TEST_RANGE_V3
#include <range/v3/algorithm/equal.hpp>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/filter.hpp>
#endif

namespace {
using shoal_test::me;
using shoal_test::npes;
using shoal_test::teams_alive;

std::vector<int> to_vector(auto &&range)
{
    std::vector<int> v;
    for (int x : range)
        v.push_back(x);
    return v;
}

TEST(TeamRef, WorldAndShared)
{
    const shoal::TeamRef w = shoal::world();
    EXPECT_EQ(w.native_handle(), SHMEM_TEAM_WORLD);
    EXPECT_EQ(w.n_pes(), npes());
    EXPECT_EQ(w.my_pe(), me());
    EXPECT_TRUE(w.is_member());
    std::vector<int> all(static_cast<std::size_t>(npes()));
    for (int i = 0; i < npes(); ++i)
        all[static_cast<std::size_t>(i)] = i;
    EXPECT_EQ(to_vector(w.members()), all);
    static_assert(std::ranges::random_access_range<decltype(w.members())>);
    static_assert(std::ranges::view<decltype(w.members())>);
    const shoal::TeamRef s = shoal::shared();
    EXPECT_EQ(s.native_handle(), SHMEM_TEAM_SHARED);
    EXPECT_GE(s.n_pes(), 1);
    EXPECT_GE(s.my_pe(), 0);
    EXPECT_EQ(s.translate(s.my_pe(), w), std::optional<int>(me()));
    EXPECT_EQ(w.world_pe(me()), me());
}

TEST(Team, SplitStridedMembersAndNonMembers)
{
    const int n = npes();
    const int start = n > 1 ? 1 : 0;
    const int size = (n - start + 1) / 2;
    std::optional<shoal::Team> odd = shoal::world().split_strided(start, 2, size);
    const bool member = me() >= start && (me() - start) % 2 == 0;
    ASSERT_EQ(odd.has_value(), member);
    if (odd) {
        EXPECT_TRUE(odd->valid());
        EXPECT_EQ(odd->n_pes(), size);
        EXPECT_EQ(odd->my_pe(), (me() - start) / 2);
        std::vector<int> expected;
        for (int i = 0; i < size; ++i)
            expected.push_back(start + 2 * i);
        EXPECT_EQ(to_vector(odd->members()), expected);
        EXPECT_EQ(odd->translate(0, shoal::world()), std::optional<int>(start));
        EXPECT_EQ(shoal::world().translate(me(), *odd), std::optional<int>(odd->my_pe()));
        odd->sync();
        odd->barrier();
    } else {
        EXPECT_EQ(shoal::world().translate(me(), shoal::TeamRef(SHMEM_TEAM_WORLD)), std::optional<int>(me()));
    }
    shoal::barrier(shoal::world());
}

TEST(Team, NonMemberOfTheWholeSplitGetsNothing)
{
    // Only PE 0 is in the new team.
    auto t = shoal::world().split_strided(0, 1, 1);
    EXPECT_EQ(t.has_value(), me() == 0);
    if (t) {
        EXPECT_EQ(t->n_pes(), 1);
        EXPECT_EQ(t->my_pe(), 0);
    }
}

TEST(Team, Split2dGivesRowAndColumn)
{
    const int n = npes();
    const int xrange = n >= 4 ? 2 : 1;
    const int slots_before = teams_alive();
    {
        shoal::Split2d grid = shoal::world().split_2d(xrange);
        EXPECT_EQ(teams_alive(), slots_before + 2);
        const int x = me() % xrange, y = me() / xrange;
        EXPECT_EQ(grid.x_axis.my_pe(), x);
        EXPECT_EQ(grid.y_axis.my_pe(), y);
        const int rows = (n + xrange - 1) / xrange;
        EXPECT_EQ(grid.x_axis.n_pes(), std::min(xrange, n - y * xrange));
        EXPECT_EQ(grid.y_axis.n_pes(), (n - x + xrange - 1) / xrange);
        EXPECT_LE(grid.y_axis.n_pes(), rows);
        std::vector<int> row, column;
        for (int i = y * xrange; i < std::min(n, (y + 1) * xrange); ++i)
            row.push_back(i);
        for (int i = x; i < n; i += xrange)
            column.push_back(i);
        EXPECT_EQ(to_vector(grid.x_axis.members()), row);
        EXPECT_EQ(to_vector(grid.y_axis.members()), column);
        auto [xa, ya] = std::move(grid);
        EXPECT_FALSE(grid.x_axis.valid()); // NOLINT(bugprone-use-after-move)
        EXPECT_TRUE(xa.valid());
        EXPECT_TRUE(ya.valid());
        ya.sync();
    }
    EXPECT_EQ(teams_alive(), slots_before);
    shoal::barrier(shoal::world());
}

TEST(Team, TeamInitWithAUniqueIdInReverseOrder)
{
    // PE 0 makes the id; a put gives it to everyone.
    shoal::SymmetricBuffer<shoal::UniqueId> id(1);
    if (me() == 0) {
        id[0] = shoal::UniqueId::make();
        for (int pe = 1; pe < npes(); ++pe)
            shoal::p(id.at(0, pe), id[0]);
    }
    shoal::barrier(shoal::world());
    shoal::Team reversed = shoal::team_init(id[0], npes(), npes() - 1 - me());
    EXPECT_EQ(reversed.my_pe(), npes() - 1 - me());
    EXPECT_EQ(reversed.n_pes(), npes());
    std::vector<int> expected;
    for (int pe = npes() - 1; pe >= 0; --pe)
        expected.push_back(pe);
    EXPECT_EQ(to_vector(reversed.members()), expected);
    EXPECT_EQ(reversed.translate(0, shoal::world()), std::optional<int>(npes() - 1));
    reversed.sync();
    shoal::barrier(shoal::world());
}

TEST(Team, MovesReleaseAndAdopt)
{
    const int slots_before = teams_alive();
    {
        auto t = shoal::world().split_strided(0, 1, npes());
        ASSERT_TRUE(t.has_value());
        const shmem_team_t h = t->native_handle();
        shoal::Team a = std::move(*t);
        EXPECT_FALSE(t->valid());
        EXPECT_EQ(t->native_handle(), SHMEM_TEAM_INVALID);
        EXPECT_EQ(a.native_handle(), h);
        const shoal::TeamRef r = a;
        EXPECT_EQ(r.native_handle(), h);
        EXPECT_EQ(r.n_pes(), npes());
        const shmem_team_t raw = a.release();
        EXPECT_FALSE(a.valid());
        EXPECT_EQ(teams_alive(), slots_before + 1); // released, not destroyed
        shoal::Team b = shoal::Team::from_native_handle(raw);
        EXPECT_EQ(b.n_pes(), npes());
        auto c = shoal::world().split_strided(0, 1, npes());
        ASSERT_TRUE(c);
        b = std::move(*c); // destroys raw
        EXPECT_EQ(teams_alive(), slots_before + 1);
    }
    EXPECT_EQ(teams_alive(), slots_before);
    shoal::barrier(shoal::world());
}

TEST(Team, ThousandsOfSplitsLeakNoSlots)
{
    const int slots_before = teams_alive();
    const std::size_t heap_before = shoal_test::heap_free();
    for (int i = 0; i < 1000; ++i) {
        auto t = shoal::world().split_strided(i % npes(), 1, 1);
        EXPECT_EQ(t.has_value(), me() == i % npes());
        if (i % 100 == 0) {
            auto grid = shoal::world().split_2d(1);
            EXPECT_EQ(grid.y_axis.n_pes(), npes());
        }
    }
    EXPECT_EQ(teams_alive(), slots_before);
    EXPECT_EQ(shoal_test::heap_free(), heap_before);
    shoal::barrier(shoal::world());
}

#if SHOAL_TEST_RANGE_V3
TEST(Team, MembersWorkWithRangeV3)
{
    const shoal::Split2d grid = shoal::world().split_2d(npes() >= 4 ? 2 : 1);
    const auto column = grid.y_axis.members(); // an lvalue std::ranges view
    const std::vector<int> all = column | ranges::to<std::vector<int>>();
    EXPECT_EQ(all, to_vector(grid.y_axis.members()));
    const std::vector<int> even = ranges::views::filter(column, [](int pe) { return pe % 2 == 0; }) |
                                  ranges::to<std::vector<int>>();
    for (int pe : even)
        EXPECT_EQ(pe % 2, 0);
    EXPECT_TRUE(ranges::equal(all, std::views::iota(0, npes()) |
                                       std::views::filter([&](int pe) {
                                           return pe % (npes() >= 4 ? 2 : 1) == me() % (npes() >= 4 ? 2 : 1);
                                       }) |
                                       ranges::to<std::vector<int>>()));
}
#endif

TEST(Team, SplitOfASplit)
{
    auto all = shoal::world().split_strided(0, 1, npes());
    ASSERT_TRUE(all);
    auto last = all->split_strided(npes() - 1, 1, 1);
    EXPECT_EQ(last.has_value(), me() == npes() - 1);
    if (last) {
        EXPECT_EQ(to_vector(last->members()), std::vector<int>{npes() - 1});
    }
}

} // namespace
