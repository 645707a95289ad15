/* Waiting loops: spin briefly, then yield. Tests run 4 PEs on 2 cores, where a PE that spins
 * without yielding starves the peer it waits for; when oversubscribed we yield at once. */
#ifndef SHOAL_SYNC_BACKOFF_H
#define SHOAL_SYNC_BACKOFF_H

#include <sched.h>
#include <time.h>
#include "core/state.h"

struct shoal_backoff {
    unsigned n;
};
#define SHOAL_BACKOFF_INIT {0}

static inline void shoal_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Call once per failed poll. */
static inline void shoal_backoff(struct shoal_backoff *b)
{
    unsigned n = b->n++;
    if (n < shoal_g.spin_polls) {
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

#endif
