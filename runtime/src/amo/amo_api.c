/* Every AMO entry point (blocking and _nbi fetching forms, with and without a context),
 * generated from the AMO type tables. Each routine calls one inline core with its own name,
 * so error lines name the routine the program called. */
#include <shmem.h>

#include "amo/amo.h"
#include "core/api_pair.h"

/* The generic ops (any type of the size): fetch, set, swap, compare_swap. fetch = 0: the old
 * value is not wanted, so an off-node AMO need not wait for it (transport/mpi_am.c). */
#define SHOAL_DEF_AMO_CORE_EXT(T, N, A)                                                          \
    static inline T amo_ext_##N(const char *routine, shmem_ctx_t ctx, enum shoal_amo_op op,      \
                                const T *addr, T value, T cond, int pe, int fetch)               \
    {                                                                                            \
        SHOAL_AMO_TARGET(T, addr);                                                               \
        T old = cond;                                                                            \
        if (SHOAL_UNLIKELY(p == NULL)) {                                                         \
            shoal_path_amo_slow(routine, op, addr, sizeof(T), &value, &cond, fetch ? &old : NULL, \
                                wpe);                                                            \
        } else if (op == SHOAL_AMO_FETCH) {                                                      \
            __atomic_load(p, &old, __ATOMIC_ACQUIRE);                                            \
        } else {                                                                                 \
            if (op == SHOAL_AMO_SET) __atomic_store(p, &value, __ATOMIC_RELEASE);                \
            else if (op == SHOAL_AMO_SWAP) __atomic_exchange(p, &value, &old, __ATOMIC_SEQ_CST); \
            else __atomic_compare_exchange(p, &old, &value, 0, __ATOMIC_SEQ_CST,                 \
                                           __ATOMIC_SEQ_CST);                                    \
            shoal_ring_store(wpe, addr, sizeof(T)); /* a wait_until asleep there wakes */          \
        }                                                                                        \
        return old;                                                                              \
    }
SHOAL_AMO_EXT_TYPES(SHOAL_DEF_AMO_CORE_EXT, _)

/* The integer read-modify-write ops: add, and, or, xor (all return the old value). */
#define SHOAL_DEF_AMO_CORE_INT(T, N, A)                                                          \
    static inline T amo_int_##N(const char *routine, shmem_ctx_t ctx, enum shoal_amo_op op,      \
                                T *addr, T value, int pe, int fetch)                             \
    {                                                                                            \
        SHOAL_AMO_TARGET(T, addr);                                                               \
        if (SHOAL_UNLIKELY(p == NULL)) {                                                         \
            T old = 0;                                                                           \
            shoal_path_amo_slow(routine, op, addr, sizeof(T), &value, NULL, fetch ? &old : NULL, \
                                wpe);                                                            \
            return old;                                                                          \
        }                                                                                        \
        T old;                                                                                   \
        switch (op) {                                                                            \
        case SHOAL_AMO_AND: old = __atomic_fetch_and(p, value, __ATOMIC_SEQ_CST); break;         \
        case SHOAL_AMO_OR: old = __atomic_fetch_or(p, value, __ATOMIC_SEQ_CST); break;           \
        case SHOAL_AMO_XOR: old = __atomic_fetch_xor(p, value, __ATOMIC_SEQ_CST); break;         \
        default: old = __atomic_fetch_add(p, value, __ATOMIC_SEQ_CST); break;                    \
        }                                                                                        \
        shoal_ring_store(wpe, addr, sizeof(T));                                                    \
        return old;                                                                              \
    }
SHOAL_AMO_STD_TYPES(SHOAL_DEF_AMO_CORE_INT, _)

