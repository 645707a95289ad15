// Atomic memory operations from kernels: libcu++ system-scope atomics on the peer's mapping,
// so they are atomic with the host runtime's AMOs and with every other GPU and CPU thread.
// Relaxed, as NVSHMEM's are: an AMO orders nothing else; fence and quiet order and complete
// them. Thread scope (as in NVSHMEM). Typed names from the type table's AMO rows.
#ifndef SHOAL_DEVICE_AMO_H
#define SHOAL_DEVICE_AMO_H

#include <shoal/typetable.h>
#include <shoal/device/config.h>
#include <shoal/device/fail.h>

namespace shoal::device {

namespace detail {

/** The memory order of every device AMO. */
inline constexpr cuda::std::memory_order amo_order = cuda::std::memory_order_relaxed;

/** The atomic view of dest on pe, for routine (checked as every RMA is). */
template <class T> SHOAL_HD inline atomic_ref<T> amo_at(const context &c, T *dest, int pe, const char *routine)
{
    return atomic_ref<T>(*remote<scope::thread>(c, dest, pe, routine));
}

} // namespace detail

template <class T> SHOAL_HD inline T atomic_fetch(const context &c, const T *src, int pe)
{
    return detail::amo_at(c, const_cast<T *>(src), pe, "atomic_fetch").load(detail::amo_order);
}
template <class T> SHOAL_HD inline void atomic_set(const context &c, T *dest, T value, int pe)
{
    detail::amo_at(c, dest, pe, "atomic_set").store(value, detail::amo_order);
}
template <class T> SHOAL_HD inline T atomic_swap(const context &c, T *dest, T value, int pe)
{
    return detail::amo_at(c, dest, pe, "atomic_swap").exchange(value, detail::amo_order);
}
/** Store value if the old value equals cond; returns the old value. */
template <class T> SHOAL_HD inline T atomic_compare_swap(const context &c, T *dest, T cond, T value, int pe)
{
    detail::amo_at(c, dest, pe, "atomic_compare_swap").compare_exchange_strong(cond, value, detail::amo_order);
    return cond;
}
template <class T> SHOAL_HD inline T atomic_fetch_add(const context &c, T *dest, T value, int pe)
{
    return detail::amo_at(c, dest, pe, "atomic_fetch_add").fetch_add(value, detail::amo_order);
}
template <class T> SHOAL_HD inline void atomic_add(const context &c, T *dest, T value, int pe)
{
    atomic_fetch_add(c, dest, value, pe);
}
template <class T> SHOAL_HD inline T atomic_fetch_inc(const context &c, T *dest, int pe)
{
    return atomic_fetch_add(c, dest, T(1), pe);
}
template <class T> SHOAL_HD inline void atomic_inc(const context &c, T *dest, int pe)
{
    atomic_fetch_add(c, dest, T(1), pe);
}
template <class T> SHOAL_HD inline T atomic_fetch_and(const context &c, T *dest, T value, int pe)
{
    return detail::amo_at(c, dest, pe, "atomic_fetch_and").fetch_and(value, detail::amo_order);
}
template <class T> SHOAL_HD inline T atomic_fetch_or(const context &c, T *dest, T value, int pe)
{
    return detail::amo_at(c, dest, pe, "atomic_fetch_or").fetch_or(value, detail::amo_order);
}
template <class T> SHOAL_HD inline T atomic_fetch_xor(const context &c, T *dest, T value, int pe)
{
    return detail::amo_at(c, dest, pe, "atomic_fetch_xor").fetch_xor(value, detail::amo_order);
}
template <class T> SHOAL_HD inline void atomic_and(const context &c, T *dest, T value, int pe)
{
    atomic_fetch_and(c, dest, value, pe);
}
template <class T> SHOAL_HD inline void atomic_or(const context &c, T *dest, T value, int pe)
{
    atomic_fetch_or(c, dest, value, pe);
}
template <class T> SHOAL_HD inline void atomic_xor(const context &c, T *dest, T value, int pe)
{
    atomic_fetch_xor(c, dest, value, pe);
}

// Named forms: TYPENAME_atomic_OP (nvshmem_int_atomic_fetch_add ...).
#define SHOAL_DEV_AMO_EXT(T, NAME, A)                                                                   \
    SHOAL_HD inline T NAME##_atomic_fetch(const context &c, const T *s, int pe) { return atomic_fetch(c, s, pe); } \
    SHOAL_HD inline void NAME##_atomic_set(const context &c, T *d, T v, int pe) { atomic_set(c, d, v, pe); }      \
    SHOAL_HD inline T NAME##_atomic_swap(const context &c, T *d, T v, int pe) { return atomic_swap(c, d, v, pe); }
#define SHOAL_DEV_AMO_STD(T, NAME, A)                                                                   \
    SHOAL_HD inline T NAME##_atomic_compare_swap(const context &c, T *d, T cond, T v, int pe)             \
    { return atomic_compare_swap(c, d, cond, v, pe); }                                                  \
    SHOAL_HD inline T NAME##_atomic_fetch_add(const context &c, T *d, T v, int pe)                        \
    { return atomic_fetch_add(c, d, v, pe); }                                                           \
    SHOAL_HD inline void NAME##_atomic_add(const context &c, T *d, T v, int pe) { atomic_add(c, d, v, pe); } \
    SHOAL_HD inline T NAME##_atomic_fetch_inc(const context &c, T *d, int pe) { return atomic_fetch_inc(c, d, pe); } \
    SHOAL_HD inline void NAME##_atomic_inc(const context &c, T *d, int pe) { atomic_inc(c, d, pe); }
#define SHOAL_DEV_AMO_BIT(T, NAME, A)                                                                   \
    SHOAL_HD inline T NAME##_atomic_fetch_and(const context &c, T *d, T v, int pe) { return atomic_fetch_and(c, d, v, pe); } \
    SHOAL_HD inline T NAME##_atomic_fetch_or(const context &c, T *d, T v, int pe) { return atomic_fetch_or(c, d, v, pe); }   \
    SHOAL_HD inline T NAME##_atomic_fetch_xor(const context &c, T *d, T v, int pe) { return atomic_fetch_xor(c, d, v, pe); } \
    SHOAL_HD inline void NAME##_atomic_and(const context &c, T *d, T v, int pe) { atomic_and(c, d, v, pe); }   \
    SHOAL_HD inline void NAME##_atomic_or(const context &c, T *d, T v, int pe) { atomic_or(c, d, v, pe); }     \
    SHOAL_HD inline void NAME##_atomic_xor(const context &c, T *d, T v, int pe) { atomic_xor(c, d, v, pe); }
SHOAL_AMO_EXT_TYPES(SHOAL_DEV_AMO_EXT, )
SHOAL_AMO_STD_TYPES(SHOAL_DEV_AMO_STD, )
SHOAL_AMO_BIT_TYPES(SHOAL_DEV_AMO_BIT, )
#undef SHOAL_DEV_AMO_EXT
#undef SHOAL_DEV_AMO_STD
#undef SHOAL_DEV_AMO_BIT

} // namespace shoal::device

#endif
