/* Oversubscribed waits under unrelated load. With more PEs than cores a wait for a core-mate
 * yields, which hands the core to that PE when only PEs are runnable. When other processes
 * are runnable too (a build, a busy loop) a yield may give the core to one of them for a whole
 * time slice, over and over (a 4-PE barrier on 2 cores went from 6 us to milliseconds). So
 * the wait sleeps instead while the node has other runnable work (/proc/loadavg's count less
 * the local PEs awake, looked at every 10 ms), and also once one of its yields gave the core
 * away for long: it leaves the run queue to the PEs with work, and a sleeper that is woken
 * preempts a busy process at once (with the short slices of sync/timeslice.c). Sleeping on a
 * quiet machine would cost more than yielding: an idle virtual CPU wakes slowly.
 *
 * Where the writer is known to ring (the collectives engine rings the PE it signalled), the
 * wait sleeps on its PE's doorbell, a futex word in symmetric memory, and the ring wakes it;
 * a timeout bounds the cost of a store that rang nobody (20 ms; 200 us while an off-node
 * transport is in use, which only a PE awake progresses). Other waits nap 1 to 64 us.
 * SHOAL_WAIT_SLEEP=1 takes the sleeping path from the first yield on, so tests cover it on a
 * quiet machine. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/remote.h"
#include "sync/doorbell.h"

/* A yield that kept the core away this long means someone else ran a slice. */
#define SLOW_YIELD_NS 30000L
#define BELL_TIMEOUT_NS 20000000L
#define BELL_TIMEOUT_REMOTE_NS 200000L
#define LOAD_CHECK_NS 10000000L

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

void shoal_doorbell_init(struct shoal_doorbell *own)
{
    mine = own; /* every PE: symmetric */
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
    __atomic_store_n(&d->asleep, 0, __ATOMIC_RELAXED); /* runnable from now on */
    __atomic_fetch_add(&d->seq, 1, __ATOMIC_RELAXED);
    syscall(SYS_futex, &d->seq, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

static long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

/* Runnable tasks that are not this node's awake PEs: /proc/loadavg's count of runnable
 * tasks (this reader included) less the local PEs not in their doorbell's futex (those whose
 * doorbell is not mapped here count as awake). Counting waits merely armed as asleep kept a
 * quiet machine in the sleeping mode once it was in. */
static int others_runnable(void)
{
    if (!shoal_bells) return 0;
    char buf[128];
    const int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    const ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return 0;
    buf[n] = 0;
    int running = 0;
    if (sscanf(buf, "%*s %*s %*s %d/", &running) != 1) return 0;
    int awake = 0;
    for (int k = 0; k < shoal_g.n_local_pes; k++) {
        const struct shoal_doorbell *d = shoal_bells[shoal_g.local_pes[k]];
        awake += !d || __atomic_load_n(&d->asleep, __ATOMIC_RELAXED) == 0;
    }
    return running - awake;
}

/* Whether other work is runnable on this node: seen in two checks in a row, LOAD_CHECK_NS
 * apart at least (one alone may be a passing kernel thread). While it is, waits sleep from
 * their first yield: a yield could hand the core to it for a whole slice, and a sleeper's
 * core never goes idle (an idle virtual CPU is what wakes slowly). */
static int load_seen; /* checks in a row that saw other work, up to 2 */
static long load_checked;

static unsigned yields;
static int loaded_now(void)
{
    /* The clock every 16th call only: a yield on a quiet machine costs ~0.5 us. */
    if ((__atomic_add_fetch(&yields, 1, __ATOMIC_RELAXED) & 15) != 1)
        return __atomic_load_n(&load_seen, __ATOMIC_RELAXED) >= 2;
    const long t = now_ns();
    if (t - __atomic_load_n(&load_checked, __ATOMIC_RELAXED) > LOAD_CHECK_NS) {
        __atomic_store_n(&load_checked, t, __ATOMIC_RELAXED);
        const int was = __atomic_load_n(&load_seen, __ATOMIC_RELAXED);
        const int seen = others_runnable() > 0 ? (was < 2 ? was + 1 : 2) : 0;
        __atomic_store_n(&load_seen, seen, __ATOMIC_RELAXED);
    }
    return __atomic_load_n(&load_seen, __ATOMIC_RELAXED) >= 2;
}

void shoal_yield(struct shoal_backoff *b)
{
    if (always_sleep || loaded_now()) {
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
            /* A sleeper does not progress an off-node transport: wake often while one is in
             * use. Else only a missing ring would need the timeout; a short one woke
             * sleepers under load for nothing (4-PE barrier beside 2 busy loops 55 -> 30 us
             * with 20 ms instead of 200 us). */
            const long tmo = shoal_g.remote ? BELL_TIMEOUT_REMOTE_NS : BELL_TIMEOUT_NS;
            struct timespec ts = {always_sleep ? 1 : 0, always_sleep ? 0 : tmo};
            __atomic_store_n(&mine->asleep, 1, __ATOMIC_RELAXED);
            const long rc = syscall(SYS_futex, &mine->seq, FUTEX_WAIT, b->seq, &ts, NULL, 0);
            const int err = errno;
            __atomic_store_n(&mine->asleep, 0, __ATOMIC_RELAXED);
            if (rc != 0 && err == ETIMEDOUT && always_sleep)
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
