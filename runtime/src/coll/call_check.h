/* SHOAL_CHECK=1: every collective call (and every collective allocation) is compared with the
 * matching call of every other participating PE before it runs: routine, team or active set
 * (and pSync), root, operation, element type and size, counts, strides and the symmetric
 * offsets of dest and source. A difference stops the job with one line naming both PEs and
 * both calls with their arguments; a PE that is in a collective on another team or active set
 * that includes this PE is a difference too. This catches what the mailbox tags
 * (coll/engine/group.h) cannot see: barrier against sync, the same size on another team or
 * pSync, alltoall against fcollect, dest at another offset, a reduction's type of equal size.
 *
 * Off (the default, but in debug builds) each entry point pays one predictable branch on
 * shoal_g.check; the fingerprint is built only inside it. How the PEs compare calls:
 * coll/call_check.c. */
#ifndef SHOAL_COLL_CALL_CHECK_H
#define SHOAL_COLL_CALL_CHECK_H

#include <stddef.h>

#include "core/state.h"

struct shoal_team;
struct shoal_group;

/* What kind of call: calls of different kinds never match. */
enum shoal_call_kind {
    SHOAL_CALL_BARRIER = 1, /* shmem_barrier_all, shmem_barrier (they also quiet) */
    SHOAL_CALL_SYNC,        /* shmem_sync_all, shmem_team_sync, shmem_sync */
    SHOAL_CALL_BCAST,
    SHOAL_CALL_COLLECT,
    SHOAL_CALL_FCOLLECT,
    SHOAL_CALL_ALLTOALL, /* and alltoalls: alltoall is alltoalls with strides 1, 1 */
    SHOAL_CALL_REDUCE,
    SHOAL_CALL_ALLOC,    /* shmem_malloc/calloc/align/realloc: nelems = bytes, esize = alignment */
    SHOAL_CALL_FREE,     /* dest = the block */
    SHOAL_CALL_SPLIT,    /* split_strided: root = start, dst = stride, nelems = size */
    SHOAL_CALL_SPLIT_2D, /* nelems = xrange */
    SHOAL_CALL_FINALIZE,
};

/* One call as the entry point sees it. group (an active set, its area the pSync) or team
 * names who takes part; neither: SHMEM_TEAM_WORLD. Unused fields stay 0. */
struct shoal_call {
    const char *routine;
    int kind;
    const struct shoal_team *team;
    const struct shoal_group *group;
    int root, op, type; /* bcast root (index); reduce operation and element kind */
    size_t nelems, esize;
    ptrdiff_t dst, sst;
    const void *dest, *src;
};

void shoal_call_check(const struct shoal_call *c) __attribute__((cold));

/* The hook every collective entry point calls once its arguments are checked:
 * SHOAL_CALL_CHECK(.routine = r, .kind = SHOAL_CALL_BCAST, .team = t, ...). */
#define SHOAL_CALL_CHECK(...)                                                                    \
    do {                                                                                         \
        if (SHOAL_UNLIKELY(shoal_g.check)) {                                                     \
            const struct shoal_call shoal_call_ = {__VA_ARGS__};                                 \
            shoal_call_check(&shoal_call_);                                                      \
        }                                                                                        \
    } while (0)

/* From shoal_teams_init: reads SHOAL_CHECK (every PE must agree) and reserves the board. */
void shoal_call_check_init(void);
void shoal_call_check_fini(void);

#endif
