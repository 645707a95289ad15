/* nvshmemx.h: the stream-ordered host calls, nvshmemx_*_on_stream -> shmemx_*_on_stream
 * (shmemx.h says what they do), generated from the type table. Streams are cudaStream_t
 * (struct CUstream_st *): a C program without CUDA headers can still name them. */
#ifndef SHOAL_NVSHMEM_STREAM_H
#define SHOAL_NVSHMEM_STREAM_H

#include <shoal/nvshmem/coll.h>

#define SHOAL_NVS(RET, NAME, PARAMS, ARGS) SHOAL_NVI_HOST_FN RET nvshmemx_##NAME PARAMS { return shmemx_##NAME ARGS; }
#define SHOAL_NVSV(NAME, PARAMS, ARGS) SHOAL_NVI_HOST_FN void nvshmemx_##NAME PARAMS { shmemx_##NAME ARGS; }
#define SHOAL_NVS_STREAM struct CUstream_st *

#define SHOAL_NVS_RMA(D, PFX, BITS)                                                                               \
    SHOAL_NVSV(PFX##put##BITS##_on_stream, (D *dest, const D *src, size_t n, int pe, SHOAL_NVS_STREAM s),         \
               (dest, src, n, pe, s))                                                                             \
    SHOAL_NVSV(PFX##get##BITS##_on_stream, (D *dest, const D *src, size_t n, int pe, SHOAL_NVS_STREAM s),         \
               (dest, src, n, pe, s))                                                                             \
    SHOAL_NVSV(PFX##put##BITS##_nbi_on_stream, (D *dest, const D *src, size_t n, int pe, SHOAL_NVS_STREAM s),     \
               (dest, src, n, pe, s))                                                                             \
    SHOAL_NVSV(PFX##get##BITS##_nbi_on_stream, (D *dest, const D *src, size_t n, int pe, SHOAL_NVS_STREAM s),     \
               (dest, src, n, pe, s))                                                                             \
    SHOAL_NVSV(PFX##put##BITS##_signal_on_stream,                                                                 \
               (D *dest, const D *src, size_t n, uint64_t *sig, uint64_t v, int op, int pe, SHOAL_NVS_STREAM s),  \
               (dest, src, n, sig, v, op, pe, s))                                                                 \
    SHOAL_NVSV(PFX##put##BITS##_signal_nbi_on_stream,                                                             \
               (D *dest, const D *src, size_t n, uint64_t *sig, uint64_t v, int op, int pe, SHOAL_NVS_STREAM s),  \
               (dest, src, n, sig, v, op, pe, s))
#define SHOAL_NVS_STRIDED(D, PFX, BITS)                                                                           \
    SHOAL_NVSV(PFX##iput##BITS##_on_stream,                                                                       \
               (D *dest, const D *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe, SHOAL_NVS_STREAM s),       \
               (dest, src, dst, sst, n, pe, s))                                                                   \
    SHOAL_NVSV(PFX##iget##BITS##_on_stream,                                                                       \
               (D *dest, const D *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe, SHOAL_NVS_STREAM s),       \
               (dest, src, dst, sst, n, pe, s))
#define SHOAL_NVS_COLL(D, PFX, MID)                                                                               \
    SHOAL_NVS(int, PFX##alltoall##MID##_on_stream,                                                                \
              (nvshmem_team_t team, D *dest, const D *src, size_t n, SHOAL_NVS_STREAM s), (team, dest, src, n, s)) \
    SHOAL_NVS(int, PFX##broadcast##MID##_on_stream,                                                               \
              (nvshmem_team_t team, D *dest, const D *src, size_t n, int root, SHOAL_NVS_STREAM s),               \
              (team, dest, src, n, root, s))                                                                      \
    SHOAL_NVS(int, PFX##fcollect##MID##_on_stream,                                                                \
              (nvshmem_team_t team, D *dest, const D *src, size_t n, SHOAL_NVS_STREAM s), (team, dest, src, n, s)) \
    SHOAL_NVS(int, PFX##collect##MID##_on_stream,                                                                 \
              (nvshmem_team_t team, D *dest, const D *src, size_t n, SHOAL_NVS_STREAM s), (team, dest, src, n, s))
#define SHOAL_NVS_TYPE(T, NAME, A) SHOAL_NVS_RMA(T, NAME##_, ) SHOAL_NVS_STRIDED(T, NAME##_, ) SHOAL_NVS_COLL(T, NAME##_, )
#define SHOAL_NVS_SIZE(BITS, BYTES, A) SHOAL_NVS_RMA(void, , BITS) SHOAL_NVS_STRIDED(void, , BITS)
SHOAL_RMA_TYPES(SHOAL_NVI_ROWS, SHOAL_NVS_TYPE)
SHOAL_SIZES(SHOAL_NVS_SIZE, )
SHOAL_NVS_RMA(void, , mem)
SHOAL_NVS_COLL(void, , mem)

