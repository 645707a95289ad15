/* Doorbells: a futex word per PE on which its waits can sleep when PEs share cores and
 * unrelated load takes the cores; writers that a wait expects ring it (see doorbell.c). */
#ifndef SHOAL_SYNC_DOORBELL_H
#define SHOAL_SYNC_DOORBELL_H

#include <stdint.h>

#include "core/state.h"
#include "sync/wait_site.h"

struct shoal_doorbell {
    uint32_t seq;      /* futex word: bumped by every ring that finds a sleeper */
    uint32_t sleepers; /* waits of this PE that may sleep on seq */
    uint32_t spare;    /* 0 */
    uint32_t polling;  /* waits asleep in poll() instead (off-node transport): rung by datagram */
    uint8_t name_len;  /* the abstract name of this PE's bell socket (0: none) */
    char name[15];
    int32_t cpu;       /* the CPU this PE is bound to, when oversubscribed (avoid_busy.c) */
    uint32_t moves;    /* the node's lowest PE: how often it moved the PEs (avoid_busy.c) */
    uint32_t held;     /* 1: the last window found this PE's CPU held by other processes
                          (avoid_busy.c writes it; this PE's waits then sleep: backoff.h) */
    char pad[20];
};
_Static_assert(sizeof(struct shoal_doorbell) == 64, "one cache line per PE");

/* Doorbells of the local peers (mapped; NULL for others), indexed by world PE; the array is
 * NULL unless PEs share cores. */
extern struct shoal_doorbell **shoal_bells;

/* Read SHOAL_WAIT_SLEEP; fatal on a bad value. Before the bootstrap starts. */
void shoal_doorbell_check_env(void);

/* At init, after placement: own is this PE's doorbell, in the runtime's symmetric memory
 * (every PE allocates it at the same point of shmem_init, so it has the same offset). */
void shoal_doorbell_init(struct shoal_doorbell *own);
void shoal_doorbell_fini(void);

void shoal_doorbell_wake(struct shoal_doorbell *d);

/* Oversubscribed waits: yield, noting a yield that gave the core away for long (unrelated
 * load); once one did, sleep instead: on the doorbell if the writer rings it, else in naps. */
void shoal_yield(struct shoal_backoff *b);
/* A spinning wait's yield (sync/backoff.h): 1 when it gave the core away for long. */
int shoal_spin_yield(void);
void shoal_sleep(struct shoal_backoff *b);
void shoal_bell_done(struct shoal_backoff *b);

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
