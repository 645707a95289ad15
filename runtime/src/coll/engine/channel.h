/* Pair channels: in every PE's symmetric memory, one box per sender PE, reserved at shmem_init
 * by default where the PEs outnumber the node's CPUs (SHOAL_COLL_CHANNEL sets the size
 * anywhere, or turns them off: coll/engine/tune.h). There each round of a collective costs context
 * switches, and a pSync's mailboxes (SHMEM_SYNC_SIZE longs: about 2 KiB per sender at 4 PEs)
 * would split a reduction or collect of a few KiB into two rounds; a channel box carries it in
 * one.
 *
 * The boxes are shared by every group, pSync and team, which is safe because only collectives
 * in which every member waits for every other member's message use them (flat reduce and
 * collect): a PE that sends to j in a collective leaves it only after j has sent to it in the
 * same collective, so two PEs use their channel in the order the program calls the
 * collectives they share, and a sender claims a box only once the receiver has released the
 * message before. Off under SHMEM_THREAD_MULTIPLE, where two threads' collectives could
 * interleave in one box. */
#ifndef SHOAL_COLL_CHANNEL_H
#define SHOAL_COLL_CHANNEL_H

#include <stddef.h>
#include <stdint.h>

#include "coll/engine/group.h"

/* Bytes a member of a flat group sends in one round through the channels, all receivers
 * together (SHOAL_COLL_CHANNEL), and so the payload of a box; the same on every PE, 0 where
 * there are no channels. Each receiver gets an equal share: a member writes and reads every
 * other member's message, so a round's copies grow with members times payload, and past a few
 * KiB per member they cost more than the second round they save. */
extern size_t shoal_chan_cap;
extern long *shoal_chan_base;   /* my boxes, one per sender PE */
extern size_t shoal_chan_longs; /* a box: flag line + cap, whole lines */
extern char *shoal_chan_acc;    /* a reduction's accumulator, cap bytes (one thread at a time) */
/* The group of the collective now going through the channels, NULL outside one: a slow wait
 * looks for mismatched messages there too (channel.c). */
extern const struct shoal_group *shoal_chan_group;

/* A sender claims a box (compare-and-swap on the receiver's line) unless it knows it empty:
 * when a world barrier has begun since it last wrote it, since every message is consumed
 * before its receiver returns from the collective (the claim then costs 2-4% of a small
 * collect at 4 PEs). shoal_chan_barriers points to the world team's barrier count (set by the
 * team layer; NULL: always claim); shoal_chan_sent[pe], that count at my last message to pe. */
extern const uint64_t *shoal_chan_barriers;
extern uint64_t *shoal_chan_sent;

/* Reserve the channels (collective, shmem_init, after shoal_coll_tune_init). */
void shoal_coll_channel_init(void);
void shoal_coll_channel_fini(void);

/* My box for world PE pe's messages. */
static inline long *shoal_chan_in(int pe)
{
    return shoal_chan_base + (size_t)pe * shoal_chan_longs;
}

/* World PE pe's box for my messages. */
static inline long *shoal_chan_out(int pe)
{
    return (long *)shoal_coll_ptr(shoal_chan_in(shoal_g.me), pe);
}

/* Payload bytes per receiver in a flat group of n members: more than one mailbox of the sync
 * area, or 0 (then the channels save no round). The same on every member. */
static inline size_t shoal_chan_carry(int n)
{
    if (!shoal_chan_cap || n < 2) return 0;
    const size_t c = shoal_chan_cap / (size_t)(n - 1) / sizeof(long) * sizeof(long);
    return c > shoal_mbox_layout(n - 1).cap ? c : 0;
}

/* About to write my box at world PE pe: whether it is known empty (above). */
static inline int shoal_chan_fresh(int pe)
{
    const uint64_t now = shoal_chan_barriers ? *shoal_chan_barriers : 0;
    const int fresh = shoal_chan_sent[pe] < now;
    shoal_chan_sent[pe] = now;
    return fresh;
}

/* A flat collective's boxes, from the sync area's mailboxes (layout l) or, where chan, the
 * channels: member j's box for my messages, and mine for j's. */
static inline long *shoal_flat_out(const struct shoal_group *g, const struct shoal_mbox_layout *l,
                                   int j, int chan)
{
    return chan ? shoal_chan_out(shoal_group_pe(g, j))
                : shoal_mbox_remote(g, l, j, shoal_flat_box(g->me, j, g->size));
}

static inline long *shoal_flat_in(const struct shoal_group *g, const struct shoal_mbox_layout *l,
                                  int j, int chan)
{
    return chan ? shoal_chan_in(shoal_group_pe(g, j))
                : shoal_mbox_local(g, l, shoal_flat_box(j, g->me, g->size));
}

#endif
