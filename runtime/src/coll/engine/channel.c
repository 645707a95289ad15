/* The pair channels' reservation (channel.h). */
#include <stdlib.h>

#include <shmem.h>

#include "bootstrap/bootstrap.h"
#include "coll/engine/channel.h"
#include "coll/engine/tune.h"
#include "core/error.h"
#include "core/state.h"
#include "heap/heap.h"

size_t shoal_chan_cap;
long *shoal_chan_base;
size_t shoal_chan_longs;
char *shoal_chan_acc;
const uint64_t *shoal_chan_barriers;
uint64_t *shoal_chan_sent;

/* The runtime's own symmetric memory the channels may take, all senders together. */
#define BUDGET ((size_t)2 << 20)

void shoal_coll_channel_init(void)
{
    const size_t line = SHOAL_LINE * sizeof(long);
    size_t want = shoal_coll_threshold(SHOAL_TUNE_CHANNEL, 0);
    const size_t npes = (size_t)shoal_g.npes;
    if (npes < 2 || shoal_g.thread_level == SHMEM_THREAD_MULTIPLE) want = 0;
    const size_t room = BUDGET / npes > line ? BUDGET / npes - line : 0;
    if (want > room) want = room;
    want &= ~(sizeof(long) - 1);
    /* No more than a sync area's mailboxes carry: no round saved at any group size. */
    if (want <= shoal_mbox_layout(1).cap) want = 0;
    /* Every PE must agree: the smallest wins (0 anywhere: none). */
    size_t *all = malloc(npes * sizeof *all);
    if (!all) shoal_fatal("shmem_init", "out of memory");
    shoal_g.boot->allgather(&want, all, sizeof want);
    for (size_t i = 0; i < npes; i++)
        if (all[i] < want) want = all[i];
    free(all);
    shoal_chan_cap = want;
    if (!want) return;
    shoal_chan_longs = (want + sizeof(long) + line - 1) / line * SHOAL_LINE; /* flag + payload */
    shoal_chan_base = shoal_heap_alloc_internal(npes * shoal_chan_longs * sizeof(long), 64);
    shoal_chan_acc = aligned_alloc(64, (want + 63) / 64 * 64);
    shoal_chan_sent = calloc(npes, sizeof *shoal_chan_sent);
    if (!shoal_chan_acc || !shoal_chan_sent) shoal_fatal("shmem_init", "out of memory");
}

void shoal_coll_channel_fini(void)
{
    free(shoal_chan_acc);
    free(shoal_chan_sent);
    shoal_chan_acc = NULL;
    shoal_chan_sent = NULL;
    shoal_chan_barriers = NULL;
    shoal_chan_cap = 0;
}
