/* The _on_stream collectives (shmemx.h) on a team: alltoall, broadcast, fcollect (typed from
 * the type table, and mem) and TYPENAME_OP_reduce (the reduction rows less long double and
 * complex: no GPU form), enqueued on a stream. dest and source are device heap memory (the
 * same on every member); each returns 0, or -1 for SHMEM_TEAM_INVALID. */
#include <stdint.h>

#include <shmemx.h>

#include "core/check.h"
#include "core/error.h"
#include "device/on_stream.h"
#include "team/team.h"

static int coll(const char *routine, enum shoal_stream_op op, shmem_team_t team, void *dest, const void *src,
                size_t nelems, size_t elem, int root, void *stream)
{
    const struct shoal_team *t = shoal_stream_team(routine, team);
    if (!t) return -1;
    if (op == SHOAL_STREAM_BROADCAST && (root < 0 || root >= t->size))
        shoal_fatal(routine, "PE_root %d is not a member index (the team has %d PEs)", root, t->size);
    SHOAL_CHECK_LEN(routine, nelems, elem);
    const size_t n = (size_t)t->size;
    if (op != SHOAL_STREAM_BROADCAST && n && nelems * elem > SIZE_MAX / n)
        shoal_fatal(routine, "nelems %zu times %zu members overflows", nelems, n);
    const size_t block = nelems * elem;
    shoal_stream_check_device(routine, "dest", dest, op == SHOAL_STREAM_BROADCAST ? block : block * n);
    shoal_stream_check_device(routine, "source", src, op == SHOAL_STREAM_ALLTOALL ? block * n : block);
    struct shoal_stream_args a = {.op = op, .pe = root, .dest = dest, .src = src, .nelems = nelems, .elem = elem,
                                  .team = team};
    shoal_stream_enqueue(routine, stream, &a);
    return 0;
}

static int reduce(const char *routine, int red_op, int red_type, shmem_team_t team, void *dest, const void *src,
                  size_t nreduce, size_t elem, void *stream)
{
    const struct shoal_team *t = shoal_stream_team(routine, team);
    if (!t) return -1;
    SHOAL_CHECK_LEN(routine, nreduce, elem);
    shoal_stream_check_device(routine, "dest", dest, nreduce * elem);
    shoal_stream_check_device(routine, "source", src, nreduce * elem);
    struct shoal_stream_args a = {.op = SHOAL_STREAM_REDUCE, .dest = dest, .src = src, .nelems = nreduce,
                                  .elem = elem, .team = team, .red_op = red_op, .red_type = red_type};
    shoal_stream_enqueue(routine, stream, &a);
    return 0;
}

#define SHOAL_STREAM_COLL(T, PFX, MID, ELEM)                                                                      \
    int shmemx_##PFX##alltoall##MID##_on_stream(shmem_team_t team, T *dest, const T *src, size_t n,              \
                                                struct CUstream_st *s)                                           \
    { return coll("shmemx_" #PFX "alltoall" #MID "_on_stream", SHOAL_STREAM_ALLTOALL, team, dest, src, n, ELEM, 0, s); } \
    int shmemx_##PFX##broadcast##MID##_on_stream(shmem_team_t team, T *dest, const T *src, size_t n, int root,   \
                                                 struct CUstream_st *s)                                          \
    { return coll("shmemx_" #PFX "broadcast" #MID "_on_stream", SHOAL_STREAM_BROADCAST, team, dest, src, n, ELEM, root, s); } \
    int shmemx_##PFX##fcollect##MID##_on_stream(shmem_team_t team, T *dest, const T *src, size_t n,              \
                                                struct CUstream_st *s)                                           \
    { return coll("shmemx_" #PFX "fcollect" #MID "_on_stream", SHOAL_STREAM_FCOLLECT, team, dest, src, n, ELEM, 0, s); }
#define SHOAL_STREAM_COLL_TYPE(T, NAME, A) SHOAL_STREAM_COLL(T, NAME##_, , sizeof(T))
SHOAL_RMA_TYPES(SHOAL_STREAM_COLL_TYPE, )
SHOAL_STREAM_COLL(void, , mem, 1)

#define SHOAL_STREAM_REDUCE(T, NAME, OP, RED)                                                                     \
    int shmemx_##NAME##_##OP##_reduce_on_stream(shmem_team_t team, T *dest, const T *src, size_t n,              \
                                                struct CUstream_st *s)                                           \
    { return reduce("shmemx_" #NAME "_" #OP "_reduce_on_stream", RED, SHOAL_STREAM_TYPE_OF(T), team, dest, src, n, \
                    sizeof(T), s); }
#define SHOAL_STREAM_REDUCE_and(T, NAME, A) SHOAL_STREAM_REDUCE(T, NAME, and, SHOAL_RED_AND)
#define SHOAL_STREAM_REDUCE_or(T, NAME, A) SHOAL_STREAM_REDUCE(T, NAME, or, SHOAL_RED_OR)
#define SHOAL_STREAM_REDUCE_xor(T, NAME, A) SHOAL_STREAM_REDUCE(T, NAME, xor, SHOAL_RED_XOR)
#define SHOAL_STREAM_REDUCE_max(T, NAME, A) SHOAL_STREAM_REDUCE(T, NAME, max, SHOAL_RED_MAX)
#define SHOAL_STREAM_REDUCE_min(T, NAME, A) SHOAL_STREAM_REDUCE(T, NAME, min, SHOAL_RED_MIN)
#define SHOAL_STREAM_REDUCE_sum(T, NAME, A) SHOAL_STREAM_REDUCE(T, NAME, sum, SHOAL_RED_SUM)
#define SHOAL_STREAM_REDUCE_prod(T, NAME, A) SHOAL_STREAM_REDUCE(T, NAME, prod, SHOAL_RED_PROD)
#define SHOAL_STREAM_BITWISE(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_STREAM_REDUCE_##OP)
#define SHOAL_STREAM_MINMAX(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_STREAM_REDUCE_##OP)
SHOAL_BITWISE_OPS(SHOAL_STREAM_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_STREAM_MINMAX)
SHOAL_ARITH_OPS(SHOAL_STREAM_MINMAX) /* the arithmetic rows less the complex ones */
