// stream_collectives.hpp (CUDA builds): the stream synchronisation it owns, the collectives
// ordered after the stream's work on host memory, and one class for host and nvcc translation
// units: this file (the host compiler) and stream_collectives_nvcc.cu (nvcc) share objects.
#include "cxx_test_util.hpp"
#include "stream_collectives_two_tu.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <cuda_runtime_api.h>

#include <cstring>
#include <type_traits>
#include <typeinfo>

namespace {
using shoal_test::me;
using shoal_test::npes;

static_assert(!std::is_copy_constructible_v<shoal::StreamCollectives>);
static_assert(std::is_nothrow_move_constructible_v<shoal::StreamCollectives>);

TEST(StreamCollectives, OneClassForHostAndNvccTranslationUnits)
{
    EXPECT_EQ(sizeof(shoal::StreamCollectives), two_tu::nvcc_sizeof());
    EXPECT_STREQ(typeid(shoal::StreamCollectives).name(), two_tu::nvcc_type_name());
    // An object made here, used there, and the other way round (the default stream: no GPU
    // needed while the memory is host memory).
    shoal::StreamCollectives coll(shoal::world(), nullptr);
    shoal::SymmetricBuffer<long> s(3), d(3);
    s[0] = me();
    s[1] = 1;
    s[2] = 10 * me();
    two_tu::nvcc_sum(coll, d.local(), s.local());
    EXPECT_EQ(d[0], static_cast<long>(npes()) * (npes() - 1) / 2);
    EXPECT_EQ(d[1], npes());
    coll.reduce(d.local(), std::span<const long>(s.local()), shoal::max);
    EXPECT_EQ(d[2], 10L * (npes() - 1));
    shoal::StreamCollectives made_there = two_tu::nvcc_make(shoal::world());
    EXPECT_TRUE(made_there.valid());
    made_there.barrier();
    shoal::StreamCollectives moved(std::move(made_there));
    EXPECT_FALSE(made_there.valid()); // NOLINT(bugprone-use-after-move)
    moved.sync();
}

TEST(StreamCollectives, FcollectAndBroadcastOnHostMemoryAfterTheStream)
{
    shoal::StreamCollectives coll(shoal::world(), nullptr);
    shoal::SymmetricBuffer<int> s(2), all(2 * static_cast<std::size_t>(npes())), b(2);
    s[0] = me();
    s[1] = -me();
    coll.fcollect(all.local(), std::span<const int>(s.local()));
    for (int p = 0; p < npes(); p++) {
        EXPECT_EQ(all[2 * p], p);
        EXPECT_EQ(all[2 * p + 1], -p);
    }
    coll.broadcast(b.local(), std::span<const int>(s.local()), npes() - 1);
    EXPECT_EQ(b[0], npes() - 1);
    coll.sync();
}

} // namespace
