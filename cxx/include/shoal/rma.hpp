// Typed RMA as free functions on remote views: put, get, put_nbi, get_nbi, p, g and the
// strided forms iput / iget, each also with a context first.
//
//     shoal::put(buffer.on(peer), std::span<const double>(halo));     // dest, then source
//     shoal::get(std::span<double>(mine), buffer.on(peer).first(8));
//     shoal::p(counter.at(0, peer), 42L);   long v = shoal::g(counter.at(0, peer));
//
// Any trivially copyable T works: the typed C routine for the standard C types, the byte
// (mem / SIZE) routines otherwise. Everything is noexcept; a source larger than the
// destination view stops every PE with a message, like the C API's own checks.
#ifndef SHOAL_CXX_RMA_HPP
#define SHOAL_CXX_RMA_HPP

#include <shmem.h>
#include <shoal/context.hpp>
#include <shoal/detail/traits.hpp>
#include <shoal/error.hpp>
#include <shoal/remote.hpp>

#include <cstddef>
#include <span>
#include <type_traits>

namespace shoal {

/// Element strides of iput / iget (1 = contiguous).
struct Strides {
    std::ptrdiff_t dest = 1;
    std::ptrdiff_t source = 1;
};

namespace detail {
template <class T>
using nd = std::type_identity_t<T>; // non-deduced: T comes from the remote view

inline void check_fits(std::size_t need, std::size_t have, const char *routine) noexcept
{
    if (need > have) [[unlikely]]
        fatal(routine, "the source is larger than the destination");
}
inline void check_strided(std::size_t nelems, std::ptrdiff_t stride, std::size_t size,
                          const char *routine) noexcept
{
    if (nelems == 0)
        return;
    if (stride < 1 || (nelems - 1) * static_cast<std::size_t>(stride) >= size) [[unlikely]]
        fatal(routine, "nelems elements at this stride run past the end of the view");
}
#define SHOAL_DETAIL_RMA_T(T, WHERE)                                                           \
    static_assert(std::is_trivially_copyable_v<T>,                                             \
                  WHERE ": T must be trivially copyable (symmetric memory is copied byte-wise " \
                        "between PEs)")
#define SHOAL_DETAIL_STRIDED_T(T, WHERE)                                                       \
    static_assert(::shoal::detail::rma<T>::strided_ok,                                         \
                  WHERE ": strided transfers need a C type or an element of 1, 2, 4, 8 or 16 " \
                        "bytes")
} // namespace detail

// ---- put / get (blocking: put returns when source may be reused, get when dest is filled) --
template <class T>
void put(RemoteSpan<T> dest, std::span<const detail::nd<T>> source) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::put");
    detail::check_fits(source.size(), dest.size(), "shoal::put");
    detail::rma<T>::put(dest.address(), source.data(), source.size(), dest.pe());
}
template <class T>
void put(ContextRef ctx, RemoteSpan<T> dest, std::span<const detail::nd<T>> source) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::put");
    detail::check_fits(source.size(), dest.size(), "shoal::put");
    detail::rma<T>::put(ctx.native_handle(), dest.address(), source.data(), source.size(), dest.pe());
}
template <class T>
void get(std::span<detail::nd<T>> dest, RemoteSpan<T> source) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::get");
    detail::check_fits(source.size(), dest.size(), "shoal::get");
    detail::rma<T>::get(dest.data(), source.address(), source.size(), source.pe());
}
template <class T>
void get(ContextRef ctx, std::span<detail::nd<T>> dest, RemoteSpan<T> source) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::get");
    detail::check_fits(source.size(), dest.size(), "shoal::get");
    detail::rma<T>::get(ctx.native_handle(), dest.data(), source.address(), source.size(), source.pe());
}

