// Atomic memory operations from kernels: libcu++ system-scope atomics on the peer's mapping,
// so they are atomic with the host runtime's AMOs and with every other GPU and CPU thread.
// Thread scope (as in NVSHMEM). Typed names from the type table's AMO rows.
#ifndef SHOAL_DEVICE_AMO_H
#define SHOAL_DEVICE_AMO_H

#include <shoal/typetable.h>
#include <shoal/device/config.h>

namespace shoal::device {

template <class T> SHOAL_HD inline T atomic_fetch(const context &c, const T *src, int pe)
{
    return detail::atomic_ref<T>(*detail::peer(c, const_cast<T *>(src), pe)).load();
}
template <class T> SHOAL_HD inline void atomic_set(const context &c, T *dest, T value, int pe)
{
    detail::atomic_ref<T>(*detail::peer(c, dest, pe)).store(value);
}
template <class T> SHOAL_HD inline T atomic_swap(const context &c, T *dest, T value, int pe)
{
    return detail::atomic_ref<T>(*detail::peer(c, dest, pe)).exchange(value);
}
/** Store value if the old value equals cond; returns the old value. */
template <class T> SHOAL_HD inline T atomic_compare_swap(const context &c, T *dest, T cond, T value, int pe)
{
    detail::atomic_ref<T>(*detail::peer(c, dest, pe)).compare_exchange_strong(cond, value);
    return cond;
}
template <class T> SHOAL_HD inline T atomic_fetch_add(const context &c, T *dest, T value, int pe)
{
    return detail::atomic_ref<T>(*detail::peer(c, dest, pe)).fetch_add(value);
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
    return detail::atomic_ref<T>(*detail::peer(c, dest, pe)).fetch_and(value);
}
template <class T> SHOAL_HD inline T atomic_fetch_or(const context &c, T *dest, T value, int pe)
{
    return detail::atomic_ref<T>(*detail::peer(c, dest, pe)).fetch_or(value);
}
template <class T> SHOAL_HD inline T atomic_fetch_xor(const context &c, T *dest, T value, int pe)
{
    return detail::atomic_ref<T>(*detail::peer(c, dest, pe)).fetch_xor(value);
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
