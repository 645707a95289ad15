/* The collectives engine's view of "who takes part": a group of world PEs (a start/stride
 * triplet or an explicit ordered list), the caller's index in it, and a symmetric sync area
 * (an active-set pSync, or one of a team's reserved areas). Also the layout of a sync area
 * and the three signalling primitives every algorithm is built from:
 *
 *  - counters: the signaller atomically adds 1 to a word in the receiver's area; the receiver
 *    waits until the word reaches k and subtracts k. No signal is ever lost, so back-to-back
 *    uses of the same word are safe, and every word is 0 (SHMEM_SYNC_VALUE) again when the
 *    receiver returns: pSync is restored.
 *  - mailboxes: {flag, payload} in the receiver's area. The sender waits for flag == 0,
 *    copies the payload and store-releases flag = tag + 1, where tag is the total size of
 *    the message the chunk belongs to; the receiver waits for a non-zero flag, checks the
 *    tag against the size it expects (a cheap nelems-mismatch check), copies out, zeroes the
 *    payload and store-releases 0. Each mailbox has one sender per group
 *    and algorithm, so it is a one-deep FIFO: a fast sender may run ahead into the next
 *    collective without corrupting the current one.
 *  - direct access: every member's symmetric memory is mapped here (shoal_addr_on), so large
 *    payloads are copied straight into (or out of) the peers' buffers.
 *
 * Invariant every algorithm keeps: everything written into PE X's area during a collective is
 * consumed by X before X returns from that collective. So an area is idle as soon as every
 * member has returned, and a free area is all zeros. */
#ifndef SHOAL_COLL_GROUP_H
#define SHOAL_COLL_GROUP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <shmem.h>

#include "core/copy.h"
#include "core/error.h"
#include "core/remote.h"
#include "core/state.h"
#include "sync/backoff.h"
#include "sync/doorbell.h"

struct shoal_group {
    int me;          /* caller's index, 0..size-1 */
    int size;
    int start;       /* world PE of index i: start + i * stride ... */
    int stride;
    const int *list; /* ... or list[i] when list != NULL */
    long *area;      /* symmetric sync area, SHOAL_AREA_LONGS longs, my copy */
    int idle;        /* the area is known to hold nothing unconsumed on any member */
};

static inline int shoal_group_pe(const struct shoal_group *g, int i)
{
    return g->list ? g->list[i] : g->start + i * g->stride;
}

/* ---- Sync area layout (in longs; a cache line is 8 longs) -------------------------------- */
#define SHOAL_AREA_LONGS SHMEM_SYNC_SIZE
#define SHOAL_LINE 8
/* Barrier round r counter: its own line for r < 16, packed into line 16 beyond. */
#define SHOAL_W_BAR(r) ((r) < 16 ? (r) * SHOAL_LINE : 16 * SHOAL_LINE + ((r) - 16))
#define SHOAL_MAX_ROUNDS 24 /* 16 own-line + 8 packed rounds: radix >= 2 covers 2^24 PEs */
#define SHOAL_W_READY (17 * SHOAL_LINE) /* broadcast (pull): the root's source is ready */
#define SHOAL_W_DONE (18 * SHOAL_LINE)  /* "I am done with your data/buffers" counter */
#define SHOAL_W_DATA (19 * SHOAL_LINE)  /* "your dest holds my block" counter (direct push) */
#define SHOAL_W_COUNT (20 * SHOAL_LINE) /* published size (collect, size checks); 0 = none */
#define SHOAL_MB_FIRST_LINE 24
#define SHOAL_MB_LINES (SHOAL_AREA_LONGS / SHOAL_LINE - SHOAL_MB_FIRST_LINE)
#define SHOAL_MB_BYTES (SHOAL_MB_LINES * SHOAL_LINE * 8)

_Static_assert(SHOAL_AREA_LONGS % SHOAL_LINE == 0, "sync area is whole cache lines");
_Static_assert(SHOAL_MB_FIRST_LINE * SHOAL_LINE < SHOAL_AREA_LONGS, "layout fits SHMEM_SYNC_SIZE");
_Static_assert(SHOAL_W_BAR(SHOAL_MAX_ROUNDS - 1) < SHOAL_W_READY, "barrier words fit");
_Static_assert(SHOAL_MB_LINES >= 64, "room for mailboxes");

/* ---- Tuning ----------------------------------------------------------------------------- */
/* The most members a one-round ("flat") algorithm serves: the bound of the engine's per-member
 * arrays and of the flat barrier's words. Which algorithm runs where, up to this bound, is
 * decided at run time (coll/engine/tune.h: SHOAL_COLL_FLAT_MAX and the size thresholds). */