// ---- non-blocking (complete with quiet(), or quiet(ctx)) ----------------------------------
template <class T>
void put_nbi(RemoteSpan<T> dest, std::span<const detail::nd<T>> source) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::put_nbi");
    detail::check_fits(source.size(), dest.size(), "shoal::put_nbi");
    detail::rma<T>::put_nbi(dest.address(), source.data(), source.size(), dest.pe());
}
template <class T>
void put_nbi(ContextRef ctx, RemoteSpan<T> dest, std::span<const detail::nd<T>> source) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::put_nbi");
    detail::check_fits(source.size(), dest.size(), "shoal::put_nbi");
    detail::rma<T>::put_nbi(ctx.native_handle(), dest.address(), source.data(), source.size(),
                            dest.pe());
}
template <class T>
void get_nbi(std::span<detail::nd<T>> dest, RemoteSpan<T> source) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::get_nbi");
    detail::check_fits(source.size(), dest.size(), "shoal::get_nbi");
    detail::rma<T>::get_nbi(dest.data(), source.address(), source.size(), source.pe());
}
template <class T>
void get_nbi(ContextRef ctx, std::span<detail::nd<T>> dest, RemoteSpan<T> source) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::get_nbi");
    detail::check_fits(source.size(), dest.size(), "shoal::get_nbi");
    detail::rma<T>::get_nbi(ctx.native_handle(), dest.data(), source.address(), source.size(),
                            source.pe());
}

// ---- single elements ------------------------------------------------------------------
template <class T>
void p(RemotePtr<T> dest, detail::nd<T> value) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::p");
    detail::rma<T>::p(dest.address(), value, dest.pe());
}
template <class T>
void p(ContextRef ctx, RemotePtr<T> dest, detail::nd<T> value) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::p");
    detail::rma<T>::p(ctx.native_handle(), dest.address(), value, dest.pe());
}
template <class T>
[[nodiscard]] T g(RemotePtr<T> source) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::g");
    return detail::rma<T>::g(source.address(), source.pe());
}
template <class T>
[[nodiscard]] T g(ContextRef ctx, RemotePtr<T> source) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::g");
    return detail::rma<T>::g(ctx.native_handle(), source.address(), source.pe());
}

// ---- strided: nelems elements, dest[i * strides.dest] = source[i * strides.source] -------
template <class T>
void iput(RemoteSpan<T> dest, std::span<const detail::nd<T>> source, Strides strides,
          std::size_t nelems) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::iput");
    SHOAL_DETAIL_STRIDED_T(T, "shoal::iput");
    detail::check_strided(nelems, strides.dest, dest.size(), "shoal::iput");
    detail::check_strided(nelems, strides.source, source.size(), "shoal::iput");
    detail::rma<T>::iput(dest.address(), source.data(), strides.dest, strides.source, nelems, dest.pe());
}
template <class T>
void iput(ContextRef ctx, RemoteSpan<T> dest, std::span<const detail::nd<T>> source,
          Strides strides, std::size_t nelems) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::iput");
    SHOAL_DETAIL_STRIDED_T(T, "shoal::iput");
    detail::check_strided(nelems, strides.dest, dest.size(), "shoal::iput");
    detail::check_strided(nelems, strides.source, source.size(), "shoal::iput");
    detail::rma<T>::iput(ctx.native_handle(), dest.address(), source.data(), strides.dest,
                         strides.source, nelems, dest.pe());
}
template <class T>
void iget(std::span<detail::nd<T>> dest, RemoteSpan<T> source, Strides strides,
          std::size_t nelems) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::iget");
    SHOAL_DETAIL_STRIDED_T(T, "shoal::iget");
    detail::check_strided(nelems, strides.dest, dest.size(), "shoal::iget");
    detail::check_strided(nelems, strides.source, source.size(), "shoal::iget");
    detail::rma<T>::iget(dest.data(), source.address(), strides.dest, strides.source, nelems,
                         source.pe());
}
template <class T>
void iget(ContextRef ctx, std::span<detail::nd<T>> dest, RemoteSpan<T> source, Strides strides,
          std::size_t nelems) noexcept
{
    SHOAL_DETAIL_RMA_T(T, "shoal::iget");
    SHOAL_DETAIL_STRIDED_T(T, "shoal::iget");
    detail::check_strided(nelems, strides.dest, dest.size(), "shoal::iget");
    detail::check_strided(nelems, strides.source, source.size(), "shoal::iget");
    detail::rma<T>::iget(ctx.native_handle(), dest.data(), source.address(), strides.dest,
                         strides.source, nelems, source.pe());
}

} // namespace shoal

#endif
