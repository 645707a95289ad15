// Atomic memory operations from C++ types: amo<T>.
#ifndef SHOAL_CXX_DETAIL_TRAITS_AMO_HPP
#define SHOAL_CXX_DETAIL_TRAITS_AMO_HPP

#include <shmem.h>
#include <shoal/typetable.h>

#include <cstddef>
#include <cstdint>

#include <shoal/detail/traits/chain.hpp>

namespace shoal::detail {

#define SHOAL_DETAIL_DP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, pe))
#define SHOAL_DETAIL_C_DP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, dest, pe))
#define SHOAL_DETAIL_DCVP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, cond, value, pe))
#define SHOAL_DETAIL_C_DCVP(TYPE, NAME, S)                                                    \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, dest, cond, value, pe))
#define SHOAL_DETAIL_FSP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(fetch, source, pe))
#define SHOAL_DETAIL_C_FSP(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, fetch, source, pe))
#define SHOAL_DETAIL_FDP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(fetch, dest, pe))
#define SHOAL_DETAIL_C_FDP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, fetch, dest, pe))
#define SHOAL_DETAIL_FDVP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(fetch, dest, value, pe))
#define SHOAL_DETAIL_C_FDVP(TYPE, NAME, S)                                                    \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, fetch, dest, value, pe))
#define SHOAL_DETAIL_FDCVP(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(fetch, dest, cond, value, pe))
#define SHOAL_DETAIL_C_FDCVP(TYPE, NAME, S)                                                   \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, fetch, dest, cond, value, pe))

/// Atomic memory operations; only the types of the matching table have a chain link, and the
/// public functions static_assert on the predicate before reaching the chain's end.
template <class T>
struct amo {
#define SHOAL_DETAIL_AMO_END                                                                   \
    {                                                                                          \
        static_assert(dependent_false<T>, "no C atomic routine for this type");                 \
    }
#define SHOAL_DETAIL_AMO(RET, FN, TABLE, SHAPE, SFX, PARAMS, ...)                               \
    static RET FN(__VA_ARGS__) noexcept { TABLE(SHOAL_DETAIL_##SHAPE, SFX) SHOAL_DETAIL_AMO_END } \
    static RET FN(shmem_ctx_t ctx, __VA_ARGS__) noexcept                                       \
    {                                                                                          \
        TABLE(SHOAL_DETAIL_C_##SHAPE, SFX) SHOAL_DETAIL_AMO_END                                \
    }
    // extended: fetch, set, swap
    SHOAL_DETAIL_AMO(T, fetch, SHOAL_AMO_EXT_TYPES, SP, _atomic_fetch, _, const T *source, int pe)
    SHOAL_DETAIL_AMO(void, set, SHOAL_AMO_EXT_TYPES, DVP, _atomic_set, _, T *dest, T value, int pe)
    SHOAL_DETAIL_AMO(T, swap, SHOAL_AMO_EXT_TYPES, DVP, _atomic_swap, _, T *dest, T value, int pe)
    SHOAL_DETAIL_AMO(void, fetch_nbi, SHOAL_AMO_EXT_TYPES, FSP, _atomic_fetch_nbi, _, T *fetch,
                     const T *source, int pe)
    SHOAL_DETAIL_AMO(void, swap_nbi, SHOAL_AMO_EXT_TYPES, FDVP, _atomic_swap_nbi, _, T *fetch,
                     T *dest, T value, int pe)
    // standard: compare_swap, fetch_inc, inc, fetch_add, add
    SHOAL_DETAIL_AMO(T, compare_swap, SHOAL_AMO_STD_TYPES, DCVP, _atomic_compare_swap, _, T *dest,
                     T cond, T value, int pe)
    SHOAL_DETAIL_AMO(T, fetch_inc, SHOAL_AMO_STD_TYPES, DP, _atomic_fetch_inc, _, T *dest, int pe)
    SHOAL_DETAIL_AMO(void, inc, SHOAL_AMO_STD_TYPES, DP, _atomic_inc, _, T *dest, int pe)
    SHOAL_DETAIL_AMO(T, fetch_add, SHOAL_AMO_STD_TYPES, DVP, _atomic_fetch_add, _, T *dest,
                     T value, int pe)
    SHOAL_DETAIL_AMO(void, add, SHOAL_AMO_STD_TYPES, DVP, _atomic_add, _, T *dest, T value, int pe)
    SHOAL_DETAIL_AMO(void, compare_swap_nbi, SHOAL_AMO_STD_TYPES, FDCVP, _atomic_compare_swap_nbi,
                     _, T *fetch, T *dest, T cond, T value, int pe)
    SHOAL_DETAIL_AMO(void, fetch_inc_nbi, SHOAL_AMO_STD_TYPES, FDP, _atomic_fetch_inc_nbi, _,
                     T *fetch, T *dest, int pe)
    SHOAL_DETAIL_AMO(void, fetch_add_nbi, SHOAL_AMO_STD_TYPES, FDVP, _atomic_fetch_add_nbi, _,
                     T *fetch, T *dest, T value, int pe)
    // bitwise
#define SHOAL_DETAIL_AMO_BIT(OP)                                                               \
    SHOAL_DETAIL_AMO(T, fetch_##OP, SHOAL_AMO_BIT_TYPES, DVP, _atomic_fetch_##OP, _, T *dest,   \
                     T value, int pe)                                                          \
    SHOAL_DETAIL_AMO(void, OP##_, SHOAL_AMO_BIT_TYPES, DVP, _atomic_##OP, _, T *dest, T value, int pe) \
    SHOAL_DETAIL_AMO(void, fetch_##OP##_nbi, SHOAL_AMO_BIT_TYPES, FDVP, _atomic_fetch_##OP##_nbi, \
                     _, T *fetch, T *dest, T value, int pe)
    SHOAL_DETAIL_AMO_BIT(and)
    SHOAL_DETAIL_AMO_BIT(or)
    SHOAL_DETAIL_AMO_BIT(xor)
#undef SHOAL_DETAIL_AMO_BIT
#undef SHOAL_DETAIL_AMO
#undef SHOAL_DETAIL_AMO_END
};

#undef SHOAL_DETAIL_DP
#undef SHOAL_DETAIL_C_DP
#undef SHOAL_DETAIL_DCVP
#undef SHOAL_DETAIL_C_DCVP
#undef SHOAL_DETAIL_FSP
#undef SHOAL_DETAIL_C_FSP
#undef SHOAL_DETAIL_FDP
#undef SHOAL_DETAIL_C_FDP
#undef SHOAL_DETAIL_FDVP
#undef SHOAL_DETAIL_C_FDVP
#undef SHOAL_DETAIL_FDCVP
#undef SHOAL_DETAIL_C_FDCVP

} // namespace shoal::detail

#include <shoal/detail/traits/chain_end.hpp>

#endif
