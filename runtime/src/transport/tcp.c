/* The tcp transport: peers whose memory is not mapped here are reached over TCP connections
 * per pair (transport/tcp_wire.c: frames in order on one, large payloads cut across all of
 * them), and every operation is applied by its target's
 * CPU when it reads the frame (its progress: every failed poll of a Shoal wait). Below MPI
 * and UCX: on Ethernet, where UCX emulates RMA over TCP in software too, one round trip costs
 * what a socket round trip costs (benches/machine/tcp_raw.c). The default off-node
 * transport where the node has no RDMA device (transport/select.c).
 *
 *  - put: one frame; a blocking put returns once the kernel or a copy holds the source.
 *  - get, fetching AMO: a request and a reply (one round trip); a non-blocking get returns
 *    at once and lands before the next quiet returns.
 *  - non-fetching AMO: one frame, never answered.
 *  - Frames to one PE are applied in the order sent (one stream, one reader), so fence is
 *    free; quiet and flush(pe) send FLUSH to every PE written since the last one and wait for
 *    the answers, which also report a failure of an unanswered frame.
 *  - sendrecv: MSG frames, matched by (sender, tag) in order; one that comes before its
 *    receive is kept until asked for.
 *  - AMOs are CPU atomics at the target, so they are atomic against mapped peers' inline ones.
 * Under SHMEM_THREAD_MULTIPLE one thread at a time is inside (lock); waits run outside it. */
#include "transport/transport.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>

#include "core/copy.h"
#include "core/error.h"
#include "core/state.h"
#include "sync/backoff.h"
#include "transport/target.h"
#include "transport/tcp_wire.h"

#define SLOTS 1024         /* requests awaiting a reply (non-blocking gets included) */
#define POSTED 64          /* sendrecv receives waiting at once (one per thread) */
#define COPY_MAX (64 << 10) /* a blocking put copies a source up to this size it cannot send */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int serialize, started;
static void enter(void) { if (serialize) pthread_mutex_lock(&lock); }
static void leave(void) { if (serialize) pthread_mutex_unlock(&lock); }

enum { FREE, WAITING, DONE };
struct slot {
    int state, status;
    int autofree; /* a non-blocking get's: its reply frees it */
    void *dest;   /* a get's */
    uint64_t old;
};
static struct slot slots[SLOTS];
static int cursor;
static unsigned char *dirty; /* per PE: frames sent since its last FLUSH */
static int *failed;          /* per origin PE: a failure of an unanswered frame from it */

struct posted {
    int active, from, tag;
    int taken; /* its message is being read */
    int done;
    void *buf;
    size_t len;
};
static struct posted posted[POSTED];
struct early { /* a message that came before its receive */
    struct early *next;
    int tag;
    size_t len;
    char data[];
};
static struct early **early; /* per sender, in order */
/* Per sender, where the message being read goes (frames of one sender come one at a time). */
struct reading {
    struct posted *p;
    struct early *e;
};
static struct reading *reading;

static int wait_rc(const char *what, int pe, int rc)
{
    if (rc) shoal_warn(shoal_wait_routine_now(), "the tcp transport: %s at PE %d failed: %s",
                       what, pe, shoal_status_string(rc));
    return rc;
}

/* ---- requests and replies ---- */

/* Inside the lock: a free slot, -1 when every one waits. */
static int take_slot(void)
{
    const int i = shoal_free_slot(&slots[0].state, sizeof slots[0], SLOTS, &cursor, FREE);
    if (i >= 0) slots[i] = (struct slot){.state = WAITING};
    return i;
}

/* Send h to pe with a slot for its reply (dest: a get's); returns the slot. */
static int request(int pe, struct tcp_head *h, void *dest, int autofree)
{
    struct shoal_backoff b = SHOAL_BACKOFF_FROM(pe);
    for (;;) {
        enter();
        const int i = take_slot();
        if (i >= 0) {
            slots[i].dest = dest;
            slots[i].autofree = autofree;
            h->tag = i;
            tcp_wire_send(pe, h, NULL, 0);
            /* A FLUSH covers every frame before it; cleared here, under the lock, so a frame
             * another thread sends after it keeps pe dirty. */
            dirty[pe] = h->type != TCP_FLUSH;
            leave();
            shoal_backoff_end(&b);
            return i;
        }
        leave();
        shoal_backoff(&b); /* every slot waits: progress takes replies */
    }
}

