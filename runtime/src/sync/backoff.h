/* Waiting loops: spin briefly, then get out of the way. Tests run 4 PEs on 2 cores, where a
 * PE that spins without yielding starves the peer it waits for. How long to spin depends on
 * who will write (sync/placement.c): a peer on another core is worth spinning for, one on this
 * core is not, and an unknown writer is spun for only when no core is shared.
 * After the spin budget:
 *  - PEs share cores (oversubscribed): sched_yield, which hands the core to the PE we wait for;
 *    but once one of its yields gave the core away for long (unrelated work ran a slice;
 *    for a collective's wait, over 30 us: sync/doorbell.c), the wait sleeps instead, woken
 *    by the writer where it rings (sync/doorbell.c: the collectives, and every store through
 *    the API for wait_until and signal waits); on a CPU that the last window of
 *    sync/avoid_busy.c found held by other processes every wait sleeps from its first yield
 *    on (each would lose a slice there). While
 *    unrelated load holds one CPU and another is free, the node's PEs move off the held one
 *    (sync/avoid_busy.c): hand-offs between PEs then stop waiting for its time slices.
 *  - Every PE has a core (each bound to its own: sync/placement.c): the writer is slow
 *    because it computes or because unrelated load holds its core. Yielding would then hand
 *    our core to that load for a whole time slice
 *    (milliseconds: a 2-PE barrier went from 0.13 us to 2400 us with both cores busy), so
 *    spin a while longer (up to 10 ms more while no spin lost this PE's CPU to another task
 *    lately: the slow writer is then a peer whose CPU a busy process shares, back within that
 *    process's time slice), then sleep in short, growing naps: a sleeper leaves the run
 *    queue to the load and, woken, preempts it at once (the scheduler credits sleepers), so
 *    the PE is back within a nap of the write. */
#ifndef SHOAL_SYNC_BACKOFF_H
#define SHOAL_SYNC_BACKOFF_H

#include <sched.h>
#include <time.h>
#include "core/state.h"
#include "core/transport_ops.h"
#include "sync/avoid_busy.h"
#include "sync/cpu_taken.h"
#include "sync/doorbell.h"
#include "sync/relax.h"
#include "sync/wait_site.h"
#include "sync/wait_stats.h"

/* A wait's state (struct shoal_backoff: sync/wait_site.h) at its start. */
#define SHOAL_BACKOFF_INIT {.spin = shoal_g.spin_polls, .pe = -1}
#define SHOAL_BACKOFF_FROM(writer) {.spin = shoal_spin_for(writer), .pe = (writer)}

static inline void shoal_backoff_end(struct shoal_backoff *b)
{
    if (SHOAL_UNLIKELY(b->armed)) shoal_bell_done(b);
    if (SHOAL_UNLIKELY(b->since != 0)) shoal_wait_done(b);
}

/* Spin budget when world PE pe is the one that will write. */
static inline unsigned shoal_spin_for(int pe)
{
    /* relaxed: a move (sync/avoid_busy.c) rewrites it from whichever thread waits */
    const int mate = __atomic_load_n(&shoal_g.peers[pe].core_mate, __ATOMIC_RELAXED);
    return mate ? 0 : shoal_g.spin_remote;
}

/* Polls spun after the budget before napping when every PE has a core: SHOAL_SPIN_MORE_NS of
 * this CPU's (sync/relax.h). While an off-node transport is in use, its spin_more: over a
 * network that emulates RMA in software every operation aimed at this PE waits for its next
 * progress call, so a napping PE would add a nap to each peer's round trip. */
static inline unsigned shoal_spin_more(void)
{
    return SHOAL_UNLIKELY(shoal_g.remote != NULL) ? shoal_g.remote->spin_more : shoal_g.spin_more;
}

/* Polls spun past shoal_spin_more while no other task wants this CPU (sync/relax.h); none
 * under an off-node transport, whose spin_more is its own. */
static inline unsigned shoal_spin_free(void)
{
    return SHOAL_UNLIKELY(shoal_g.remote != NULL) ? 0 : shoal_g.spin_free;
}

/* A poll's pause while spinning. With an off-node transport every poll progresses it (a
 * microsecond or more), and a PE that spins while a peer it serves or waits for shares its
 * core unseen (a PE of another job, or of a second simulated host on this machine) holds the
 * core for a whole time slice: each of their round trips then took ~5 ms instead of 60 us. A
 * yield, as cheap as that poll when the core is free, hands the core to such a peer. A yield
 * that gave the core away for long (unrelated load) sends the wait to its naps, which leave
 * the core to that load without losing a slice to it each time; one that lost a whole slice
 * makes the waits for off-node PEs of the next 100 ms sleep on the transport's wake fd
 * instead of yielding (shoal_spin_yield, sync/doorbell.c). */
static inline void shoal_spin_pause(struct shoal_backoff *b)
{
    /* Every 8th poll: a yield costs about a poll, and a PE alone on its core loses a little
     * latency to each one (8 B get across hosts 8.0 -> 9.9 us when every poll yielded). */
    if (SHOAL_LIKELY(shoal_g.remote == NULL) || (b->n & 7) != 0) shoal_cpu_relax();
    else if (shoal_spin_yield(b)) b->n = b->spin + shoal_spin_more();
}