#define SHOAL_FLAT_MAX 8

/* ---- Remote access ------------------------------------------------------------------------ */
noreturn void shoal_coll_unmapped(const void *addr, int pe);

/* Pointer in my address space to symmetric addr on world PE pe. */
static inline void *shoal_coll_ptr(const void *addr, int pe)
{
    void *p = shoal_addr_on(addr, pe);
    if (SHOAL_UNLIKELY(p == NULL)) shoal_coll_unmapped(addr, pe);
    return p;
}

/* Member i runs on this PE's CPU (sync/placement.c): waiting for it must yield at once. */
static inline int shoal_group_mate(const struct shoal_group *g, int i)
{
    return __atomic_load_n(&shoal_g.peers[shoal_group_pe(g, i)].core_mate, __ATOMIC_RELAXED);
}

/* Member i ran on this PE's CPU at shmem_init: a relation every member sees the same at every
 * moment (PEs may have moved since: sync/avoid_busy.c), for choices that both sides of a
 * signal must make alike. */
static inline int shoal_group_mate_at_init(const struct shoal_group *g, int i)
{
    return shoal_g.peers[shoal_group_pe(g, i)].mate_at_init;
}

/* Polls a wait spins before it yields when world PE pe is the writer: none for a core-mate
 * (it runs only once we yield); for a PE on another core, SHOAL_COLL_SPIN (tune.c): with more
 * PEs than cores that PE runs only part of the time, and a long spin for one that is not
 * running is lost (a pause is 42 ns on the AMD EPYC of benches/RESULTS.md: 256 polls, the
 * runtime's budget for waits in general, are 11 us there, nine context switches). */
extern unsigned shoal_coll_spin_remote; /* set by tune.c at shmem_init */
static inline unsigned shoal_coll_spin(int pe)
{
    const int mate = __atomic_load_n(&shoal_g.peers[pe].core_mate, __ATOMIC_RELAXED);
    return mate ? 0 : shoal_coll_spin_remote;
}

/* Wait until cond holds, world PE `writer` making it true and ringing (sync/doorbell.h). */
#define SHOAL_COLL_WAIT(writer, cond) SHOAL_COLL_WAIT_TAG(writer, 0, cond)
/* The same for writer's message with tag (shoal_coll_tag): a slow wait also looks for it where
 * this one does not watch (shoal_wait_probe, sync/wait_site.h). */
#define SHOAL_COLL_WAIT_TAG(writer, want, cond)                                                  \
    do {                                                                                         \
        const int shoal_cw_ = (writer);                                                          \
        struct shoal_backoff shoal_cbo_ = {.spin = shoal_coll_spin(shoal_cw_), .pe = shoal_cw_,  \
                                           .bell = SHOAL_BELL_ENGINE, .tag = (want)};            \
        while (!(cond)) shoal_backoff(&shoal_cbo_);                                              \
        shoal_backoff_end(&shoal_cbo_);                                                          \
    } while (0)

/* Word w of member i's sync area. */
static inline long *shoal_peer_word(const struct shoal_group *g, int i, int w)
{
    return (long *)shoal_coll_ptr(g->area + w, shoal_group_pe(g, i));
}

/* ---- Counters ----------------------------------------------------------------------------- */
/* Add 1 to word w of member i's area (and wake i if it sleeps: sync/doorbell.h). */
static inline void shoal_signal(const struct shoal_group *g, int i, int w)
{
    const long v = __atomic_add_fetch(shoal_peer_word(g, i, w), 1, __ATOMIC_RELEASE);
    shoal_ring_at(shoal_group_pe(g, i), v);
}

/* Wait until my word reaches k, then take k away; spin polls before yielding. */
static inline void shoal_consume_spin(long *word, long k, unsigned spin)
{
    if (k <= 0) return;
    struct shoal_backoff bo = {.spin = spin, .pe = -1, .bell = SHOAL_BELL_ENGINE, .need = k};
    while (__atomic_load_n(word, __ATOMIC_ACQUIRE) < k) shoal_backoff(&bo);
    shoal_backoff_end(&bo);
    __atomic_fetch_sub(word, k, __ATOMIC_RELAXED);
}

/* The same when the signallers are unknown. */
static inline void shoal_consume(long *word, long k)
{
    shoal_consume_spin(word, k, shoal_g.spin_polls);
}

/* ---- Mailboxes ---------------------------------------------------------------------------- */
/* A mailbox region carved into nbox boxes; box b of member i. Each box starts on a line; the
 * flag shares the first line with the first 56 payload bytes. */