/* fetch, set, swap (+ _nbi): the extended AMO types, floating point included. */
#define SHOAL_DEF_AMO_EXT(T, N, A)                                                               \
    SHOAL_API_PAIR(T, N##_atomic_fetch, (const T *source, int pe),                               \
                   { return amo_ext_##N(routine, ctx, SHOAL_AMO_FETCH, source, 0, 0, pe, 1); })  \
    SHOAL_API_PAIR(void, N##_atomic_set, (T * dest, T value, int pe),                            \
                   { amo_ext_##N(routine, ctx, SHOAL_AMO_SET, dest, value, 0, pe, 0); })         \
    SHOAL_API_PAIR(T, N##_atomic_swap, (T * dest, T value, int pe),                              \
                   { return amo_ext_##N(routine, ctx, SHOAL_AMO_SWAP, dest, value, 0, pe, 1); }) \
    SHOAL_API_PAIR(void, N##_atomic_fetch_nbi, (T * fetch, const T *source, int pe),             \
                   { *fetch = amo_ext_##N(routine, ctx, SHOAL_AMO_FETCH, source, 0, 0, pe, 1); }) \
    SHOAL_API_PAIR(void, N##_atomic_swap_nbi, (T * fetch, T * dest, T value, int pe),            \
                   { *fetch = amo_ext_##N(routine, ctx, SHOAL_AMO_SWAP, dest, value, 0, pe, 1); })
SHOAL_AMO_EXT_TYPES(SHOAL_DEF_AMO_EXT, _)

/* compare_swap, fetch_inc, inc, fetch_add, add (+ _nbi): the standard AMO types. */
#define SHOAL_DEF_AMO_STD(T, N, A)                                                               \
    SHOAL_API_PAIR(T, N##_atomic_compare_swap, (T * dest, T cond, T value, int pe),              \
                   {                                                                             \
                       return amo_ext_##N(routine, ctx, SHOAL_AMO_CSWAP, dest, value, cond, pe,  \
                                          1);                                                    \
                   })                                                                            \
    SHOAL_API_PAIR(void, N##_atomic_compare_swap_nbi,                                            \
                   (T * fetch, T * dest, T cond, T value, int pe),                               \
                   {                                                                             \
                       *fetch = amo_ext_##N(routine, ctx, SHOAL_AMO_CSWAP, dest, value, cond, pe, \
                                            1);                                                  \
                   })                                                                            \
    SHOAL_API_PAIR(T, N##_atomic_fetch_add, (T * dest, T value, int pe),                         \
                   { return amo_int_##N(routine, ctx, SHOAL_AMO_ADD, dest, value, pe, 1); })     \
    SHOAL_API_PAIR(void, N##_atomic_add, (T * dest, T value, int pe),                            \
                   { amo_int_##N(routine, ctx, SHOAL_AMO_ADD, dest, value, pe, 0); })            \
    SHOAL_API_PAIR(void, N##_atomic_fetch_add_nbi, (T * fetch, T * dest, T value, int pe),       \
                   { *fetch = amo_int_##N(routine, ctx, SHOAL_AMO_ADD, dest, value, pe, 1); })   \
    SHOAL_API_PAIR(T, N##_atomic_fetch_inc, (T * dest, int pe),                                  \
                   { return amo_int_##N(routine, ctx, SHOAL_AMO_ADD, dest, 1, pe, 1); })         \
    SHOAL_API_PAIR(void, N##_atomic_inc, (T * dest, int pe),                                     \
                   { amo_int_##N(routine, ctx, SHOAL_AMO_ADD, dest, 1, pe, 0); })                \
    SHOAL_API_PAIR(void, N##_atomic_fetch_inc_nbi, (T * fetch, T * dest, int pe),                \
                   { *fetch = amo_int_##N(routine, ctx, SHOAL_AMO_ADD, dest, 1, pe, 1); })
SHOAL_AMO_STD_TYPES(SHOAL_DEF_AMO_STD, _)

/* fetch_and/or/xor, and/or/xor (+ _nbi): the bitwise AMO types. */
#define SHOAL_DEF_AMO_BIT_OP(T, N, OP, ENUM)                                                     \
    SHOAL_API_PAIR(T, N##_atomic_fetch_##OP, (T * dest, T value, int pe),                        \
                   { return amo_int_##N(routine, ctx, ENUM, dest, value, pe, 1); })              \
    SHOAL_API_PAIR(void, N##_atomic_##OP, (T * dest, T value, int pe),                           \
                   { amo_int_##N(routine, ctx, ENUM, dest, value, pe, 0); })                     \
    SHOAL_API_PAIR(void, N##_atomic_fetch_##OP##_nbi, (T * fetch, T * dest, T value, int pe),    \
                   { *fetch = amo_int_##N(routine, ctx, ENUM, dest, value, pe, 1); })
#define SHOAL_DEF_AMO_BIT(T, N, A)                                                               \
    SHOAL_DEF_AMO_BIT_OP(T, N, and, SHOAL_AMO_AND)                                               \
    SHOAL_DEF_AMO_BIT_OP(T, N, or, SHOAL_AMO_OR) SHOAL_DEF_AMO_BIT_OP(T, N, xor, SHOAL_AMO_XOR)
SHOAL_AMO_BIT_TYPES(SHOAL_DEF_AMO_BIT, _)
