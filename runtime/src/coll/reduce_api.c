/* Every typed reduction entry point, generated from the type tables of <shoal/typetable.h>
 * (the same tables that declare them in <shmem.h>): team-based TYPENAME_OP_reduce and
 * active-set TYPENAME_OP_to_all. Each maps to the engine with an operation and element kind. */
#include <shmem.h>

#include "coll/active_set.h"
#include "coll/call_check.h"
#include "coll/engine/engine.h"
#include "core/check.h"
#include "team/team.h"

static int team_reduce(const char *routine, shmem_team_t team, void *dest, const void *src,
                       size_t nreduce, int op, int kind)
{
    struct shoal_team *t = shoal_team_of_coll(routine, team);
    if (!t) return -1;
    shoal_wait_at_collective(routine);
    const size_t esize = shoal_kind_size(kind);
    SHOAL_CHECK_LEN(routine, nreduce, esize);
    shoal_coll_check_sym(routine, "dest", dest, nreduce * esize);
    shoal_coll_check_sym(routine, "source", src, nreduce * esize);
    SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_REDUCE, .team = t, .op = op,
                     .type = kind, .nelems = nreduce, .esize = esize, .dest = dest, .src = src);
    struct shoal_group g;
    shoal_team_begin(t, &g);
    shoal_coll_reduce(routine, &g, dest, src, nreduce, op, kind, 0);
    shoal_team_area_end(t, 1);
    return 0;
}

static void aset_reduce(const char *routine, void *dest, const void *src, int nreduce,
                        int PE_start, int logPE_stride, int PE_size, long *pSync, int op, int kind)
{
    struct shoal_group g;
    shoal_aset_group(routine, PE_start, logPE_stride, PE_size, pSync, &g);
    if (nreduce < 0) shoal_fatal(routine, "nreduce %d is negative", nreduce);
    const size_t esize = shoal_kind_size(kind);
    shoal_coll_check_sym(routine, "dest", dest, (size_t)nreduce * esize);
    shoal_coll_check_sym(routine, "source", src, (size_t)nreduce * esize);
    SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_REDUCE, .group = &g, .op = op,
                     .type = kind, .nelems = (size_t)nreduce, .esize = esize, .dest = dest,
                     .src = src);
    shoal_coll_reduce(routine, &g, dest, src, (size_t)nreduce, op, kind, 0);
}

#define SHOAL_DEF_REDUCE_K(TYPE, NAME, OP, KIND)                                                 \
    int shmem_##NAME##_##OP##_reduce(shmem_team_t team, TYPE *dest, const TYPE *source,          \
                                     size_t nreduce)                                             \
    {                                                                                            \
        return team_reduce("shmem_" #NAME "_" #OP "_reduce", team, dest, source, nreduce,        \
                           SHOAL_OP_##OP, KIND);                                                 \
    }
#define SHOAL_DEF_TOALL_K(TYPE, NAME, OP, KIND)                                                  \
    void shmem_##NAME##_##OP##_to_all(TYPE *dest, const TYPE *source, int nreduce, int PE_start, \
                                      int logPE_stride, int PE_size, TYPE *pWrk, long *pSync)    \
    {                                                                                            \
        (void)pWrk; /* not needed: partial results travel in pSync's mailboxes */               \
        aset_reduce("shmem_" #NAME "_" #OP "_to_all", dest, source, nreduce, PE_start,           \
                    logPE_stride, PE_size, pSync, SHOAL_OP_##OP, KIND);                          \
    }
#define SHOAL_DEF_REDUCE(TYPE, NAME, OP) SHOAL_DEF_REDUCE_K(TYPE, NAME, OP, SHOAL_KIND_REAL(TYPE))
#define SHOAL_DEF_TOALL(TYPE, NAME, OP) SHOAL_DEF_TOALL_K(TYPE, NAME, OP, SHOAL_KIND_REAL(TYPE))
#define SHOAL_DEF_REDUCE_C(TYPE, NAME, OP)                                                       \
    SHOAL_DEF_REDUCE_K(TYPE, NAME, OP, SHOAL_KIND_COMPLEX(TYPE))
#define SHOAL_DEF_TOALL_C(TYPE, NAME, OP) SHOAL_DEF_TOALL_K(TYPE, NAME, OP, SHOAL_KIND_COMPLEX(TYPE))

/* Exactly the declarations of <shmem.h>. */
#define SHOAL_REDUCE_BITWISE(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_DEF_REDUCE, OP)
#define SHOAL_REDUCE_MINMAX(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_DEF_REDUCE, OP)
#define SHOAL_TOALL_BITWISE(OP) SHOAL_TOALL_BITWISE_TYPES(SHOAL_DEF_TOALL, OP)
#define SHOAL_TOALL_MINMAX(OP) SHOAL_TOALL_MINMAX_TYPES(SHOAL_DEF_TOALL, OP)
SHOAL_BITWISE_OPS(SHOAL_REDUCE_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_REDUCE_MINMAX)
SHOAL_ARITH_OPS(SHOAL_REDUCE_MINMAX)
SHOAL_BITWISE_OPS(SHOAL_TOALL_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_TOALL_MINMAX)
SHOAL_ARITH_OPS(SHOAL_TOALL_MINMAX)
SHOAL_TOALL_FORTRAN_TYPES(SHOAL_DEF_TOALL, sum)
#if SHOAL_COMPLEX_OK
SHOAL_REDUCE_COMPLEX_TYPES(SHOAL_DEF_REDUCE_C, sum)
SHOAL_REDUCE_COMPLEX_TYPES(SHOAL_DEF_REDUCE_C, prod)
SHOAL_REDUCE_COMPLEX_TYPES(SHOAL_DEF_TOALL_C, sum)
SHOAL_REDUCE_COMPLEX_TYPES(SHOAL_DEF_TOALL_C, prod)
SHOAL_TOALL_FORTRAN_COMPLEX_TYPES(SHOAL_DEF_TOALL_C, sum)
#endif
