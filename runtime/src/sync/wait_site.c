/* Hang reports: a wait that has gone slow (sync/backoff.h calls shoal_wait_slow now and then,
 * never on the fast path) publishes its site for shoalrun's --timeout dump, and after
 * SHOAL_HANG_TIMEOUT seconds (default 60; 0 = off) prints one line naming the waiting routine
 * and the PE it waits for, then goes on waiting. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/error.h"
#include "core/local_protocol.h"
#include "sync/wait_site.h"

const char *shoal_wait_routine;
static struct shoal_local_site *site; /* this PE's record in shoalrun's segment, or NULL */
static int site_busy;                  /* a thread is writing the record */
static double hang_timeout = -1;       /* seconds; -1 until read, 0 = off */

void shoal_wait_site_attach(struct shoal_local_site *record) { site = record; }

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double timeout_s(void)
{
    if (hang_timeout < 0) {
        const char *v = getenv("SHOAL_HANG_TIMEOUT");
        char *end;
        double t = v && *v ? strtod(v, &end) : 60;
        if (v && *v && (*end || t < 0))
            shoal_fatal("shmem_init", "SHOAL_HANG_TIMEOUT=%s is not a number of seconds >= 0", v);
        hang_timeout = t;
    }
    return hang_timeout;
}

void shoal_wait_site_init(void) { timeout_s(); }

void shoal_wait_slow(struct shoal_backoff *b)
{
    const double t = now_s();
    if (b->since == 0) {
        b->since = t;
        /* One writer at a time (SHMEM_THREAD_MULTIPLE): a thread that finds the record busy
         * leaves it to the other; the dump then names that thread's wait. */
        if (site && !__atomic_exchange_n(&site_busy, 1, __ATOMIC_ACQUIRE)) {
            __atomic_store_n(&site->active, 0, __ATOMIC_RELAXED);
            site->since = t;
            site->pe = b->pe;
            snprintf(site->routine, sizeof site->routine, "%s", shoal_wait_routine_now());
            __atomic_store_n(&site->active, 1, __ATOMIC_RELEASE);
            __atomic_store_n(&site_busy, 0, __ATOMIC_RELEASE);
        }
        return;
    }
    const double limit = timeout_s();
    if (b->reported || limit == 0 || t - b->since < limit) return;
    b->reported = 1;
    if (b->pe >= 0)
        shoal_warn(shoal_wait_routine_now(),
                   "waited %.0f s for PE %d; still waiting (SHOAL_HANG_TIMEOUT)", t - b->since,
                   b->pe);
    else
        shoal_warn(shoal_wait_routine_now(), "waited %.0f s for a peer's update; still waiting "
                   "(SHOAL_HANG_TIMEOUT)", t - b->since);
}

void shoal_wait_done(struct shoal_backoff *b)
{
    b->since = 0;
    if (site) __atomic_store_n(&site->active, 0, __ATOMIC_RELEASE);
}
