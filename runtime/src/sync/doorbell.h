/* Doorbells: a futex word per PE on which its waits can sleep when PEs share cores and
 * unrelated load takes the cores; writers that a wait expects ring it (see doorbell.c). */
#ifndef SHOAL_SYNC_DOORBELL_H
#define SHOAL_SYNC_DOORBELL_H

#include <limits.h>
#include <stdint.h>

#include "core/state.h"
#include "sync/wait_site.h"

struct shoal_doorbell {
    uint32_t seq;      /* futex word: bumped by every ring that finds a sleeper */
    uint32_t sleepers; /* waits of this PE that may sleep on seq: the engine's (shoal_ring) */
    uint32_t store_sleepers; /* ... wait_until and signal waits (shoal_ring_store) */
    uint32_t polling;  /* waits asleep in poll() instead (off-node transport): rung by datagram */
    uint8_t name_len;  /* the abstract name of this PE's bell socket (0: none) */
    char name[15];
    int32_t cpu;       /* the CPU this PE is bound to, when oversubscribed (avoid_busy.c) */
    uint32_t moves;    /* the node's lowest PE: how often it moved the PEs (avoid_busy.c) */
    uint32_t held;     /* 1: the last window found this PE's CPU held by other processes
                          (avoid_busy.c writes it; this PE's waits then sleep: backoff.h);
                          2: the PEs crowd on part of the CPUs, their waits never sleep;
                          3: ... and the load is still on this PE's CPU: they spin */
    uint32_t rung;     /* a store rang and its sleepers have not looked since: the stores after
                          it need not ring (a burst of puts would make a syscall each) */
    uint32_t writer;   /* what the sleepers wait for (SHOAL_WRITER_*): a ring that cannot be it
                          wakes nobody (shoal_ring_at) */
    uint64_t watch;    /* what the store_sleepers wait on: one range (shoal_watch_of), or
                          SHOAL_WATCH_ANY; a store elsewhere rings nobody */
};
_Static_assert(sizeof(struct shoal_doorbell) == 64, "one cache line per PE");

/* The line after each PE's doorbell (allocated with it): how many of its waits did not find
 * their condition at once, for the leader of sync/avoid_busy.c to tell PEs that compute from
 * PEs that wait. Off the doorbell's line, which every ring reads. */
struct shoal_wait_activity {
    uint64_t waits;
    char pad[56];
};
_Static_assert(sizeof(struct shoal_wait_activity) == 64, "one cache line per PE");

/* 1 where PEs share cores: the local peers' doorbells are mapped (each peer row's bell). */
extern int shoal_bells_on;
/* The bell of a peer that none rings: never a sleeper. */
extern struct shoal_doorbell shoal_no_bell;

/* World PE pe's doorbell, mapped here; NULL where none is (PEs do not share cores, or pe is
 * not a local peer). */
static inline struct shoal_doorbell *shoal_bell(int pe)
{
    struct shoal_doorbell *d = (struct shoal_doorbell *)shoal_g.peers[pe].bell;
    return d == &shoal_no_bell ? NULL : d;
}

/* Read SHOAL_WAIT_SLEEP; fatal on a bad value. Before the bootstrap starts. */
void shoal_doorbell_check_env(void);

/* At init, after placement: own is this PE's doorbell, followed by its wait activity line, in
 * the runtime's symmetric memory (every PE allocates them at the same point of shmem_init, so
 * they have the same offset). */
void shoal_doorbell_init(struct shoal_doorbell *own);
void shoal_doorbell_fini(void);

void shoal_doorbell_wake(struct shoal_doorbell *d);

/* Oversubscribed waits: yield, noting a yield that gave the core away for long (unrelated
 * load); once one did, sleep instead: on the doorbell if the writer rings it, else in naps.
 * crowd (shoal_avoid_busy_crowd): 1, the PEs crowd on part of the CPUs, and such a yield does
 * not make the wait sleep; 2, the load has not left their CPU yet: spin instead of yielding. */
void shoal_yield(struct shoal_backoff *b, int crowd);
/* A spinning wait's yield (sync/backoff.h): 1 when it gave the core away for long. */
int shoal_spin_yield(const struct shoal_backoff *b);
/* held: this PE's CPU is held by other processes (sync/avoid_busy.h). */
void shoal_sleep(struct shoal_backoff *b, int held);
void shoal_bell_done(struct shoal_backoff *b);

/* Doorbell writer: none published (a sleeper is arming or leaving: any ring wakes), or
 * several sleepers or an unknown writer (any ring wakes); a counter's count (COUNT | count:
 * only a signal that brings a counter there wakes); else world PE + 1. */
#define SHOAL_WRITER_NONE 0u
#define SHOAL_WRITER_ANY UINT32_MAX
#define SHOAL_WRITER_COUNT 0x80000000u

