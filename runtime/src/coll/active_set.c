/* Active-set collectives (PE_start, logPE_stride, PE_size, pSync): the argument checks, and the
 * broadcast/collect/fcollect/alltoall(s) 32/64 forms mapped to the engine with the user's pSync
 * as the sync area (barrier/sync are in barrier.c, the _to_all reductions in reduce_api.c).
 * Also the engine's shared error reports. */
#include <shmem.h>

#include "coll/active_set.h"
#include "coll/call_check.h"
#include "coll/engine/engine.h"
#include "core/check.h"
#include "team/team.h"

_Static_assert(SHOAL_AREA_LONGS <= SHMEM_BARRIER_SYNC_SIZE && SHOAL_AREA_LONGS <= SHMEM_BCAST_SYNC_SIZE &&
                   SHOAL_AREA_LONGS <= SHMEM_COLLECT_SYNC_SIZE && SHOAL_AREA_LONGS <= SHMEM_REDUCE_SYNC_SIZE &&
                   SHOAL_AREA_LONGS <= SHMEM_ALLTOALL_SYNC_SIZE && SHOAL_AREA_LONGS <= SHMEM_ALLTOALLS_SYNC_SIZE,
               "the sync-area layout fits every pSync size");
_Static_assert(SHMEM_SYNC_VALUE == 0, "a free sync area is all zeros");

/* A pSync is idle at entry when this PE's last collective on it came before the latest world
 * barrier: every PE has returned from that collective since, and consumed what it received.
 * (A pSync the user hands to a set while some member still uses it breaks the spec's rule;
 * only then could this be wrong.) A few recently used pSyncs are remembered, each with the
 * active set it was last used with, so that a set used again is not validated again (its
 * validity depends on nothing that changes). Under SHMEM_THREAD_MULTIPLE, where threads could
 * race on the table, it is not used: nothing is assumed idle and every set is validated. */
#define RECENT 8
static struct {
    const long *area;
    uint64_t epoch; /* world barriers completed at the last use */
    int start, log_stride, size;
} recent[RECENT];
static unsigned recent_next;

static void aset_validate(const char *routine, int PE_start, int logPE_stride, int PE_size,
                          const long *pSync)
{
    const int npes = shoal_g.npes;
    if (PE_size < 1 || logPE_stride < 0 || logPE_stride > 30 || PE_start < 0 || PE_start >= npes)
        shoal_fatal(routine, "invalid active set: PE_start %d, logPE_stride %d, PE_size %d (%d PEs; "
                    "need PE_size >= 1, logPE_stride >= 0, 0 <= PE_start < %d)",
                    PE_start, logPE_stride, PE_size, npes, npes);
    const long stride = 1L << logPE_stride;
    const long last = PE_start + (long)(PE_size - 1) * stride;
    if (last >= npes)
        shoal_fatal(routine, "invalid active set: PE_start %d, logPE_stride %d, PE_size %d ends at "
                    "PE %ld, past the last PE %d", PE_start, logPE_stride, PE_size, last, npes - 1);
    const long d = shoal_g.me - PE_start;
    if (d < 0 || (d & (stride - 1)) || (d >> logPE_stride) >= PE_size)
        shoal_fatal(routine, "this PE is not in the active set PE_start %d, logPE_stride %d, "
                    "PE_size %d", PE_start, logPE_stride, PE_size);
    if (!shoal_is_symmetric(pSync, SHMEM_SYNC_SIZE * sizeof(long)))
        shoal_fatal(routine, "pSync %p is not a symmetric array of SHMEM_SYNC_SIZE (%d) longs",
                    (void *)pSync, SHMEM_SYNC_SIZE);
}

void shoal_aset_group(const char *routine, int PE_start, int logPE_stride, int PE_size,
                      long *pSync, struct shoal_group *g)
{
    SHOAL_CHECK_INIT(routine);
    shoal_wait_at_collective(routine);
    int idle = 0;
    if (shoal_g.thread_level != SHMEM_THREAD_MULTIPLE) {
        const uint64_t now = shoal_teams[0].barrier_epoch;
        int i = 0;
        while (i < RECENT && recent[i].area != pSync) i++;
        if (i < RECENT) {
            idle = recent[i].epoch < now;
        } else {
            i = (int)recent_next;
            recent_next = (recent_next + 1) % RECENT;
            recent[i].area = NULL;
        }
        if (recent[i].area == NULL || recent[i].start != PE_start ||
            recent[i].log_stride != logPE_stride || recent[i].size != PE_size) {
            aset_validate(routine, PE_start, logPE_stride, PE_size, pSync);
            recent[i].start = PE_start;
            recent[i].log_stride = logPE_stride;
            recent[i].size = PE_size;
        }
        recent[i].area = pSync;
        recent[i].epoch = now;
    } else {
        aset_validate(routine, PE_start, logPE_stride, PE_size, pSync);
    }
    g->me = (shoal_g.me - PE_start) >> logPE_stride;
    g->size = PE_size;
    g->start = PE_start;
    g->stride = 1 << logPE_stride;
    g->list = NULL;
    g->area = pSync;
    g->idle = idle;
}

void shoal_check_root(const char *routine, int root, int size)
{
    if (root < 0 || root >= size)
        shoal_fatal(routine, "PE_root %d is out of range (0..%d)", root, size - 1);
}

