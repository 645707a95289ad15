/* Hang reports: a wait that has gone slow (sync/backoff.h calls shoal_wait_slow now and then,
 * never on the fast path) publishes its site for shoalrun's --timeout dump, and after
 * SHOAL_HANG_TIMEOUT seconds (default 60; 0 = off) prints one line naming the waiting routine
 * (with the binding's routine it serves, where shmemx_wait_caller named one) and the PE it
 * waits for, then goes on waiting; after SHOAL_HANG_ABORT seconds (default 0 =
 * never) it prints that line and stops the job, so a batch job does not wait out its time.
 * When the wait is in a collective, the line names the remedy: PEs in different collectives
 * wait for each other forever, and SHOAL_CHECK=1 names the calls that differ. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <shmem.h>
#include <shmemx.h>

#include "core/error.h"
#include "core/local_protocol.h"
#include "core/state.h"
#include "sync/wait_site.h"

const char *shoal_wait_routine;
_Thread_local const char *shoal_wait_caller;
int shoal_wait_collective;
int (*shoal_wait_probe)(const struct shoal_backoff *b, int stop);
static struct shoal_local_site *site; /* this PE's record in shoalrun's segment, or NULL */
static int site_busy;                  /* a thread is writing the record */
static double hang_timeout = -1;       /* seconds; -1 until read, 0 = off */
static double hang_abort = -1;         /* likewise, SHOAL_HANG_ABORT */

void shoal_wait_site_attach(struct shoal_local_site *record) { site = record; }

const char *shmemx_wait_caller(const char *name)
{
    const char *was = shoal_wait_caller;
    shoal_wait_caller = name;
    return was;
}

const char *shoal_wait_named(const char *routine)
{
    static _Thread_local char line[128];
    snprintf(line, sizeof line, "%s (in %s)", shoal_wait_caller, routine);
    return line;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Seconds from the environment variable name (def when unset); fatal when not a number >= 0. */
static double seconds_env(const char *name, double def)
{
    const char *v = getenv(name);
    if (!v || !*v) return def;
    char *end;
    const double t = strtod(v, &end);
    if (*end || !(t >= 0))
        shoal_fatal("shmem_init", "%s=%s is not a number of seconds >= 0", name, v);
    return t;
}

static double timeout_s(void)
{
    if (hang_timeout < 0) hang_timeout = seconds_env("SHOAL_HANG_TIMEOUT", 60);
    return hang_timeout;
}

static double abort_s(void)
{
    if (hang_abort < 0) hang_abort = seconds_env("SHOAL_HANG_ABORT", 0);
    return hang_abort;
}

void shoal_wait_site_init(void)
{
    timeout_s();
    abort_s();
}

/* The hang line: what waits, for whom, how long, and whether it waits on or stops the job. */
static void report(const struct shoal_backoff *b, double waited, int stop)
{
    char whom[64];
    if (b->pe >= 0) snprintf(whom, sizeof whom, "for PE %d", b->pe);
    else snprintf(whom, sizeof whom, "for a peer's update");
    /* With the check on, PEs in different collectives are named by it, not left to hang. */
    const int remedy = __atomic_load_n(&shoal_wait_collective, __ATOMIC_RELAXED) &&
                       !shoal_g.check && shoal_g.thread_level != SHMEM_THREAD_MULTIPLE;
    const char *why = remedy ? "; if the PEs called different collectives, SHOAL_CHECK=1 names "
                               "the mismatched calls" : "";
    if (stop)
        shoal_fatal(shoal_wait_routine_now(), "waited %.0f s %s; stopping the job "
                    "(SHOAL_HANG_ABORT=%g)%s", waited, whom, abort_s(), why);
    shoal_warn(shoal_wait_routine_now(), "waited %.0f s %s; still waiting (SHOAL_HANG_TIMEOUT)%s",
               waited, whom, why);
}

void shoal_wait_slow(struct shoal_backoff *b)
{
    if (b->tag && shoal_wait_probe) b->suspect = shoal_wait_probe(b, b->suspect);
    const double t = now_s();
    if (b->since == 0) {
        b->since = t;
        /* One writer at a time (SHMEM_THREAD_MULTIPLE): a thread that finds the record busy
         * leaves it to the other; the dump then names that thread's wait. */
        if (site && !__atomic_exchange_n(&site_busy, 1, __ATOMIC_ACQUIRE)) {
            __atomic_store_n(&site->active, 0, __ATOMIC_RELAXED);
            site->since = t;
            site->pe = b->pe;
            /* cut to the record's size ("caller (in routine)" can be longer) */
            snprintf(site->routine, sizeof site->routine, "%.*s", (int)sizeof site->routine - 1,
                     shoal_wait_routine_now());
            __atomic_store_n(&site->active, 1, __ATOMIC_RELEASE);
            __atomic_store_n(&site_busy, 0, __ATOMIC_RELEASE);
        }
        return;
    }
    const double waited = t - b->since, stop = abort_s(), limit = timeout_s();
    if (stop > 0 && waited >= stop) report(b, waited, 1);
    if (b->reported || limit == 0 || waited < limit) return;
    b->reported = 1;
    report(b, waited, 0);
}

void shoal_wait_done(struct shoal_backoff *b)
{
    b->since = 0;
    if (site) __atomic_store_n(&site->active, 0, __ATOMIC_RELEASE);
}
