// Point-to-point waits from kernels (thread scope): wait_until / test on one variable, and the
// all / any / some forms with an optional status mask and a per-variable (vector) value.
// Every poll is a system-scope acquire load; every failed poll backs off.
#ifndef SHOAL_DEVICE_WAIT_H
#define SHOAL_DEVICE_WAIT_H

#include <shoal/typetable.h>
#include <shoal/device/config.h>
#include <shoal/device/order.h>

namespace shoal::device {

namespace detail {

template <class T> SHOAL_HD inline bool compare(T v, int cmp, T value)
{
    switch (cmp) {
    case SHMEM_CMP_EQ: return v == value;
    case SHMEM_CMP_NE: return v != value;
    case SHMEM_CMP_GT: return v > value;
    case SHMEM_CMP_LE: return v <= value;
    case SHMEM_CMP_LT: return v < value;
    case SHMEM_CMP_GE: return v >= value;
    default: return false;
    }
}

template <class T> SHOAL_HD inline T load_acquire(T *ivar)
{
    return atomic_ref<T>(*ivar).load(cuda::std::memory_order_acquire);
}

template <class T> SHOAL_HD inline bool holds(T *ivar, int cmp, T value)
{
    return compare(load_acquire(ivar), cmp, value);
}

/** Every value: a scalar for all i, or values[i] (vector forms). */
template <class T> struct one_value {
    T v;
    SHOAL_HD T operator[](std::size_t) const { return v; }
};

/** Indices (ascending) of the variables that hold now, skipping status[i] != 0. */
template <class T, class V>
SHOAL_HD inline std::size_t test_some_of(T *ivars, std::size_t n, std::size_t *indices, const int *status,
                                         int cmp, V values)
{
    std::size_t found = 0;
    for (std::size_t i = 0; i < n; i++)
        if (!(status && status[i]) && holds(&ivars[i], cmp, values[i])) indices[found++] = i;
    return found;
}

template <class T, class V>
SHOAL_HD inline std::size_t test_any_of(T *ivars, std::size_t n, const int *status, int cmp, V values)
{
    for (std::size_t i = 0; i < n; i++)
        if (!(status && status[i]) && holds(&ivars[i], cmp, values[i])) return i;
    return SIZE_MAX;
}

template <class T, class V>
SHOAL_HD inline bool test_all_of(T *ivars, std::size_t n, const int *status, int cmp, V values)
{
    for (std::size_t i = 0; i < n; i++)
        if (!(status && status[i]) && !holds(&ivars[i], cmp, values[i])) return false;
    return true;
}

SHOAL_HD inline bool all_masked(std::size_t n, const int *status)
{
    for (std::size_t i = 0; i < n; i++)
        if (!(status && status[i])) return false;
    return true;
}

template <class T, class V>
SHOAL_HD inline void wait_all_of(T *ivars, std::size_t n, const int *status, int cmp, V values)
{
    unsigned polls = 0;
    while (!test_all_of(ivars, n, status, cmp, values)) backoff(polls);
}

template <class T, class V>
SHOAL_HD inline std::size_t wait_any_of(T *ivars, std::size_t n, const int *status, int cmp, V values)
{
    if (all_masked(n, status)) return SIZE_MAX;
    unsigned polls = 0;
    std::size_t i;
    while ((i = test_any_of(ivars, n, status, cmp, values)) == SIZE_MAX) backoff(polls);
    return i;
}

template <class T, class V>
SHOAL_HD inline std::size_t wait_some_of(T *ivars, std::size_t n, std::size_t *indices, const int *status,
                                         int cmp, V values)
{
    if (all_masked(n, status)) return 0;
    unsigned polls = 0;
    std::size_t k;
    while ((k = test_some_of(ivars, n, indices, status, cmp, values)) == 0) backoff(polls);
    return k;
}

} // namespace detail

/** Wait until *ivar (local symmetric) compares true with value. */
template <class T> SHOAL_HD inline void wait_until(const context &, T *ivar, int cmp, T value)
{
    unsigned polls = 0;
    while (!detail::holds(ivar, cmp, value)) detail::backoff(polls);
}

/** 1 if *ivar compares true with value now, else 0. */
template <class T> SHOAL_HD inline int test(const context &, T *ivar, int cmp, T value)
{
    return detail::holds(ivar, cmp, value) ? 1 : 0;
}

// Named forms: TYPENAME_wait_until(_all/_any/_some)(_vector), TYPENAME_test(...).
#define SHOAL_DEV_WAIT(T, NAME, A)                                                                          \
    SHOAL_HD inline void NAME##_wait_until(const context &c, T *ivar, int cmp, T v) { wait_until(c, ivar, cmp, v); } \
    SHOAL_HD inline int NAME##_test(const context &c, T *ivar, int cmp, T v) { return test(c, ivar, cmp, v); }     \
    SHOAL_HD inline void NAME##_wait_until_all(const context &, T *ivars, std::size_t n, const int *status,   \
                                               int cmp, T v)                                                  \
    { detail::wait_all_of(ivars, n, status, cmp, detail::one_value<T>{v}); }                                  \
    SHOAL_HD inline std::size_t NAME##_wait_until_any(const context &, T *ivars, std::size_t n,               \
                                                      const int *status, int cmp, T v)                        \
    { return detail::wait_any_of(ivars, n, status, cmp, detail::one_value<T>{v}); }                           \
    SHOAL_HD inline std::size_t NAME##_wait_until_some(const context &, T *ivars, std::size_t n,              \
                                                       std::size_t *indices, const int *status, int cmp, T v) \
    { return detail::wait_some_of(ivars, n, indices, status, cmp, detail::one_value<T>{v}); }                 \
    SHOAL_HD inline void NAME##_wait_until_all_vector(const context &, T *ivars, std::size_t n,               \
                                                      const int *status, int cmp, const T *vs)                \
    { detail::wait_all_of(ivars, n, status, cmp, vs); }                                                      \
    SHOAL_HD inline std::size_t NAME##_wait_until_any_vector(const context &, T *ivars, std::size_t n,        \
                                                             const int *status, int cmp, const T *vs)         \
    { return detail::wait_any_of(ivars, n, status, cmp, vs); }                                                \
    SHOAL_HD inline std::size_t NAME##_wait_until_some_vector(const context &, T *ivars, std::size_t n,       \
                                                              std::size_t *indices, const int *status,        \
                                                              int cmp, const T *vs)                           \
    { return detail::wait_some_of(ivars, n, indices, status, cmp, vs); }                                      \
    SHOAL_HD inline int NAME##_test_all(const context &, T *ivars, std::size_t n, const int *status, int cmp,  \
                                        T v)                                                                  \
    { return detail::test_all_of(ivars, n, status, cmp, detail::one_value<T>{v}) ? 1 : 0; }                   \
    SHOAL_HD inline std::size_t NAME##_test_any(const context &, T *ivars, std::size_t n, const int *status,   \
                                                int cmp, T v)                                                 \
    { return detail::test_any_of(ivars, n, status, cmp, detail::one_value<T>{v}); }                           \
    SHOAL_HD inline std::size_t NAME##_test_some(const context &, T *ivars, std::size_t n,                    \
                                                 std::size_t *indices, const int *status, int cmp, T v)       \
    { return detail::test_some_of(ivars, n, indices, status, cmp, detail::one_value<T>{v}); }                 \
    SHOAL_HD inline int NAME##_test_all_vector(const context &, T *ivars, std::size_t n, const int *status,    \
                                               int cmp, const T *vs)                                          \
    { return detail::test_all_of(ivars, n, status, cmp, vs) ? 1 : 0; }                                        \
    SHOAL_HD inline std::size_t NAME##_test_any_vector(const context &, T *ivars, std::size_t n,              \
                                                       const int *status, int cmp, const T *vs)               \
    { return detail::test_any_of(ivars, n, status, cmp, vs); }                                                \
    SHOAL_HD inline std::size_t NAME##_test_some_vector(const context &, T *ivars, std::size_t n,             \
                                                        std::size_t *indices, const int *status, int cmp,     \
                                                        const T *vs)                                          \
    { return detail::test_some_of(ivars, n, indices, status, cmp, vs); }
SHOAL_P2P_TYPES(SHOAL_DEV_WAIT, )
#undef SHOAL_DEV_WAIT

} // namespace shoal::device

#endif