void shoal_coll_check_sym_slow(const char *routine, const char *what, const void *addr, size_t len)
{
    if (len == 0) return;
    if (shoal_is_symmetric(addr, 1))
        shoal_fatal(routine, "%s: %zu bytes at %p run past the end of symmetric memory", what, len,
                    addr);
    shoal_fatal(routine, "%s %p is not symmetric (not in the symmetric heap or a global variable)",
                what, addr);
}

#define SHOAL_DEF_ASET(BITS, BYTES)                                                              \
    void shmem_broadcast##BITS(void *dest, const void *source, size_t nelems, int PE_root,       \
                               int PE_start, int logPE_stride, int PE_size, long *pSync)         \
    {                                                                                            \
        const char *routine = "shmem_broadcast" #BITS;                                           \
        struct shoal_group g;                                                                    \
        shoal_aset_group(routine, PE_start, logPE_stride, PE_size, pSync, &g);                   \
        shoal_check_root(routine, PE_root, PE_size);                                             \
        SHOAL_CHECK_LEN(routine, nelems, BYTES);                                                 \
        shoal_coll_check_sym(routine, "dest", dest, nelems * BYTES);                             \
        shoal_coll_check_sym(routine, "source", source, nelems * BYTES);                         \
        SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_BCAST, .group = &g,              \
                         .root = PE_root, .nelems = nelems, .esize = BYTES, .dest = dest,        \
                         .src = source);                                                         \
        shoal_coll_bcast(routine, &g, dest, source, nelems * BYTES, PE_root, 0);                 \
        if (PE_start == 0 && logPE_stride == 0 && PE_size == shoal_g.npes) /* the world */       \
            shoal_teams[0].lead_hint = PE_root == 0;                                             \
    }                                                                                            \
    void shmem_collect##BITS(void *dest, const void *source, size_t nelems, int PE_start,        \
                             int logPE_stride, int PE_size, long *pSync)                         \
    {                                                                                            \
        const char *routine = "shmem_collect" #BITS;                                             \
        struct shoal_group g;                                                                    \
        shoal_aset_group(routine, PE_start, logPE_stride, PE_size, pSync, &g);                   \
        SHOAL_CHECK_LEN(routine, nelems, BYTES);                                                 \
        shoal_coll_check_sym(routine, "source", source, nelems * BYTES);                         \
        shoal_coll_check_sym(routine, "dest", dest, nelems * BYTES);                             \
        SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_COLLECT, .group = &g,            \
                         .nelems = nelems, .esize = BYTES, .dest = dest, .src = source);         \
        shoal_coll_collect(routine, &g, dest, source, nelems * BYTES);                           \
    }                                                                                            \
    void shmem_fcollect##BITS(void *dest, const void *source, size_t nelems, int PE_start,       \
                              int logPE_stride, int PE_size, long *pSync)                        \
    {                                                                                            \
        const char *routine = "shmem_fcollect" #BITS;                                            \
        struct shoal_group g;                                                                    \
        shoal_aset_group(routine, PE_start, logPE_stride, PE_size, pSync, &g);                   \
        SHOAL_CHECK_LEN(routine, nelems, (size_t)BYTES * (size_t)PE_size);                       \
        shoal_coll_check_sym(routine, "source", source, nelems * BYTES);                         \
        shoal_coll_check_sym(routine, "dest", dest, nelems * BYTES * (size_t)PE_size);           \
        SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_FCOLLECT, .group = &g,           \
                         .nelems = nelems, .esize = BYTES, .dest = dest, .src = source);         \
        shoal_coll_fcollect(routine, &g, dest, source, nelems * BYTES);                          \
    }                                                                                            \
    void shmem_alltoall##BITS(void *dest, const void *source, size_t nelems, int PE_start,       \
                              int logPE_stride, int PE_size, long *pSync)                        \
    {                                                                                            \
        shmem_alltoalls##BITS(dest, source, 1, 1, nelems, PE_start, logPE_stride, PE_size,       \
                              pSync);                                                            \
    }                                                                                            \
    void shmem_alltoalls##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,     \
                               size_t nelems, int PE_start, int logPE_stride, int PE_size,       \
                               long *pSync)                                                      \
    {                                                                                            \
        const char *routine = dst == 1 && sst == 1 ? "shmem_alltoall" #BITS                      \
                                                   : "shmem_alltoalls" #BITS;                    \
        struct shoal_group g;                                                                    \
        shoal_aset_group(routine, PE_start, logPE_stride, PE_size, pSync, &g);                   \
        if (dst < 1 || sst < 1)                                                                  \
            shoal_fatal(routine, "strides must be at least 1 (dst %td, sst %td)", dst, sst);     \
        SHOAL_CHECK_LEN(routine, nelems, (size_t)BYTES * (size_t)PE_size);                       \
        size_t n = nelems * (size_t)PE_size;                                                     \
        shoal_coll_check_sym(routine, "source", source, n ? ((n - 1) * (size_t)sst + 1) * BYTES : 0); \
        shoal_coll_check_sym(routine, "dest", dest, n ? ((n - 1) * (size_t)dst + 1) * BYTES : 0); \
        SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_ALLTOALL, .group = &g,           \
                         .nelems = nelems, .esize = BYTES, .dst = dst, .sst = sst, .dest = dest, \
                         .src = source);                                                         \
        shoal_coll_alltoall(routine, &g, dest, source, dst, sst, nelems, BYTES);                 \
    }
SHOAL_DEF_ASET(32, 4)
SHOAL_DEF_ASET(64, 8)