#define SHOAL_NVS_REDUCE_ROW(T, NAME, OP)                                                                         \
    SHOAL_NVS(int, NAME##_##OP##_reduce_on_stream,                                                                \
              (nvshmem_team_t team, T *dest, const T *src, size_t n, SHOAL_NVS_STREAM s), (team, dest, src, n, s))
#define SHOAL_NVI_EACH SHOAL_NVS_REDUCE_ROW
SHOAL_NVI_REDUCTIONS
#undef SHOAL_NVI_EACH

/* TYPENAME_OP_reducescatter_on_stream on every reduction row, and the 16-bit rows' reductions:
 * the runtime's typed form (shoal/nvshmem/runtime.h). */
#define SHOAL_NVS_TYPED(T, NAME, OP, KIND, SCATTER)                                                               \
    SHOAL_NVI_HOST_FN int nvshmemx_##NAME##_##OP##_##KIND##_on_stream(nvshmem_team_t team, T *dest, const T *src, \
                                                                      size_t n, SHOAL_NVS_STREAM s)               \
    {                                                                                                             \
        return shmemx_reduce_typed_on_stream("nvshmemx_" #NAME "_" #OP "_" #KIND "_on_stream", team, dest, src,   \
                                             n, SHMEMX_TYPE_##NAME, SHOAL_NVI_OP_##OP, SCATTER, s);               \
    }
#define SHOAL_NVI_EACH(T, NAME, OP) SHOAL_NVS_TYPED(T, NAME, OP, reducescatter, 1)
SHOAL_NVI_REDUCTIONS
SHOAL_NVI_REDUCTIONS16
#undef SHOAL_NVI_EACH
#define SHOAL_NVI_EACH(T, NAME, OP) SHOAL_NVS_TYPED(T, NAME, OP, reduce, 0)
SHOAL_NVI_REDUCTIONS16
#undef SHOAL_NVI_EACH

/* The 16-bit rows' data movement: OpenSHMEM's SIZE and byte forms. */
#if SHOAL_NVI_HALF
#define SHOAL_NVS16(FAM, HOST, NAME, PARAMS, ARGS) SHOAL_NVI_HOST_FN void nvshmemx_##NAME##_##FAM##_on_stream PARAMS { HOST ARGS; }
#define SHOAL_NVS16_TYPE(T, NAME, A)                                                                              \
    SHOAL_NVS16(put, shmemx_put16_on_stream, NAME, (T *dest, const T *src, size_t n, int pe, SHOAL_NVS_STREAM s), \
                (dest, src, n, pe, s))                                                                            \
    SHOAL_NVS16(get, shmemx_get16_on_stream, NAME, (T *dest, const T *src, size_t n, int pe, SHOAL_NVS_STREAM s), \
                (dest, src, n, pe, s))                                                                            \
    SHOAL_NVS16(put_nbi, shmemx_put16_nbi_on_stream, NAME,                                                        \
                (T *dest, const T *src, size_t n, int pe, SHOAL_NVS_STREAM s), (dest, src, n, pe, s))             \
    SHOAL_NVS16(get_nbi, shmemx_get16_nbi_on_stream, NAME,                                                        \
                (T *dest, const T *src, size_t n, int pe, SHOAL_NVS_STREAM s), (dest, src, n, pe, s))             \
    SHOAL_NVS16(put_signal, shmemx_put16_signal_on_stream, NAME,                                                  \
                (T *dest, const T *src, size_t n, uint64_t *sig, uint64_t v, int op, int pe, SHOAL_NVS_STREAM s), \
                (dest, src, n, sig, v, op, pe, s))                                                                \
    SHOAL_NVS16(put_signal_nbi, shmemx_put16_signal_nbi_on_stream, NAME,                                          \
                (T *dest, const T *src, size_t n, uint64_t *sig, uint64_t v, int op, int pe, SHOAL_NVS_STREAM s), \
                (dest, src, n, sig, v, op, pe, s))                                                                \
    SHOAL_NVS16(iput, shmemx_iput16_on_stream, NAME,                                                              \
                (T *dest, const T *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe, SHOAL_NVS_STREAM s),      \
                (dest, src, dst, sst, n, pe, s))                                                                  \
    SHOAL_NVS16(iget, shmemx_iget16_on_stream, NAME,                                                              \
                (T *dest, const T *src, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe, SHOAL_NVS_STREAM s),      \
                (dest, src, dst, sst, n, pe, s))                                                                  \
    SHOAL_NVI_HOST_FN int nvshmemx_##NAME##_alltoall_on_stream(nvshmem_team_t team, T *dest, const T *src, size_t n, \
                                                               SHOAL_NVS_STREAM s)                                \
    { return shmemx_alltoallmem_on_stream(team, dest, src, n * sizeof(T), s); }                                   \
    SHOAL_NVI_HOST_FN int nvshmemx_##NAME##_broadcast_on_stream(nvshmem_team_t team, T *dest, const T *src,       \
                                                                size_t n, int root, SHOAL_NVS_STREAM s)           \
    { return shmemx_broadcastmem_on_stream(team, dest, src, n * sizeof(T), root, s); }                            \
    SHOAL_NVI_HOST_FN int nvshmemx_##NAME##_fcollect_on_stream(nvshmem_team_t team, T *dest, const T *src, size_t n, \
                                                               SHOAL_NVS_STREAM s)                                \
    { return shmemx_fcollectmem_on_stream(team, dest, src, n * sizeof(T), s); }
