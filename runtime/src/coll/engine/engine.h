/* The collectives engine: one implementation per collective, over a group (coll/engine/group.h); it knows no teams.
 * The public entry points (team-based and active-set) build a group and call these. */
#ifndef SHOAL_COLL_H
#define SHOAL_COLL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/copy.h"
#include "coll/engine/group.h"
#include "coll/engine/tune.h"

/* src/dest are private memory (not symmetric): use only mailbox algorithms. Internal use with
 * small payloads (team creation). */
#define SHOAL_COLL_PRIVATE 1

/* Reduction operations and element kinds (coll/reduce_ops.h has the combine functions). */
enum shoal_red_op { SHOAL_OP_and, SHOAL_OP_or, SHOAL_OP_xor, SHOAL_OP_max, SHOAL_OP_min,
                    SHOAL_OP_sum, SHOAL_OP_prod, SHOAL_NOPS };
enum shoal_red_kind { SHOAL_K_S8, SHOAL_K_S16, SHOAL_K_S32, SHOAL_K_S64,
                      SHOAL_K_U8, SHOAL_K_U16, SHOAL_K_U32, SHOAL_K_U64,
                      SHOAL_K_F32, SHOAL_K_F64, SHOAL_K_LD, SHOAL_K_C32, SHOAL_K_C64, SHOAL_NKINDS };

/* Kind of a real (non-complex) C type, as a constant expression. */
#define SHOAL_KIND_INT(size, is_signed)                                                          \
    ((is_signed) ? SHOAL_K_S8 : SHOAL_K_U8) + ((size) == 1 ? 0 : (size) == 2 ? 1 : (size) == 4 ? 2 : 3)
#define SHOAL_KIND_REAL(TYPE)                                                                    \
    _Generic((TYPE)0, float: SHOAL_K_F32, double: SHOAL_K_F64, long double: SHOAL_K_LD,          \
             default: SHOAL_KIND_INT(sizeof(TYPE), (TYPE)-1 < (TYPE)1))
#define SHOAL_KIND_COMPLEX(TYPE)                                                                 \
    _Generic((TYPE)0, float _Complex: SHOAL_K_C32, default: SHOAL_K_C64)

/* out[i] = a[i] op b[i]; out may alias a or b. */
typedef void (*shoal_combine_fn)(void *out, const void *a, const void *b, size_t n);
shoal_combine_fn shoal_combine_lookup(int op, int kind);
size_t shoal_kind_size(int kind);

/* Every member waits for every other; ceil(log_K N) rounds (K = N up to the flat maximum). */
void shoal_coll_barrier(const struct shoal_group *g);
/* The same over a team's barrier area: epoch-stamped words instead of counters (barrier.c). */
void shoal_coll_barrier_epoch(const struct shoal_group *g, uint64_t epoch, int lead_first);

/* root: group index. root_copies: the root's dest gets the data too (team form). */
/* idle: the sync area is known to hold nothing unconsumed on any member. */
void shoal_coll_bcast(const char *routine, const struct shoal_group *g, void *dest,
                      const void *src, size_t nbytes, int root, int root_copies);

/* Every member contributes nbytes (fcollect: the same on all). */
void shoal_coll_fcollect(const char *routine, const struct shoal_group *g, void *dest,
                         const void *src, size_t nbytes);
/* nbytes may differ between members. */
void shoal_coll_collect(const char *routine, const struct shoal_group *g, void *dest,
                        const void *src, size_t nbytes);

/* Block j (nelems elements of esize bytes, element stride sst, starting at element
 * j * nelems * sst) of my source goes to block me of member j's dest (stride dst). */
void shoal_coll_alltoall(const char *routine, const struct shoal_group *g, void *dest,
                         const void *src, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                         size_t esize);

/* count elements of the given kind; dest == src allowed. */
void shoal_coll_reduce(const char *routine, const struct shoal_group *g, void *dest,
                       const void *src, size_t count, int op, int kind, int flags);

/* Whether a collective that reads and writes `total` bytes in all (every member's source and
 * dest) streams its copies. */
static inline int shoal_coll_streams(size_t total, int n)
{
    return total >= shoal_coll_threshold(SHOAL_TUNE_STREAM, n);
}

/* n elements of esize bytes from s (stride ss elements) to d (stride ds elements). */
void shoal_coll_scopy(void *d, ptrdiff_t ds, const void *s, ptrdiff_t ss, size_t n, size_t esize);

/* The engine over an off-node transport (remote/): used while one is in use by every group
 * that spans more than one mapped subgroup (remote/remote.h). A group whose members all share
 * memory with each other (one node, SHMEM_TEAM_SHARED) keeps the mapped engine: neither
 * engine lets the transport touch a sync area word, so CPU atomics on them stay atomic. */
static inline int shoal_coll_remote(const struct shoal_group *g)
{
    if (SHOAL_LIKELY(shoal_g.remote == NULL)) return 0;
    const int mine = shoal_g.peers[shoal_g.me].mapset;
    for (int i = 0; i < g->size; i++)
        if (shoal_g.peers[shoal_group_pe(g, i)].mapset != mine) return 1;
    return 0;
}
void shoal_xcoll_barrier(const struct shoal_group *g);
void shoal_xcoll_barrier_epoch(const struct shoal_group *g, uint64_t epoch);
void shoal_xcoll_bcast(const struct shoal_group *g, void *dest, const void *src, size_t nbytes,
                       int root, int root_copies);
void shoal_xcoll_fcollect(const struct shoal_group *g, void *dest, const void *src,
                          size_t nbytes);
void shoal_xcoll_collect(const struct shoal_group *g, void *dest, const void *src, size_t nbytes);
void shoal_xcoll_alltoall(const struct shoal_group *g, void *dest, const void *src, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, size_t esize);
void shoal_xcoll_reduce(const struct shoal_group *g, void *dest, const void *src, size_t nbytes,
                        size_t count, shoal_combine_fn fn, int flags);
/* Free the calling thread's receive buffers kept by the off-node engine (shmem_finalize). */
void shoal_coll_scratch_free(void);

#endif