/* Wait for slot i's reply from pe; frees it. */
static int answer(int i, int pe, uint64_t *old)
{
    struct shoal_backoff b = SHOAL_BACKOFF_FROM(pe);
    while (__atomic_load_n(&slots[i].state, __ATOMIC_ACQUIRE) != DONE) shoal_backoff(&b);
    shoal_backoff_end(&b);
    if (old) *old = slots[i].old;
    const int rc = slots[i].status;
    __atomic_store_n(&slots[i].state, FREE, __ATOMIC_RELEASE);
    return rc;
}

static void replied(const struct tcp_head *h)
{
    if (h->tag < 0 || h->tag >= SLOTS) return;
    struct slot *s = &slots[h->tag];
    s->status = h->status;
    s->old = h->operand;
    __atomic_store_n(&s->state, s->autofree ? FREE : DONE, __ATOMIC_RELEASE);
}

static void note_failure(int pe, int rc)
{
    if (!failed[pe]) failed[pe] = rc;
}

/* ---- the ops ---- */

/* Frames that come in (below), handed over by tcp_wire_progress. */
static void *tcp_on_head(int pe, const struct tcp_head *h);
static void tcp_on_frame(int pe, const struct tcp_head *h, void *dest);

static int tcp_init(void)
{
    const int n = shoal_g.npes;
    serialize = shoal_g.thread_level == SHMEM_THREAD_MULTIPLE;
    dirty = calloc((size_t)n, 1);
    failed = calloc((size_t)n, sizeof *failed);
    early = calloc((size_t)n, sizeof *early);
    reading = calloc((size_t)n, sizeof *reading);
    int *want = calloc((size_t)n, sizeof *want);
    if (!dirty || !failed || !early || !reading || !want) return SHOAL_ERR_NO_MEMORY;
    for (int pe = 0; pe < n; pe++) want[pe] = shoal_g.peers[pe].ops == shoal_transport_tcp;
    memset(slots, 0, sizeof slots);
    memset(posted, 0, sizeof posted);
    static const struct tcp_wire_handlers on = {.head = tcp_on_head, .frame = tcp_on_frame};
    tcp_wire_start(want, &on);
    free(want);
    started = 1;
    return SHOAL_OK;
}

static int tcp_fini(void)
{
    if (!started) return SHOAL_OK;
    tcp_wire_stop();
    started = 0;
    for (int pe = 0; pe < shoal_g.npes; pe++)
        for (struct early *e = early[pe], *next; e; e = next) next = e->next, free(e);
    free(dirty), free(failed), free(early), free(reading);
    dirty = NULL, failed = NULL, early = NULL, reading = NULL;
    return SHOAL_OK;
}

static int tcp_seg(int seg) { return shoal_host_seg(seg) ? SHOAL_OK : SHOAL_ERR_NOT_ATTACHED; }
static int tcp_detach(int seg) { (void)seg; return SHOAL_OK; }

static int tcp_put(int pe, int seg, size_t off, const void *src, size_t len, int flags)
{
    if (!shoal_host_seg(seg)) return SHOAL_ERR_NOT_ATTACHED;
    const struct tcp_head h = {.type = TCP_PUT, .seg = (uint8_t)seg, .off = off, .len = len};
    /* A non-blocking put's source stays untouched until quiet, whose FLUSH follows it. */
    const int borrow = (flags & SHOAL_XFER_NBI) || len > COPY_MAX;
    enter();
    const uint64_t t = tcp_wire_send(pe, &h, src, borrow);
    dirty[pe] = 1;
    leave();
    if (t && !(flags & SHOAL_XFER_NBI) && borrow) SHOAL_WAIT_FROM(pe, tcp_wire_sent(pe, t));
    return SHOAL_OK;
}

static int tcp_get(int pe, int seg, size_t off, void *dest, size_t len, int flags)
{
    if (!shoal_host_seg(seg)) return SHOAL_ERR_NOT_ATTACHED;
    if (len == 0) return SHOAL_OK;
    struct tcp_head h = {.type = TCP_GET, .seg = (uint8_t)seg, .off = off, .operand = len};
    const int nbi = flags & SHOAL_XFER_NBI;
    const int i = request(pe, &h, dest, nbi);
    return nbi ? SHOAL_OK : answer(i, pe, NULL);
}

static int tcp_amo(int pe, int seg, size_t off, enum shoal_amo_op op, size_t size,
                   const void *operand, const void *cond, void *result)
{
    if (!shoal_host_seg(seg)) return SHOAL_ERR_NOT_ATTACHED;
    struct tcp_head h = {.type = TCP_AMO, .op = (uint8_t)op, .size = (uint8_t)size,
                         .seg = (uint8_t)seg, .off = off};
    if (operand) memcpy(&h.operand, operand, size);
    if (cond) memcpy(&h.cond, cond, size);
    if (!result) {
        enter();
        tcp_wire_send(pe, &h, NULL, 0);
        dirty[pe] = 1;
        leave();
        return SHOAL_OK;
    }
    h.flags = TCP_FETCH;
    uint64_t old = 0;
    const int rc = answer(request(pe, &h, NULL, 0), pe, &old);
    memcpy(result, &old, size);
    return rc;
}

