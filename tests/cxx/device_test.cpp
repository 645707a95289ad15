// device.hpp (host emulation): the Context from the host, typed span calls at thread, warp and
// block scope on SymmetricBuffers, typed atomics; values checked on the receiving PE.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/device.hpp>
#include <shoal/device/emulate.h>
#include <shoal/shoal.hpp>

#include <cstdint>
#include <vector>

namespace {
using shoal_test::me;
using shoal_test::npes;
namespace dev = shoal::device;

int right() { return (me() + 1) % npes(); }
int left() { return (me() + npes() - 1) % npes(); }

TEST(DeviceContext, CurrentIsTheCContext)
{
    const dev::Context c = dev::Context::current();
    shoal_device_context raw{};
    ASSERT_EQ(shmemx_device_context(&raw), 0);
    EXPECT_EQ(c.my_pe(), me());
    EXPECT_EQ(c.n_pes(), npes());
    EXPECT_EQ(c.heap_base, raw.heap_base);
    EXPECT_FALSE(c.on_gpu());
}

template <class S> void span_put_get(int threads)
{
    shoal::SymmetricBuffer<int> dest(257), src(257);
    for (std::size_t i = 0; i < src.size(); i++) src[i] = 1000 * me() + static_cast<int>(i);
    shoal::barrier(shoal::world());
    const dev::Context c = dev::Context::current();
    dev::emulate::launch(threads, [&] {
        dev::put<S>(c, dev::span<int>(dest.data(), dest.size()), dev::span<const int>(src.data(), src.size()),
                    right());
        dev::barrier_all<S>(c);
    });
    for (std::size_t i = 0; i < dest.size(); i++) EXPECT_EQ(dest[i], 1000 * left() + static_cast<int>(i));
    std::vector<int> back(src.size(), -1);
    dev::emulate::launch(threads, [&] {
        dev::get<S>(c, dev::span<int>(back.data(), back.size()), dev::span<const int>(dest.data(), dest.size()),
                    right());
    });
    for (std::size_t i = 0; i < back.size(); i++) EXPECT_EQ(back[i], 1000 * me() + static_cast<int>(i));
    shoal::barrier(shoal::world());
}

TEST(DeviceSpan, PutGetThread) { span_put_get<dev::scope::thread>(1); }
TEST(DeviceSpan, PutGetWarp) { span_put_get<dev::scope::warp>(32); }
TEST(DeviceSpan, PutGetBlock) { span_put_get<dev::scope::block>(128); }

TEST(DeviceSpan, PutSignalThenWait)
{
    shoal::SymmetricBuffer<double> dest(64);
    shoal::SymmetricBuffer<std::uint64_t> sig(1);
    std::vector<double> src(64);
    for (std::size_t i = 0; i < src.size(); i++) src[i] = me() + 0.5 * static_cast<double>(i);
    const dev::Context c = dev::Context::current();
    dev::emulate::launch(32, [&] {
        dev::put_signal<dev::scope::warp>(c, dev::span<double>(dest.data(), 64), dev::span<const double>(src), sig.data(),
                                          1, SHMEM_SIGNAL_ADD, right());
        dev::wait_until(c, sig.data(), SHMEM_CMP_EQ, std::uint64_t{1});
    });
    for (std::size_t i = 0; i < dest.size(); i++) EXPECT_EQ(dest[i], left() + 0.5 * static_cast<double>(i));
    shoal::barrier(shoal::world());
}

TEST(DeviceAtomic, TypedFetchAddSwapOr)
{
    shoal::SymmetricBuffer<long> counter(1);
    shoal::SymmetricBuffer<unsigned> bits(1);
    shoal::SymmetricBuffer<float> f(1);
    shoal::barrier(shoal::world());
    const dev::Context c = dev::Context::current();
    dev::emulate::launch(32, [&] {
        dev::fetch_add(c, counter.data(), 1L, 0);
        if (dev::scope::warp::rank() == 0) {
            dev::fetch_or(c, bits.data(), 1u << me(), 0);
            (void)dev::swap(c, f.data(), 2.5f, right());
        }
    });
    shoal::barrier(shoal::world());
    EXPECT_EQ(f[0], 2.5f);
    if (me() == 0) {
        EXPECT_EQ(counter[0], 32L * npes());
        EXPECT_EQ(bits[0], (1u << npes()) - 1);
        EXPECT_EQ(dev::fetch(c, counter.data(), 0), 32L * npes());
        EXPECT_EQ(dev::compare_swap(c, counter.data(), 32L * npes(), 7L, 0), 32L * npes());
        EXPECT_EQ(counter[0], 7L);
    }
    shoal::barrier(shoal::world());
}

TEST(DeviceBuffer, HostBufferSaysHost)
{
    shoal::SymmetricBuffer<int> b(4);
    EXPECT_EQ(b.placement(), shoal::Placement::host);
}

} // namespace
