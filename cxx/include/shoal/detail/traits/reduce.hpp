// Reductions from C++ types: reduce<T> (teams), to_all<T> (active sets).
#ifndef SHOAL_CXX_DETAIL_TRAITS_REDUCE_HPP
#define SHOAL_CXX_DETAIL_TRAITS_REDUCE_HPP

#include <shmem.h>
#include <shoal/typetable.h>

#include <cstddef>
#include <cstdint>

#include <shoal/detail/traits/chain.hpp>

namespace shoal::detail {

#define SHOAL_DETAIL_TOALL(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, source, nreduce, start, log_stride, size, pwrk, psync))

/// Team reductions, one function per operation: OP_reduce(team, dest, source, nreduce).
template <class T>
struct reduce {
#define SHOAL_DETAIL_REDUCE(OP, TABLE)                                                         \
    static int OP##_reduce(shmem_team_t team, T *dest, const T *source, std::size_t nreduce) noexcept \
    {                                                                                          \
        TABLE(SHOAL_DETAIL_REDUCE_IF, OP)                                                      \
        {                                                                                      \
            static_assert(dependent_false<T>, "no C reduction routine for this type");         \
        }                                                                                      \
    }
#define SHOAL_DETAIL_REDUCE_IF(TYPE, NAME, OP)                                                 \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##_##OP##_reduce(team, dest, source, nreduce))
    SHOAL_DETAIL_REDUCE(and, SHOAL_REDUCE_BITWISE_TYPES)
    SHOAL_DETAIL_REDUCE(or, SHOAL_REDUCE_BITWISE_TYPES)
    SHOAL_DETAIL_REDUCE(xor, SHOAL_REDUCE_BITWISE_TYPES)
    SHOAL_DETAIL_REDUCE(max, SHOAL_REDUCE_MINMAX_TYPES)
    SHOAL_DETAIL_REDUCE(min, SHOAL_REDUCE_MINMAX_TYPES)
    SHOAL_DETAIL_REDUCE(sum, SHOAL_REDUCE_MINMAX_TYPES)
    SHOAL_DETAIL_REDUCE(prod, SHOAL_REDUCE_MINMAX_TYPES)
#undef SHOAL_DETAIL_REDUCE
#undef SHOAL_DETAIL_REDUCE_IF
};

/// Active-set reductions (TYPENAME_OP_to_all with pWrk and pSync).
template <class T>
struct to_all {
#define SHOAL_DETAIL_TOALL_FN(OP, TABLE)                                                       \
    static void OP##_to_all(T *dest, const T *source, int nreduce, int start, int log_stride,   \
                            int size, T *pwrk, long *psync) noexcept                           \
    {                                                                                          \
        TABLE(SHOAL_DETAIL_TOALL, _##OP##_to_all)                                              \
        {                                                                                      \
            static_assert(dependent_false<T>, "no C to_all routine for this type");            \
        }                                                                                      \
    }
    SHOAL_DETAIL_TOALL_FN(and, SHOAL_TOALL_BITWISE_TYPES)
    SHOAL_DETAIL_TOALL_FN(or, SHOAL_TOALL_BITWISE_TYPES)
    SHOAL_DETAIL_TOALL_FN(xor, SHOAL_TOALL_BITWISE_TYPES)
    SHOAL_DETAIL_TOALL_FN(max, SHOAL_TOALL_MINMAX_TYPES)
    SHOAL_DETAIL_TOALL_FN(min, SHOAL_TOALL_MINMAX_TYPES)
    SHOAL_DETAIL_TOALL_FN(sum, SHOAL_TOALL_MINMAX_TYPES)
    SHOAL_DETAIL_TOALL_FN(prod, SHOAL_TOALL_MINMAX_TYPES)
#undef SHOAL_DETAIL_TOALL_FN
};

#undef SHOAL_DETAIL_TOALL

} // namespace shoal::detail

#include <shoal/detail/traits/chain_end.hpp>

#endif
