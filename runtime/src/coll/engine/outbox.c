/* The outboxes' reservation and their owner's side (outbox.h). */
#include <string.h>

#include "coll/engine/outbox.h"
#include "coll/engine/tune.h"
#include "core/copy.h"
#include "heap/heap.h"
#include "sync/avoid_busy.h"
#include "sync/backoff.h"
#include "sync/wait_stats.h"

/* The runtime's own symmetric memory an outbox may take. */
#define OUTBOX_MAX ((size_t)1 << 20)

size_t shoal_outbox_cap;
long *shoal_outbox_base;
/* Reads of my outbox owed by the readers of every fill so far; the count in its first line
 * reaches it once they are all done. Both only grow. */
static long owed;

void shoal_coll_outbox_init(size_t cap)
{
    /* cap is the same on every PE, so is this symmetric allocation */
    if (cap > OUTBOX_MAX) cap = OUTBOX_MAX;
    shoal_outbox_cap = cap;
    owed = 0;
    if (!cap) return;
    shoal_outbox_base = shoal_heap_alloc_internal(SHOAL_LINE * sizeof(long) + cap, 64);
}

/* Every other member of g is on my CPU now, and some was not at shmem_init. */
static int squeezed(const struct shoal_group *g)
{
    int moved = 0;
    for (int i = 0; i < g->size; i++) {
        if (i == g->me) continue;
        if (!shoal_group_mate(g, i)) return 0;
        moved |= !shoal_group_mate_at_init(g, i);
    }
    return moved;
}

int shoal_outbox_pays(const struct shoal_group *g)
{
    static uint64_t seen; /* the sleeps counted at the last call */
    const uint64_t now = __atomic_load_n(&shoal_wait_counts.sleeps, __ATOMIC_RELAXED);
    const uint64_t before = __atomic_exchange_n(&seen, now, __ATOMIC_RELAXED);
    return now != before || shoal_avoid_busy_held() || shoal_coll_tune[SHOAL_TUNE_OUTBOX] >= 0 ||
           squeezed(g);
}

void shoal_coll_outbox_fini(void)
{
    shoal_outbox_cap = 0;
    shoal_outbox_base = NULL;
}

void shoal_outbox_fill(const void *src, size_t len)
{
    long *const done = shoal_outbox_base;
    if (__atomic_load_n(done, __ATOMIC_ACQUIRE) < owed) {
        /* a reader of the last fill is still copying (or has not run since): it rings */
        struct shoal_backoff bo = {.spin = shoal_g.spin_polls, .pe = -1, .bell = SHOAL_BELL_ENGINE};
        while (__atomic_load_n(done, __ATOMIC_ACQUIRE) < owed) shoal_backoff(&bo);
        shoal_backoff_end(&bo);
    }
    shoal_copy_data(shoal_outbox_base + SHOAL_LINE, src, len);
}

void shoal_outbox_lend(int readers)
{
    owed += readers;
}
