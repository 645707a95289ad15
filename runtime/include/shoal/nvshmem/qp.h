/* nvshmem.h: NVSHMEM's queue-pair forms (nvshmemx_qp_*, device only): NVSHMEM lets a kernel pick
 * the network queue an operation goes through; Shoal reaches every peer through its own paths,
 * so each form is the plain one (the handle only has to come from nvshmemx_qp_create or be an
 * NVSHMEMX_QP_* value). Generated from the type table. */
#ifndef SHOAL_NVSHMEM_QP_H
#define SHOAL_NVSHMEM_QP_H

#include <shoal/nvshmem/scoped.h>

#if SHOAL_NVI_DEVICE

/* nvshmemx_qp_##NAME##SFX(PARAMS, qp) -> the device API's NAME##SFX(ctx, ARGS). */
#define SHOAL_NVQ(RET, NAME, SFX, PARAMS, ARGS)                                                                   \
    SHOAL_NVI_DEV_FN RET nvshmemx_qp_##NAME##SFX(SHOAL_NVI_UNPAREN PARAMS, nvshmemx_qp_handle_t qp)               \
    {                                                                                                             \
        (void)qp;                                                                                                 \
        return SHOAL_NVI_D NAME##SFX(SHOAL_NVI_CTX, SHOAL_NVI_UNPAREN ARGS);                                      \
    }
/* The same through the device API's templates (the 16-bit rows have no named forms there). */
#define SHOAL_NVQ_T(RET, NAME, FAM, SFX, S, PARAMS, ARGS)                                                         \
    SHOAL_NVI_DEV_FN RET nvshmemx_qp_##NAME##_##FAM##SFX(SHOAL_NVI_UNPAREN PARAMS, nvshmemx_qp_handle_t qp)       \
    {                                                                                                             \
        (void)qp;                                                                                                 \
        return SHOAL_NVI_D FAM<S>(SHOAL_NVI_CTX, SHOAL_NVI_UNPAREN ARGS);                                         \
    }
#define SHOAL_NVQ_RMA(T, NAME, SFX, S)                                                                            \
    SHOAL_NVQ_T(void, NAME, put, SFX, S, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe))           \
    SHOAL_NVQ_T(void, NAME, get, SFX, S, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe))           \
    SHOAL_NVQ_T(void, NAME, put_nbi, SFX, S, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe))       \
    SHOAL_NVQ_T(void, NAME, get_nbi, SFX, S, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe))       \
    SHOAL_NVQ_T(void, NAME, put_signal, SFX, S,                                                                   \
                (T *dest, const T *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),            \
                (dest, src, n, sig, signal, sig_op, pe))                                                          \
    SHOAL_NVQ_T(void, NAME, put_signal_nbi, SFX, S,                                                               \
                (T *dest, const T *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),            \
                (dest, src, n, sig, signal, sig_op, pe))
#define SHOAL_NVQ_TYPE(T, NAME, A)                                                                                \
    SHOAL_NVI_DEV_FN void nvshmemx_qp_##NAME##_p(T *dest, T value, int pe, nvshmemx_qp_handle_t qp)               \
    {                                                                                                             \
        (void)qp;                                                                                                 \
        SHOAL_NVI_D p(SHOAL_NVI_CTX, dest, value, pe);                                                            \
    }                                                                                                             \
    SHOAL_NVI_DEV_FN T nvshmemx_qp_##NAME##_g(const T *src, int pe, nvshmemx_qp_handle_t qp)                      \
    {                                                                                                             \
        (void)qp;                                                                                                 \
        return SHOAL_NVI_D g(SHOAL_NVI_CTX, src, pe);                                                             \
    }                                                                                                             \
    SHOAL_NVQ_RMA(T, NAME, , SHOAL_NVI_D scope::thread)                                                           \
    SHOAL_NVQ_RMA(T, NAME, _warp, SHOAL_NVI_D scope::warp)                                                        \
    SHOAL_NVQ_RMA(T, NAME, _block, SHOAL_NVI_D scope::block)
SHOAL_RMA_TYPES(SHOAL_NVI_ROWS, SHOAL_NVQ_TYPE)
SHOAL_NVI_HALF_ROWS(SHOAL_NVQ_TYPE)
#undef SHOAL_NVQ_TYPE
#undef SHOAL_NVQ_RMA
#undef SHOAL_NVQ_T

SHOAL_NVQ(void, signal_op, , (uint64_t *sig, uint64_t signal, int sig_op, int pe), (sig, signal, sig_op, pe))
#undef SHOAL_NVQ

/** Quiet and fence over some queues of pe: Shoal's quiet and fence cover every queue (each
 *  thread of a warp or block orders its own operations). */
#define SHOAL_NVQ_ORDER(OP, SFX)                                                                                  \
    SHOAL_NVI_DEV_FN void nvshmemx_qp_##OP##SFX(int pe, nvshmemx_qp_handle_t *qp_handle, int num_qps)             \
    {                                                                                                             \
        (void)pe;                                                                                                 \
        (void)qp_handle;                                                                                          \
        (void)num_qps;                                                                                            \
        SHOAL_NVI_D OP(SHOAL_NVI_CTX);                                                                            \
    }
SHOAL_NVQ_ORDER(quiet, )
SHOAL_NVQ_ORDER(quiet, _warp)
SHOAL_NVQ_ORDER(quiet, _block)
SHOAL_NVQ_ORDER(fence, )
SHOAL_NVQ_ORDER(fence, _warp)
SHOAL_NVQ_ORDER(fence, _block)
#undef SHOAL_NVQ_ORDER

#endif
#endif
