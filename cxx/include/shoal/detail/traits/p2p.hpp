// Point-to-point synchronisation from C++ types: p2p<T>.
#ifndef SHOAL_CXX_DETAIL_TRAITS_P2P_HPP
#define SHOAL_CXX_DETAIL_TRAITS_P2P_HPP

#include <shmem.h>
#include <shoal/typetable.h>

#include <cstddef>
#include <cstdint>

#include <shoal/detail/traits/chain.hpp>

namespace shoal::detail {

#define SHOAL_DETAIL_WAIT1(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(ivar, cmp, value))
#define SHOAL_DETAIL_WAITN(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(ivars, nelems, status, cmp, value))
#define SHOAL_DETAIL_WAITS(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(ivars, nelems, indices, status, cmp, value))

/// Point-to-point synchronisation (wait_until, test and the all/any/some/vector forms).
template <class T>
struct p2p {
#define SHOAL_DETAIL_P2P(RET, FN, SHAPE, ...)                                                  \
    static RET FN(__VA_ARGS__) noexcept                                                        \
    {                                                                                          \
        SHOAL_P2P_TYPES(SHOAL_DETAIL_##SHAPE, _##FN)                                           \
        {                                                                                      \
            static_assert(dependent_false<T>, "no C wait/test routine for this type");          \
        }                                                                                      \
    }
    SHOAL_DETAIL_P2P(void, wait_until, WAIT1, T *ivar, int cmp, T value)
    SHOAL_DETAIL_P2P(int, test, WAIT1, T *ivar, int cmp, T value)
    SHOAL_DETAIL_P2P(void, wait_until_all, WAITN, T *ivars, std::size_t nelems, const int *status,
                     int cmp, T value)
    SHOAL_DETAIL_P2P(std::size_t, wait_until_any, WAITN, T *ivars, std::size_t nelems,
                     const int *status, int cmp, T value)
    SHOAL_DETAIL_P2P(std::size_t, wait_until_some, WAITS, T *ivars, std::size_t nelems,
                     std::size_t *indices, const int *status, int cmp, T value)
    SHOAL_DETAIL_P2P(int, test_all, WAITN, T *ivars, std::size_t nelems, const int *status,
                     int cmp, T value)
    SHOAL_DETAIL_P2P(std::size_t, test_any, WAITN, T *ivars, std::size_t nelems, const int *status,
                     int cmp, T value)
    SHOAL_DETAIL_P2P(std::size_t, test_some, WAITS, T *ivars, std::size_t nelems,
                     std::size_t *indices, const int *status, int cmp, T value)
    SHOAL_DETAIL_P2P(void, wait_until_all_vector, WAITN, T *ivars, std::size_t nelems,
                     const int *status, int cmp, T *value)
    SHOAL_DETAIL_P2P(std::size_t, wait_until_any_vector, WAITN, T *ivars, std::size_t nelems,
                     const int *status, int cmp, T *value)
    SHOAL_DETAIL_P2P(std::size_t, wait_until_some_vector, WAITS, T *ivars, std::size_t nelems,
                     std::size_t *indices, const int *status, int cmp, T *value)
#undef SHOAL_DETAIL_P2P
};

#undef SHOAL_DETAIL_WAIT1
#undef SHOAL_DETAIL_WAITN
#undef SHOAL_DETAIL_WAITS

} // namespace shoal::detail

#include <shoal/detail/traits/chain_end.hpp>

#endif
