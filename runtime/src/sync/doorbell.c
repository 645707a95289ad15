/* Oversubscribed waits under unrelated load. With more PEs than cores a wait for a core-mate
 * yields, which hands the core to that PE when only PEs are runnable. When other processes
 * are runnable too (a build, a busy loop) a yield may give the core to one of them for a whole
 * time slice, over and over (a 4-PE barrier on 2 cores went from 6 us to milliseconds). So
 * every yield is timed; once one gave the core away for long, the wait sleeps instead: it
 * leaves the run queue to the PEs with work, and a sleeper that is woken preempts a busy
 * process at once (with the short slices of sync/timeslice.c). Sleeping from the start would
 * cost more than yielding when the machine is quiet: an idle virtual CPU wakes slowly.
 *
 * Where the writer is known to ring (the collectives engine rings the PE it signalled), the
 * wait sleeps on its PE's doorbell, a futex word in symmetric memory, and the ring wakes it;
 * a 200 us timeout bounds the cost of a store that rang nobody. Other waits nap 1 to 64 us.
 * SHOAL_WAIT_SLEEP=1 takes the sleeping path from the first yield on, so tests cover it on a
 * quiet machine. */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/remote.h"
#include "heap/heap.h"
#include "sync/backoff.h"
#include "sync/doorbell.h"

/* A yield that kept the core away this long means someone else ran a slice. */
#define SLOW_YIELD_NS 30000L
#define BELL_TIMEOUT_NS 200000L

struct shoal_doorbell **shoal_bells;
static struct shoal_doorbell *mine;
/* SHOAL_WAIT_SLEEP=1: as if every yield were slow; and a wait that sleeps a whole second
 * without a ring stops the job, so that a signal that forgets to ring fails the tests. */
static int always_sleep;

void shoal_doorbell_check_env(void)
{
    const char *s = getenv("SHOAL_WAIT_SLEEP");
    always_sleep = 0;
    if (!s || !*s || !strcmp(s, "0")) return;
    if (strcmp(s, "1")) shoal_fatal("shmem_init", "SHOAL_WAIT_SLEEP=%s is not 0 or 1", s);
    always_sleep = 1;
}

void shoal_doorbell_init(void)
{
    mine = shoal_heap_alloc_internal(sizeof *mine, 64); /* every PE: symmetric */
    if (!shoal_g.oversubscribed) return;
    struct shoal_doorbell **b = calloc((size_t)shoal_g.npes, sizeof *b);
    if (!b) return; /* waits nap instead */
    for (int pe = 0; pe < shoal_g.npes; pe++) b[pe] = shoal_addr_on(mine, pe);
    shoal_bells = b;
}

void shoal_doorbell_fini(void)
{
    free(shoal_bells);
    shoal_bells = NULL;
}

void shoal_doorbell_wake(struct shoal_doorbell *d)
{
    __atomic_fetch_add(&d->seq, 1, __ATOMIC_RELAXED);
    syscall(SYS_futex, &d->seq, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

static long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

void shoal_yield(struct shoal_backoff *b)
{
    if (always_sleep) {
        b->loaded = b->n;
        return;
    }
    const long t0 = now_ns();
    sched_yield();
    if (now_ns() - t0 > SLOW_YIELD_NS) b->loaded = b->n;
}

void shoal_sleep(struct shoal_backoff *b)
{
    if (b->bell && shoal_bells != NULL) {
        /* First call: announce the sleeper and return, so the caller checks its condition
         * once more; a ring after that check finds the sleeper (shoal_ring's fence). Later
         * calls sleep until rung or timed out. */
        if (!b->armed) {
            __atomic_fetch_add(&mine->sleepers, 1, __ATOMIC_SEQ_CST);
            b->armed = 1;
        } else {
            struct timespec ts = {always_sleep ? 1 : 0, always_sleep ? 0 : BELL_TIMEOUT_NS};
            if (syscall(SYS_futex, &mine->seq, FUTEX_WAIT, b->seq, &ts, NULL, 0) != 0 &&
                errno == ETIMEDOUT && always_sleep)
                shoal_fatal(shoal_wait_routine, "SHOAL_WAIT_SLEEP=1: a wait slept 1 s and no "
                            "signal rang its doorbell (a store that forgets shoal_ring?)");
        }
        b->seq = __atomic_load_n(&mine->seq, __ATOMIC_ACQUIRE);
        return;
    }
    const unsigned k = (b->n - b->loaded) / 4;
    struct timespec ts = {0, 1000L << (k < 6 ? k : 6)};
    nanosleep(&ts, NULL);
}

void shoal_bell_done(struct shoal_backoff *b)
{
    __atomic_fetch_sub(&mine->sleepers, 1, __ATOMIC_RELAXED);
    b->armed = 0;
}
