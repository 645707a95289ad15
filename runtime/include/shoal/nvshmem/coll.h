/* nvshmem.h: barriers and team collectives on both sides (host: shmem_*, device: shoal::device
 * at thread scope), generated from the type table. */
#ifndef SHOAL_NVSHMEM_COLL_H
#define SHOAL_NVSHMEM_COLL_H

#include <shoal/nvshmem/host.h>
#include <shoal/nvshmem/rma.h>

SHOAL_NVI_FN void nvshmem_barrier_all(void)
{
    SHOAL_NVI_BOTH(SHOAL_NVI_D barrier_all(SHOAL_NVI_CTX), shmem_barrier_all());
}
SHOAL_NVI_FN void nvshmem_sync_all(void) { SHOAL_NVI_BOTH(SHOAL_NVI_D sync_all(SHOAL_NVI_CTX), shmem_sync_all()); }
SHOAL_NVI_FN int nvshmem_team_sync(nvshmem_team_t team)
{
    return SHOAL_NVI_BOTH(SHOAL_NVI_D team_sync(SHOAL_NVI_CTX, team), shmem_team_sync(team));
}
/* NVSHMEM's other name for it. */
#define nvshmem_sync nvshmem_team_sync
/** Complete this PE's puts and AMOs, then team_sync (OpenSHMEM 1.5 has no team barrier). */
SHOAL_NVI_FN int nvshmem_barrier(nvshmem_team_t team)
{
    return SHOAL_NVI_BOTH(SHOAL_NVI_D barrier(SHOAL_NVI_CTX, team), (shmem_quiet(), shmem_team_sync(team)));
}

#define SHOAL_NVI_COLL_OPS(D, PFX, MID)                                                                           \
    SHOAL_NVI_WRAP(int, PFX##alltoall##MID, dest, (nvshmem_team_t team, D *dest, const D *src, size_t n),               \
                   (team, dest, src, n))                                                                          \
    SHOAL_NVI_WRAP(int, PFX##broadcast##MID, dest, (nvshmem_team_t team, D *dest, const D *src, size_t n, int root),    \
                   (team, dest, src, n, root))                                                                    \
    SHOAL_NVI_WRAP(int, PFX##fcollect##MID, dest, (nvshmem_team_t team, D *dest, const D *src, size_t n),               \
                   (team, dest, src, n))                                                                          \
    SHOAL_NVI_WRAP(int, PFX##collect##MID, dest, (nvshmem_team_t team, D *dest, const D *src, size_t n),                \
                   (team, dest, src, n))
#define SHOAL_NVI_COLL_TYPE(T, NAME, A) SHOAL_NVI_COLL_OPS(T, NAME##_, )
SHOAL_RMA_TYPES(SHOAL_NVI_ROWS, SHOAL_NVI_COLL_TYPE)
SHOAL_NVI_COLL_OPS(void, , mem)
#undef SHOAL_NVI_COLL_TYPE
#undef SHOAL_NVI_COLL_OPS

/* TYPENAME_OP_reduce(team, dest, source, nreduce) for the reduction rows (no complex types). */
#define SHOAL_NVI_REDUCE_ROW(T, NAME, OP)                                                                         \
    SHOAL_NVI_WRAP(int, NAME##_##OP##_reduce, dest, (nvshmem_team_t team, T *dest, const T *src, size_t n),             \
                   (team, dest, src, n))
#define SHOAL_NVI_EACH SHOAL_NVI_REDUCE_ROW
SHOAL_NVI_REDUCTIONS
#undef SHOAL_NVI_EACH

/* The half and bfloat16 rows: device templates; on the host, the byte forms (alltoallmem ...)
 * and the runtime's typed reductions (shoal/nvshmem/runtime.h). */
#if SHOAL_NVI_HALF
#define SHOAL_NVI_COLL16(T, NAME, A)                                                                              \
    SHOAL_NVI_FN int nvshmem_##NAME##_alltoall(nvshmem_team_t team, T *dest, const T *src, size_t n)              \
    { return SHOAL_NVI_BOTH(SHOAL_NVI_D alltoall(SHOAL_NVI_CTX, team, dest, src, n),                              \
                            shmem_alltoallmem(team, dest, src, n * sizeof(T))); }                                 \
    SHOAL_NVI_FN int nvshmem_##NAME##_broadcast(nvshmem_team_t team, T *dest, const T *src, size_t n, int root)   \
    { return SHOAL_NVI_BOTH(SHOAL_NVI_D broadcast(SHOAL_NVI_CTX, team, dest, src, n, root),                       \
                            shmem_broadcastmem(team, dest, src, n * sizeof(T), root)); }                          \
    SHOAL_NVI_FN int nvshmem_##NAME##_fcollect(nvshmem_team_t team, T *dest, const T *src, size_t n)              \
    { return SHOAL_NVI_BOTH(SHOAL_NVI_D fcollect(SHOAL_NVI_CTX, team, dest, src, n),                              \
                            shmem_fcollectmem(team, dest, src, n * sizeof(T))); }
SHOAL_NVI_HALF_ROWS(SHOAL_NVI_COLL16)
#undef SHOAL_NVI_COLL16
#endif

/* A reduction by the runtime's element type and operation codes (reducescatter of every row,
 * reductions of the 16-bit rows) and by the device API's templates. */
#define SHOAL_NVI_TYPED_RED(T, NAME, OP, KIND, SCATTER)                                                           \
    SHOAL_NVI_FN int nvshmem_##NAME##_##OP##_##KIND(nvshmem_team_t team, T *dest, const T *src, size_t n)         \
    {                                                                                                             \
        return SHOAL_NVI_BOTH_SYM("nvshmem_" #NAME "_" #OP "_" #KIND, dest,                                      \
                                  SHOAL_NVI_D KIND<SHOAL_NVI_D detail::op_##OP>(SHOAL_NVI_CTX, team, dest, src, n), \
                                  shmemx_reduce_typed("nvshmem_" #NAME "_" #OP "_" #KIND, team, dest, src, n,     \
                                                      SHMEMX_TYPE_##NAME, SHOAL_NVI_OP_##OP, SCATTER));           \
    }
#define SHOAL_NVI_OP_and SHMEMX_OP_AND
#define SHOAL_NVI_OP_or SHMEMX_OP_OR
#define SHOAL_NVI_OP_xor SHMEMX_OP_XOR
#define SHOAL_NVI_OP_max SHMEMX_OP_MAX
#define SHOAL_NVI_OP_min SHMEMX_OP_MIN
#define SHOAL_NVI_OP_sum SHMEMX_OP_SUM
#define SHOAL_NVI_OP_prod SHMEMX_OP_PROD
#define SHOAL_NVI_EACH(T, NAME, OP) SHOAL_NVI_TYPED_RED(T, NAME, OP, reducescatter, 1)
SHOAL_NVI_REDUCTIONS
SHOAL_NVI_REDUCTIONS16
#undef SHOAL_NVI_EACH
#define SHOAL_NVI_EACH(T, NAME, OP) SHOAL_NVI_TYPED_RED(T, NAME, OP, reduce, 0)
SHOAL_NVI_REDUCTIONS16
#undef SHOAL_NVI_EACH

#endif
