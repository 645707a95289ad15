/* C11 type-generic forms of the OpenSHMEM 1.5 API (shmem_put(dest, src, n, pe),
 * shmem_put(ctx, dest, src, n, pe), shmem_sum_reduce(team, dest, src, n), ...).
 * Generated from the type table; included by <shmem.h> in C11 and later. */
#ifndef SHOAL_SHMEM_GENERIC_H
#define SHOAL_SHMEM_GENERIC_H

/* Declared, never defined: a type with no typed routine fails to compile or link here. */
void shoal_c11_type_error(void);

#define SHOAL_A1(a, ...) a
#define SHOAL_A2(a, b, ...) b
#define SHOAL_GA(T, N, OP) T *: shmem_##N##_##OP, const T *: shmem_##N##_##OP,
#define SHOAL_GA_CTX(T, N, OP) T *: shmem_ctx_##N##_##OP, const T *: shmem_ctx_##N##_##OP,

/* Routines that take an optional context first: keyed on the first non-context argument. */
#define SHOAL_CTX_GENERIC(TABLE, OP, ...)                                                        \
    _Generic((SHOAL_A1(__VA_ARGS__, 0)),                                                         \
        shmem_ctx_t: _Generic((SHOAL_A2(__VA_ARGS__, 0, 0)),                                     \
                              TABLE(SHOAL_GA_CTX, OP) default: shoal_c11_type_error),            \
        default: _Generic((SHOAL_A1(__VA_ARGS__, 0)),                                            \
                          TABLE(SHOAL_GA, OP) default: shoal_c11_type_error))(__VA_ARGS__)
/* Routines keyed on their first argument. */
#define SHOAL_GENERIC1(TABLE, OP, ...)                                                           \
    _Generic((SHOAL_A1(__VA_ARGS__, 0)), TABLE(SHOAL_GA, OP) default: shoal_c11_type_error)(__VA_ARGS__)
/* Team collectives: keyed on dest, the argument after the team. */
#define SHOAL_GENERIC2(TABLE, OP, ...)                                                           \
    _Generic((SHOAL_A2(__VA_ARGS__, 0, 0)), TABLE(SHOAL_GA, OP) default: shoal_c11_type_error)(__VA_ARGS__)

#define SHOAL_RMA_G(X, A) SHOAL_RMA_STD_TYPES(X, A)
#define shmem_put(...) SHOAL_CTX_GENERIC(SHOAL_RMA_G, put, __VA_ARGS__)
#define shmem_get(...) SHOAL_CTX_GENERIC(SHOAL_RMA_G, get, __VA_ARGS__)
#define shmem_put_nbi(...) SHOAL_CTX_GENERIC(SHOAL_RMA_G, put_nbi, __VA_ARGS__)
#define shmem_get_nbi(...) SHOAL_CTX_GENERIC(SHOAL_RMA_G, get_nbi, __VA_ARGS__)
#define shmem_p(...) SHOAL_CTX_GENERIC(SHOAL_RMA_G, p, __VA_ARGS__)
#define shmem_g(...) SHOAL_CTX_GENERIC(SHOAL_RMA_G, g, __VA_ARGS__)
#define shmem_iput(...) SHOAL_CTX_GENERIC(SHOAL_RMA_G, iput, __VA_ARGS__)
#define shmem_iget(...) SHOAL_CTX_GENERIC(SHOAL_RMA_G, iget, __VA_ARGS__)
#define shmem_put_signal(...) SHOAL_CTX_GENERIC(SHOAL_RMA_G, put_signal, __VA_ARGS__)
#define shmem_put_signal_nbi(...) SHOAL_CTX_GENERIC(SHOAL_RMA_G, put_signal_nbi, __VA_ARGS__)