/* FLUSH the PEs in [first, last] written since their last one and wait for the answers, up
 * to BATCH at a time (the FLUSHes of a batch travel at once). */
#define BATCH 64
static int flush_range(int first, int last)
{
    int rc = SHOAL_OK;
    for (int pe = first; pe <= last;) {
        int to[BATCH], slot[BATCH], m = 0;
        for (; pe <= last && m < BATCH; pe++) {
            if (!__atomic_load_n(&dirty[pe], __ATOMIC_RELAXED)) continue;
            struct tcp_head h = {.type = TCP_FLUSH};
            to[m] = pe;
            slot[m++] = request(pe, &h, NULL, 0);
        }
        for (int k = 0; k < m; k++) {
            const int r = answer(slot[k], to[k], NULL);
            if (r && !rc) rc = wait_rc("an earlier put or atomic", to[k], r);
        }
    }
    return rc;
}

static int tcp_fence(void) { return SHOAL_OK; } /* one ordered stream per PE */
static int tcp_quiet(void) { return started ? flush_range(0, shoal_g.npes - 1) : SHOAL_OK; }
static int tcp_flush(int pe) { return started ? flush_range(pe, pe) : SHOAL_OK; }

static int tcp_wake_fd(void)
{
    if (!started) return -1;
    if (serialize && pthread_mutex_trylock(&lock) != 0) return -1; /* busy: nap instead */
    const int fd = tcp_wire_wake_fd();
    if (serialize) pthread_mutex_unlock(&lock);
    return fd;
}

static int tcp_progress(void)
{
    if (!started) return 0;
    if (!serialize) return tcp_wire_progress();
    int frames = 0;
    if (pthread_mutex_trylock(&lock) == 0) { /* else the holder progresses */
        frames = tcp_wire_progress();
        pthread_mutex_unlock(&lock);
    }
    return frames;
}

/* ---- two-sided messages ---- */

static noreturn void mismatch(int from, int tag, uint64_t got, size_t want)
{
    shoal_fatal("collective", "PE %d sent a %llu-byte message (tag %d) where this PE expects "
                "%zu bytes: were the PEs' collective calls the same?", from,
                (unsigned long long)got, tag, want);
}

/* Inside the lock: a receive of rlen bytes from `from` with tag; NULL when an early message
 * already satisfied it. */
static struct posted *post(int from, void *rbuf, size_t rlen, int tag)
{
    for (struct early **at = &early[from]; *at; at = &(*at)->next) {
        struct early *e = *at;
        if (e->tag != tag) continue;
        if (e->len != rlen) mismatch(from, tag, e->len, rlen);
        if (rlen) shoal_copy_data(rbuf, e->data, rlen);
        *at = e->next;
        free(e);
        return NULL;
    }
    for (int k = 0; k < POSTED; k++)
        if (!posted[k].active) {
            posted[k] = (struct posted){1, from, tag, 0, 0, rbuf, rlen};
            return &posted[k];
        }
    shoal_fatal("collective", "the tcp transport: more than %d threads in collectives at once",
                POSTED);
}

static struct posted *posted_for(int from, int tag)
{
    for (int k = 0; k < POSTED; k++)
        if (posted[k].active && !posted[k].taken && posted[k].from == from && posted[k].tag == tag)
            return &posted[k];
    return NULL;
}

static int tcp_sendrecv(int to, const void *sbuf, size_t slen, int from, void *rbuf, size_t rlen,
                        int tag)
{
    const struct tcp_head h = {.type = TCP_MSG, .tag = tag, .len = slen};
    enter();
    const uint64_t t = to >= 0 ? tcp_wire_send(to, &h, sbuf, 1) : 0;
    struct posted *p = from >= 0 ? post(from, rbuf, rlen, tag) : NULL;
    leave();
    struct shoal_backoff b = SHOAL_BACKOFF_FROM(from >= 0 ? from : to);
    while ((p && !__atomic_load_n(&p->done, __ATOMIC_ACQUIRE)) || (t && !tcp_wire_sent(to, t)))
        shoal_backoff(&b);
    shoal_backoff_end(&b);
    if (p) {
        enter();
        p->active = 0;
        leave();
    }
    return SHOAL_OK;
}

/* ---- frames that come in (from tcp_wire_progress, inside the lock) ---- */

