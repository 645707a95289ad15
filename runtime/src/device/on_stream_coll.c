/* The _on_stream collectives (shmemx.h) on a team: alltoall, broadcast, fcollect, collect
 * (typed from the type table, and mem) and TYPENAME_OP_reduce (the reduction rows less long
 * double and complex: no GPU form); on an active set: TYPENAME_OP_to_all. Enqueued on a
 * stream. dest, source and pSync are device heap memory (the same on every member); the team
 * forms return 0, or -1 for SHMEM_TEAM_INVALID. */
#include <stdint.h>

#include <shmemx.h>

#include "core/check.h"
#include "core/error.h"
#include "core/state.h"
#include "device/on_stream.h"
#include "team/team.h"

static int coll(const char *routine, enum shoal_stream_op op, shmem_team_t team, void *dest, const void *src,
                size_t nelems, size_t elem, int root, void *stream)
{
    struct shoal_stream_args a = {.op = op, .pe = root, .dest = dest, .src = src, .nelems = nelems, .elem = elem};
    const struct shoal_team *t = shoal_stream_team(routine, team, &a);
    if (!t) return -1;
    if (op == SHOAL_STREAM_BROADCAST && (root < 0 || root >= t->size))
        shoal_fatal(routine, "PE_root %d is not a member index (the team has %d PEs)", root, t->size);
    SHOAL_CHECK_LEN(routine, nelems, elem);
    const size_t n = (size_t)t->size;
    if (op != SHOAL_STREAM_BROADCAST && n && nelems * elem > SIZE_MAX / n)
        shoal_fatal(routine, "nelems %zu times %zu members overflows", nelems, n);
    const size_t block = nelems * elem;
    /* collect: the members' counts are not known here; dest holds at least this one's. */
    const int one_block = op == SHOAL_STREAM_BROADCAST || op == SHOAL_STREAM_COLLECT;
    shoal_stream_check_device(routine, "dest", dest, one_block ? block : block * n);
    shoal_stream_check_device(routine, "source", src, op == SHOAL_STREAM_ALLTOALL ? block * n : block);
    shoal_stream_enqueue(routine, stream, &a);
    return 0;
}

static int reduce(const char *routine, int red_op, int red_type, shmem_team_t team, void *dest, const void *src,
                  size_t nreduce, size_t elem, void *stream)
{
    struct shoal_stream_args a = {.op = SHOAL_STREAM_REDUCE, .dest = dest, .src = src, .nelems = nreduce,
                                  .elem = elem, .red_op = red_op, .red_type = red_type};
    if (!shoal_stream_team(routine, team, &a)) return -1;
    SHOAL_CHECK_LEN(routine, nreduce, elem);
    shoal_stream_check_device(routine, "dest", dest, nreduce * elem);
    shoal_stream_check_device(routine, "source", src, nreduce * elem);
    shoal_stream_enqueue(routine, stream, &a);
    return 0;
}

/* The active-set reductions: the set checked as the host _to_all checks it, pSync in the device
 * heap, every member of this node, and pWrk (where dest overlaps source the kernels stage
 * through it) in the device heap when given. */
