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
SHOAL_NVI_WRAP(int, team_sync, (nvshmem_team_t team), (team))
/** Complete this PE's puts and AMOs, then team_sync (OpenSHMEM 1.5 has no team barrier). */
SHOAL_NVI_FN int nvshmem_barrier(nvshmem_team_t team)
{
    return SHOAL_NVI_BOTH(SHOAL_NVI_D barrier(SHOAL_NVI_CTX, team), (shmem_quiet(), shmem_team_sync(team)));
}

#define SHOAL_NVI_COLL_OPS(D, PFX, MID)                                                                           \
    SHOAL_NVI_WRAP(int, PFX##alltoall##MID, (nvshmem_team_t team, D *dest, const D *src, size_t n),               \
                   (team, dest, src, n))                                                                          \
    SHOAL_NVI_WRAP(int, PFX##broadcast##MID, (nvshmem_team_t team, D *dest, const D *src, size_t n, int root),    \
                   (team, dest, src, n, root))                                                                    \
    SHOAL_NVI_WRAP(int, PFX##fcollect##MID, (nvshmem_team_t team, D *dest, const D *src, size_t n),               \
                   (team, dest, src, n))                                                                          \
    SHOAL_NVI_WRAP(int, PFX##collect##MID, (nvshmem_team_t team, D *dest, const D *src, size_t n),                \
                   (team, dest, src, n))
#define SHOAL_NVI_COLL_TYPE(T, NAME, A) SHOAL_NVI_COLL_OPS(T, NAME##_, )
SHOAL_RMA_TYPES(SHOAL_NVI_ROWS, SHOAL_NVI_COLL_TYPE)
SHOAL_NVI_COLL_OPS(void, , mem)
#undef SHOAL_NVI_COLL_TYPE
#undef SHOAL_NVI_COLL_OPS

/* TYPENAME_OP_reduce(team, dest, source, nreduce) for the reduction rows (no complex types). */
#define SHOAL_NVI_REDUCE_ROW(T, NAME, OP)                                                                         \
    SHOAL_NVI_WRAP(int, NAME##_##OP##_reduce, (nvshmem_team_t team, T *dest, const T *src, size_t n),             \
                   (team, dest, src, n))
#define SHOAL_NVI_REDUCE_and(T, NAME, A) SHOAL_NVI_REDUCE_ROW(T, NAME, and)
#define SHOAL_NVI_REDUCE_or(T, NAME, A) SHOAL_NVI_REDUCE_ROW(T, NAME, or)
#define SHOAL_NVI_REDUCE_xor(T, NAME, A) SHOAL_NVI_REDUCE_ROW(T, NAME, xor)
#define SHOAL_NVI_REDUCE_max(T, NAME, A) SHOAL_NVI_REDUCE_ROW(T, NAME, max)
#define SHOAL_NVI_REDUCE_min(T, NAME, A) SHOAL_NVI_REDUCE_ROW(T, NAME, min)
#define SHOAL_NVI_REDUCE_sum(T, NAME, A) SHOAL_NVI_REDUCE_ROW(T, NAME, sum)
#define SHOAL_NVI_REDUCE_prod(T, NAME, A) SHOAL_NVI_REDUCE_ROW(T, NAME, prod)
#define SHOAL_NVI_BITWISE(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_NVI_ROWS, SHOAL_NVI_REDUCE_##OP)
#define SHOAL_NVI_MINMAX(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NVI_ROWS, SHOAL_NVI_REDUCE_##OP)
SHOAL_BITWISE_OPS(SHOAL_NVI_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_NVI_MINMAX)
SHOAL_ARITH_OPS(SHOAL_NVI_MINMAX) /* the arithmetic rows less the complex ones */
#undef SHOAL_NVI_BITWISE
#undef SHOAL_NVI_MINMAX

#endif
