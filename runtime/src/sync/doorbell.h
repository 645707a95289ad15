/* Doorbells: a futex word per PE on which its waits can sleep when PEs share cores and
 * unrelated load takes the cores; writers that a wait expects ring it (see doorbell.c). */
#ifndef SHOAL_SYNC_DOORBELL_H
#define SHOAL_SYNC_DOORBELL_H

#include <stdint.h>

#include "core/state.h"

struct shoal_doorbell {
    uint32_t seq;      /* futex word: bumped by every ring that finds a sleeper */
    uint32_t sleepers; /* waits of this PE that may sleep on seq */
    uint32_t asleep;   /* 1: in the futex and not rung since (doorbell.c's load check) */
    uint32_t polling;  /* waits asleep in poll() instead (off-node transport): rung by datagram */
    uint8_t name_len;  /* the abstract name of this PE's bell socket (0: none) */
    char name[15];
    char pad[32];
};
_Static_assert(sizeof(struct shoal_doorbell) == 64, "one cache line per PE");

/* Doorbells of the local peers (mapped; NULL for others), indexed by world PE; the array is
 * NULL unless PEs share cores. */
extern struct shoal_doorbell **shoal_bells;

/* Read SHOAL_WAIT_SLEEP; fatal on a bad value. Before the bootstrap starts. */
void shoal_doorbell_check_env(void);

/* At init, after placement (every PE, same order: symmetric internal memory). */
void shoal_doorbell_init(void);
void shoal_doorbell_fini(void);

void shoal_doorbell_wake(struct shoal_doorbell *d);

/* After a store that a wait on world PE pe may be expecting: wake pe if it sleeps. */
static inline void shoal_ring(int pe)
{
    if (SHOAL_LIKELY(shoal_bells == NULL)) return;
    struct shoal_doorbell *d = shoal_bells[pe];
    if (d == NULL) return;
    /* The store before must be visible before we read sleepers (and a waiter checks its
     * condition after announcing itself): store-load order. */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (__atomic_load_n(&d->sleepers, __ATOMIC_RELAXED) != 0) shoal_doorbell_wake(d);
}

#endif
