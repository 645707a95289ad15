/* Every AMO entry point (blocking and _nbi fetching forms, with and without a context),
 * generated from the AMO type tables. */
#include <shmem.h>

#include "core/api_pair.h"
#include "amo/amo.h"

/* A fetching AMO returning T: the mapped path EXPR (over p, value, cond), else the transport. */
#define SHOAL_FETCHING(T, ADDR, OP, EXPR)                                                        \
    {                                                                                            \
        SHOAL_AMO_TARGET(T, ADDR);                                                               \
        T old;                                                                                   \
        if (SHOAL_LIKELY(p != NULL)) { EXPR; }                                                   \
        else shoal_amo_remote(routine, OP, ADDR, sizeof(T), &value, &cond, &old, wpe);           \
        return old;                                                                              \
    }

/* fetch, set, swap (+ _nbi): the extended AMO types, floating point included. */
#define SHOAL_DEF_AMO_EXT(T, N, A)                                                               \
    SHOAL_API_PAIR(T, N##_atomic_fetch, (const T *source, int pe), {                             \
        const T value = 0;                                                                       \
        const T cond = 0;                                                                        \
        SHOAL_FETCHING(T, source, SHOAL_AMO_FETCH, __atomic_load(p, &old, __ATOMIC_ACQUIRE))     \
    })                                                                                           \
    SHOAL_API_PAIR(void, N##_atomic_set, (T * dest, T value, int pe), {                          \
        SHOAL_AMO_TARGET(T, dest);                                                               \
        if (SHOAL_LIKELY(p != NULL)) __atomic_store(p, &value, __ATOMIC_RELEASE);                \
        else shoal_amo_remote(routine, SHOAL_AMO_SET, dest, sizeof(T), &value, NULL, NULL, wpe); \
    })                                                                                           \
    SHOAL_API_PAIR(T, N##_atomic_swap, (T * dest, T value, int pe), {                            \
        const T cond = 0;                                                                        \
        SHOAL_FETCHING(T, dest, SHOAL_AMO_SWAP,                                                  \
                       __atomic_exchange(p, &value, &old, __ATOMIC_SEQ_CST))                     \
    })                                                                                           \
    SHOAL_API_PAIR(void, N##_atomic_fetch_nbi, (T * fetch, const T *source, int pe),             \
                   { *fetch = shmem_ctx_##N##_atomic_fetch(ctx, source, pe); })                  \
    SHOAL_API_PAIR(void, N##_atomic_swap_nbi, (T * fetch, T * dest, T value, int pe),            \
                   { *fetch = shmem_ctx_##N##_atomic_swap(ctx, dest, value, pe); })
SHOAL_AMO_EXT_TYPES(SHOAL_DEF_AMO_EXT, _)

/* compare_swap, fetch_inc, inc, fetch_add, add (+ _nbi): the standard AMO types. */
#define SHOAL_DEF_AMO_STD(T, N, A)                                                               \
    SHOAL_API_PAIR(T, N##_atomic_compare_swap, (T * dest, T cond, T value, int pe), {            \
        SHOAL_FETCHING(T, dest, SHOAL_AMO_CSWAP, old = cond;                                     \
                       __atomic_compare_exchange_n(p, &old, value, 0, __ATOMIC_SEQ_CST,          \
                                                   __ATOMIC_SEQ_CST))                            \
    })                                                                                           \
    SHOAL_API_PAIR(T, N##_atomic_fetch_add, (T * dest, T value, int pe), {                       \
        const T cond = 0;                                                                        \
        SHOAL_FETCHING(T, dest, SHOAL_AMO_ADD, old = __atomic_fetch_add(p, value, __ATOMIC_SEQ_CST)) \
    })                                                                                           \
    SHOAL_API_PAIR(void, N##_atomic_add, (T * dest, T value, int pe),                            \
                   { (void)shmem_ctx_##N##_atomic_fetch_add(ctx, dest, value, pe); })            \
    SHOAL_API_PAIR(T, N##_atomic_fetch_inc, (T * dest, int pe),                                  \
                   { return shmem_ctx_##N##_atomic_fetch_add(ctx, dest, 1, pe); })               \
    SHOAL_API_PAIR(void, N##_atomic_inc, (T * dest, int pe),                                     \
                   { (void)shmem_ctx_##N##_atomic_fetch_add(ctx, dest, 1, pe); })                \
    SHOAL_API_PAIR(void, N##_atomic_compare_swap_nbi,                                            \
                   (T * fetch, T * dest, T cond, T value, int pe),                               \
                   { *fetch = shmem_ctx_##N##_atomic_compare_swap(ctx, dest, cond, value, pe); }) \
    SHOAL_API_PAIR(void, N##_atomic_fetch_inc_nbi, (T * fetch, T * dest, int pe),                \
                   { *fetch = shmem_ctx_##N##_atomic_fetch_add(ctx, dest, 1, pe); })             \
    SHOAL_API_PAIR(void, N##_atomic_fetch_add_nbi, (T * fetch, T * dest, T value, int pe),       \
                   { *fetch = shmem_ctx_##N##_atomic_fetch_add(ctx, dest, value, pe); })
SHOAL_AMO_STD_TYPES(SHOAL_DEF_AMO_STD, _)

/* fetch_and/or/xor, and/or/xor (+ _nbi): the bitwise AMO types. */
#define SHOAL_DEF_AMO_BIT_OP(T, N, OP, ENUM)                                                     \
    SHOAL_API_PAIR(T, N##_atomic_fetch_##OP, (T * dest, T value, int pe), {                      \
        const T cond = 0;                                                                        \
        SHOAL_FETCHING(T, dest, ENUM, old = __atomic_fetch_##OP(p, value, __ATOMIC_SEQ_CST))     \
    })                                                                                           \
    SHOAL_API_PAIR(void, N##_atomic_##OP, (T * dest, T value, int pe),                           \
                   { (void)shmem_ctx_##N##_atomic_fetch_##OP(ctx, dest, value, pe); })           \
    SHOAL_API_PAIR(void, N##_atomic_fetch_##OP##_nbi, (T * fetch, T * dest, T value, int pe),    \
                   { *fetch = shmem_ctx_##N##_atomic_fetch_##OP(ctx, dest, value, pe); })
#define SHOAL_DEF_AMO_BIT(T, N, A)                                                               \
    SHOAL_DEF_AMO_BIT_OP(T, N, and, SHOAL_AMO_AND)                                               \
    SHOAL_DEF_AMO_BIT_OP(T, N, or, SHOAL_AMO_OR) SHOAL_DEF_AMO_BIT_OP(T, N, xor, SHOAL_AMO_XOR)
SHOAL_AMO_BIT_TYPES(SHOAL_DEF_AMO_BIT, _)
