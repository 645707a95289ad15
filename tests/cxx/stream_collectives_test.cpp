// stream_collectives.hpp (CUDA builds): ownership of the scratch and of the stream
// synchronisation, and the host-fallback collectives ordered after the stream's work.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <cuda_runtime_api.h>

#include <type_traits>

namespace {
using shoal_test::me;
using shoal_test::npes;

static_assert(!std::is_copy_constructible_v<shoal::StreamCollectives>);
static_assert(std::is_nothrow_move_constructible_v<shoal::StreamCollectives>);

bool have_gpu()
{
    int count = 0;
    return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}

TEST(StreamCollectives, OwnsScratchAndFreesIt)
{
    if (!have_gpu())
        GTEST_SKIP() << "no CUDA device";
    cudaStream_t stream = nullptr;
    ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
    const std::size_t heap = shoal_test::heap_free();
    {
        shoal::StreamCollectives coll(shoal::world(), stream, 4096);
        EXPECT_EQ(coll.stream(), stream);
        EXPECT_EQ(coll.scratch().size(), 4096u);
        EXPECT_LT(shoal_test::heap_free(), heap);
        shoal::StreamCollectives moved(std::move(coll));
        EXPECT_FALSE(coll.valid()); // NOLINT(bugprone-use-after-move)
        EXPECT_TRUE(moved.valid());
        shoal::SymmetricBuffer<long> s(2), d(2);
        s[0] = me();
        s[1] = 1;
        moved.reduce(d.local(), s.local(), shoal::sum);
        EXPECT_EQ(d[0], static_cast<long>(npes()) * (npes() - 1) / 2);
        EXPECT_EQ(d[1], npes());
        moved.barrier();
    }
    EXPECT_EQ(shoal_test::heap_free(), heap);
    EXPECT_EQ(cudaStreamDestroy(stream), cudaSuccess);
}

} // namespace