/* Call once per failed poll. */
static inline void shoal_backoff(struct shoal_backoff *b)
{
    /* Operations came in for this PE: its peers are busy with it, so it spins again rather
     * than nap (a napping target adds a nap to each of their round trips). What came may be
     * the store this wait is for, so the caller checks before this PE pauses (a wait woken by
     * a frame went back to sleep with the frame applied, until its timeout; a yield first lost
     * a time slice beside load); the next call pauses without progressing first, so a stream
     * of operations takes as many progress calls and pauses as before. */
    if (b->came) {
        b->came = 0;
    } else if (SHOAL_UNLIKELY(shoal_poll_progress() > 0)) {
        if (b->n > b->spin) b->n = b->spin;
        b->came = 1;
        return;
    }
    unsigned n = b->n++;
    if (n == 0) shoal_avoid_busy_count_wait();
    if (n < b->spin) {
        shoal_spin_pause(b);
    } else if (shoal_g.oversubscribed) {
        if (n == b->spin) SHOAL_WAIT_COUNT(past_spin);
        if ((n & 63) == 63) shoal_wait_slow(b);
        const int held = shoal_avoid_busy_held(); /* sync/avoid_busy.c */
        if (!b->loaded && held) b->loaded = b->n;
        if (b->loaded) {
            shoal_sleep(b, held);
        } else if (n < (1u << 16)) {
            shoal_yield(b, shoal_avoid_busy_crowd());
        } else { /* long waits (a peer stuck in computation) stop burning the core */
            struct timespec ts = {0, 20000};
            SHOAL_WAIT_COUNT(naps);
            nanosleep(&ts, NULL);
        }
        shoal_avoid_busy_check(); /* PEs moved off a busy CPU: follow; the node's lowest PE
                                     measures and moves them (sync/avoid_busy.c) */
    } else if (n < b->spin + shoal_spin_more()) {
        shoal_spin_pause(b);
    } else if (n - b->spin - shoal_spin_more() < shoal_spin_free()) {
        /* Past the nap point on a CPU no other task took lately: spin on (sync/relax.h),
         * looking again every 1024 polls (a system call); once one did, nap from the next. */
        const unsigned past = n - b->spin - shoal_spin_more();
        if ((past & 1023u) == 0 && shoal_cpu_taken(past == 0)) {
            b->n = b->spin + shoal_spin_more() + shoal_spin_free();
        } else {
            if (past == 0) SHOAL_WAIT_COUNT(free_spins);
            shoal_spin_pause(b);
        }
    } else {
        /* Naps of 1, 2, 4 ... 64 us (timer slack is lowered at init: placement.c). */
        const unsigned past = n - b->spin - shoal_spin_more() - shoal_spin_free(), k = past / 4;
        if (past == 0) SHOAL_WAIT_COUNT(past_spin);
        if ((k & 63) == 0) shoal_wait_slow(b);
        struct timespec ts = {0, 1000L << (k < 6 ? k : 6)};
        SHOAL_WAIT_COUNT(naps);
        nanosleep(&ts, NULL);
    }
}

/* Spin-wait on an expression: SHOAL_WAIT_FOR(__atomic_load_n(p, __ATOMIC_ACQUIRE) == v). */
#define SHOAL_WAIT_FOR(cond)                                                                     \
    do {                                                                                         \
        struct shoal_backoff shoal_bo_ = SHOAL_BACKOFF_INIT;                                     \
        while (!(cond)) shoal_backoff(&shoal_bo_);                                               \
        shoal_backoff_end(&shoal_bo_);                                                           \
    } while (0)

/* The same when world PE pe is the writer that makes cond true. */
#define SHOAL_WAIT_FROM(pe, cond)                                                                \
    do {                                                                                         \
        struct shoal_backoff shoal_bo_ = SHOAL_BACKOFF_FROM(pe);                                 \
        while (!(cond)) shoal_backoff(&shoal_bo_);                                               \
        shoal_backoff_end(&shoal_bo_);                                                           \
    } while (0)

/* The same when pe rings this PE's doorbell after its write (sync/doorbell.h): a wait that
 * stops yielding under load sleeps until rung. */
#define SHOAL_WAIT_RUNG(pe, cond)                                                                \
    do {                                                                                         \
        struct shoal_backoff shoal_bo_ = SHOAL_BACKOFF_FROM(pe);                                 \
        shoal_bo_.bell = SHOAL_BELL_ENGINE;                                                      \
        while (!(cond)) shoal_backoff(&shoal_bo_);                                               \
        shoal_backoff_end(&shoal_bo_);                                                           \
    } while (0)

/* A wait on this PE's own symmetric memory that any PE may write (wait_until, signal waits):
 * a store through the API into the range it watches (shoal_watch_of) rings this PE
 * (path/path.h), so an asleep wait sleeps until rung. */
#define SHOAL_WAIT_STORED(watched, cond)                                                         \
    do {                                                                                         \
        struct shoal_backoff shoal_bo_ = SHOAL_BACKOFF_INIT;                                     \
        shoal_bo_.bell = SHOAL_BELL_STORE;                                                       \
        shoal_bo_.watch = (watched);                                                             \
        while (!(cond)) shoal_backoff(&shoal_bo_);                                               \
        shoal_backoff_end(&shoal_bo_);                                                           \
    } while (0)

#endif
