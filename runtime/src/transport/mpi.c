/* The MPI transport: peers whose memory is not mapped here (another node, or every peer
 * under SHOAL_TRANSPORT=mpi) are reached by passive-target one-sided operations. Each host
 * segment gets one window over its existing mapping (the heap's window covers its runtime
 * part too, so collectives reach the sync areas), opened with lock_all at attach and kept
 * open until detach; ranks of the bootstrap's communicator (MPI_COMM_WORLD unless the program
 * chose one) are world PEs.
 *
 * Atomics (SHOAL_MPI_ATOMICS): am, the default, sends each off-node AMO to its target, which
 * applies it with its own CPU atomics (transport/mpi_am.c), so CPU atomics on mapped words
 * stay atomic against it. rma uses MPI-3 atomics (MPI_Fetch_and_op etc.), done in the NIC on
 * InfiniBand without the target's progress; they are atomic only against other MPI atomics on
 * the window, so then every AMO in the job, to any PE including this one and node-local ones,
 * goes through MPI (shoal_g.amo_remote); plain puts and gets to mapped peers stay loads and
 * stores either way.
 *
 * Completion: blocking puts flush locally (the source may be reused), gets and fetching
 * atomics flush the target (the result is here). Everything else completes at quiet, fence or
 * flush(pe); progress (every failed poll of a wait) completes what was issued since the last
 * flush, so a non-fetching atomic another PE waits for cannot stay queued at its origin, and
 * serves atomics aimed here (am) or probes so the MPI library can serve incoming operations
 * (rma). */
#include "transport/transport.h"

#if SHOAL_HAVE_MPI
#include <limits.h>
#include <mpi.h>
#include <pthread.h>
#include <string.h>

#include <shmem.h>

#include "bootstrap/bootstrap.h"
#include "core/error.h"
#include "core/state.h"
#include "core/status.h"
#include "sync/backoff.h"
#include "transport/mpi_serial.h"

static MPI_Comm comm = MPI_COMM_NULL;
/* Two-sided messages (sendrecv) on a communicator of their own: they never match MPI's own
 * traffic or a user's. */
static MPI_Comm msg_comm = MPI_COMM_NULL;
static MPI_Win win[SHOAL_MAX_SEGS];
static int attached[SHOAL_MAX_SEGS];
/* Operations issued since the last flush_all that nothing has completed yet. */
static int dirty;

static int ok(int mpi_rc) { return mpi_rc == MPI_SUCCESS ? SHOAL_OK : SHOAL_ERR_TRANSPORT; }

static int mpi_init(void)
{
    if (strcmp(shoal_g.boot->name, "mpi") != 0)
        shoal_fatal("shmem_init", "the mpi transport needs a job started by mpirun (this one was "
                    "started by %s: use mpirun, or SHOAL_TRANSPORT=shm on one node)",
                    strcmp(shoal_g.boot->name, "local") ? "no launcher" : "shoalrun");
    int provided = MPI_THREAD_SINGLE;
    MPI_Query_thread(&provided);
    if (shoal_g.thread_level == SHMEM_THREAD_MULTIPLE && provided < MPI_THREAD_MULTIPLE)
        shoal_fatal("shmem_init_thread", "SHMEM_THREAD_MULTIPLE requested, but MPI provides only "
                    "thread level %d (the mpi transport needs MPI_THREAD_MULTIPLE)", provided);
    const MPI_Comm job = *(const MPI_Comm *)shoal_g.boot->mpi_comm;
    if (MPI_Comm_dup(job, &comm) != MPI_SUCCESS || MPI_Comm_dup(job, &msg_comm) != MPI_SUCCESS)
        return SHOAL_ERR_TRANSPORT;
    shoal_mpi_serialize = shoal_g.thread_level == SHMEM_THREAD_MULTIPLE;
    int rc = MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    rc = ok(rc == MPI_SUCCESS ? MPI_Comm_set_errhandler(msg_comm, MPI_ERRORS_RETURN) : rc);
    return rc == SHOAL_OK && !shoal_g.amo_remote ? shoal_mpi_am_init() : rc;
}

static int mpi_fini(void)
{
    shoal_mpi_am_fini();
    if (msg_comm != MPI_COMM_NULL) MPI_Comm_free(&msg_comm);
    return comm == MPI_COMM_NULL ? SHOAL_OK : ok(MPI_Comm_free(&comm));
}

static int mpi_attach(int seg)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "same_disp_unit", "true");
    int rc = MPI_Win_create(shoal_g.seg[seg].base, (MPI_Aint)shoal_g.seg[seg].size, 1, info, comm,
                            &win[seg]);
    MPI_Info_free(&info);
    if (rc == MPI_SUCCESS) rc = MPI_Win_set_errhandler(win[seg], MPI_ERRORS_RETURN);
    if (rc == MPI_SUCCESS) rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, win[seg]);
    attached[seg] = rc == MPI_SUCCESS;
    return ok(rc);
}

