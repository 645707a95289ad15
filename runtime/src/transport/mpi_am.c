/* Off-node atomics as active messages (SHOAL_MPI_ATOMICS=am, the default): an AMO to a PE
 * whose memory is not mapped here is a small request (MPI_Isend on a communicator of its own)
 * that the target applies with its own CPU atomics on its segment and answers with the old
 * value. So every AMO on a word is done by a CPU that maps it, and CPU atomics, inline for
 * mapped peers, stay atomic against off-node ones. One network round trip per fetching AMO
 * (osc/ucx over TCP takes two). The cost: the target applies requests only from its progress
 * (every failed poll of a Shoal wait), so a PE computing for long delays AMOs aimed at it;
 * on InfiniBand, where osc/ucx does atomics in the NIC, SHOAL_MPI_ATOMICS=rma may be faster.
 *
 * A non-fetching AMO returns once sent; its reply (an ack) counts it done, and fence, quiet,
 * flush(pe) and gets wait for the acks. Requests of one origin reach a target in order (MPI
 * does not overtake messages of one pair and tag), so AMOs to one PE apply in program order.
 * An origin waiting for a reply keeps serving requests aimed at it (progress), so PEs doing
 * AMOs on each other cannot deadlock. Every MPI call is inside shoal_mpi_enter/leave; waits
 * run outside it.
 *
 * Small gets (up to SHOAL_MPI_AM_GET_MAX bytes) go the same way: the reply carries the data,
 * one round trip, where MPI_Get + MPI_Win_flush over osc/ucx and TCP takes about two (8 B get
 * across the simulated hosts 17 us against 9 for Open MPI's OpenSHMEM). */
#include "transport/transport.h"

#if SHOAL_HAVE_MPI
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/bootstrap_ops.h"
#include "core/copy.h"
#include "core/state.h"
#include "sync/backoff.h"
#include "transport/mpi_serial.h"
#include "transport/target.h"

enum { TAG_REQUEST = 1, TAG_REPLY = 2 };
#define OP_GET 0xfe /* a request's op: read size bytes (not an AMO) */
#define SLOTS 256  /* AMOs in flight from this PE (non-fetching ones pipeline up to this) */
#define REPLIES 64 /* replies being sent from this PE */
#define BATCH 32   /* messages of each kind one progress call takes */

struct am_request {
    uint64_t off, operand, cond; /* operand and cond: the first size bytes */
    int32_t slot;                /* the origin's, echoed in the reply */
    uint8_t op, size, seg, pad;
};
struct am_reply {
    uint64_t old; /* the first size bytes */
    int32_t slot;
    int32_t status;
    unsigned char data[SHOAL_MPI_AM_GET_MAX]; /* a get's bytes; sent only as many as asked */
};
#define REPLY_HEAD offsetof(struct am_reply, data)
_Static_assert(SHOAL_MPI_AM_GET_MAX <= 255, "a request's size field holds a get's length");

enum { FREE, SENT, DONE };
struct slot {
    struct am_request req; /* the send buffer */
    MPI_Request send;
    int pe;
    int fetch; /* its issuer waits for the reply; else the reply frees the slot */
    void *dest; /* a get's: where the reply's bytes go */
    int state;
    int status;
    uint64_t old;
};

