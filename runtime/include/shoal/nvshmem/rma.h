/* nvshmem.h: RMA, signals, atomics and point-to-point waits, on both sides (host: shmem_*,
 * device: shoal::device with the TU's context), generated from the type table. */
#ifndef SHOAL_NVSHMEM_RMA_H
#define SHOAL_NVSHMEM_RMA_H

#include <shoal/nvshmem/config.h>
#include <shoal/typetable.h>

#define SHOAL_NVI_D ::shoal::device::

/* One routine of both sides: nvshmem_##NAME(PARAMS) returning RET, forwarding ARGS to
 * shmem_##NAME on the host and to shoal::device::NAME(ctx, ARGS) on the device; SYM names the
 * symmetric argument the emulation checks (config.h). */
#define SHOAL_NVI_WRAP(RET, NAME, SYM, PARAMS, ARGS) \
    SHOAL_NVI_FN RET nvshmem_##NAME PARAMS { return SHOAL_NVI_BOTH_SYM("nvshmem_" #NAME, SYM, SHOAL_NVI_D NAME(SHOAL_NVI_CTX, SHOAL_NVI_UNPAREN ARGS), shmem_##NAME ARGS); }
/* The same returning void (C allows no `return` of a void expression). */
#define SHOAL_NVI_WRAPV(NAME, SYM, PARAMS, ARGS) \
    SHOAL_NVI_FN void nvshmem_##NAME PARAMS { SHOAL_NVI_BOTH_SYM("nvshmem_" #NAME, SYM, SHOAL_NVI_D NAME(SHOAL_NVI_CTX, SHOAL_NVI_UNPAREN ARGS), shmem_##NAME ARGS); }
#define SHOAL_NVI_UNPAREN(...) __VA_ARGS__