static int mpi_detach(int seg)
{
    if (!attached[seg]) return SHOAL_OK;
    attached[seg] = 0;
    int rc = MPI_Win_unlock_all(win[seg]);
    if (rc == MPI_SUCCESS) rc = MPI_Win_free(&win[seg]);
    return ok(rc);
}

static int flush_all(void)
{
    int rc = MPI_SUCCESS;
    __atomic_store_n(&dirty, 0, __ATOMIC_RELAXED);
    for (int s = 0; s < SHOAL_MAX_SEGS && rc == MPI_SUCCESS; s++)
        if (attached[s]) rc = MPI_Win_flush_all(win[s]);
    return shoal_mpi_ok_to(rc, "MPI_Win_flush_all", -1);
}

/* MPI counts are ints: larger transfers go in chunks. */
#define CHUNK ((size_t)1 << 30)

static int put_unlocked(int pe, int seg, size_t off, const void *src, size_t len, int flags)
{
    if (!attached[seg]) return SHOAL_ERR_NOT_ATTACHED;
    for (size_t done = 0; done < len; done += CHUNK) {
        const int n = (int)(len - done < CHUNK ? len - done : CHUNK);
        const int rc = MPI_Put((const char *)src + done, n, MPI_BYTE, pe, (MPI_Aint)(off + done),
                               n, MPI_BYTE, win[seg]);
        if (rc != MPI_SUCCESS) return shoal_mpi_failed(rc, "MPI_Put", pe);
    }
    __atomic_store_n(&dirty, 1, __ATOMIC_RELAXED);
    if (flags & SHOAL_XFER_NBI) return SHOAL_OK;
    return shoal_mpi_ok_to(MPI_Win_flush_local(pe, win[seg]), "MPI_Win_flush_local", pe);
}

static int rma_get_unlocked(int pe, int seg, size_t off, void *dest, size_t len, int flags)
{
    if (!attached[seg]) return SHOAL_ERR_NOT_ATTACHED;
    for (size_t done = 0; done < len; done += CHUNK) {
        const int n = (int)(len - done < CHUNK ? len - done : CHUNK);
        const int rc = MPI_Get((char *)dest + done, n, MPI_BYTE, pe, (MPI_Aint)(off + done), n,
                               MPI_BYTE, win[seg]);
        if (rc != MPI_SUCCESS) return shoal_mpi_failed(rc, "MPI_Get", pe);
    }
    /* Even a non-blocking get completes here: with Open MPI 4.1 / UCX 1.13, a large get
     * whose reply is emulated in software was seen landing after MPI_Win_flush_all returned
     * (into a freed buffer); MPI_Win_flush of its target waits for it. */
    (void)flags;
    return shoal_mpi_ok_to(MPI_Win_flush(pe, win[seg]), "MPI_Win_flush", pe);
}

static MPI_Op mpi_op(enum shoal_amo_op op)
{
    switch (op) {
    case SHOAL_AMO_FETCH: return MPI_NO_OP;
    case SHOAL_AMO_SET: case SHOAL_AMO_SWAP: return MPI_REPLACE;
    case SHOAL_AMO_ADD: return MPI_SUM;
    case SHOAL_AMO_AND: return MPI_BAND;
    case SHOAL_AMO_OR: return MPI_BOR;
    case SHOAL_AMO_XOR: return MPI_BXOR;
    case SHOAL_AMO_CSWAP: break;
    }
    return MPI_OP_NULL;
}