static MPI_Comm am_comm = MPI_COMM_NULL;
static struct slot slots[SLOTS];
static int cursor;            /* where the search for a free slot starts */
static int *in_flight;        /* per target PE: sent, not yet acknowledged */
static int in_flight_all;
static int deferred_error;    /* a non-fetching AMO failed at its target: the next wait says so */
static struct am_request in_request;
static struct am_reply in_reply;
/* The posted receives: [0] requests, [1] replies (one MPI_Testany polls both). */
static MPI_Request posted[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
static struct am_reply out[REPLIES];
static MPI_Request out_req[REPLIES];

/* Post receive i (0: requests, 1: replies). */
static int post_receive(int i)
{
    const int rc = i == 0 ? MPI_Irecv(&in_request, sizeof in_request, MPI_BYTE, MPI_ANY_SOURCE,
                                      TAG_REQUEST, am_comm, &posted[0])
                          : MPI_Irecv(&in_reply, sizeof in_reply, MPI_BYTE, MPI_ANY_SOURCE,
                                      TAG_REPLY, am_comm, &posted[1]);
    return shoal_mpi_ok_to(rc, "MPI_Irecv", -1);
}

int shoal_mpi_am_init(void)
{
    for (int i = 0; i < REPLIES; i++) out_req[i] = MPI_REQUEST_NULL;
    for (int i = 0; i < SLOTS; i++) slots[i] = (struct slot){.send = MPI_REQUEST_NULL};
    in_flight_all = deferred_error = 0;
    in_flight = calloc((size_t)shoal_g.npes, sizeof *in_flight);
    if (!in_flight) return SHOAL_ERR_NO_MEMORY;
    int rc = MPI_Comm_dup(*(const MPI_Comm *)shoal_g.boot->mpi_comm, &am_comm);
    if (rc == MPI_SUCCESS) rc = MPI_Comm_set_errhandler(am_comm, MPI_ERRORS_RETURN);
    if (rc != MPI_SUCCESS) return shoal_mpi_failed(rc, "MPI_Comm_dup", -1);
    rc = post_receive(0);
    return rc == SHOAL_OK ? post_receive(1) : rc;
}

/* After the last barrier: nothing is in flight to or from here but replies being sent. */
void shoal_mpi_am_fini(void)
{
    if (am_comm == MPI_COMM_NULL) return;
    for (int i = 0; i < 2; i++)
        if (posted[i] != MPI_REQUEST_NULL) {
            MPI_Cancel(&posted[i]);
            MPI_Wait(&posted[i], MPI_STATUS_IGNORE);
        }
    MPI_Waitall(REPLIES, out_req, MPI_STATUSES_IGNORE);
    for (int i = 0; i < SLOTS; i++)
        if (slots[i].send != MPI_REQUEST_NULL) MPI_Request_free(&slots[i].send);
    MPI_Comm_free(&am_comm);
    free(in_flight);
    in_flight = NULL;
}

/* The bytes a request names in my segment, NULL when they are not all there. */
static char *requested(const struct am_request *r)
{
    return shoal_target_bytes(r->seg, r->off, r->size);
}

/* A request aimed here: my own CPU atomic on my segment. */
static int apply(const struct am_request *r, uint64_t *old)
{
    char *w = requested(r);
    if (!w || (r->size != 4 && r->size != 8) || r->op > SHOAL_AMO_XOR || r->off % r->size)
        return SHOAL_ERR_NOT_ATTACHED;
    shoal_host_mem.amo((enum shoal_amo_op)r->op, w, r->size, &r->operand, &r->cond, old);
    return SHOAL_OK;
}

/* A free reply buffer: a finished send's, else wait for one (small sends finish at once). */
static int reply_buffer(void)
{
    for (int i = 0; i < REPLIES; i++) {
        int done = 1;
        if (out_req[i] != MPI_REQUEST_NULL && MPI_Test(&out_req[i], &done, MPI_STATUS_IGNORE))
            return -1;
        if (done) return i;
    }
    int i = -1;
    return MPI_Waitany(REPLIES, out_req, &i, MPI_STATUS_IGNORE) == MPI_SUCCESS ? i : -1;
}

/* A get aimed here: copy the bytes into the reply. */
static int read_for(const struct am_request *r, unsigned char *data)
{
    const char *b = r->size <= SHOAL_MPI_AM_GET_MAX ? requested(r) : NULL;
    if (!b) return SHOAL_ERR_NOT_ATTACHED;
    shoal_copy_data(data, b, r->size);
    return SHOAL_OK;
}

static int serve_request(const struct am_request *r, int from)
{
    const int i = reply_buffer();
    if (i < 0) return shoal_mpi_failed(MPI_ERR_OTHER, "MPI_Test (a reply)", from);
    const int get = r->op == OP_GET;
    out[i].slot = r->slot;
    out[i].old = 0;
    out[i].status = get ? read_for(r, out[i].data) : apply(r, &out[i].old);
    const int n = (int)REPLY_HEAD + (get && out[i].status == SHOAL_OK ? r->size : 0);
    return shoal_mpi_ok_to(MPI_Isend(&out[i], n, MPI_BYTE, from, TAG_REPLY, am_comm, &out_req[i]),
                           "MPI_Isend (a reply)", from);
}

static int take_reply(const struct am_reply *r)
{
    if (r->slot < 0 || r->slot >= SLOTS || slots[r->slot].state != SENT) return SHOAL_ERR_TRANSPORT;
    struct slot *s = &slots[r->slot];
    /* The target has the request, so its send is done or about to be. */
    const int rc = MPI_Wait(&s->send, MPI_STATUS_IGNORE);
    __atomic_fetch_sub(&in_flight[s->pe], 1, __ATOMIC_RELEASE);
    __atomic_fetch_sub(&in_flight_all, 1, __ATOMIC_RELEASE);
    if (s->fetch) {
        s->old = r->old;
        if (s->dest && r->status == SHOAL_OK) shoal_copy_data(s->dest, r->data, s->req.size);
        s->status = r->status;
        __atomic_store_n(&s->state, DONE, __ATOMIC_RELEASE);
    } else {
        if (r->status) __atomic_store_n(&deferred_error, r->status, __ATOMIC_RELAXED);
        __atomic_store_n(&s->state, FREE, __ATOMIC_RELEASE);
    }
    return shoal_mpi_ok_to(rc, "MPI_Wait (a request)", s->pe);
}

int shoal_mpi_am_serve_unlocked(int *served)
{
    if (am_comm == MPI_COMM_NULL) return SHOAL_OK;
    int rc = SHOAL_OK;
    /* One MPI_Testany per message: a poll that finds nothing costs one MPI progress call (two
     * MPI_Tests made every wait's poll take 1.8 us instead of 0.9 over UCX/TCP). */
    for (int k = 0; k < BATCH && rc == SHOAL_OK; k++) {
        int i = MPI_UNDEFINED, flag = 0;
        MPI_Status st;
        rc = shoal_mpi_ok_to(MPI_Testany(2, posted, &i, &flag, &st), "MPI_Testany", -1);
        if (rc != SHOAL_OK || !flag || i == MPI_UNDEFINED) break;
        ++*served;
        if (i == 0) {
            const struct am_request r = in_request;
            rc = post_receive(0);
            if (rc == SHOAL_OK) rc = serve_request(&r, st.MPI_SOURCE);
        } else {
            const struct am_reply r = in_reply;
            rc = post_receive(1);
            if (rc == SHOAL_OK) rc = take_reply(&r);
        }
    }
    return rc;
}

/* Inside enter/leave: a free slot, -1 when all are in flight. */
static int take_slot(void)
{
    const int i = shoal_free_slot(&slots[0].state, sizeof slots[0], SLOTS, &cursor, FREE);
    if (i >= 0) slots[i].state = SENT;
    return i;
}

static int send_request(int pe, int i, int seg, size_t off, int op, size_t size,
                        const void *operand, const void *cond, int fetch, void *dest)
{
    struct slot *s = &slots[i];
    s->pe = pe;
    s->fetch = fetch;
    s->dest = dest;
    s->req = (struct am_request){.off = off, .slot = i, .op = (uint8_t)op, .size = (uint8_t)size,
                                 .seg = (uint8_t)seg};
    if (operand) memcpy(&s->req.operand, operand, size);
    if (cond) memcpy(&s->req.cond, cond, size);
    const int rc = MPI_Isend(&s->req, sizeof s->req, MPI_BYTE, pe, TAG_REQUEST, am_comm, &s->send);
    if (rc != MPI_SUCCESS) {
        s->state = FREE;
        return shoal_mpi_failed(rc, "MPI_Isend (an atomic)", pe);
    }
    __atomic_fetch_add(&in_flight[pe], 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&in_flight_all, 1, __ATOMIC_RELAXED);
    return SHOAL_OK;
}

/* Send a request (op: an AMO or OP_GET) and, when result or dest is given, wait for its
 * reply. */
static int request(int pe, int seg, size_t off, int op, size_t size, const void *operand,
                   const void *cond, void *result, void *dest)
{
    struct shoal_backoff b = SHOAL_BACKOFF_FROM(pe);
    int i, rc;
    for (;;) { /* every slot in flight: progress takes replies */
        shoal_mpi_enter();
        i = take_slot();
        rc = i < 0 ? SHOAL_OK
                   : send_request(pe, i, seg, off, op, size, operand, cond, result || dest, dest);
        shoal_mpi_leave();
        if (i >= 0) break;
        shoal_backoff(&b);
    }
    if (rc == SHOAL_OK && (result || dest)) {
        while (__atomic_load_n(&slots[i].state, __ATOMIC_ACQUIRE) != DONE) shoal_backoff(&b);
        if (result) memcpy(result, &slots[i].old, size);
        rc = slots[i].status;
        __atomic_store_n(&slots[i].state, FREE, __ATOMIC_RELEASE);
    }
    shoal_backoff_end(&b);
    return rc;
}

int shoal_mpi_am_get(int pe, int seg, size_t off, void *dest, size_t len)
{
    if (!shoal_host_seg(seg) || len > SHOAL_MPI_AM_GET_MAX) return SHOAL_ERR_NOT_ATTACHED;
    if (len == 0) return SHOAL_OK;
    return request(pe, seg, off, OP_GET, len, NULL, NULL, NULL, dest);
}

int shoal_mpi_am_amo(int pe, int seg, size_t off, enum shoal_amo_op op, size_t size,
                     const void *operand, const void *cond, void *result)
{
    if (!shoal_host_seg(seg)) return SHOAL_ERR_NOT_ATTACHED;
    return request(pe, seg, off, (int)op, size, operand, cond, result, NULL);
}

int shoal_mpi_am_complete(int pe)
{
    if (!in_flight) return SHOAL_OK; /* not started */
    int *n = pe < 0 ? &in_flight_all : &in_flight[pe];
    if (__atomic_load_n(n, __ATOMIC_ACQUIRE) != 0) {
        struct shoal_backoff b = SHOAL_BACKOFF_INIT;
        if (pe >= 0) b = (struct shoal_backoff)SHOAL_BACKOFF_FROM(pe);
        while (__atomic_load_n(n, __ATOMIC_ACQUIRE) != 0) shoal_backoff(&b);
        shoal_backoff_end(&b);
    }
    return __atomic_exchange_n(&deferred_error, 0, __ATOMIC_RELAXED);
}
#endif
