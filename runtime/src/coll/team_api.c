/* Team-based data collectives: broadcast, collect, fcollect, alltoall(s), typed and mem
 * forms, generated from the type table. Each checks its arguments, starts the collective on
 * the team's sync ring (team/team.h) and calls the engine. */
#include <shmem.h>

#include "coll/active_set.h"
#include "coll/call_check.h"
#include "coll/engine/engine.h"
#include "core/check.h"
#include "team/team.h"

static int team_bcast(const char *routine, shmem_team_t team, void *dest, const void *src,
                      size_t nelems, size_t esize, int root)
{
    struct shoal_team *t = shoal_team_of_coll(routine, team);
    if (!t) return -1;
    shoal_wait_at_collective(routine);
    SHOAL_CHECK_LEN(routine, nelems, esize);
    shoal_check_root(routine, root, t->size);
    const size_t nbytes = nelems * esize;
    shoal_coll_check_sym(routine, "dest", dest, nbytes);
    shoal_coll_check_sym(routine, "source", src, nbytes);
    SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_BCAST, .team = t, .root = root,
                     .nelems = nelems, .esize = esize, .dest = dest, .src = src);
    struct shoal_group g;
    shoal_team_begin(t, &g);
    shoal_coll_bcast(routine, &g, dest, src, nbytes, root, 1);
    shoal_team_area_end(t, 0);
    t->lead_hint = root == 0;
    return 0;
}

#define SHOAL_DEF_BCAST(TYPE, NAME, A)                                                           \
    int shmem_##NAME##_broadcast(shmem_team_t team, TYPE *dest, const TYPE *source,              \
                                 size_t nelems, int PE_root)                                     \
    {                                                                                            \
        return team_bcast("shmem_" #NAME "_broadcast", team, dest, source, nelems, sizeof(TYPE), \
                          PE_root);                                                              \
    }
SHOAL_RMA_TYPES(SHOAL_DEF_BCAST, _)
#undef SHOAL_DEF_BCAST

int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems,
                       int PE_root)
{
    return team_bcast("shmem_broadcastmem", team, dest, source, nelems, 1, PE_root);
}

static int team_gather(const char *routine, shmem_team_t team, void *dest, const void *src,
                       size_t nelems, size_t esize, int fixed)
{
    struct shoal_team *t = shoal_team_of_coll(routine, team);
    if (!t) return -1;
    shoal_wait_at_collective(routine);
    SHOAL_CHECK_LEN(routine, nelems, esize);
    const size_t nbytes = nelems * esize;
    if (fixed) SHOAL_CHECK_LEN(routine, nbytes, (size_t)t->size);
    shoal_coll_check_sym(routine, "source", src, nbytes);
    shoal_coll_check_sym(routine, "dest", dest, fixed ? nbytes * (size_t)t->size : nbytes);
    SHOAL_CALL_CHECK(.routine = routine, .kind = fixed ? SHOAL_CALL_FCOLLECT : SHOAL_CALL_COLLECT,
                     .team = t, .nelems = nelems, .esize = esize, .dest = dest, .src = src);
    struct shoal_group g;
    shoal_team_begin(t, &g);
    if (fixed)
        shoal_coll_fcollect(routine, &g, dest, src, nbytes);
    else
        shoal_coll_collect(routine, &g, dest, src, nbytes);
    shoal_team_area_end(t, 1);
    return 0;
}

#define SHOAL_DEF_GATHER(TYPE, NAME, A)                                                          \
    int shmem_##NAME##_collect(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems) \
    {                                                                                            \
        return team_gather("shmem_" #NAME "_collect", team, dest, source, nelems, sizeof(TYPE), \
                           0);                                                                   \
    }                                                                                            \
    int shmem_##NAME##_fcollect(shmem_team_t team, TYPE *dest, const TYPE *source,               \
                                size_t nelems)                                                   \
    {                                                                                            \
        return team_gather("shmem_" #NAME "_fcollect", team, dest, source, nelems,              \
                           sizeof(TYPE), 1);                                                     \
    }
SHOAL_RMA_TYPES(SHOAL_DEF_GATHER, _)
#undef SHOAL_DEF_GATHER

int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    return team_gather("shmem_collectmem", team, dest, source, nelems, 1, 0);
}

int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    return team_gather("shmem_fcollectmem", team, dest, source, nelems, 1, 1);
}

static int team_alltoall(const char *routine, shmem_team_t team, void *dest, const void *src,
                         ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t esize)
{
    struct shoal_team *t = shoal_team_of_coll(routine, team);
    if (!t) return -1;
    shoal_wait_at_collective(routine);
    if (dst < 1 || sst < 1)
        shoal_fatal(routine, "strides must be at least 1 (dst %td, sst %td)", dst, sst);
    SHOAL_CHECK_LEN(routine, nelems, esize);
    /* Extent of the last element of the last block, in elements. */
    size_t span_s = nelems ? ((size_t)t->size * nelems - 1) * (size_t)sst + 1 : 0;
    size_t span_d = nelems ? ((size_t)t->size * nelems - 1) * (size_t)dst + 1 : 0;
    shoal_coll_check_sym(routine, "source", src, span_s * esize);
    shoal_coll_check_sym(routine, "dest", dest, span_d * esize);
    SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_ALLTOALL, .team = t, .nelems = nelems,
                     .esize = esize, .dst = dst, .sst = sst, .dest = dest, .src = src);
    struct shoal_group g;
    shoal_team_begin(t, &g);
    shoal_coll_alltoall(routine, &g, dest, src, dst, sst, nelems, esize);
    shoal_team_area_end(t, 1);
    return 0;
}

#define SHOAL_DEF_A2A(TYPE, NAME, A)                                                             \
    int shmem_##NAME##_alltoall(shmem_team_t team, TYPE *dest, const TYPE *source,               \
                                size_t nelems)                                                   \
    {                                                                                            \
        return team_alltoall("shmem_" #NAME "_alltoall", team, dest, source, 1, 1, nelems,       \
                             sizeof(TYPE));                                                      \
    }                                                                                            \
    int shmem_##NAME##_alltoalls(shmem_team_t team, TYPE *dest, const TYPE *source,              \
                                 ptrdiff_t dst, ptrdiff_t sst, size_t nelems)                    \
    {                                                                                            \
        return team_alltoall("shmem_" #NAME "_alltoalls", team, dest, source, dst, sst, nelems,  \
                             sizeof(TYPE));                                                      \
    }
SHOAL_RMA_TYPES(SHOAL_DEF_A2A, _)
#undef SHOAL_DEF_A2A

int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    return team_alltoall("shmem_alltoallmem", team, dest, source, 1, 1, nelems, 1);
}

int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems)
{
    return team_alltoall("shmem_alltoallsmem", team, dest, source, dst, sst, nelems, 1);
}
