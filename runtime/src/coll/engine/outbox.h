/* Outboxes: one per PE in symmetric memory, reserved with the pair channels (channel.h: where
 * the PEs outnumber the CPUs). In a flat collect a member copies a block of a few KiB there and
 * announces it in the first round (through the channels, with its size); every other member
 * then copies it straight from there into its dest. In a flat reduction past the channels'
 * share every member puts its vector there and says so in its first post; when all did, each
 * folds every vector from there. A reader adds one to the owner's count when it is done, and
 * the owner waits for that only when it next fills the outbox, not before it returns: the
 * collective takes one round instead of two or three, and there each round costs context
 * switches. */
#ifndef SHOAL_COLL_OUTBOX_H
#define SHOAL_COLL_OUTBOX_H

#include <stddef.h>

#include "coll/engine/group.h"

/* Payload bytes of an outbox, the same on every PE; 0 where there are none. */
extern size_t shoal_outbox_cap;
/* My outbox: its first line holds the count of reads done, the payload follows. */
extern long *shoal_outbox_base;

/* Reserve the outboxes (collective, shmem_init, from shoal_coll_channel_init). */
void shoal_coll_outbox_init(size_t cap);
void shoal_coll_outbox_fini(void);

/* Copy len <= shoal_outbox_cap bytes from src into my outbox; first waits until every reader
 * of what it held before is done. */
void shoal_outbox_fill(const void *src, size_t len);
/* What I filled it with is read by `readers` other members (each calls shoal_outbox_done). */
void shoal_outbox_lend(int readers);

/* Whether a block of a collective of g should go through my outbox: always where
 * SHOAL_COLL_OUTBOX is set; else where my waits sleep (unrelated load holds my CPU, or a wait
 * slept since the last call), so that each round costs a sleep and a wake-up, more than the
 * copy into the outbox; or where every other member shares my CPU now but not at shmem_init
 * (the PEs left a CPU that unrelated load holds: sync/avoid_busy.c), so that each round is a
 * turn of every member on one CPU. Where the members are dealt over the CPUs and yield to
 * core-mates (no load), the readers' copies after the round cost more than the round they
 * save (4 PEs, collect 16-32 KiB: 1.3-1.5x), so blocks follow as before. */
int shoal_outbox_pays(const struct shoal_group *g);

/* World PE pe's outbox payload. */
static inline const char *shoal_outbox_of(int pe)
{
    return (const char *)shoal_coll_ptr(shoal_outbox_base + SHOAL_LINE, pe);
}

/* Done reading world PE pe's outbox (after the copy out of it). */
static inline void shoal_outbox_done(int pe)
{
    __atomic_fetch_add((long *)shoal_coll_ptr(shoal_outbox_base, pe), 1, __ATOMIC_RELEASE);
    shoal_ring(pe);
}

#endif