SHOAL_NVI_HALF_ROWS(SHOAL_NVS16_TYPE)
#undef SHOAL_NVS16_TYPE
#undef SHOAL_NVS16
#endif

/* TYPENAME_p_on_stream / _g_on_stream (every RMA row): one value, by its bytes. */
#define SHOAL_NVS_PG(T, NAME, A)                                                                                  \
    SHOAL_NVI_HOST_FN void nvshmemx_##NAME##_p_on_stream(T *dest, const T value, int pe, SHOAL_NVS_STREAM s)      \
    { shmemx_p_on_stream_bytes("nvshmemx_" #NAME "_p_on_stream", dest, &value, sizeof(T), pe, s); }              \
    SHOAL_NVI_HOST_FN T nvshmemx_##NAME##_g_on_stream(const T *src, int pe, SHOAL_NVS_STREAM s)                   \
    {                                                                                                             \
        T v;                                                                                                      \
        shmemx_g_on_stream_bytes("nvshmemx_" #NAME "_g_on_stream", &v, src, sizeof(T), pe, s);                   \
        return v;                                                                                                 \
    }
SHOAL_RMA_TYPES(SHOAL_NVI_ROWS, SHOAL_NVS_PG)
SHOAL_NVI_HALF_ROWS(SHOAL_NVS_PG)

/* TYPENAME_wait_until(_all)(_vector)_on_stream on the wait rows. */
#define SHOAL_NVS_WAIT(T, NAME, A)                                                                                \
    SHOAL_NVI_HOST_FN void nvshmemx_##NAME##_wait_until_on_stream(T *ivar, int cmp, T cmp_value, SHOAL_NVS_STREAM s) \
    {                                                                                                             \
        shmemx_wait_until_on_stream_typed("nvshmemx_" #NAME "_wait_until_on_stream", ivar, 1, NULL, cmp,         \
                                          SHMEMX_TYPE_##NAME, &cmp_value, NULL, s);                              \
    }                                                                                                             \
    SHOAL_NVI_HOST_FN void nvshmemx_##NAME##_wait_until_all_on_stream(T *ivars, size_t n, const int *status, int cmp, \
                                                                      T cmp_value, SHOAL_NVS_STREAM s)            \
    {                                                                                                             \
        shmemx_wait_until_on_stream_typed("nvshmemx_" #NAME "_wait_until_all_on_stream", ivars, n, status, cmp,  \
                                          SHMEMX_TYPE_##NAME, &cmp_value, NULL, s);                              \
    }                                                                                                             \
    SHOAL_NVI_HOST_FN void nvshmemx_##NAME##_wait_until_all_vector_on_stream(                                    \
        T *ivars, size_t n, const int *status, int cmp, T *cmp_values, SHOAL_NVS_STREAM s)                        \
    {                                                                                                             \
        shmemx_wait_until_on_stream_typed("nvshmemx_" #NAME "_wait_until_all_vector_on_stream", ivars, n, status, \
                                          cmp, SHMEMX_TYPE_##NAME, NULL, cmp_values, s);                         \
    }
SHOAL_P2P_TYPES(SHOAL_NVS_WAIT, )

SHOAL_NVSV(signal_op_on_stream, (uint64_t *sig, uint64_t signal, int sig_op, int pe, SHOAL_NVS_STREAM s),
           (sig, signal, sig_op, pe, s))
SHOAL_NVSV(signal_wait_until_on_stream, (uint64_t *sig, int cmp, uint64_t value, SHOAL_NVS_STREAM s), (sig, cmp, value, s))
SHOAL_NVSV(quiet_on_stream, (SHOAL_NVS_STREAM s), (s))
SHOAL_NVSV(barrier_all_on_stream, (SHOAL_NVS_STREAM s), (s))
SHOAL_NVSV(sync_all_on_stream, (SHOAL_NVS_STREAM s), (s))
SHOAL_NVS(int, barrier_on_stream, (nvshmem_team_t team, SHOAL_NVS_STREAM s), (team, s))
SHOAL_NVS(int, team_sync_on_stream, (nvshmem_team_t team, SHOAL_NVS_STREAM s), (team, s))

#endif
