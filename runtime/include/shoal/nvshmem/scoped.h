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
#define SHOAL_NVI_EACH SHOAL_NVX_REDUCE_ROW
SHOAL_NVI_REDUCTIONS
#undef SHOAL_NVI_EACH

/* TYPENAME_OP_reducescatter_warp / _block. */
#define SHOAL_NVX_RS_ROW(T, NAME, OP)                                                                             \
    SHOAL_NVX_RED_T(T, NAME, OP, reducescatter, _warp, SHOAL_NVI_D scope::warp)                                   \
    SHOAL_NVX_RED_T(T, NAME, OP, reducescatter, _block, SHOAL_NVI_D scope::block)
#define SHOAL_NVX_RED_T(T, NAME, OP, KIND, SFX, S)                                                                \
    SHOAL_NVI_DEV_FN int nvshmemx_##NAME##_##OP##_##KIND##SFX(nvshmem_team_t team, T *dest, const T *src, size_t n) \
    { return SHOAL_NVI_D KIND<SHOAL_NVI_D detail::op_##OP, S>(SHOAL_NVI_CTX, team, dest, src, n); }
#define SHOAL_NVI_EACH SHOAL_NVX_RS_ROW
SHOAL_NVI_REDUCTIONS
SHOAL_NVI_REDUCTIONS16
#undef SHOAL_NVI_EACH

/* The half and bfloat16 rows of the warp and block forms: the device API's templates. */
#if SHOAL_NVI_HALF
#define SHOAL_NVX_T(FAM, SFX, S, NAME, PARAMS, ARGS)                                                              \
    SHOAL_NVI_DEV_FN void nvshmemx_##NAME##_##FAM##SFX PARAMS { SHOAL_NVI_D FAM<S>(SHOAL_NVI_CTX, SHOAL_NVI_UNPAREN ARGS); }
#define SHOAL_NVX_TI(FAM, SFX, S, NAME, PARAMS, ARGS)                                                             \
    SHOAL_NVI_DEV_FN int nvshmemx_##NAME##_##FAM##SFX PARAMS { return SHOAL_NVI_D FAM<S>(SHOAL_NVI_CTX, SHOAL_NVI_UNPAREN ARGS); }
#define SHOAL_NVX_HALF_SCOPE(T, NAME, SFX, S)                                                                     \
    SHOAL_NVX_T(put, SFX, S, NAME, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe))                 \
    SHOAL_NVX_T(get, SFX, S, NAME, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe))                 \
    SHOAL_NVX_T(put_nbi, SFX, S, NAME, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe))             \
    SHOAL_NVX_T(get_nbi, SFX, S, NAME, (T *dest, const T *src, size_t n, int pe), (dest, src, n, pe))             \
    SHOAL_NVX_T(iput, SFX, S, NAME, (T *dest, const T *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe),      \
                (dest, src, dst, sst, n, pe))                                                                     \
    SHOAL_NVX_T(iget, SFX, S, NAME, (T *dest, const T *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe),      \
                (dest, src, dst, sst, n, pe))                                                                     \
    SHOAL_NVX_T(put_signal, SFX, S, NAME,                                                                         \
                (T *dest, const T *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),            \
                (dest, src, n, sig, signal, sig_op, pe))                                                          \
    SHOAL_NVX_T(put_signal_nbi, SFX, S, NAME,                                                                     \
                (T *dest, const T *src, size_t n, uint64_t *sig, uint64_t signal, int sig_op, int pe),            \
                (dest, src, n, sig, signal, sig_op, pe))                                                          \
    SHOAL_NVX_TI(alltoall, SFX, S, NAME, (nvshmem_team_t team, T *dest, const T *src, size_t n), (team, dest, src, n)) \
    SHOAL_NVX_TI(broadcast, SFX, S, NAME, (nvshmem_team_t team, T *dest, const T *src, size_t n, int root),       \
                 (team, dest, src, n, root))                                                                      \
    SHOAL_NVX_TI(fcollect, SFX, S, NAME, (nvshmem_team_t team, T *dest, const T *src, size_t n), (team, dest, src, n)) \
    SHOAL_NVX_RED_T(T, NAME, max, reduce, SFX, S)                                                                 \
    SHOAL_NVX_RED_T(T, NAME, min, reduce, SFX, S)                                                                 \
    SHOAL_NVX_RED_T(T, NAME, sum, reduce, SFX, S)                                                                 \
    SHOAL_NVX_RED_T(T, NAME, prod, reduce, SFX, S)
#define SHOAL_NVX_HALF(T, NAME, A)                                                                                \
    SHOAL_NVX_HALF_SCOPE(T, NAME, _warp, SHOAL_NVI_D scope::warp) SHOAL_NVX_HALF_SCOPE(T, NAME, _block, SHOAL_NVI_D scope::block)
SHOAL_NVI_HALF_ROWS(SHOAL_NVX_HALF)
#undef SHOAL_NVX_HALF
#undef SHOAL_NVX_HALF_SCOPE
#undef SHOAL_NVX_TI
#undef SHOAL_NVX_T
#endif


/* A warpgroup (NVSHMEM's: four consecutive warps, 128 threads of a block, all calling): on the
 * GPU a named barrier per warpgroup; the emulation runs it as a whole block of up to 128
 * threads. */
struct shoal_nvi_warpgroup {
#if defined(__CUDA_ARCH__)
    __device__ static int rank() { return SHOAL_NVI_D detail::linear_tid() & 127; }
    __device__ static int size() { return 128; }
    __device__ static void sync() { asm volatile("bar.sync %0, 128;" ::"r"(1 + (SHOAL_NVI_D detail::linear_tid() >> 7))); }
#else
    static int rank() { return SHOAL_NVI_D scope::block::rank(); }
    static int size() { return SHOAL_NVI_D scope::block::size(); }
    static void sync() { SHOAL_NVI_D scope::block::sync(); }
#endif
};
/** Barrier over team, called by every thread of a warpgroup. */
SHOAL_NVI_DEV_FN int nvshmemx_barrier_warpgroup(nvshmem_team_t team)
{
#if !defined(__CUDA_ARCH__)
    if (SHOAL_NVI_D scope::block::size() > 128 && SHOAL_NVI_D scope::block::rank() == 0) {
        fprintf(stderr, "shoal: nvshmemx_barrier_warpgroup: PE %d: the emulation runs a warpgroup as a whole "
                        "block of up to 128 threads, not %d\n", SHOAL_NVI_CTX.my_pe, SHOAL_NVI_D scope::block::size());
        shmem_global_exit(1);
    }
#endif
    return SHOAL_NVI_D barrier<shoal_nvi_warpgroup>(SHOAL_NVI_CTX, team);
}

#if SHOAL_NVI_CUDA
/* MAXLOC over (value, index) pairs: the largest value, the lowest index among equals. */
struct shoal_nvi_op_maxloc {
    template <class T> SHOAL_HD static T apply(T a, T b) { return b.x > a.x || (b.x == a.x && b.y < a.y) ? b : a; }
};
/** dest[i] = the MAXLOC of every member's source[i] (x: value, y: its index), by a block. */
SHOAL_NVI_DEV_FN int nvshmemx_double2_maxloc_reduce_block(nvshmem_team_t team, double2 *dest, const double2 *src,
                                                          size_t nreduce)
{
    return SHOAL_NVI_D reduce<shoal_nvi_op_maxloc, SHOAL_NVI_D scope::block>(SHOAL_NVI_CTX, team, dest, src, nreduce);
}
#endif

#endif
#endif