static int rma_amo_unlocked(int pe, int seg, size_t off, enum shoal_amo_op op, size_t size,
                            const void *operand, const void *cond, void *result)
{
    if (!attached[seg]) return SHOAL_ERR_NOT_ATTACHED;
    const MPI_Datatype t = size == 8 ? MPI_UINT64_T : MPI_UINT32_T;
    const MPI_Aint disp = (MPI_Aint)off;
    uint64_t scratch = 0, zero = 0;
    if (!operand) operand = &zero;
    int rc;
    if (op == SHOAL_AMO_CSWAP) {
        rc = MPI_Compare_and_swap(operand, cond, result ? result : &scratch, t, pe, disp, win[seg]);
    } else if (!result && op != SHOAL_AMO_FETCH && op != SHOAL_AMO_ADD && op != SHOAL_AMO_SET) {
        /* Non-fetching and, or, xor: complete at the next flush (or progress). Add and set
         * go as fetching atomics instead: Open MPI 4.1's osc/ucx does MPI_Fetch_and_op with
         * MPI_SUM or MPI_REPLACE as one network atomic, but takes a lock at the target around
         * every MPI_Accumulate (over TCP, with the target progressing: 62 against 109 us;
         * with it in Shoal's napping wait: 440 against 770 us; minimum of 200 calls). */
        rc = MPI_Accumulate(operand, 1, t, pe, disp, 1, t, mpi_op(op), win[seg]);
        __atomic_store_n(&dirty, 1, __ATOMIC_RELAXED);
        if (rc != MPI_SUCCESS) return shoal_mpi_failed(rc, "MPI_Accumulate", pe);
        return shoal_mpi_ok_to(MPI_Win_flush_local(pe, win[seg]), "MPI_Win_flush_local", pe);
    } else {
        rc = MPI_Fetch_and_op(operand, result ? result : &scratch, t, pe, disp, mpi_op(op),
                              win[seg]);
    }
    if (rc != MPI_SUCCESS) return shoal_mpi_failed(rc, "MPI atomic", pe);
    return shoal_mpi_ok_to(MPI_Win_flush(pe, win[seg]), "MPI_Win_flush", pe);
}

/* MPI orders neither puts to different addresses nor puts against atomics: a fence is a
 * completion of everything in flight. */
static int rma_fence_unlocked(void)
{
    return __atomic_load_n(&dirty, __ATOMIC_RELAXED) ? flush_all() : SHOAL_OK;
}

static int rma_quiet_unlocked(void) { return flush_all(); }

static int rma_flush_unlocked(int pe)
{
    int rc = MPI_SUCCESS;
    for (int s = 0; s < SHOAL_MAX_SEGS && rc == MPI_SUCCESS; s++)
        if (attached[s]) rc = MPI_Win_flush(pe, win[s]);
    return shoal_mpi_ok_to(rc, "MPI_Win_flush", pe);
}

static int progress_unlocked(void)
{
    int flag, served = 0, rc = __atomic_load_n(&dirty, __ATOMIC_RELAXED) ? flush_all() : SHOAL_OK;
    if (rc == SHOAL_OK && !shoal_g.amo_remote) rc = shoal_mpi_am_serve_unlocked(&served);
    else if (rc == SHOAL_OK)
        rc = shoal_mpi_ok_to(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag,
                                        MPI_STATUS_IGNORE), "MPI_Iprobe", -1);
    /* A wait cannot go on without the transport (its writer may be unreachable). */
    if (rc != SHOAL_OK)
        shoal_fatal(shoal_wait_routine_now(), "the mpi transport failed while waiting: %s",
                    shoal_status_string(rc));
    return served;
}

/* One piece of a sendrecv (at most CHUNK bytes each way). The wait runs outside the lock:
 * its backoff progresses the transport, and other threads may use MPI meanwhile. */
static int sendrecv_piece(int to, const void *sbuf, int slen, int from, void *rbuf, int rlen,
                          int tag)
{
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int rc = MPI_SUCCESS, done = 0;
    shoal_mpi_enter();
    if (from >= 0) rc = MPI_Irecv(rbuf, rlen, MPI_BYTE, from, tag, msg_comm, &req[0]);
    if (to >= 0 && rc == MPI_SUCCESS)
        rc = MPI_Isend(sbuf, slen, MPI_BYTE, to, tag, msg_comm, &req[1]);
    shoal_mpi_leave();
    struct shoal_backoff b = SHOAL_BACKOFF_FROM(from >= 0 ? from : to);
    while (rc == MPI_SUCCESS) {
        shoal_mpi_enter();
        rc = MPI_Testall(2, req, &done, MPI_STATUSES_IGNORE);
        shoal_mpi_leave();
        if (done) break;
        shoal_backoff(&b);
    }
    shoal_backoff_end(&b);
    return shoal_mpi_ok_to(rc, "MPI_Isend/MPI_Irecv", from >= 0 ? from : to);
}

/* Pieces of a message of len bytes: at least one (an empty message is still a message). */
static size_t pieces(size_t len) { return len ? (len + CHUNK - 1) / CHUNK : 1; }