#define SHOAL_AMO_EXT_G(X, A) SHOAL_AMO_STD_GENERIC_TYPES(X, A) SHOAL_AMO_EXT_FLOAT_TYPES(X, A)
#define SHOAL_AMO_STD_G(X, A) SHOAL_AMO_STD_GENERIC_TYPES(X, A)
#define SHOAL_AMO_BIT_G(X, A) SHOAL_AMO_BIT_GENERIC_TYPES(X, A) SHOAL_AMO_BIT_SIGNED_TYPES(X, A)
#define shmem_atomic_fetch(...) SHOAL_CTX_GENERIC(SHOAL_AMO_EXT_G, atomic_fetch, __VA_ARGS__)
#define shmem_atomic_set(...) SHOAL_CTX_GENERIC(SHOAL_AMO_EXT_G, atomic_set, __VA_ARGS__)
#define shmem_atomic_swap(...) SHOAL_CTX_GENERIC(SHOAL_AMO_EXT_G, atomic_swap, __VA_ARGS__)
#define shmem_atomic_fetch_nbi(...) SHOAL_CTX_GENERIC(SHOAL_AMO_EXT_G, atomic_fetch_nbi, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...) SHOAL_CTX_GENERIC(SHOAL_AMO_EXT_G, atomic_swap_nbi, __VA_ARGS__)
#define shmem_atomic_compare_swap(...) SHOAL_CTX_GENERIC(SHOAL_AMO_STD_G, atomic_compare_swap, __VA_ARGS__)
#define shmem_atomic_fetch_inc(...) SHOAL_CTX_GENERIC(SHOAL_AMO_STD_G, atomic_fetch_inc, __VA_ARGS__)
#define shmem_atomic_inc(...) SHOAL_CTX_GENERIC(SHOAL_AMO_STD_G, atomic_inc, __VA_ARGS__)
#define shmem_atomic_fetch_add(...) SHOAL_CTX_GENERIC(SHOAL_AMO_STD_G, atomic_fetch_add, __VA_ARGS__)
#define shmem_atomic_add(...) SHOAL_CTX_GENERIC(SHOAL_AMO_STD_G, atomic_add, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...) SHOAL_CTX_GENERIC(SHOAL_AMO_STD_G, atomic_compare_swap_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...) SHOAL_CTX_GENERIC(SHOAL_AMO_STD_G, atomic_fetch_inc_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...) SHOAL_CTX_GENERIC(SHOAL_AMO_STD_G, atomic_fetch_add_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_and(...) SHOAL_CTX_GENERIC(SHOAL_AMO_BIT_G, atomic_fetch_and, __VA_ARGS__)
#define shmem_atomic_fetch_or(...) SHOAL_CTX_GENERIC(SHOAL_AMO_BIT_G, atomic_fetch_or, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...) SHOAL_CTX_GENERIC(SHOAL_AMO_BIT_G, atomic_fetch_xor, __VA_ARGS__)
#define shmem_atomic_and(...) SHOAL_CTX_GENERIC(SHOAL_AMO_BIT_G, atomic_and, __VA_ARGS__)
#define shmem_atomic_or(...) SHOAL_CTX_GENERIC(SHOAL_AMO_BIT_G, atomic_or, __VA_ARGS__)
#define shmem_atomic_xor(...) SHOAL_CTX_GENERIC(SHOAL_AMO_BIT_G, atomic_xor, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...) SHOAL_CTX_GENERIC(SHOAL_AMO_BIT_G, atomic_fetch_and_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...) SHOAL_CTX_GENERIC(SHOAL_AMO_BIT_G, atomic_fetch_or_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...) SHOAL_CTX_GENERIC(SHOAL_AMO_BIT_G, atomic_fetch_xor_nbi, __VA_ARGS__)

/* Deprecated AMO names (1.5 section 10: shmem_swap, shmem_fadd, ...), keyed on type like their
 * shmem_atomic_* successors and over the same tables (1.5 names float, double, int, long and
 * long long; programs written to the 1.4/1.5 AMO tables pass every standard and extended AMO
 * type): each reaches the typed shmem_TYPENAME_atomic_* routine, so a float given to shmem_swap
 * is swapped as a float, not by the untyped long routine. No context form, as in the spec. */
#define SHOAL_OLD_G(TABLE, OP, ...) SHOAL_GENERIC1(TABLE, atomic_##OP, __VA_ARGS__)
#define shmem_fetch(...) SHOAL_OLD_G(SHOAL_AMO_EXT_G, fetch, __VA_ARGS__)
#define shmem_set(...) SHOAL_OLD_G(SHOAL_AMO_EXT_G, set, __VA_ARGS__)
#define shmem_swap(...) SHOAL_OLD_G(SHOAL_AMO_EXT_G, swap, __VA_ARGS__)
#define shmem_cswap(...) SHOAL_OLD_G(SHOAL_AMO_STD_G, compare_swap, __VA_ARGS__)
#define shmem_fadd(...) SHOAL_OLD_G(SHOAL_AMO_STD_G, fetch_add, __VA_ARGS__)
#define shmem_finc(...) SHOAL_OLD_G(SHOAL_AMO_STD_G, fetch_inc, __VA_ARGS__)
#define shmem_add(...) SHOAL_OLD_G(SHOAL_AMO_STD_G, add, __VA_ARGS__)
#define shmem_inc(...) SHOAL_OLD_G(SHOAL_AMO_STD_G, inc, __VA_ARGS__)

/* shmem_sync(team) (1.5) or shmem_sync(PE_start, logPE_stride, PE_size, pSync) (active set):
 * picked by the number of arguments; 2 or 3 fail to compile. */
#define SHOAL_PICK5(a, b, c, d, e, ...) e
#define shmem_sync(...)                                                                          \
    SHOAL_PICK5(__VA_ARGS__, (shmem_sync), shoal_c11_type_error, shoal_c11_type_error,           \
                shmem_team_sync, 0)(__VA_ARGS__)

