// rma.hpp: put / get / put_nbi / get_nbi / p / g / iput / iget (plain and with a context) for
// typed C types, fixed-width aliases and user structs; values checked across PEs on a ring.
#include "cxx_test_util.hpp"

#include <gtest/gtest.h>
#include <shoal/shoal.hpp>

#include <algorithm>
#include <array>
#include <memory>
#include <cstdint>
#include <vector>

namespace {
using shoal_test::me;
using shoal_test::npes;

struct Pod {
    std::int32_t a;
    float b;
    char c[5];
    friend bool operator==(const Pod &x, const Pod &y)
    {
        return x.a == y.a && x.b == y.b && std::equal(x.c, x.c + 5, y.c);
    }
};
struct Wide { // 16 bytes: strided transfers use the 128-bit SIZE forms
    std::uint64_t lo, hi;
    friend bool operator==(const Wide &, const Wide &) = default;
};

template <class T>
T make(int pe, int i)
{
    if constexpr (std::is_same_v<T, Pod>)
        return Pod{pe * 1000 + i, static_cast<float>(i) / 2, {'a', static_cast<char>('a' + pe), 'c', 'd', static_cast<char>(i)}};
    else if constexpr (std::is_same_v<T, Wide>)
        return Wide{static_cast<std::uint64_t>(pe), static_cast<std::uint64_t>(i) << 40};
    else if constexpr (std::is_same_v<T, bool>)
        return ((pe + i) % 2) != 0;
    else
        return static_cast<T>(pe * 31 + i % 50);
}

/// A local array (std::vector<bool> has no contiguous storage, so it cannot be a span).
template <class T>
class Local {
  public:
    explicit Local(std::size_t n) : data_(new T[n]()), size_(n) {}
    T &operator[](std::size_t i) { return data_[i]; }
    std::span<T> span() { return {data_.get(), size_}; }
    operator std::span<T>() { return span(); }
    operator std::span<const T>() const { return {data_.get(), size_}; }

