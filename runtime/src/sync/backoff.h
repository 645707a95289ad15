/* Waiting loops: spin briefly, then yield. Tests run 4 PEs on 2 cores, where a PE that spins
 * without yielding starves the peer it waits for. How long to spin depends on who will write
 * (sync/placement.c): a peer on another core is worth spinning for, one on this core is not,
 * and an unknown writer is spun for only when no core is shared. */
#ifndef SHOAL_SYNC_BACKOFF_H
#define SHOAL_SYNC_BACKOFF_H

#include <sched.h>
#include <time.h>
#include "core/state.h"
#include "transport/transport.h"

struct shoal_backoff {
    unsigned n;
    unsigned spin; /* polls before the first yield */
};
#define SHOAL_BACKOFF_INIT {0, shoal_g.spin_polls}

/* Spin budget when world PE pe is the one that will write. */
static inline unsigned shoal_spin_for(int pe)
{
    return shoal_g.peers[pe].core_mate ? 0 : shoal_g.spin_remote;
}

static inline void shoal_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Call once per failed poll. With an off-node transport in use, every failed poll also lets
 * incoming operations land (their target may be the very word being polled). */
static inline void shoal_backoff(struct shoal_backoff *b)
{
    if (SHOAL_UNLIKELY(shoal_g.remote != NULL)) shoal_g.remote->progress();
    unsigned n = b->n++;
    if (n < b->spin) {
        shoal_cpu_relax();
    } else if (n < (1u << 16)) {
        sched_yield();
    } else {
        /* Long waits (a peer stuck in computation) stop burning the core. */
        struct timespec ts = {0, 20000};
        nanosleep(&ts, NULL);
    }
}

/* Spin-wait on an expression: SHOAL_WAIT_FOR(__atomic_load_n(p, __ATOMIC_ACQUIRE) == v). */
#define SHOAL_WAIT_FOR(cond)                                                                     \
    do {                                                                                         \
        struct shoal_backoff shoal_bo_ = SHOAL_BACKOFF_INIT;                                     \
        while (!(cond)) shoal_backoff(&shoal_bo_);                                               \
    } while (0)

/* The same when world PE pe is the writer that makes cond true. */
#define SHOAL_WAIT_FROM(pe, cond)                                                                \
    do {                                                                                         \
        struct shoal_backoff shoal_bo_ = {0, shoal_spin_for(pe)};                                \
        while (!(cond)) shoal_backoff(&shoal_bo_);                                               \
    } while (0)

#endif
