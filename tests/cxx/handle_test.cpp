// handle.hpp: the generic move-only owner, and the ownership shape of every facade type.
#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

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

TEST(UniqueHandle, OwnershipShapesAreCheckedAtCompileTime) { SUCCEED(); }

} // namespace