#define SHOAL_P2P_G(X, A) SHOAL_P2P_GENERIC_TYPES(X, A)
#define shmem_wait_until(...) SHOAL_GENERIC1(SHOAL_P2P_G, wait_until, __VA_ARGS__)
#define shmem_wait_until_all(...) SHOAL_GENERIC1(SHOAL_P2P_G, wait_until_all, __VA_ARGS__)
#define shmem_wait_until_any(...) SHOAL_GENERIC1(SHOAL_P2P_G, wait_until_any, __VA_ARGS__)
#define shmem_wait_until_some(...) SHOAL_GENERIC1(SHOAL_P2P_G, wait_until_some, __VA_ARGS__)
#define shmem_wait_until_all_vector(...) SHOAL_GENERIC1(SHOAL_P2P_G, wait_until_all_vector, __VA_ARGS__)
#define shmem_wait_until_any_vector(...) SHOAL_GENERIC1(SHOAL_P2P_G, wait_until_any_vector, __VA_ARGS__)
#define shmem_wait_until_some_vector(...) SHOAL_GENERIC1(SHOAL_P2P_G, wait_until_some_vector, __VA_ARGS__)
#define shmem_test(...) SHOAL_GENERIC1(SHOAL_P2P_G, test, __VA_ARGS__)
#define shmem_test_all(...) SHOAL_GENERIC1(SHOAL_P2P_G, test_all, __VA_ARGS__)
#define shmem_test_any(...) SHOAL_GENERIC1(SHOAL_P2P_G, test_any, __VA_ARGS__)
#define shmem_test_some(...) SHOAL_GENERIC1(SHOAL_P2P_G, test_some, __VA_ARGS__)
#define shmem_test_all_vector(...) SHOAL_GENERIC1(SHOAL_P2P_G, test_all_vector, __VA_ARGS__)
#define shmem_test_any_vector(...) SHOAL_GENERIC1(SHOAL_P2P_G, test_any_vector, __VA_ARGS__)
#define shmem_test_some_vector(...) SHOAL_GENERIC1(SHOAL_P2P_G, test_some_vector, __VA_ARGS__)

#define shmem_broadcast(...) SHOAL_GENERIC2(SHOAL_RMA_G, broadcast, __VA_ARGS__)
#define shmem_collect(...) SHOAL_GENERIC2(SHOAL_RMA_G, collect, __VA_ARGS__)
#define shmem_fcollect(...) SHOAL_GENERIC2(SHOAL_RMA_G, fcollect, __VA_ARGS__)
#define shmem_alltoall(...) SHOAL_GENERIC2(SHOAL_RMA_G, alltoall, __VA_ARGS__)
#define shmem_alltoalls(...) SHOAL_GENERIC2(SHOAL_RMA_G, alltoalls, __VA_ARGS__)

#define SHOAL_RED_BIT_G(X, A) SHOAL_REDUCE_BITWISE_GENERIC_TYPES(X, A) SHOAL_REDUCE_BITWISE_SIGNED_TYPES(X, A)
#define SHOAL_RED_MINMAX_G(X, A) SHOAL_REDUCE_MINMAX_GENERIC_TYPES(X, A)
#if SHOAL_COMPLEX_OK
#define SHOAL_RED_ARITH_G(X, A) SHOAL_REDUCE_MINMAX_GENERIC_TYPES(X, A) SHOAL_REDUCE_COMPLEX_TYPES(X, A)
#else
#define SHOAL_RED_ARITH_G(X, A) SHOAL_REDUCE_MINMAX_GENERIC_TYPES(X, A)
#endif
#define shmem_and_reduce(...) SHOAL_GENERIC2(SHOAL_RED_BIT_G, and_reduce, __VA_ARGS__)
#define shmem_or_reduce(...) SHOAL_GENERIC2(SHOAL_RED_BIT_G, or_reduce, __VA_ARGS__)
#define shmem_xor_reduce(...) SHOAL_GENERIC2(SHOAL_RED_BIT_G, xor_reduce, __VA_ARGS__)
#define shmem_max_reduce(...) SHOAL_GENERIC2(SHOAL_RED_MINMAX_G, max_reduce, __VA_ARGS__)
#define shmem_min_reduce(...) SHOAL_GENERIC2(SHOAL_RED_MINMAX_G, min_reduce, __VA_ARGS__)
#define shmem_sum_reduce(...) SHOAL_GENERIC2(SHOAL_RED_ARITH_G, sum_reduce, __VA_ARGS__)
#define shmem_prod_reduce(...) SHOAL_GENERIC2(SHOAL_RED_ARITH_G, prod_reduce, __VA_ARGS__)

#endif
