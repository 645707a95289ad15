/* nvshmemx.h: the warp and block forms of the device calls (nvshmemx_int_put_block,
 * nvshmemx_barrier_all_warp, nvshmemx_float_sum_reduce_block, ...): device code only (and the
 * g++ host emulation's kernels). Every thread of the warp or block calls with the same
 * arguments, as in NVSHMEM. */
#ifndef SHOAL_NVSHMEM_SCOPED_H
#define SHOAL_NVSHMEM_SCOPED_H

#include <shoal/nvshmem/coll.h>

#if SHOAL_NVI_DEVICE

/* nvshmemx_##NAME##SFX(PARAMS) -> shoal::device::NAME##SFX(ctx, ARGS). */
#define SHOAL_NVX(RET, NAME, SFX, PARAMS, ARGS) \
    SHOAL_NVI_DEV_FN RET nvshmemx_##NAME##SFX PARAMS { return SHOAL_NVI_D NAME##SFX(SHOAL_NVI_CTX, SHOAL_NVI_UNPAREN ARGS); }

#define SHOAL_NVX_RMA(D, PFX, BITS, SFX)                                                                          \
    SHOAL_NVX(void, PFX##put##BITS, SFX, (D *dest, const D *src, size_t n, int pe), (dest, src, n, pe))           \
    SHOAL_NVX(void, PFX##get##BITS, SFX, (D *dest, const D *src, size_t n, int pe), (dest, src, n, pe))           \
    SHOAL_NVX(void, PFX##put##BITS##_nbi, SFX, (D *dest, const D *src, size_t n, int pe), (dest, src, n, pe))     \
    SHOAL_NVX(void, PFX##get##BITS##_nbi, SFX, (D *dest, const D *src, size_t n, int pe), (dest, src, n, pe))     \
    SHOAL_NVX(void, PFX##iput##BITS, SFX, (D *dest, const D *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe), \
              (dest, src, dst, sst, n, pe))                                                                       \
    SHOAL_NVX(void, PFX##iget##BITS, SFX, (D *dest, const D *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe), \
              (dest, src, dst, sst, n, pe))                                                                       \
    SHOAL_NVX(void, PFX##put##BITS##_signal, SFX,                                                                 \
              (D *dest, const D *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),              \
              (dest, src, n, sig, signal, sig_op, pe))                                                            \
    SHOAL_NVX(void, PFX##put##BITS##_signal_nbi, SFX,                                                             \
              (D *dest, const D *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),              \
              (dest, src, n, sig, signal, sig_op, pe))
#define SHOAL_NVX_COLL(D, PFX, MID, SFX)                                                                          \
    SHOAL_NVX(int, PFX##alltoall##MID, SFX, (nvshmem_team_t team, D *dest, const D *src, size_t n),               \
              (team, dest, src, n))                                                                               \
    SHOAL_NVX(int, PFX##broadcast##MID, SFX, (nvshmem_team_t team, D *dest, const D *src, size_t n, int root),    \
              (team, dest, src, n, root))                                                                         \
    SHOAL_NVX(int, PFX##fcollect##MID, SFX, (nvshmem_team_t team, D *dest, const D *src, size_t n),               \
              (team, dest, src, n))                                                                               \
    SHOAL_NVX(int, PFX##collect##MID, SFX, (nvshmem_team_t team, D *dest, const D *src, size_t n),                \
              (team, dest, src, n))
#define SHOAL_NVX_SCOPE(SFX)                                                                                      \
    SHOAL_NVI_DEV_FN void nvshmemx_barrier_all##SFX(void) { SHOAL_NVI_D barrier_all##SFX(SHOAL_NVI_CTX); }      \
    SHOAL_NVI_DEV_FN void nvshmemx_sync_all##SFX(void) { SHOAL_NVI_D sync_all##SFX(SHOAL_NVI_CTX); }            \
    SHOAL_NVX(int, barrier, SFX, (nvshmem_team_t team), (team))                                                   \
    SHOAL_NVX(int, team_sync, SFX, (nvshmem_team_t team), (team))                                                 \
    SHOAL_NVX(void, putmem, SFX, (void *dest, const void *src, size_t n, int pe), (dest, src, n, pe))             \
    SHOAL_NVX(void, getmem, SFX, (void *dest, const void *src, size_t n, int pe), (dest, src, n, pe))             \
    SHOAL_NVX(void, putmem_nbi, SFX, (void *dest, const void *src, size_t n, int pe), (dest, src, n, pe))         \
    SHOAL_NVX(void, getmem_nbi, SFX, (void *dest, const void *src, size_t n, int pe), (dest, src, n, pe))         \
    SHOAL_NVX(void, putmem_signal, SFX,                                                                           \
              (void *dest, const void *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),        \
              (dest, src, n, sig, signal, sig_op, pe))                                                            \
    SHOAL_NVX(void, putmem_signal_nbi, SFX,                                                                       \
              (void *dest, const void *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),        \
              (dest, src, n, sig, signal, sig_op, pe))                                                            \
    SHOAL_NVX_COLL(void, , mem, SFX)
#define SHOAL_NVX_TYPE_SCOPE(T, NAME, SFX) SHOAL_NVX_RMA(T, NAME##_, , SFX) SHOAL_NVX_COLL(T, NAME##_, , SFX)
#define SHOAL_NVX_TYPE(T, NAME, A) SHOAL_NVX_TYPE_SCOPE(T, NAME, _warp) SHOAL_NVX_TYPE_SCOPE(T, NAME, _block)
#define SHOAL_NVX_SIZE(BITS, BYTES, A) SHOAL_NVX_RMA(void, , BITS, _warp) SHOAL_NVX_RMA(void, , BITS, _block)
SHOAL_NVX_SCOPE(_warp)
SHOAL_NVX_SCOPE(_block)
SHOAL_RMA_TYPES(SHOAL_NVI_ROWS, SHOAL_NVX_TYPE)
SHOAL_SIZES(SHOAL_NVX_SIZE, )

/* TYPENAME_OP_reduce_warp / _block. */
#define SHOAL_NVX_REDUCE_ROW(T, NAME, OP)                                                                         \
    SHOAL_NVX(int, NAME##_##OP##_reduce, _warp, (nvshmem_team_t team, T *dest, const T *src, size_t n),           \
              (team, dest, src, n))                                                                               \
    SHOAL_NVX(int, NAME##_##OP##_reduce, _block, (nvshmem_team_t team, T *dest, const T *src, size_t n),          \
              (team, dest, src, n))
#define SHOAL_NVX_REDUCE_and(T, NAME, A) SHOAL_NVX_REDUCE_ROW(T, NAME, and)
#define SHOAL_NVX_REDUCE_or(T, NAME, A) SHOAL_NVX_REDUCE_ROW(T, NAME, or)
#define SHOAL_NVX_REDUCE_xor(T, NAME, A) SHOAL_NVX_REDUCE_ROW(T, NAME, xor)
#define SHOAL_NVX_REDUCE_max(T, NAME, A) SHOAL_NVX_REDUCE_ROW(T, NAME, max)
#define SHOAL_NVX_REDUCE_min(T, NAME, A) SHOAL_NVX_REDUCE_ROW(T, NAME, min)
#define SHOAL_NVX_REDUCE_sum(T, NAME, A) SHOAL_NVX_REDUCE_ROW(T, NAME, sum)
#define SHOAL_NVX_REDUCE_prod(T, NAME, A) SHOAL_NVX_REDUCE_ROW(T, NAME, prod)
#define SHOAL_NVX_BITWISE(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_NVI_ROWS, SHOAL_NVX_REDUCE_##OP)
#define SHOAL_NVX_MINMAX(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NVI_ROWS, SHOAL_NVX_REDUCE_##OP)
SHOAL_BITWISE_OPS(SHOAL_NVX_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_NVX_MINMAX)
SHOAL_ARITH_OPS(SHOAL_NVX_MINMAX)

/* Signal update without data (device only in NVSHMEM). */
SHOAL_NVI_DEV_FN void nvshmemx_signal_op(uint64_t *sig, uint64_t signal, int sig_op, int pe)
{
    SHOAL_NVI_D signal_op(SHOAL_NVI_CTX, sig, signal, sig_op, pe);
}

#endif
#endif