static int mpi_sendrecv(int to, const void *sbuf, size_t slen, int from, void *rbuf, size_t rlen,
                        int tag)
{
    /* In pieces of at most CHUNK: the k-th piece sent matches the k-th receive, since messages
     * of one pair and tag do not overtake each other. */
    const size_t ns = to >= 0 ? pieces(slen) : 0, nr = from >= 0 ? pieces(rlen) : 0;
    int rc = SHOAL_OK;
    for (size_t k = 0; rc == SHOAL_OK && (k < ns || k < nr); k++) {
        const size_t at = k * CHUNK;
        const int sn = k < ns ? (int)(slen - at < CHUNK ? slen - at : CHUNK) : 0;
        const int rn = k < nr ? (int)(rlen - at < CHUNK ? rlen - at : CHUNK) : 0;
        rc = sendrecv_piece(k < ns ? to : -1, sn ? (const char *)sbuf + at : sbuf, sn,
                            k < nr ? from : -1, rn ? (char *)rbuf + at : rbuf, rn, tag);
    }
    return rc;
}

#define SERIALIZED(name, params, args)                                                           \
    static int mpi_##name params                                                                 \
    {                                                                                            \
        shoal_mpi_enter();                                                                       \
        const int rc = name##_unlocked args;                                                     \
        shoal_mpi_leave();                                                                       \
        return rc;                                                                               \
    }
SERIALIZED(put, (int pe, int seg, size_t off, const void *src, size_t len, int flags),
           (pe, seg, off, src, len, flags))
SERIALIZED(rma_amo, (int pe, int seg, size_t off, enum shoal_amo_op op, size_t size,
                     const void *operand, const void *cond, void *result),
           (pe, seg, off, op, size, operand, cond, result))
SERIALIZED(rma_fence, (void), ())
SERIALIZED(rma_quiet, (void), ())
SERIALIZED(rma_flush, (int pe), (pe))
SERIALIZED(rma_get, (int pe, int seg, size_t off, void *dest, size_t len, int flags),
           (pe, seg, off, dest, len, flags))

/* Under SHOAL_MPI_ATOMICS=am, waits for the acks of AMOs (mpi_am.c) come first, outside the
 * lock: their backoff serves the requests of others meanwhile. */
static int am_done(int pe) { return shoal_g.amo_remote ? SHOAL_OK : shoal_mpi_am_complete(pe); }

static int mpi_amo(int pe, int seg, size_t off, enum shoal_amo_op op, size_t size,
                   const void *operand, const void *cond, void *result)
{
    if (shoal_g.amo_remote) return mpi_rma_amo(pe, seg, off, op, size, operand, cond, result);
    return shoal_mpi_am_amo(pe, seg, off, op, size, operand, cond, result);
}

/* Fence: an AMO completes before what follows it (puts travel another way). */
static int mpi_fence(void)
{
    const int rc = am_done(-1);
    return rc ? rc : mpi_rma_fence();
}

static int mpi_quiet(void)
{
    const int rc = am_done(-1);
    return rc ? rc : mpi_rma_quiet();
}

static int mpi_flush(int pe)
{
    const int rc = am_done(pe);
    return rc ? rc : mpi_rma_flush(pe);
}

/* A get after an AMO to the same PE sees it, as it would under MPI atomics. Under am, a small
 * get is a message too (mpi_am.c), after the puts to that PE have landed. */
static int mpi_get(int pe, int seg, size_t off, void *dest, size_t len, int flags)
{
    int rc = am_done(pe);
    if (rc || shoal_g.amo_remote || len > SHOAL_MPI_AM_GET_MAX)
        return rc ? rc : mpi_rma_get(pe, seg, off, dest, len, flags);
    if (__atomic_load_n(&dirty, __ATOMIC_RELAXED)) rc = mpi_rma_flush(pe);
    return rc ? rc : shoal_mpi_am_get(pe, seg, off, dest, len);
}

static int mpi_progress(void)
{
    if (comm == MPI_COMM_NULL) return 0; /* not started (a fatal error in init waits here) */
    if (!shoal_mpi_serialize) return progress_unlocked();
    int served = 0;
    if (pthread_mutex_trylock(&shoal_mpi_serial) == 0) {
        served = progress_unlocked();
        pthread_mutex_unlock(&shoal_mpi_serial);
    }
    return served;
}

static const struct shoal_transport_ops mpi_ops = {
    /* Milliseconds of polls: osc/ucx serves puts and gets aimed here inside MPI's progress,
     * which does not say so (2048 polls: put+quiet 16 -> 65 us across the simulated hosts). */
    .name = "mpi", .spin_more = 1u << 14, .init = mpi_init, .fini = mpi_fini, .attach = mpi_attach,
    .detach = mpi_detach, .put = mpi_put, .get = mpi_get, .amo = mpi_amo, .fence = mpi_fence,
    .quiet = mpi_quiet, .flush = mpi_flush, .progress = mpi_progress,
    .sendrecv = mpi_sendrecv,
};
const struct shoal_transport_ops *const shoal_transport_mpi = &mpi_ops;
#else
const struct shoal_transport_ops *const shoal_transport_mpi = NULL;
#endif
