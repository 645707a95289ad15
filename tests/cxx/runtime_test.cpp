// runtime.hpp: the guard (the test main holds the one Runtime).
#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

namespace {

TEST(Runtime, IsAliveAndAnswersQueries)
{
    EXPECT_TRUE(shoal::Runtime::alive());
    EXPECT_EQ(shoal::my_pe(), shmem_my_pe());
    EXPECT_EQ(shoal::n_pes(), shmem_n_pes());
    EXPECT_GE(shoal::my_pe(), 0);
    EXPECT_LT(shoal::my_pe(), shoal::n_pes());
}

TEST(Runtime, ASecondGuardThrowsAndLeavesTheFirstAlone)
{
    try {
        shoal::Runtime second;
        FAIL() << "a second Runtime was constructed";
    } catch (const shoal::Error &e) {
        EXPECT_EQ(e.code(), shoal::errc::already_initialized);
    }
    EXPECT_TRUE(shoal::Runtime::alive());
    // The runtime still works: a collective round trip.
    shoal::SymmetricBuffer<int> x(1);
    x[0] = shoal::my_pe();
    shoal::barrier(shoal::world());
    EXPECT_EQ(shoal::g(x.at(0, (shoal::my_pe() + 1) % shoal::n_pes())),
              (shoal::my_pe() + 1) % shoal::n_pes());
    shoal::barrier(shoal::world());
}

TEST(Runtime, ThreadLevelIsOneOfTheFour)
{
    int provided = -1;
    shmem_query_thread(&provided);
    EXPECT_GE(provided, SHMEM_THREAD_SINGLE);
    EXPECT_LE(provided, SHMEM_THREAD_MULTIPLE);
}

} // namespace
