// Atomic memory operations as free functions on RemotePtr<T>, each also with a context first:
//
//     long before = shoal::atomic_fetch_add(counter.at(0, peer), 1);
//     shoal::atomic_or(flags.at(i, peer), 0x4u);
//
// Only the types the C API defines for an operation compile (OpenSHMEM 1.5 Tables 6 and 7):
//   fetch, set, swap (+ _nbi)                     standard AMO types, float, double
//   compare_swap, fetch_inc, inc, fetch_add, add  int, long, long long, their unsigned forms
//                                                 and the fixed-width aliases of those
//   fetch_and/or/xor, and/or/xor                  unsigned int/long/long long, int32_t,
//                                                 int64_t, uint32_t, uint64_t
// Any other type fails with a static_assert that names the operation and the allowed types.
#ifndef SHOAL_CXX_ATOMIC_HPP
#define SHOAL_CXX_ATOMIC_HPP

#include <shmem.h>
#include <shoal/context.hpp>
#include <shoal/detail/traits.hpp>
#include <shoal/remote.hpp>

#include <type_traits>

namespace shoal {

#define SHOAL_DETAIL_AMO_EXT_T(T, WHERE)                                                       \
    static_assert(::shoal::detail::is_amo_extended<T>,                                         \
                  WHERE ": T has no OpenSHMEM atomic of this kind (extended AMO types: int, "   \
                        "long, long long, their unsigned forms, float, double and fixed-width " \
                        "aliases of these)")
#define SHOAL_DETAIL_AMO_STD_T(T, WHERE)                                                       \
    static_assert(::shoal::detail::is_amo_standard<T>,                                         \
                  WHERE ": T has no OpenSHMEM atomic of this kind (standard AMO types: int, "   \
                        "long, long long, their unsigned forms and fixed-width aliases of "     \
                        "these; not floating types)")
#define SHOAL_DETAIL_AMO_BIT_T(T, WHERE)                                                       \
    static_assert(::shoal::detail::is_amo_bitwise<T>,                                          \
                  WHERE ": T has no OpenSHMEM bitwise atomic (bitwise AMO types: unsigned "     \
                        "int, unsigned long, unsigned long long, int32_t, int64_t, uint32_t, "  \
                        "uint64_t)")

// Each operation: plain and with a context. VALUE_PARAMS / VALUE_ARGS list what follows dest.
#define SHOAL_DETAIL_AMO_FN(RET, NAME, FN, CHECK)                                              \
    template <class T>                                                                         \
    RET NAME(RemotePtr<T> dest) noexcept                                                       \
    {                                                                                          \
        CHECK(T, "shoal::" #NAME);                                                             \
        return detail::amo<T>::FN(dest.address(), dest.pe());                                  \
    }                                                                                          \
    template <class T>                                                                         \
    RET NAME(ContextRef ctx, RemotePtr<T> dest) noexcept                                       \
    {                                                                                          \
        CHECK(T, "shoal::" #NAME);                                                             \
        return detail::amo<T>::FN(ctx.native_handle(), dest.address(), dest.pe());            \
    }
#define SHOAL_DETAIL_AMO_FN1(RET, NAME, FN, CHECK)                                             \
    template <class T>                                                                         \
    RET NAME(RemotePtr<T> dest, std::type_identity_t<T> value) noexcept                        \
    {                                                                                          \
        CHECK(T, "shoal::" #NAME);                                                             \
        return detail::amo<T>::FN(dest.address(), value, dest.pe());                           \
    }                                                                                          \
    template <class T>                                                                         \
    RET NAME(ContextRef ctx, RemotePtr<T> dest, std::type_identity_t<T> value) noexcept        \
    {                                                                                          \
        CHECK(T, "shoal::" #NAME);                                                             \
        return detail::amo<T>::FN(ctx.native_handle(), dest.address(), value, dest.pe());      \
    }
// _nbi forms: the fetched value lands in fetch (local) after quiet().
#define SHOAL_DETAIL_AMO_NBI(NAME, FN, CHECK)                                                  \
    template <class T>                                                                         \
    void NAME(std::type_identity_t<T> &fetch, RemotePtr<T> dest) noexcept                      \
    {                                                                                          \
        CHECK(T, "shoal::" #NAME);                                                             \
        detail::amo<T>::FN(&fetch, dest.address(), dest.pe());                                 \
    }                                                                                          \
    template <class T>                                                                         \
    void NAME(ContextRef ctx, std::type_identity_t<T> &fetch, RemotePtr<T> dest) noexcept      \
    {                                                                                          \
        CHECK(T, "shoal::" #NAME);                                                             \
        detail::amo<T>::FN(ctx.native_handle(), &fetch, dest.address(), dest.pe());           \
    }
#define SHOAL_DETAIL_AMO_NBI1(NAME, FN, CHECK)                                                 \
    template <class T>                                                                         \
    void NAME(std::type_identity_t<T> &fetch, RemotePtr<T> dest,                               \
              std::type_identity_t<T> value) noexcept                                          \
    {                                                                                          \
        CHECK(T, "shoal::" #NAME);                                                             \
        detail::amo<T>::FN(&fetch, dest.address(), value, dest.pe());                          \
    }                                                                                          \
    template <class T>                                                                         \
    void NAME(ContextRef ctx, std::type_identity_t<T> &fetch, RemotePtr<T> dest,               \
              std::type_identity_t<T> value) noexcept                                          \
    {                                                                                          \
        CHECK(T, "shoal::" #NAME);                                                             \
        detail::amo<T>::FN(ctx.native_handle(), &fetch, dest.address(), value, dest.pe());    \
    }

// fetch / set / swap (extended types)
template <class T>
[[nodiscard]] T atomic_fetch(RemotePtr<T> source) noexcept
{
    SHOAL_DETAIL_AMO_EXT_T(T, "shoal::atomic_fetch");
    return detail::amo<T>::fetch(source.address(), source.pe());
}
template <class T>
[[nodiscard]] T atomic_fetch(ContextRef ctx, RemotePtr<T> source) noexcept
{
    SHOAL_DETAIL_AMO_EXT_T(T, "shoal::atomic_fetch");
    return detail::amo<T>::fetch(ctx.native_handle(), source.address(), source.pe());
}
SHOAL_DETAIL_AMO_FN1(void, atomic_set, set, SHOAL_DETAIL_AMO_EXT_T)
SHOAL_DETAIL_AMO_FN1(T, atomic_swap, swap, SHOAL_DETAIL_AMO_EXT_T)
SHOAL_DETAIL_AMO_NBI(atomic_fetch_nbi, fetch_nbi, SHOAL_DETAIL_AMO_EXT_T)
SHOAL_DETAIL_AMO_NBI1(atomic_swap_nbi, swap_nbi, SHOAL_DETAIL_AMO_EXT_T)

// compare_swap / inc / add (standard types)
template <class T>
T atomic_compare_swap(RemotePtr<T> dest, std::type_identity_t<T> cond,
                      std::type_identity_t<T> value) noexcept
{
    SHOAL_DETAIL_AMO_STD_T(T, "shoal::atomic_compare_swap");
    return detail::amo<T>::compare_swap(dest.address(), cond, value, dest.pe());
}
template <class T>
T atomic_compare_swap(ContextRef ctx, RemotePtr<T> dest, std::type_identity_t<T> cond,
                      std::type_identity_t<T> value) noexcept
{
    SHOAL_DETAIL_AMO_STD_T(T, "shoal::atomic_compare_swap");
    return detail::amo<T>::compare_swap(ctx.native_handle(), dest.address(), cond, value, dest.pe());
}
template <class T>
void atomic_compare_swap_nbi(std::type_identity_t<T> &fetch, RemotePtr<T> dest,
                             std::type_identity_t<T> cond, std::type_identity_t<T> value) noexcept
{
    SHOAL_DETAIL_AMO_STD_T(T, "shoal::atomic_compare_swap_nbi");
    detail::amo<T>::compare_swap_nbi(&fetch, dest.address(), cond, value, dest.pe());
}
template <class T>
void atomic_compare_swap_nbi(ContextRef ctx, std::type_identity_t<T> &fetch, RemotePtr<T> dest,
                             std::type_identity_t<T> cond, std::type_identity_t<T> value) noexcept
{
    SHOAL_DETAIL_AMO_STD_T(T, "shoal::atomic_compare_swap_nbi");
    detail::amo<T>::compare_swap_nbi(ctx.native_handle(), &fetch, dest.address(), cond, value,
                                     dest.pe());
}
SHOAL_DETAIL_AMO_FN(T, atomic_fetch_inc, fetch_inc, SHOAL_DETAIL_AMO_STD_T)
SHOAL_DETAIL_AMO_FN(void, atomic_inc, inc, SHOAL_DETAIL_AMO_STD_T)
SHOAL_DETAIL_AMO_FN1(T, atomic_fetch_add, fetch_add, SHOAL_DETAIL_AMO_STD_T)
SHOAL_DETAIL_AMO_FN1(void, atomic_add, add, SHOAL_DETAIL_AMO_STD_T)
SHOAL_DETAIL_AMO_NBI(atomic_fetch_inc_nbi, fetch_inc_nbi, SHOAL_DETAIL_AMO_STD_T)
SHOAL_DETAIL_AMO_NBI1(atomic_fetch_add_nbi, fetch_add_nbi, SHOAL_DETAIL_AMO_STD_T)

// bitwise
SHOAL_DETAIL_AMO_FN1(T, atomic_fetch_and, fetch_and, SHOAL_DETAIL_AMO_BIT_T)
SHOAL_DETAIL_AMO_FN1(T, atomic_fetch_or, fetch_or, SHOAL_DETAIL_AMO_BIT_T)
SHOAL_DETAIL_AMO_FN1(T, atomic_fetch_xor, fetch_xor, SHOAL_DETAIL_AMO_BIT_T)
SHOAL_DETAIL_AMO_FN1(void, atomic_and, and_, SHOAL_DETAIL_AMO_BIT_T)
SHOAL_DETAIL_AMO_FN1(void, atomic_or, or_, SHOAL_DETAIL_AMO_BIT_T)
SHOAL_DETAIL_AMO_FN1(void, atomic_xor, xor_, SHOAL_DETAIL_AMO_BIT_T)
SHOAL_DETAIL_AMO_NBI1(atomic_fetch_and_nbi, fetch_and_nbi, SHOAL_DETAIL_AMO_BIT_T)
SHOAL_DETAIL_AMO_NBI1(atomic_fetch_or_nbi, fetch_or_nbi, SHOAL_DETAIL_AMO_BIT_T)
SHOAL_DETAIL_AMO_NBI1(atomic_fetch_xor_nbi, fetch_xor_nbi, SHOAL_DETAIL_AMO_BIT_T)

#undef SHOAL_DETAIL_AMO_FN
#undef SHOAL_DETAIL_AMO_FN1
#undef SHOAL_DETAIL_AMO_NBI
#undef SHOAL_DETAIL_AMO_NBI1

} // namespace shoal

#endif