static void *tcp_on_head(int pe, const struct tcp_head *h)
{
    switch (h->type) {
    case TCP_PUT: {
        char *at = shoal_target_bytes(h->seg, h->off, h->len);
        if (!at) note_failure(pe, SHOAL_ERR_NOT_ATTACHED);
        return at;
    }
    case TCP_GET_REPLY:
        return h->tag >= 0 && h->tag < SLOTS ? slots[h->tag].dest : NULL;
    case TCP_MSG: {
        struct reading *r = &reading[pe];
        r->p = posted_for(pe, h->tag);
        r->e = NULL;
        if (r->p) {
            if (r->p->len != h->len) mismatch(pe, h->tag, h->len, r->p->len);
            r->p->taken = 1; /* the next message of that tag is not for it */
            return r->p->buf;
        }
        r->e = malloc(sizeof *r->e + h->len);
        if (!r->e) shoal_fatal("collective", "the tcp transport: out of memory (%llu bytes)",
                               (unsigned long long)h->len);
        *r->e = (struct early){NULL, h->tag, h->len};
        return r->e->data;
    }
    default:
        return NULL; /* no payload */
    }
}

static void tcp_on_frame(int pe, const struct tcp_head *h, void *dest)
{
    struct tcp_head re = {.tag = h->tag};
    switch (h->type) {
    case TCP_PUT:
        return;
    case TCP_GET: {
        const char *at = shoal_target_bytes(h->seg, h->off, h->operand);
        re.type = TCP_GET_REPLY;
        re.status = at ? SHOAL_OK : SHOAL_ERR_NOT_ATTACHED;
        re.len = at ? h->operand : 0;
        tcp_wire_send(pe, &re, at, 1); /* segment memory stays */
        return;
    }
    case TCP_AMO: {
        char *w = shoal_target_bytes(h->seg, h->off, h->size);
        const int ok = w && (h->size == 4 || h->size == 8) && h->op <= SHOAL_AMO_XOR &&
                       h->off % h->size == 0;
        if (ok) shoal_host_mem.amo((enum shoal_amo_op)h->op, w, h->size, &h->operand, &h->cond,
                                   &re.operand);
        if (!(h->flags & TCP_FETCH)) {
            if (!ok) note_failure(pe, SHOAL_ERR_NOT_ATTACHED);
            return;
        }
        re.type = TCP_AMO_REPLY;
        re.status = ok ? SHOAL_OK : SHOAL_ERR_NOT_ATTACHED;
        tcp_wire_send(pe, &re, NULL, 0);
        return;
    }
    case TCP_FLUSH:
        re.type = TCP_FLUSH_REPLY;
        re.status = failed[pe];
        failed[pe] = SHOAL_OK;
        tcp_wire_send(pe, &re, NULL, 0);
        return;
    case TCP_GET_REPLY:
    case TCP_AMO_REPLY:
    case TCP_FLUSH_REPLY:
        replied(h);
        return;
    case TCP_MSG: {
        struct reading *r = &reading[pe];
        if (r->p) {
            __atomic_store_n(&r->p->done, 1, __ATOMIC_RELEASE);
            return;
        }
        /* Came before its receive: a receive posted while it was read takes it now. */
        struct posted *p = posted_for(pe, h->tag);
        if (p) {
            if (p->len != h->len) mismatch(pe, h->tag, h->len, p->len);
            if (h->len) shoal_copy_data(p->buf, dest, h->len);
            free(r->e);
            p->taken = 1;
            __atomic_store_n(&p->done, 1, __ATOMIC_RELEASE);
            return;
        }
        struct early **at = &early[pe];
        while (*at) at = &(*at)->next;
        *at = r->e;
        return;
    }
    default:
        shoal_fatal("shmem", "the tcp transport: PE %d sent a frame of unknown type %d", pe,
                    h->type);
    }
}

static const struct shoal_transport_ops tcp_ops = {
    .name = "tcp", .ordered = 1,
    /* ~1 ms of polls; 16K starved core-mates of simulated hosts sharing cores (coll_reduce_test
     * across them 61 -> 26 s with 2048). */
    .spin_more = 1u << 11, .init = tcp_init, .fini = tcp_fini, .attach = tcp_seg,
    .detach = tcp_detach,
    .put = tcp_put, .get = tcp_get, .amo = tcp_amo, .fence = tcp_fence, .quiet = tcp_quiet,
    .flush = tcp_flush, .progress = tcp_progress, .sendrecv = tcp_sendrecv,
    .wake_fd = tcp_wake_fd,
};
const struct shoal_transport_ops *const shoal_transport_tcp = &tcp_ops;