struct shoal_mbox_layout {
    int nbox;
    int box_longs; /* flag + payload, whole lines */
    size_t cap;    /* payload bytes */
};

static inline struct shoal_mbox_layout shoal_mbox_layout(int nbox)
{
    struct shoal_mbox_layout l;
    l.nbox = nbox;
    l.box_longs = (SHOAL_MB_LINES / nbox) * SHOAL_LINE;
    l.cap = (size_t)(l.box_longs - 1) * sizeof(long);
    return l;
}

static inline long *shoal_mbox_local(const struct shoal_group *g, const struct shoal_mbox_layout *l,
                                     int b)
{
    return g->area + SHOAL_MB_FIRST_LINE * SHOAL_LINE + b * l->box_longs;
}

static inline long *shoal_mbox_remote(const struct shoal_group *g, const struct shoal_mbox_layout *l,
                                      int i, int b)
{
    return (long *)shoal_coll_ptr(shoal_mbox_local(g, l, b), shoal_group_pe(g, i));
}

/* Sender side. Claim the empty box with one compare-and-swap 0 -> BUSY: a single coherence
 * transaction brings the receiver's line here exclusively (a load to test for empty, then the
 * stores, would take two). Then fill it and store-release the flag. */
#define SHOAL_MBOX_BUSY (-1L)
static inline void shoal_mbox_claim(long *box)
{
    long zero = 0;
    if (SHOAL_LIKELY(__atomic_compare_exchange_n(box, &zero, SHOAL_MBOX_BUSY, 0, __ATOMIC_ACQUIRE,
                                                 __ATOMIC_RELAXED)))
        return;
    struct shoal_backoff bo = SHOAL_BACKOFF_INIT;
    for (;;) {
        while (__atomic_load_n(box, __ATOMIC_RELAXED) != 0) shoal_backoff(&bo);
        zero = 0;
        if (__atomic_compare_exchange_n(box, &zero, SHOAL_MBOX_BUSY, 0, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED)) {
            shoal_backoff_end(&bo);
            return;
        }
    }
}

/* Take the box for a message: claim it, unless it is fresh, i.e. its first use in a collective
 * whose sync area is idle (g->idle: nothing unconsumed on any member), so known empty. Then
 * the sender reads nothing of the receiver's line and its stores drain from the store buffer
 * while it goes on. */
static inline void shoal_mbox_take(long *box, int fresh)
{
    if (!fresh) shoal_mbox_claim(box);
}

static inline void shoal_mbox_fill(long *box, size_t tag)
{
    __atomic_store_n(box, (long)tag + 1, __ATOMIC_RELEASE);
}

/* len <= cap; tag = total message size; fresh as for shoal_mbox_take. */
static inline void shoal_mbox_put(long *box, int fresh, const void *data, size_t len, size_t tag)
{
    shoal_mbox_take(box, fresh);
    shoal_copy_data(box + 1, data, len);
    shoal_mbox_fill(box, tag);
}

/* An empty message, only the tag: "the data is in your dest" (push) or "my source is ready"
 * (pull). The sender claims the box before it writes the receiver's dest (take, copy, then
 * post_fill): a receiver still unpacking the previous collective's message from this sender
 * into the same dest has released the box first. */
static inline void shoal_mbox_post(long *box, int fresh, size_t tag)
{
    shoal_mbox_take(box, fresh);
    shoal_mbox_fill(box, tag);
}

/* A box holds a message when its flag is positive (0 empty, BUSY being filled). */
static inline int shoal_mbox_full(const long *box)
{
    return __atomic_load_n(box, __ATOMIC_ACQUIRE) > 0;
}

/* A message's tag says which collective it belongs to (kind), a detail members must agree on
 * (the root of a broadcast; the operation and element kind of a reduction) and its total
 * size. The receiver compares the whole tag with the one it expects, so members in different
 * collectives (one in a reduction, one in a broadcast) or with different roots, operations or
 * sizes are caught by the check every message gets anyway: no extra cost. */
enum shoal_coll_kind { SHOAL_CK_BCAST = 1, SHOAL_CK_REDUCE, SHOAL_CK_FCOLLECT, SHOAL_CK_COLLECT,
                       SHOAL_CK_ALLTOALL };
#define SHOAL_TAG_SIZE_BITS 40
#define SHOAL_TAG_BYTES_MASK (((size_t)1 << SHOAL_TAG_SIZE_BITS) - 1)
static inline size_t shoal_coll_tag(int kind, unsigned detail, size_t nbytes)
{
    return (size_t)kind << 56 | (size_t)(detail & 0xffff) << SHOAL_TAG_SIZE_BITS |
           (nbytes & SHOAL_TAG_BYTES_MASK);
}

