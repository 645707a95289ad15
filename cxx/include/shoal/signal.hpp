// Signals and point-to-point synchronisation with typed comparisons.
//
//     shoal::put_signal(inbox.on(peer), data, flag.at(0, peer), 1, shoal::SignalOp::set);
//     shoal::signal_wait_until(flag[0], shoal::ge(1));     // on the receiving PE
//     shoal::wait_until(counter[0], shoal::eq(n_pes));     // any point-to-point type
//
// A comparison is a value: shoal::eq(v), ne, gt, ge, lt, le build Comparison<U>, and the
// waited-on type decides which C routine runs (OpenSHMEM Table 9 types only; others fail with
// a static_assert).
#ifndef SHOAL_CXX_SIGNAL_HPP
#define SHOAL_CXX_SIGNAL_HPP

#include <shmem.h>
#include <shoal/context.hpp>
#include <shoal/detail/traits.hpp>
#include <shoal/error.hpp>
#include <shoal/remote.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>

namespace shoal {

/// How put_signal updates the signal word.
enum class SignalOp : int { set = SHMEM_SIGNAL_SET, add = SHMEM_SIGNAL_ADD };

/// Comparison operators of wait_until / test.
enum class Cmp : int {
    eq = SHMEM_CMP_EQ,
    ne = SHMEM_CMP_NE,
    gt = SHMEM_CMP_GT,
    le = SHMEM_CMP_LE,
    lt = SHMEM_CMP_LT,
    ge = SHMEM_CMP_GE,
};

/// "ivar <op> value".
template <class U>
struct Comparison {
    Cmp op;
    U value;
};
template <class U> [[nodiscard]] constexpr Comparison<U> eq(U v) noexcept { return {Cmp::eq, v}; }
template <class U> [[nodiscard]] constexpr Comparison<U> ne(U v) noexcept { return {Cmp::ne, v}; }
template <class U> [[nodiscard]] constexpr Comparison<U> gt(U v) noexcept { return {Cmp::gt, v}; }
template <class U> [[nodiscard]] constexpr Comparison<U> ge(U v) noexcept { return {Cmp::ge, v}; }
template <class U> [[nodiscard]] constexpr Comparison<U> lt(U v) noexcept { return {Cmp::lt, v}; }
template <class U> [[nodiscard]] constexpr Comparison<U> le(U v) noexcept { return {Cmp::le, v}; }

#define SHOAL_DETAIL_P2P_T(T, U, WHERE)                                                        \
    static_assert(::shoal::detail::is_p2p<T>,                                                  \
                  WHERE ": T has no OpenSHMEM wait/test routine (point-to-point types: short, " \
                        "int, long, long long, their unsigned forms and fixed-width aliases)"); \
    static_assert(std::is_convertible_v<U, T>,                                                 \
                  WHERE ": the comparison value does not convert to the waited-on type")

// ---- put with signal -------------------------------------------------------------------
namespace detail {
template <class T>
inline void check_signal(const RemoteSpan<T> &dest, RemotePtr<std::uint64_t> signal,
                         std::size_t n, const char *routine) noexcept
{
    if (n > dest.size()) [[unlikely]]
        fatal(routine, "the source is larger than the destination");
    if (signal.pe() != dest.pe()) [[unlikely]]
        fatal(routine, "the signal word must be on the destination PE");
}
} // namespace detail

/// Put source into dest, then update the signal word on the same PE (signal is delivered after
/// the data). Blocking: source may be reused on return.
template <class T>
void put_signal(RemoteSpan<T> dest, std::span<const std::type_identity_t<T>> source,
                RemotePtr<std::uint64_t> signal, std::uint64_t value, SignalOp op) noexcept
{
    detail::check_signal(dest, signal, source.size(), "shoal::put_signal");
    detail::rma_signal<T>::put_signal(dest.address(), source.data(), source.size(),
                                      signal.address(), value, static_cast<int>(op), dest.pe());
}
template <class T>
void put_signal(ContextRef ctx, RemoteSpan<T> dest, std::span<const std::type_identity_t<T>> source,
                RemotePtr<std::uint64_t> signal, std::uint64_t value, SignalOp op) noexcept
{
    detail::check_signal(dest, signal, source.size(), "shoal::put_signal");
    detail::rma_signal<T>::put_signal(ctx.native_handle(), dest.address(), source.data(),
                                      source.size(), signal.address(), value,
                                      static_cast<int>(op), dest.pe());
}
/// Non-blocking put_signal (complete with quiet()).
template <class T>
void put_signal_nbi(RemoteSpan<T> dest, std::span<const std::type_identity_t<T>> source,
                    RemotePtr<std::uint64_t> signal, std::uint64_t value, SignalOp op) noexcept
{
    detail::check_signal(dest, signal, source.size(), "shoal::put_signal_nbi");
    detail::rma_signal<T>::put_signal_nbi(dest.address(), source.data(), source.size(),
                                          signal.address(), value, static_cast<int>(op),
                                          dest.pe());
}
template <class T>
void put_signal_nbi(ContextRef ctx, RemoteSpan<T> dest,
                    std::span<const std::type_identity_t<T>> source,
                    RemotePtr<std::uint64_t> signal, std::uint64_t value, SignalOp op) noexcept
{
    detail::check_signal(dest, signal, source.size(), "shoal::put_signal_nbi");
    detail::rma_signal<T>::put_signal_nbi(ctx.native_handle(), dest.address(), source.data(),
                                          source.size(), signal.address(), value,
                                          static_cast<int>(op), dest.pe());
}

/// Atomically read a local signal word.
[[nodiscard]] inline std::uint64_t signal_fetch(const std::uint64_t &signal) noexcept
{
    return shmem_signal_fetch(&signal);
}
/// Wait until the local signal word satisfies c; returns the value seen.
template <class U>
std::uint64_t signal_wait_until(std::uint64_t &signal, Comparison<U> c) noexcept
{
    static_assert(std::is_convertible_v<U, std::uint64_t>,
                  "shoal::signal_wait_until: the comparison value does not convert to uint64_t");
    return shmem_signal_wait_until(&signal, static_cast<int>(c.op),
                                   static_cast<std::uint64_t>(c.value));
}

// ---- wait_until / test on a local symmetric variable ------------------------------------
template <class T, class U>
void wait_until(T &ivar, Comparison<U> c) noexcept
{
    SHOAL_DETAIL_P2P_T(T, U, "shoal::wait_until");
    detail::p2p<T>::wait_until(&ivar, static_cast<int>(c.op), static_cast<T>(c.value));
}
template <class T, class U>
[[nodiscard]] bool test(T &ivar, Comparison<U> c) noexcept
{
    SHOAL_DETAIL_P2P_T(T, U, "shoal::test");
    return detail::p2p<T>::test(&ivar, static_cast<int>(c.op), static_cast<T>(c.value)) != 0;
}

namespace detail {
/// status: empty = every element takes part; otherwise one entry per element, non-zero = skip.
template <class T>
inline const int *status_ptr(std::span<const int> status, std::span<T> ivars,
                             const char *routine) noexcept
{
    if (status.empty())
        return nullptr;
    if (status.size() != ivars.size()) [[unlikely]]
        fatal(routine, "status must be empty or have one entry per variable");
    return status.data();
}
} // namespace detail

/// Wait until every variable (not excluded by status) satisfies c.
template <class T, class U>
void wait_until_all(std::span<T> ivars, Comparison<U> c, std::span<const int> status = {}) noexcept
{
    SHOAL_DETAIL_P2P_T(T, U, "shoal::wait_until_all");
    detail::p2p<T>::wait_until_all(ivars.data(), ivars.size(),
                                   detail::status_ptr(status, ivars, "shoal::wait_until_all"),
                                   static_cast<int>(c.op), static_cast<T>(c.value));
}
/// Wait until some variable satisfies c; its index (none when every one is excluded).
template <class T, class U>
std::optional<std::size_t> wait_until_any(std::span<T> ivars, Comparison<U> c,
                                          std::span<const int> status = {}) noexcept
{
    SHOAL_DETAIL_P2P_T(T, U, "shoal::wait_until_any");
    const std::size_t i = detail::p2p<T>::wait_until_any(
        ivars.data(), ivars.size(), detail::status_ptr(status, ivars, "shoal::wait_until_any"),
        static_cast<int>(c.op), static_cast<T>(c.value));
    return i == SIZE_MAX ? std::nullopt : std::optional<std::size_t>(i);
}
/// Wait until at least one variable satisfies c; the indices of all that do are written to
/// indices (which needs room for ivars.size()); returns their count.
template <class T, class U>
std::size_t wait_until_some(std::span<T> ivars, std::span<std::size_t> indices, Comparison<U> c,
                            std::span<const int> status = {}) noexcept
{
    SHOAL_DETAIL_P2P_T(T, U, "shoal::wait_until_some");
    if (indices.size() < ivars.size()) [[unlikely]]
        detail::fatal("shoal::wait_until_some", "indices needs one entry per variable");
    return detail::p2p<T>::wait_until_some(
        ivars.data(), ivars.size(), indices.data(),
        detail::status_ptr(status, ivars, "shoal::wait_until_some"), static_cast<int>(c.op),
        static_cast<T>(c.value));
}
/// Wait until ivars[i] <op> values[i] for every i.
template <class T>
void wait_until_all_vector(std::span<T> ivars, Cmp op, std::span<std::type_identity_t<T>> values,
                           std::span<const int> status = {}) noexcept
{
    SHOAL_DETAIL_P2P_T(T, T, "shoal::wait_until_all_vector");
    if (values.size() != ivars.size()) [[unlikely]]
        detail::fatal("shoal::wait_until_all_vector", "values needs one entry per variable");
    detail::p2p<T>::wait_until_all_vector(
        ivars.data(), ivars.size(), detail::status_ptr(status, ivars, "shoal::wait_until_all_vector"),
        static_cast<int>(op), values.data());
}
/// True when every variable satisfies c.
template <class T, class U>
[[nodiscard]] bool test_all(std::span<T> ivars, Comparison<U> c, std::span<const int> status = {}) noexcept
{
    SHOAL_DETAIL_P2P_T(T, U, "shoal::test_all");
    return detail::p2p<T>::test_all(ivars.data(), ivars.size(),
                                    detail::status_ptr(status, ivars, "shoal::test_all"),
                                    static_cast<int>(c.op), static_cast<T>(c.value)) != 0;
}
/// The index of a variable that satisfies c, if any.
template <class T, class U>
[[nodiscard]] std::optional<std::size_t> test_any(std::span<T> ivars, Comparison<U> c,
                                                  std::span<const int> status = {}) noexcept
{
    SHOAL_DETAIL_P2P_T(T, U, "shoal::test_any");
    const std::size_t i = detail::p2p<T>::test_any(
        ivars.data(), ivars.size(), detail::status_ptr(status, ivars, "shoal::test_any"),
        static_cast<int>(c.op), static_cast<T>(c.value));
    return i == SIZE_MAX ? std::nullopt : std::optional<std::size_t>(i);
}

} // namespace shoal

#endif
