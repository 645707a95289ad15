// handle.hpp: the generic move-only owner, and the ownership shape of every facade type.
#include <gtest/gtest.h>
#include <shmemx.h>
#include <shoal/shoal.hpp>

#include <optional>

#include <type_traits>
#include <utility>
#include <vector>

namespace {

struct Counting {
    using value_type = int;
    static constexpr int null() noexcept { return -1; }
    std::vector<int> *released = nullptr;
    void operator()(int v) const noexcept { released->push_back(v); }
};
using H = shoal::UniqueHandle<Counting>;

TEST(UniqueHandle, DestructionReleasesOnce)
{
    std::vector<int> released;
    {
        H h(7, Counting{&released});
        EXPECT_FALSE(h.empty());
        EXPECT_EQ(h.get(), 7);
    }
    EXPECT_EQ(released, std::vector<int>{7});
}

TEST(UniqueHandle, MoveLeavesSourceEmpty)
{
    std::vector<int> released;
    {
        H a(1, Counting{&released});
        H b(std::move(a));
        EXPECT_TRUE(a.empty()); // NOLINT(bugprone-use-after-move): the moved-from state is specified
        EXPECT_EQ(a.get(), -1);
        EXPECT_EQ(b.get(), 1);
        H c;
        EXPECT_TRUE(c.empty());
        c = std::move(b);
        EXPECT_TRUE(b.empty());
        EXPECT_EQ(c.get(), 1);
        EXPECT_TRUE(released.empty());
    }
    EXPECT_EQ(released, std::vector<int>{1});
}

TEST(UniqueHandle, MoveAssignReleasesTheOldValue)
{
    std::vector<int> released;
    H a(1, Counting{&released});
    H b(2, Counting{&released});
    a = std::move(b);
    EXPECT_EQ(released, std::vector<int>{1});
    EXPECT_EQ(a.get(), 2);
    auto &self = a;
    a = std::move(self); // self-move keeps the value
    EXPECT_EQ(a.get(), 2);
    EXPECT_EQ(released, std::vector<int>{1});
}

TEST(UniqueHandle, ReleaseAndReset)
{
    std::vector<int> released;
    H a(3, Counting{&released});
    EXPECT_EQ(a.release(), 3);
    EXPECT_TRUE(a.empty());
    H b(4, Counting{&released});
    b.reset();
    b.reset();
    EXPECT_EQ(released, std::vector<int>{4});
}

// The ownership shape of every public type, checked where it is declared.
template <class T>
constexpr bool move_only = !std::is_copy_constructible_v<T> && !std::is_copy_assignable_v<T> &&
                           std::is_nothrow_move_constructible_v<T> &&
                           std::is_nothrow_move_assignable_v<T>;
static_assert(move_only<shoal::Team>);
static_assert(move_only<shoal::Context>);
static_assert(move_only<shoal::SymmetricBuffer<int>>);
static_assert(move_only<shoal::PsyncPool>);
static_assert(move_only<shoal::PsyncPool::Lease>);
static_assert(move_only<shoal::ActiveSetCollectives>);
static_assert(!std::is_copy_constructible_v<shoal::Runtime> &&
              !std::is_move_constructible_v<shoal::Runtime> &&
              !std::is_copy_assignable_v<shoal::Runtime> && !std::is_move_assignable_v<shoal::Runtime>);
static_assert(std::is_trivially_copyable_v<shoal::TeamRef>);
static_assert(std::is_trivially_copyable_v<shoal::ContextRef>);
static_assert(std::is_trivially_copyable_v<shoal::RemotePtr<double>>);
static_assert(std::is_trivially_copyable_v<shoal::RemoteSpan<double>>);
static_assert(std::is_trivially_copyable_v<shoal::UniqueId>);
static_assert(std::is_convertible_v<const shoal::Team &, shoal::TeamRef>);
static_assert(!std::is_convertible_v<shmem_team_t, shoal::TeamRef>); // explicit borrow only
static_assert(std::is_convertible_v<const shoal::Context &, shoal::ContextRef>);
static_assert(!std::is_default_constructible_v<shoal::Team>);
static_assert(std::is_nothrow_default_constructible_v<shoal::SymmetricBuffer<int>>);
static_assert(sizeof(shoal::Team) == sizeof(shmem_team_t));
static_assert(sizeof(shoal::Context) == sizeof(shmem_ctx_t));

// The same shapes at run time on real owners: a move hands the resource over (the moved-to
// owner uses it across PEs), the moved-from one is empty and releases nothing, and the
// last owner's destructor releases exactly once (team count back where it started).
TEST(UniqueHandle, RealOwnersMoveAndReleaseOnce)
{
    int alive0 = 0, max = 0;
    shmemx_team_count(&alive0, &max);
    {
        std::optional<shoal::Team> t = shoal::world().split_strided(0, 1, shoal::world().n_pes());
        ASSERT_TRUE(t.has_value());
        const shmem_team_t h = t->native_handle();
        shoal::Team moved(std::move(*t));
        EXPECT_EQ(moved.native_handle(), h);
        EXPECT_EQ(t->native_handle(), SHMEM_TEAM_INVALID); // NOLINT(bugprone-use-after-move)
        int alive = 0;
        shmemx_team_count(&alive, &max);
        EXPECT_EQ(alive, alive0 + 1);
        EXPECT_EQ(shmem_team_sync(moved.native_handle()), 0);

        shoal::SymmetricBuffer<long> a(4);
        long *const p = a.data();
        shoal::SymmetricBuffer<long> b(std::move(a));
        EXPECT_EQ(b.data(), p);
        EXPECT_EQ(a.data(), nullptr); // NOLINT(bugprone-use-after-move)
        EXPECT_TRUE(a.empty());
        const int me = shmem_my_pe(), n = shmem_n_pes();
        b[0] = -1;
        shmem_barrier_all();
        shmem_long_p(b.data(), 100 + me, (me + 1) % n);
        shmem_barrier_all();
        EXPECT_EQ(b[0], 100 + (me + n - 1) % n);
        shmem_barrier_all();
    }
    int alive = 0;
    shmemx_team_count(&alive, &max);
    EXPECT_EQ(alive, alive0);
}

} // namespace
