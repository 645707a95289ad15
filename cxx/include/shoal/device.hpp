// shoal::device for C++ kernels: the Context a kernel receives by value, and typed calls on
// spans that check their element types against the type table at compile time. Everything of
// the device API (<shoal/device/api.h>: p, g, put, get, AMOs, signals, waits, barriers at
// thread / warp / block scope) takes a Context where it takes a context.
//
//     auto ctx = shoal::device::Context::current();            // host, after allocating
//     kernel<<<1, 128>>>(ctx, buf.data(), n);                   // by value
//     ...  shoal::device::put<shoal::device::scope::block>(ctx, dest, src, right);  // in the kernel
//
// Compiles under nvcc (kernels) and g++ with -I<cuda>/include/cccl (host emulation).
#ifndef SHOAL_CXX_DEVICE_HPP
#define SHOAL_CXX_DEVICE_HPP

#include <shmemx.h>
#include <shoal/detail/traits.hpp>
#include <shoal/device/api.h>
#include <shoal/error.hpp>

#include <cuda/std/span>
#include <type_traits>

namespace shoal::device {

/// What a kernel needs to reach every PE's symmetric heap (the device heap when there is one,
/// else the host heap: the host emulation). Trivially copyable: pass it to kernels by value.
struct Context : shoal_device_context {
    /// Host: the context of this PE now (teams alive now). Throws shoal::Error on failure.
    static Context current()
    {
        Context c{};
        if (shmemx_device_context(&c) != 0)
            throw Error(errc::invalid_argument, "shoal::device::Context::current");
        return c;
    }
    SHOAL_HD int my_pe() const { return shoal_device_context::my_pe; }
    SHOAL_HD int n_pes() const { return npes; }
    /// Memory the context reaches: the GPU's device heap, or the host heap (emulation).
    SHOAL_HD bool on_gpu() const { return kind == SHOAL_DEVICE_HEAP_GPU; }
};
static_assert(std::is_trivially_copyable_v<Context> && sizeof(Context) == sizeof(shoal_device_context),
              "a Context is the C context, passed to kernels by value");

template <class T> using span = cuda::std::span<T>;

#define SHOAL_DEVICE_REQUIRE(PRED, T, WHAT)                                                           \
    static_assert(::shoal::detail::PRED<std::remove_cv_t<T>>,                                         \
                  "shoal::device::" WHAT ": T is not in the OpenSHMEM type table for this operation")

/// Put src to the symmetric dest (this PE's address) on pe, by the whole scope S.
template <class S = scope::thread, class T>
SHOAL_HD void put(const Context &c, span<T> dest, span<const T> src, int pe)
{
    SHOAL_DEVICE_REQUIRE(has_typed_rma, T, "put");
    put<S>(c, dest.data(), src.data(), src.size() < dest.size() ? src.size() : dest.size(), pe);
}

/// Get the symmetric src on pe into dest, by the whole scope S.
template <class S = scope::thread, class T>
SHOAL_HD void get(const Context &c, span<T> dest, span<const T> src, int pe)
{
    SHOAL_DEVICE_REQUIRE(has_typed_rma, T, "get");
    get<S>(c, dest.data(), src.data(), src.size() < dest.size() ? src.size() : dest.size(), pe);
}

/// put, then set / add the signal on pe once the data is there.
template <class S = scope::thread, class T>
SHOAL_HD void put_signal(const Context &c, span<T> dest, span<const T> src, std::uint64_t *sig_addr,
                         std::uint64_t signal, int sig_op, int pe)
{
    SHOAL_DEVICE_REQUIRE(has_typed_rma, T, "put_signal");
    put_signal<S>(c, dest.data(), src.data(), src.size() < dest.size() ? src.size() : dest.size(), sig_addr,
                  signal, sig_op, pe);
}

/// Typed atomics with the type table's checks (the api.h templates take any type).
template <class T> SHOAL_HD T fetch_add(const Context &c, T *dest, T value, int pe)
{
    SHOAL_DEVICE_REQUIRE(is_amo_standard, T, "fetch_add");
    return atomic_fetch_add(c, dest, value, pe);
}
template <class T> SHOAL_HD T compare_swap(const Context &c, T *dest, T cond, T value, int pe)
{
    SHOAL_DEVICE_REQUIRE(is_amo_standard, T, "compare_swap");
    return atomic_compare_swap(c, dest, cond, value, pe);
}
template <class T> SHOAL_HD T swap(const Context &c, T *dest, T value, int pe)
{
    SHOAL_DEVICE_REQUIRE(is_amo_extended, T, "swap");
    return atomic_swap(c, dest, value, pe);
}
template <class T> SHOAL_HD T fetch(const Context &c, const T *src, int pe)
{
    SHOAL_DEVICE_REQUIRE(is_amo_extended, T, "fetch");
    return atomic_fetch(c, src, pe);
}
template <class T> SHOAL_HD T fetch_or(const Context &c, T *dest, T value, int pe)
{
    SHOAL_DEVICE_REQUIRE(is_amo_bitwise, T, "fetch_or");
    return atomic_fetch_or(c, dest, value, pe);
}
/// Wait until the local *ivar compares true with value (cmp: SHMEM_CMP_*).
template <class T> SHOAL_HD void wait_until(const Context &c, T *ivar, int cmp, T value)
{
    SHOAL_DEVICE_REQUIRE(is_p2p, T, "wait_until");
    wait_until(static_cast<const context &>(c), ivar, cmp, value);
}

#undef SHOAL_DEVICE_REQUIRE

} // namespace shoal::device

#endif