  private:
    std::unique_ptr<T[]> data_;
    std::size_t size_;
};

template <class T>
class Rma : public ::testing::Test {};
using RmaTypes = ::testing::Types<char, signed char, unsigned char, short, int, long, long long,
                                  unsigned, unsigned long, float, double, long double,
                                  std::int64_t, std::uint8_t, std::size_t, std::ptrdiff_t, bool,
                                  Pod, Wide>;
TYPED_TEST_SUITE(Rma, RmaTypes);

constexpr std::size_t N = 37;

TYPED_TEST(Rma, PutToTheRightNeighbour)
{
    using T = TypeParam;
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    shoal::SymmetricBuffer<T> dst(N);
    Local<T> src(N);
    for (std::size_t i = 0; i < N; ++i)
        src[i] = make<T>(me(), static_cast<int>(i));
    shoal::put(dst.on(right), src);
    shoal::barrier(shoal::world());
    for (std::size_t i = 0; i < N; ++i)
        EXPECT_EQ(dst[i], make<T>(left, static_cast<int>(i))) << "element " << i;
    shoal::barrier(shoal::world());
}

TYPED_TEST(Rma, GetFromTheLeftNeighbourAndASubspan)
{
    using T = TypeParam;
    const int left = (me() + npes() - 1) % npes();
    shoal::SymmetricBuffer<T> src(N);
    for (std::size_t i = 0; i < N; ++i)
        src[i] = make<T>(me(), static_cast<int>(i));
    shoal::barrier(shoal::world());
    Local<T> got(N);
    shoal::get(got.span(), src.on(left));
    for (std::size_t i = 0; i < N; ++i)
        EXPECT_EQ(got[i], make<T>(left, static_cast<int>(i)));
    std::array<T, 5> part{};
    shoal::get(std::span<T>(part), src.on(left).subspan(10, 5));
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(part[static_cast<std::size_t>(i)], make<T>(left, 10 + i));
    shoal::barrier(shoal::world());
}

TYPED_TEST(Rma, NonBlockingCompleteAtQuiet)
{
    using T = TypeParam;
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    shoal::SymmetricBuffer<T> dst(N), src(N);
    Local<T> local(N);
    for (std::size_t i = 0; i < N; ++i) {
        local[i] = make<T>(me(), static_cast<int>(i));
        src[i] = make<T>(me(), static_cast<int>(N - i));
    }
    shoal::barrier(shoal::world());
    shoal::put_nbi(dst.on(right), local);
    Local<T> got(N);
    shoal::get_nbi(got.span(), src.on(left));
    shoal::quiet();
    for (std::size_t i = 0; i < N; ++i)
        EXPECT_EQ(got[i], make<T>(left, static_cast<int>(N - i)));
    shoal::barrier(shoal::world());
    for (std::size_t i = 0; i < N; ++i)
        EXPECT_EQ(dst[i], make<T>(left, static_cast<int>(i)));
    shoal::barrier(shoal::world());
}

TYPED_TEST(Rma, SingleElementsPAndG)
{
    using T = TypeParam;
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    shoal::SymmetricBuffer<T> cell(3);
    shoal::p(cell.at(1, right), make<T>(me(), 9));
    shoal::barrier(shoal::world());
    EXPECT_EQ(cell[1], make<T>(left, 9));
    EXPECT_EQ(shoal::g(cell.at(1, right)), make<T>(me(), 9));
    shoal::barrier(shoal::world());
}

TYPED_TEST(Rma, StridedPutAndGet)
{
    using T = TypeParam;
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    constexpr std::size_t n = 6;
    shoal::SymmetricBuffer<T> dst(3 * n, make<T>(99, 99));
    Local<T> src(2 * n);
    for (std::size_t i = 0; i < 2 * n; ++i)
        src[i] = make<T>(me(), static_cast<int>(i));
    // dst[3i] on the right = src[2i]
    shoal::iput(dst.on(right), src, shoal::Strides{.dest = 3, .source = 2}, n);
    shoal::barrier(shoal::world());
    for (std::size_t i = 0; i < 3 * n; ++i) {
        if (i % 3 == 0)
            EXPECT_EQ(dst[i], make<T>(left, static_cast<int>(2 * (i / 3)))) << i;
        else
            EXPECT_EQ(dst[i], make<T>(99, 99)) << i;
    }
    // got[i] = dst[3i] on the left, i.e. what the left's left put.
    Local<T> got(n);
    shoal::iget(got.span(), dst.on(left), shoal::Strides{.dest = 1, .source = 3}, n);
    const int left2 = (left + npes() - 1) % npes();
    for (std::size_t i = 0; i < n; ++i)
        EXPECT_EQ(got[i], make<T>(left2, static_cast<int>(2 * i)));
    shoal::barrier(shoal::world());
}

TYPED_TEST(Rma, WithAContext)
{
    using T = TypeParam;
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    shoal::Context ctx;
    shoal::SymmetricBuffer<T> dst(N);
    Local<T> src(N);
    for (std::size_t i = 0; i < N; ++i)
        src[i] = make<T>(me(), static_cast<int>(i));
    shoal::put(ctx, dst.on(right), src);
    shoal::put_nbi(ctx, dst.on(right).first(2), std::span<const T>(src).last(2));
    shoal::p(ctx, dst.at(N - 1, right), make<T>(me(), 1234));
    shoal::quiet(ctx);
    shoal::barrier(shoal::world());
    EXPECT_EQ(dst[0], make<T>(left, static_cast<int>(N - 2)));
    EXPECT_EQ(dst[1], make<T>(left, static_cast<int>(N - 1)));
    for (std::size_t i = 2; i + 1 < N; ++i)
        EXPECT_EQ(dst[i], make<T>(left, static_cast<int>(i)));
    EXPECT_EQ(dst[N - 1], make<T>(left, 1234));
    Local<T> got(N);
    shoal::get(ctx, got.span(), dst.on(right));
    EXPECT_EQ(got[5], make<T>(me(), 5));
    EXPECT_EQ(shoal::g(ctx, dst.at(N - 1, right)), make<T>(me(), 1234));
    Local<T> strided(3);
    shoal::iget(ctx, strided.span(), dst.on(right), shoal::Strides{.dest = 1, .source = 4}, 3);
    shoal::get_nbi(ctx, got.span().first(3), dst.on(right).subspan(4, 3));
    shoal::quiet(ctx);
    EXPECT_EQ(strided[2], make<T>(me(), 8));
    EXPECT_EQ(got[0], make<T>(me(), 4));
    shoal::barrier(shoal::world());
}

// A symmetric global works through remote() and RemoteSpan over an array.
long g_counter;
int g_array[4];

TEST(RmaGlobals, GlobalsAreSymmetric)
{
    const int right = (me() + 1) % npes(), left = (me() + npes() - 1) % npes();
    shoal::p(shoal::remote(g_counter, right), static_cast<long>(me() + 10));
    const int vals[4] = {me(), me() + 1, me() + 2, me() + 3};
    shoal::put(shoal::RemoteSpan(g_array, right), std::span<const int>(vals));
    shoal::barrier(shoal::world());
    EXPECT_EQ(g_counter, left + 10);
    EXPECT_EQ(g_array[3], left + 3);
    shoal::barrier(shoal::world());
}

} // namespace
