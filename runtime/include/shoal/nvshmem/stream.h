/* nvshmemx.h: the stream-ordered host calls, nvshmemx_*_on_stream -> shmemx_*_on_stream
 * (shmemx.h says what they do), generated from the type table. Streams are cudaStream_t
 * (struct CUstream_st *): a C program without CUDA headers can still name them. */
#ifndef SHOAL_NVSHMEM_STREAM_H
#define SHOAL_NVSHMEM_STREAM_H

#include <shoal/nvshmem/host.h>

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
#define SHOAL_NVS_REDUCE_and(T, NAME, A) SHOAL_NVS_REDUCE_ROW(T, NAME, and)
#define SHOAL_NVS_REDUCE_or(T, NAME, A) SHOAL_NVS_REDUCE_ROW(T, NAME, or)
#define SHOAL_NVS_REDUCE_xor(T, NAME, A) SHOAL_NVS_REDUCE_ROW(T, NAME, xor)
#define SHOAL_NVS_REDUCE_max(T, NAME, A) SHOAL_NVS_REDUCE_ROW(T, NAME, max)
#define SHOAL_NVS_REDUCE_min(T, NAME, A) SHOAL_NVS_REDUCE_ROW(T, NAME, min)
#define SHOAL_NVS_REDUCE_sum(T, NAME, A) SHOAL_NVS_REDUCE_ROW(T, NAME, sum)
#define SHOAL_NVS_REDUCE_prod(T, NAME, A) SHOAL_NVS_REDUCE_ROW(T, NAME, prod)
#define SHOAL_NVS_BITWISE(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_NVI_ROWS, SHOAL_NVS_REDUCE_##OP)
#define SHOAL_NVS_MINMAX(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NVI_ROWS, SHOAL_NVS_REDUCE_##OP)
SHOAL_BITWISE_OPS(SHOAL_NVS_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_NVS_MINMAX)
SHOAL_ARITH_OPS(SHOAL_NVS_MINMAX)

SHOAL_NVSV(signal_wait_until_on_stream, (uint64_t *sig, int cmp, uint64_t value, SHOAL_NVS_STREAM s), (sig, cmp, value, s))
SHOAL_NVSV(quiet_on_stream, (SHOAL_NVS_STREAM s), (s))
SHOAL_NVSV(barrier_all_on_stream, (SHOAL_NVS_STREAM s), (s))
SHOAL_NVSV(sync_all_on_stream, (SHOAL_NVS_STREAM s), (s))
SHOAL_NVS(int, barrier_on_stream, (nvshmem_team_t team, SHOAL_NVS_STREAM s), (team, s))
SHOAL_NVS(int, team_sync_on_stream, (nvshmem_team_t team, SHOAL_NVS_STREAM s), (team, s))

#endif