/* shoal_ring_at's test once the stores before are ordered before its reads (a store-load
 * fence: one for several messages, coll/engine/group.h shoal_ring_members). The sleeper
 * publishes what it waits for before it counts itself (acquire here). */
static inline void shoal_ring_fenced(int pe, long count)
{
    struct shoal_doorbell *d = shoal_bell(pe);
    if (d == NULL) return;
    if (__atomic_load_n(&d->sleepers, __ATOMIC_ACQUIRE) == 0) return;
    const uint32_t w = __atomic_load_n(&d->writer, __ATOMIC_RELAXED);
    if (w == SHOAL_WRITER_NONE || w == SHOAL_WRITER_ANY ||
        ((w & SHOAL_WRITER_COUNT) ? count >= (long)(w & ~SHOAL_WRITER_COUNT)
                                  : w == (uint32_t)shoal_g.me + 1))
        shoal_doorbell_wake(d);
}

/* After a store that a wait on world PE pe may be expecting: wake pe if it sleeps, unless it
 * waits for another PE's store, or for a counter to reach more than count (the value a
 * counter signal left; LONG_MAX for any other store). A sleeper in a flat collective waits for
 * its senders one by one, and every other sender's ring woke it only to find its sender's
 * slot still empty (doorbell.c). */
static inline void shoal_ring_at(int pe, long count)
{
    if (SHOAL_LIKELY(!shoal_bells_on) || shoal_bell(pe) == NULL) return;
    /* The store before must be visible before we read sleepers (and a waiter checks its
     * condition after announcing itself): store-load order. */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    shoal_ring_fenced(pe, count);
}

static inline void shoal_ring(int pe)
{
    shoal_ring_at(pe, LONG_MAX);
}

/* A symmetric range as one word: (segment + 1) << 62 | offset << 22 | length, for a wait to
 * publish what it watches (doorbell watch): a data put before its flag (put, fence, p; a
 * put-with-signal) then does not wake a wait on the flag only to find it unset. Anything that
 * does not fit (offsets past 1 TiB, 4 MiB and longer) is SHOAL_WATCH_ANY. */
#define SHOAL_WATCH_NONE 0ull
#define SHOAL_WATCH_ANY (~0ull)
static inline uint64_t shoal_watch_of(int seg, size_t off, size_t len)
{
    if (seg < 0 || seg > 2 || off >= (1ull << 40) || len == 0 || len >= (1ull << 22))
        return SHOAL_WATCH_ANY;
    return (uint64_t)(seg + 1) << 62 | (uint64_t)off << 22 | (uint64_t)len;
}

/* pe's doorbell has a SHOAL_BELL_STORE wait: ring it if it watches [addr, addr+len). */
void shoal_ring_store_slow(struct shoal_doorbell *d, const void *addr, size_t len);

/* After a store through the API (put, p, AMO, signal: path/path.h) into [addr, addr+len) on
 * pe (addr: this PE's symmetric address), which a SHOAL_BELL_STORE wait may expect; only the
 * first store after the sleepers last looked rings (rung). No fence before reading
 * store_sleepers: one cost a put with quiet 13 -> 27 ns with 4 PEs on 2 CPUs. So that read may
 * pass the store, and a wait that armed just then is missed; such a wait's first sleep is
 * short (doorbell.c). The exchange on rung is a full barrier: a store that finds a ring on its
 * way is visible before the sleeper clears rung and looks. */
static inline void shoal_ring_store(int pe, const void *addr, size_t len)
{
    struct shoal_doorbell *d = (struct shoal_doorbell *)shoal_g.peers[pe].bell;
    __atomic_signal_fence(__ATOMIC_SEQ_CST); /* the compiler keeps the store first */
    if (d != NULL && __atomic_load_n(&d->store_sleepers, __ATOMIC_ACQUIRE) != 0)
        shoal_ring_store_slow(d, addr, len);
}

/* Before a store of len bytes into pe: whether it must ring after it (shoal_ring_store). One
 * shorter than SHOAL_RING_LOOK_MAX looks for sleepers before it and rings only where it found
 * one (a test and a call after the copy cost the 4-PE message rate of 8-256 B puts 20-30%): a
 * wait that arms while it copies (2 us at most) is missed, as one that arms while a store sits
 * in a store buffer is (above), and found by that wait's first sleep (50 us). Longer ones
 * always test after (also where none can sleep: a call beside a copy of 16 KiB or more). */
#define SHOAL_RING_LOOK_MAX 16384
static inline int shoal_store_rings(int pe, size_t len)
{
    const struct shoal_doorbell *d = (const struct shoal_doorbell *)shoal_g.peers[pe].bell;
    return (len >= SHOAL_RING_LOOK_MAX) |
           (__atomic_load_n(&d->store_sleepers, __ATOMIC_RELAXED) != 0);
}

#endif
