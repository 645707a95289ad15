/* One wait: its state (struct shoal_backoff, advanced by the loop in backoff.h, read by the
 * sleeps of doorbell.c and the hang reports of wait_site.c), the routine it is in, and its
 * hang report. The bootstrap hands over this PE's wait-site record in shoalrun's segment;
 * init reads SHOAL_HANG_TIMEOUT once (a bad value stops at init). */
#ifndef SHOAL_SYNC_WAIT_SITE_H
#define SHOAL_SYNC_WAIT_SITE_H

#include <stddef.h>
#include <stdint.h>

/* Whether a wait's writer rings its doorbell (sync/doorbell.h) after the write: */
#define SHOAL_BELL_NONE 0   /* no: an asleep wait naps */
#define SHOAL_BELL_ENGINE 1 /* always (the collectives engine's own signals) */
#define SHOAL_BELL_STORE 2  /* a store through the API does (put, p, AMO, signal: path/path.h);
                               one through a shmem_ptr pointer does not */

/* A wait in progress (SHOAL_BACKOFF_INIT and friends in backoff.h start one). */
struct shoal_backoff {
    unsigned n;
    unsigned spin; /* polls before the first yield */
    int came;      /* the last call's progress brought operations: its caller checks, then pause */
    int pe;        /* world PE expected to write, -1 unknown (hang reports) */
    int reported;  /* the hang line was printed */
    double since;  /* when the wait went slow (CLOCK_MONOTONIC s), 0 before */
    /* Oversubscribed waits (sync/doorbell.c): */
    int bell;        /* SHOAL_BELL_*: whether the writer rings this PE's doorbell */
    unsigned loaded; /* poll count when the wait found load (sync/doorbell.c); 0 before */
    int armed;       /* announced as a sleeper on the doorbell */
    unsigned slept;  /* sleeps on it so far */
    uint64_t watch;  /* SHOAL_BELL_STORE: the symmetric range it waits on (shoal_watch_of) */
    long need;       /* SHOAL_BELL_ENGINE on a counter: the count it waits for (0: not one) */
    uint32_t seq;    /* doorbell value seen before the last check */
    size_t tag;      /* a collective's message wait: the tag it expects from pe (0: none) */
    int suspect;     /* the last probe found a message of pe's in another collective */
};

/* Called with every slow wait that has a tag (above), now and then (shoal_wait_slow): the
 * collectives look for pe's message in a place this wait does not watch, which means pe is
 * in another collective; returns 1 when it finds one. That may be pe's next collective, begun
 * after pe sent the message this wait is for since the wait last looked; so the job stops
 * with the mismatch (coll/engine/channel.c) only when a probe finds one again after the wait
 * has looked again in vain (stop: the last probe found one). NULL: nothing to look at. */
extern int (*shoal_wait_probe)(const struct shoal_backoff *b, int stop);

/* The waiting routine, set by the entry points of routines that wait (relaxed stores: under
 * SHMEM_THREAD_MULTIPLE a report may name another thread's routine). */
extern const char *shoal_wait_routine;
/* 1 while the routine is a collective (every PE of a team or active set must make the same
 * call): its hang report then names SHOAL_CHECK=1, which finds PEs in different ones. */
extern int shoal_wait_collective;
static inline void shoal_wait_at(const char *routine)
{
    __atomic_store_n(&shoal_wait_routine, routine, __ATOMIC_RELAXED);
    __atomic_store_n(&shoal_wait_collective, 0, __ATOMIC_RELAXED);
}
static inline void shoal_wait_at_collective(const char *routine)
{
    __atomic_store_n(&shoal_wait_routine, routine, __ATOMIC_RELAXED);
    __atomic_store_n(&shoal_wait_collective, 1, __ATOMIC_RELAXED);
}
/* A binding's routine that this thread's calls are made for (shmemx_wait_caller), or NULL. */
extern _Thread_local const char *shoal_wait_caller;
/* "caller (in routine)", in a buffer of this thread's. */
const char *shoal_wait_named(const char *routine);
/* The routine now waiting, for messages from inside a wait ("a wait" when none is set), with
 * the binding's routine it serves where one is named. */
static inline const char *shoal_wait_routine_now(void)
{
    const char *r = __atomic_load_n(&shoal_wait_routine, __ATOMIC_RELAXED);
    r = r ? r : "a wait";
    return shoal_wait_caller ? shoal_wait_named(r) : r;
}
/* Called now and then once a wait is slow: publishes the wait site for shoalrun's --timeout
 * dump, prints the hang line after SHOAL_HANG_TIMEOUT seconds, and stops the job with it after
 * SHOAL_HANG_ABORT seconds. */
void shoal_wait_slow(struct shoal_backoff *b);
/* The wait is over: withdraw the published site. */
void shoal_wait_done(struct shoal_backoff *b);

struct shoal_local_site;
void shoal_wait_site_attach(struct shoal_local_site *record);
void shoal_wait_site_init(void);

#endif