/* put, get (+nbi), iput, iget, put_signal(+nbi) on elements D under names PFX##op##BITS (TYPENAME_put, put32). */
#define SHOAL_NVI_RMA_OPS(D, PFX, BITS)                                                                          \
    SHOAL_NVI_WRAPV(PFX##put##BITS, dest, (D *dest, const D *src, size_t n, int pe), (dest, src, n, pe)) \
    SHOAL_NVI_WRAPV(PFX##get##BITS, src, (D *dest, const D *src, size_t n, int pe), (dest, src, n, pe)) \
    SHOAL_NVI_WRAPV(PFX##put##BITS##_nbi, dest, (D *dest, const D *src, size_t n, int pe),      \
                   (dest, src, n, pe))                                                                               \
    SHOAL_NVI_WRAPV(PFX##get##BITS##_nbi, src, (D *dest, const D *src, size_t n, int pe),      \
                   (dest, src, n, pe))                                                                               \
    SHOAL_NVI_WRAPV(PFX##iput##BITS, dest,                                                           \
                   (D *dest, const D *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe), (dest, src, dst, sst, n, pe)) \
    SHOAL_NVI_WRAPV(PFX##iget##BITS, src,                                                           \
                   (D *dest, const D *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe), (dest, src, dst, sst, n, pe)) \
    SHOAL_NVI_WRAPV(PFX##put##BITS##_signal, dest,                                           \
                   (D *dest, const D *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),            \
                   (dest, src, n, sig, signal, sig_op, pe))                                                          \
    SHOAL_NVI_WRAPV(PFX##put##BITS##_signal_nbi, dest,                                   \
                   (D *dest, const D *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),            \
                   (dest, src, n, sig, signal, sig_op, pe))
#define SHOAL_NVI_RMA_TYPE(T, NAME, A)                                                                             \
    SHOAL_NVI_WRAPV(NAME##_p, dest, (T *dest, T value, int pe), (dest, value, pe))                        \
    SHOAL_NVI_WRAP(T, NAME##_g, src, (const T *src, int pe), (src, pe))                                       \
    SHOAL_NVI_RMA_OPS(T, NAME##_, )
#define SHOAL_NVI_RMA_SIZE(BITS, BYTES, A) SHOAL_NVI_RMA_OPS(void, , BITS)
SHOAL_RMA_TYPES(SHOAL_NVI_ROWS, SHOAL_NVI_RMA_TYPE)
SHOAL_SIZES(SHOAL_NVI_RMA_SIZE, )
SHOAL_NVI_WRAPV(putmem, dest, (void *dest, const void *src, size_t n, int pe), (dest, src, n, pe))
SHOAL_NVI_WRAPV(getmem, src, (void *dest, const void *src, size_t n, int pe), (dest, src, n, pe))
SHOAL_NVI_WRAPV(putmem_nbi, dest, (void *dest, const void *src, size_t n, int pe), (dest, src, n, pe))
SHOAL_NVI_WRAPV(getmem_nbi, src, (void *dest, const void *src, size_t n, int pe), (dest, src, n, pe))
SHOAL_NVI_WRAPV(putmem_signal, dest,
               (void *dest, const void *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),
               (dest, src, n, sig, signal, sig_op, pe))
SHOAL_NVI_WRAPV(putmem_signal_nbi, dest,
               (void *dest, const void *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),
               (dest, src, n, sig, signal, sig_op, pe))
#undef SHOAL_NVI_RMA_SIZE
#undef SHOAL_NVI_RMA_TYPE
#undef SHOAL_NVI_RMA_OPS

/* The half and bfloat16 rows (C++ with cuda_fp16.h): the device API's templates on the device,
 * OpenSHMEM's 16-bit SIZE forms on the host. */
#if SHOAL_NVI_HALF
#define SHOAL_NVI_WRAP16(NAME, FAM, HOST, SYM, PARAMS, ARGS) \
    SHOAL_NVI_FN void nvshmem_##NAME##_##FAM PARAMS { SHOAL_NVI_BOTH_SYM("nvshmem_" #NAME "_" #FAM, SYM, SHOAL_NVI_D FAM(SHOAL_NVI_CTX, SHOAL_NVI_UNPAREN ARGS), HOST ARGS); }
template <class T> SHOAL_NVI_HOST_FN T shoal_nvi_host_g(const T *src, int pe)
{
    T v;
    shmem_getmem(&v, src, sizeof v, pe);
    return v;
}
#define SHOAL_NVI_RMA_HALF(T, NAME, A)                                                                            \
    static_assert(sizeof(T) == 2, "the 16-bit SIZE forms carry " #T);                                             \
    SHOAL_NVI_FN void nvshmem_##NAME##_p(T *dest, T value, int pe)                                                \
    { SHOAL_NVI_BOTH_SYM("nvshmem_" #NAME "_p", dest, SHOAL_NVI_D p(SHOAL_NVI_CTX, dest, value, pe),              \
                         shmem_putmem(dest, &value, sizeof(T), pe)); }                                            \
    SHOAL_NVI_FN T nvshmem_##NAME##_g(const T *src, int pe)                                                       \
    { return SHOAL_NVI_BOTH_SYM("nvshmem_" #NAME "_g", src, SHOAL_NVI_D g(SHOAL_NVI_CTX, src, pe),                \
                                shoal_nvi_host_g(src, pe)); }                                                     \
    SHOAL_NVI_WRAP16(NAME, put, shmem_put16, dest, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe))      \
    SHOAL_NVI_WRAP16(NAME, get, shmem_get16, src, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe))      \
    SHOAL_NVI_WRAP16(NAME, put_nbi, shmem_put16_nbi, dest, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe)) \
    SHOAL_NVI_WRAP16(NAME, get_nbi, shmem_get16_nbi, src, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe)) \
    SHOAL_NVI_WRAP16(NAME, iput, shmem_iput16, dest, (T *dest, const T *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe), \
                     (dest, src, dst, sst, n, pe))                                                                \
    SHOAL_NVI_WRAP16(NAME, iget, shmem_iget16, src, (T *dest, const T *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe), \
                     (dest, src, dst, sst, n, pe))                                                                \
    SHOAL_NVI_WRAP16(NAME, put_signal, shmem_put16_signal, dest,                                                        \
                     (T *dest, const T *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),       \
                     (dest, src, n, sig, signal, sig_op, pe))                                                     \
    SHOAL_NVI_WRAP16(NAME, put_signal_nbi, shmem_put16_signal_nbi, dest,                                                \
                     (T *dest, const T *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),       \
                     (dest, src, n, sig, signal, sig_op, pe))
SHOAL_NVI_HALF_ROWS(SHOAL_NVI_RMA_HALF)
#undef SHOAL_NVI_RMA_HALF
#endif

/* Signals: fetch and wait on a local signal word. */
SHOAL_NVI_WRAP(uint64_t, signal_fetch, sig, (uint64_t *sig), (sig)) /* NVSHMEM's: not const */
SHOAL_NVI_WRAP(uint64_t, signal_wait_until, sig, (uint64_t *sig, int cmp, uint64_t value), (sig, cmp, value))

/* Atomics: TYPENAME_atomic_OP on the standard, extended and bitwise rows. */
#define SHOAL_NVI_AMO_EXT(T, NAME, A)                                                                             \
    SHOAL_NVI_WRAP(T, NAME##_atomic_fetch, src, (const T *src, int pe), (src, pe))                \
    SHOAL_NVI_WRAPV(NAME##_atomic_set, dest, (T *dest, T value, int pe), (dest, value, pe))     \
    SHOAL_NVI_WRAP(T, NAME##_atomic_swap, dest, (T *dest, T value, int pe), (dest, value, pe))
#define SHOAL_NVI_AMO_STD(T, NAME, A)                                                                             \
    SHOAL_NVI_WRAP(T, NAME##_atomic_compare_swap, dest, (T *dest, T cond, T value, int pe), \
                   (dest, cond, value, pe))                                                                       \
    SHOAL_NVI_WRAP(T, NAME##_atomic_fetch_add, dest, (T *dest, T value, int pe), (dest, value, pe)) \
    SHOAL_NVI_WRAPV(NAME##_atomic_add, dest, (T *dest, T value, int pe), (dest, value, pe))     \
    SHOAL_NVI_WRAP(T, NAME##_atomic_fetch_inc, dest, (T *dest, int pe), (dest, pe))            \
    SHOAL_NVI_WRAPV(NAME##_atomic_inc, dest, (T *dest, int pe), (dest, pe))
#define SHOAL_NVI_AMO_BIT_OP(T, NAME, OP)                                                                         \
    SHOAL_NVI_WRAP(T, NAME##_atomic_fetch_##OP, dest, (T *dest, T value, int pe), (dest, value, pe)) \
    SHOAL_NVI_WRAPV(NAME##_atomic_##OP, dest, (T *dest, T value, int pe), (dest, value, pe))
#define SHOAL_NVI_AMO_BIT(T, NAME, A)                                                                             \
    SHOAL_NVI_AMO_BIT_OP(T, NAME, and) SHOAL_NVI_AMO_BIT_OP(T, NAME, or) SHOAL_NVI_AMO_BIT_OP(T, NAME, xor)
SHOAL_AMO_EXT_TYPES(SHOAL_NVI_AMO_EXT, )
SHOAL_AMO_STD_TYPES(SHOAL_NVI_AMO_STD, )
SHOAL_AMO_BIT_TYPES(SHOAL_NVI_AMO_BIT, )
#undef SHOAL_NVI_AMO_EXT
#undef SHOAL_NVI_AMO_STD
#undef SHOAL_NVI_AMO_BIT_OP
#undef SHOAL_NVI_AMO_BIT

/* Waits on local symmetric variables: TYPENAME_wait_until / test and their all / any / some
 * (and _vector) forms. */
#define SHOAL_NVI_WAIT_SET(T, NAME, SFX, VT)                                                                      \
    SHOAL_NVI_WRAPV(NAME##_wait_until_all##SFX, ivars,                                   \
                   (T *ivars, size_t n, const int *status, int cmp, VT v), (ivars, n, status, cmp, v))             \
    SHOAL_NVI_WRAP(size_t, NAME##_wait_until_any##SFX, ivars,                                 \
                   (T *ivars, size_t n, const int *status, int cmp, VT v), (ivars, n, status, cmp, v))             \
    SHOAL_NVI_WRAP(size_t, NAME##_wait_until_some##SFX, ivars,                               \
                   (T *ivars, size_t n, size_t *idx, const int *status, int cmp, VT v), (ivars, n, idx, status, cmp, v)) \
    SHOAL_NVI_WRAP(int, NAME##_test_all##SFX, ivars,                                                \
                   (T *ivars, size_t n, const int *status, int cmp, VT v), (ivars, n, status, cmp, v))             \
    SHOAL_NVI_WRAP(size_t, NAME##_test_any##SFX, ivars,                                             \
                   (T *ivars, size_t n, const int *status, int cmp, VT v), (ivars, n, status, cmp, v))             \
    SHOAL_NVI_WRAP(size_t, NAME##_test_some##SFX, ivars,                                           \
                   (T *ivars, size_t n, size_t *idx, const int *status, int cmp, VT v), (ivars, n, idx, status, cmp, v))
#define SHOAL_NVI_WAIT(T, NAME, A)                                                                                \
    SHOAL_NVI_WRAPV(NAME##_wait_until, ivar, (T *ivar, int cmp, T value), (ivar, cmp, value))    \
    SHOAL_NVI_WRAP(int, NAME##_test, ivar, (T *ivar, int cmp, T value), (ivar, cmp, value))                 \
    SHOAL_NVI_WAIT_SET(T, NAME, , T) SHOAL_NVI_WAIT_SET(T, NAME, _vector, T *)
SHOAL_P2P_TYPES(SHOAL_NVI_WAIT, )
#undef SHOAL_NVI_WAIT
#undef SHOAL_NVI_WAIT_SET

/** The signal update of put_signal without data: sig on pe set to, or increased by, signal
 *  (an atomic on the host). */
SHOAL_NVI_FN void nvshmemx_signal_op(uint64_t *sig, uint64_t signal, int sig_op, int pe)
{
    SHOAL_NVI_BOTH_SYM("nvshmemx_signal_op", sig, SHOAL_NVI_D signal_op(SHOAL_NVI_CTX, sig, signal, sig_op, pe),
                       shmemx_signal_op(sig, signal, sig_op, pe));
}

/* Ordering. */
SHOAL_NVI_FN void nvshmem_fence(void) { SHOAL_NVI_BOTH(SHOAL_NVI_D fence(SHOAL_NVI_CTX), shmem_fence()); }
SHOAL_NVI_FN void nvshmem_quiet(void) { SHOAL_NVI_BOTH(SHOAL_NVI_D quiet(SHOAL_NVI_CTX), shmem_quiet()); }

#endif
