/* The pair channels' reservation (channel.h). */
#include <stdlib.h>

#include <shmem.h>

#include "bootstrap/bootstrap.h"
#include "coll/engine/channel.h"
#include "coll/engine/outbox.h"
#include "coll/engine/tune.h"
#include "core/error.h"
#include "core/state.h"
#include "heap/heap.h"
#include "sync/wait_site.h"

size_t shoal_chan_cap;
long *shoal_chan_base;
size_t shoal_chan_longs;
char *shoal_chan_acc;
const struct shoal_group *shoal_chan_group;
const uint64_t *shoal_chan_barriers;
uint64_t *shoal_chan_sent;

/* The runtime's own symmetric memory the channels may take, all senders together. */
#define BUDGET ((size_t)2 << 20)

/* A slow wait for pe's message in a sync area's mailbox (or in its channel box): pe's channel
 * message to me with another tag means pe is in another collective, or in this one with
 * another size that sends it through the channels. It cannot be left over: pe sends this
 * collective's message to me before it can leave it, and every message of an earlier one
 * was consumed before I left that. It can be of pe's next collective, which pe began after
 * it sent the message this wait is for (since the wait last looked); the wait looks again
 * before the next probe, and would then find that message (pe stored it first, and reading
 * the later one orders it before). So only a second finding stops the job (stop). Members on
 * different paths never meet in one box, so without this they would wait for each other for
 * good. */
static int probe(const struct shoal_backoff *b, int stop)
{
    if (b->pe < 0) return 0;
    long f = __atomic_load_n(shoal_chan_in(b->pe), __ATOMIC_ACQUIRE);
    if (f > 0 && (size_t)(f - 1) != b->tag) {
        if (stop) shoal_coll_len_mismatch(shoal_wait_routine_now(), b->pe, (size_t)(f - 1), b->tag);
        return 1;
    }
    /* In a channel collective, the other way round: the root of a broadcast waits for nobody
     * and writes only the members' first mailbox. A broadcast from pe there, the same way,
     * is not left over (pe has not sent me this one's message when found twice). */
    const struct shoal_group *g = shoal_chan_group;
    if (!g) return 0;
    int i = 0;
    while (i < g->size && shoal_group_pe(g, i) != b->pe) i++;
    f = __atomic_load_n(g->area + SHOAL_MB_FIRST_LINE * SHOAL_LINE, __ATOMIC_ACQUIRE);
    const size_t got = (size_t)(f - 1);
    if (f > 0 && i < g->size && got >> 56 == SHOAL_CK_BCAST &&
        (int)(got >> SHOAL_TAG_SIZE_BITS & 0xffff) == i) {
        if (stop) shoal_coll_len_mismatch(shoal_wait_routine_now(), b->pe, got, b->tag);
        return 1;
    }
    return 0;
}

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
    shoal_coll_outbox_init(want ? shoal_coll_threshold(SHOAL_TUNE_OUTBOX, 0) : 0);
    if (!want) return;
    shoal_chan_longs = (want + sizeof(long) + line - 1) / line * SHOAL_LINE; /* flag + payload */
    shoal_chan_base = shoal_heap_alloc_internal(npes * shoal_chan_longs * sizeof(long), 64);
    shoal_chan_acc = aligned_alloc(64, (want + 63) / 64 * 64);
    shoal_chan_sent = calloc(npes, sizeof *shoal_chan_sent);
    if (!shoal_chan_acc || !shoal_chan_sent) shoal_fatal("shmem_init", "out of memory");
    shoal_wait_probe = probe;
}

void shoal_coll_channel_fini(void)
{
    shoal_wait_probe = NULL;
    shoal_coll_outbox_fini();
    free(shoal_chan_acc);
    free(shoal_chan_sent);
    shoal_chan_acc = NULL;
    shoal_chan_sent = NULL;
    shoal_chan_barriers = NULL;
    shoal_chan_cap = 0;
}
