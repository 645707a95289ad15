// error.hpp: shoal::Error, the error category, the one check, heap exhaustion.
#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <new>
#include <string>
#include <system_error>
#include <type_traits>

namespace {

static_assert(std::is_base_of_v<std::system_error, shoal::Error>);
static_assert(std::is_base_of_v<std::bad_alloc, shoal::HeapExhausted>);

TEST(Error, CheckPassesZeroAndThrowsTheCode)
{
    EXPECT_NO_THROW(shoal::detail::check(0, "shmem_x"));
    try {
        shoal::detail::check(5, "shmem_team_split_strided");
        FAIL() << "no throw";
    } catch (const shoal::Error &e) {
        EXPECT_EQ(e.code().value(), 5);
        EXPECT_EQ(&e.code().category(), &shoal::error_category());
        EXPECT_NE(std::string(e.what()).find("shmem_team_split_strided"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("returned 5"), std::string::npos);
    }
}

TEST(Error, CategoryAndErrcEnum)
{
    EXPECT_STREQ(shoal::error_category().name(), "shoal");
    std::error_code ec = shoal::errc::not_a_member;
    EXPECT_EQ(ec.category(), shoal::error_category());
    EXPECT_EQ(ec.message(), "this PE is not a member");
    const shoal::Error e(shoal::errc::invalid_team, "where");
    EXPECT_EQ(e.code(), shoal::errc::invalid_team);
}

TEST(Error, HeapExhaustedSaysHowMuch)
{
    const shoal::HeapExhausted e(1000, 10);
    const std::string what = e.what();
    EXPECT_NE(what.find("1000 bytes requested"), std::string::npos);
    EXPECT_NE(what.find("10 free"), std::string::npos);
    const std::bad_alloc &base = e;
    EXPECT_STREQ(base.what(), e.what());
}

TEST(Error, AdoptingAPredefinedTeamThrows)
{
    EXPECT_THROW((void)shoal::Team::from_native_handle(SHMEM_TEAM_WORLD), shoal::Error);
    EXPECT_THROW((void)shoal::Team::from_native_handle(SHMEM_TEAM_INVALID), shoal::Error);
    try {
        (void)shoal::Team::from_native_handle(SHMEM_TEAM_SHARED);
    } catch (const shoal::Error &e) {
        EXPECT_EQ(e.code(), shoal::errc::invalid_team);
    }
    EXPECT_THROW((void)shoal::Context::from_native_handle(SHMEM_CTX_DEFAULT), shoal::Error);
}

} // namespace