/* Receiver side: wait until full and check the tag; returns the payload (valid until
 * shoal_mbox_release). got/want are tags, or got == (size_t)-1 when only "different" is known. */
noreturn void shoal_coll_len_mismatch(const char *routine, int from_pe, size_t got, size_t want);
/* A reduction operation's name (enum shoal_red_op), for messages. */
const char *shoal_op_name(int op);

static inline const void *shoal_mbox_wait(long *box, size_t want, const char *routine, int from_pe)
{
    long f;
    SHOAL_COLL_WAIT_TAG(from_pe, want, (f = __atomic_load_n(box, __ATOMIC_ACQUIRE)) > 0);
    if (SHOAL_UNLIKELY((size_t)(f - 1) != want))
        shoal_coll_len_mismatch(routine, from_pe, (size_t)(f - 1), want);
    return box + 1;
}

/* Done with the payload (len bytes): zero it, so the area is all zeros again whatever layout
 * the next collective on it uses (pSync restored), and mark the box empty. */
static inline void shoal_mbox_release(long *box, size_t len)
{
    if (len <= 7 * sizeof(long))
        memset(box + 1, 0, 7 * sizeof(long)); /* the rest of the flag's line: a few fixed stores
                                                 instead of a variable-length memset */
    else
        memset(box + 1, 0, len);
    __atomic_store_n(box, 0, __ATOMIC_RELEASE);
}

/* Before waiting for n-1 senders in a fixed order, wait for those bound to my CPU: they can
 * only fill their boxes while I yield, so waiting for them first (yielding) and then for the
 * others (spinning, they are running) costs the fewest context switches. box[i] is member i's
 * box, NULL for me; tag, the messages' (for the probe: SHOAL_COLL_WAIT_TAG). */
static inline void shoal_mbox_await_mates(const struct shoal_group *g, long *const *box, size_t tag)
{
    for (int i = 0; i < g->size; i++)
        if (box[i] && shoal_group_mate(g, i))
            SHOAL_COLL_WAIT_TAG(shoal_group_pe(g, i), tag, shoal_mbox_full(box[i]));
}

/* A post that carries one word: a member's vote (shoal_mbox_await_posts). */
static inline void shoal_mbox_post_word(long *box, int fresh, size_t tag, long word)
{
    shoal_mbox_take(box, fresh);
    box[1] = word;
    shoal_mbox_fill(box, tag);
}

/* Receive one empty message (a post) from every other member: box[i] is member i's box in my
 * area (NULL for me), all with the same tag. Core-mates first (above). Returns 1 when every
 * post carried a nonzero word (shoal_mbox_post_word), else 0. */
static inline int shoal_mbox_await_posts(const struct shoal_group *g, long *const *box,
                                         size_t tag, const char *routine)
{
    int all = 1;
    shoal_mbox_await_mates(g, box, tag);
    for (int i = 0; i < g->size; i++)
        if (box[i]) {
            shoal_mbox_wait(box[i], tag, routine, shoal_group_pe(g, i));
            all &= box[i][1] != 0;
            shoal_mbox_release(box[i], 0);
        }
    return all;
}

/* i mod n for 0 <= i < 2n. Hot loops use it instead of %: an integer division costs tens of
 * cycles, several per collective at the sizes where a whole collective is ~100 ns. */
static inline int shoal_wrap(long i, long n)
{
    return (int)(i >= n ? i - n : i);
}

/* After a message to every other member: wake those that sleep, with one store-load fence for
 * all (shoal_ring's fence drains the store buffer, so one per message waits for each
 * receiver's lines in turn; after the last message they come in parallel). */
static inline void shoal_ring_members(const struct shoal_group *g)
{
    if (SHOAL_LIKELY(!shoal_bells_on)) return;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    for (int d = 1; d < g->size; d++)
        shoal_ring_fenced(shoal_group_pe(g, shoal_wrap(g->me + d, g->size)), LONG_MAX);
}

/* Index of sender s in receiver r's flat mailbox array (one box per other member). */
static inline int shoal_flat_box(int s, int r, int n)
{
    return shoal_wrap(s - r - 1 + n, n);
}

/* Done with a message of len payload bytes in box: a channel's (scratch) is only marked
 * empty, a sync area's zeroed too (shoal_mbox_release). */
static inline void shoal_box_release(long *box, size_t len, int scratch)
{
    if (scratch)
        __atomic_store_n(box, 0, __ATOMIC_RELEASE);
    else
        shoal_mbox_release(box, len);
}

#endif