static void to_all(const char *routine, int red_op, int red_type, void *dest, const void *src, int nreduce,
                   int start, int log_stride, int size, void *pwrk, long *psync, size_t elem, void *stream)
{
    SHOAL_CHECK_INIT(routine);
    const int npes = shoal_g.npes;
    if (size < 1 || log_stride < 0 || log_stride > 30 || start < 0 ||
        start + (long)(size - 1) * (1L << log_stride) >= npes)
        shoal_fatal(routine, "invalid active set: PE_start %d, logPE_stride %d, PE_size %d (%d PEs)", start,
                    log_stride, size, npes);
    const long d = shoal_g.me - start;
    if (d < 0 || (d & ((1L << log_stride) - 1)) || (d >> log_stride) >= size)
        shoal_fatal(routine, "this PE is not in the active set PE_start %d, logPE_stride %d, PE_size %d", start,
                    log_stride, size);
    if (nreduce < 0) shoal_fatal(routine, "nreduce %d is negative", nreduce);
    shoal_stream_check_device(routine, "pSync", psync, SHMEM_REDUCE_SYNC_SIZE * sizeof(long));
    shoal_stream_check_device(routine, "dest", dest, (size_t)nreduce * elem);
    shoal_stream_check_device(routine, "source", src, (size_t)nreduce * elem);
    const size_t bytes = (size_t)nreduce * elem;
    const int overlap = bytes && (const char *)dest < (const char *)src + bytes && (const char *)src < (char *)dest + bytes;
    if (pwrk) {
        const size_t wrk = (size_t)nreduce / 2 + 1 > SHMEM_REDUCE_MIN_WRKDATA_SIZE ? (size_t)nreduce / 2 + 1
                                                                                 : SHMEM_REDUCE_MIN_WRKDATA_SIZE;
        shoal_stream_check_device(routine, "pWrk", pwrk, wrk * elem);
    } else if (overlap) {
        shoal_fatal(routine, "pWrk is NULL, and dest overlaps source: the reduction stages through pWrk");
    }
    for (int i = 0; i < size; i++) shoal_stream_check_reach(routine, start + (i << log_stride));
    struct shoal_stream_args a = {.op = SHOAL_STREAM_REDUCE, .dest = dest, .src = src, .nelems = (size_t)nreduce,
                                  .elem = elem, .red_op = red_op, .red_type = red_type, .psync = psync,
                                  .pwrk = pwrk, .pe_start = start, .log_pe_stride = log_stride, .pe_size = size};
    shoal_stream_enqueue(routine, stream, &a);
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
    { return coll("shmemx_" #PFX "fcollect" #MID "_on_stream", SHOAL_STREAM_FCOLLECT, team, dest, src, n, ELEM, 0, s); } \
    int shmemx_##PFX##collect##MID##_on_stream(shmem_team_t team, T *dest, const T *src, size_t n,               \
                                               struct CUstream_st *s)                                            \
    { return coll("shmemx_" #PFX "collect" #MID "_on_stream", SHOAL_STREAM_COLLECT, team, dest, src, n, ELEM, 0, s); }
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

#define SHOAL_STREAM_TO_ALL(T, NAME, OP, RED)                                                                     \
    void shmemx_##NAME##_##OP##_to_all_on_stream(T *dest, const T *src, int n, int start, int log_stride,         \
                                                 int size, T *pwrk, long *psync, struct CUstream_st *s)           \
    { to_all("shmemx_" #NAME "_" #OP "_to_all_on_stream", RED, SHOAL_STREAM_TYPE_OF(T), dest, src, n, start,     \
             log_stride, size, pwrk, psync, sizeof(T), s); }
#define SHOAL_STREAM_TO_ALL_and(T, NAME, A) SHOAL_STREAM_TO_ALL(T, NAME, and, SHOAL_RED_AND)
#define SHOAL_STREAM_TO_ALL_or(T, NAME, A) SHOAL_STREAM_TO_ALL(T, NAME, or, SHOAL_RED_OR)
#define SHOAL_STREAM_TO_ALL_xor(T, NAME, A) SHOAL_STREAM_TO_ALL(T, NAME, xor, SHOAL_RED_XOR)
#define SHOAL_STREAM_TO_ALL_max(T, NAME, A) SHOAL_STREAM_TO_ALL(T, NAME, max, SHOAL_RED_MAX)
#define SHOAL_STREAM_TO_ALL_min(T, NAME, A) SHOAL_STREAM_TO_ALL(T, NAME, min, SHOAL_RED_MIN)
#define SHOAL_STREAM_TO_ALL_sum(T, NAME, A) SHOAL_STREAM_TO_ALL(T, NAME, sum, SHOAL_RED_SUM)
#define SHOAL_STREAM_TO_ALL_prod(T, NAME, A) SHOAL_STREAM_TO_ALL(T, NAME, prod, SHOAL_RED_PROD)
#define SHOAL_STREAM_TOALL_BITWISE(OP) SHOAL_TOALL_BITWISE_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_STREAM_TO_ALL_##OP)
#define SHOAL_STREAM_TOALL_MINMAX(OP) SHOAL_TOALL_MINMAX_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_STREAM_TO_ALL_##OP)
SHOAL_BITWISE_OPS(SHOAL_STREAM_TOALL_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_STREAM_TOALL_MINMAX)
SHOAL_ARITH_OPS(SHOAL_STREAM_TOALL_MINMAX) /* less the complex rows */
