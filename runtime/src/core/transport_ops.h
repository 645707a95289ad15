/* What a transport does. A transport moves bytes and performs atomics to peers whose memory
 * is not mapped here. The data-path funnel (path/path.c) is its only caller on the data path:
 * a mapped peer is reached with loads and stores and never gets here. Addresses are (segment
 * row, offset): the same offset names the same object on every PE. A transport knows nothing
 * of teams or collectives. Every routine returns a status (core/status.h), 0 on success.
 * The implementations are in transport/; select.c installs one per peer at init
 * (shoal_g.peers[pe].ops, and shoal_g.remote for the off-node one), and every layer calls
 * them through those pointers. */
#ifndef SHOAL_CORE_TRANSPORT_OPS_H
#define SHOAL_CORE_TRANSPORT_OPS_H

#include <stddef.h>

#include "core/amo_op.h"
#include "core/state.h"
#include "core/status.h"

/* put/get flags */
#define SHOAL_XFER_NBI 1 /* complete at the next quiet (or flush of that PE), not at return */

struct shoal_transport_ops {
    const char *name;
    int ordered; /* 1: operations to one PE land in the order issued (no flush orders them) */
    /* Polls a wait spins past its budget before it naps (sync/backoff.h). A transport whose
     * progress sees every incoming operation (a poll that moved bytes starts the spin over)
     * needs few; one whose progress cannot tell (MPI RMA served inside MPI) needs many. */
    unsigned spin_more;
    /* Collective over the job, after the segments exist and peers are selected. */
    int (*init)(void);
    int (*fini)(void);
    /* Collective: make segment seg reachable by peers (memory registration, windows). */
    int (*attach)(int seg);
    int (*detach)(int seg);
    /* Without SHOAL_XFER_NBI, put returns once src may be reused and get once dest holds the
     * data; both complete remotely at quiet/flush. */
    int (*put)(int pe, int seg, size_t off, const void *src, size_t len, int flags);
    int (*get)(int pe, int seg, size_t off, void *dest, size_t len, int flags);
    /* 4- or 8-byte integer atomics; result (when not NULL) holds the old value at return. */
    int (*amo)(int pe, int seg, size_t off, enum shoal_amo_op op, size_t size,
               const void *operand, const void *cond, void *result);
    int (*fence)(void);      /* order: earlier puts/AMOs to a PE land before later ones */
    int (*quiet)(void);      /* complete every put, get and AMO issued so far */
    int (*flush)(int pe);    /* complete those to pe */
    /* Let incoming operations land here (every wait calls it); returns non-zero when anything
     * came or went (a PE that serves others, or streams a message, keeps polling instead of
     * napping). */
    int (*progress)(void);
    /* Two-sided messages, for the off-node stages of collectives: send slen bytes to PE `to`
     * and receive exactly rlen bytes from PE `from` (either side skipped when its PE is -1),
     * waiting (and progressing) until both are done. Messages from one PE with one tag arrive
     * in the order sent. tag: 0 .. SHOAL_MSG_TAG_MAX. */
    int (*sendrecv)(int to, const void *sbuf, size_t slen, int from, void *rbuf, size_t rlen,
                    int tag);
    /* For a PE about to sleep (sync/doorbell.c): an fd that polls readable when an operation
     * or message aimed at this PE has come, so the sleeper wakes to progress it; -1 when
     * there is none now. NULL: the transport has no such fd (the sleeper wakes in naps). */
    int (*wake_fd)(void);
};
#define SHOAL_MSG_TAG_MAX 32767 /* the least MPI_TAG_UB MPI allows */

/* A failed poll of this PE's memory: with an off-node transport in use, let incoming
 * operations land (their target may be the very word being polled). Every wait's backoff
 * calls it (sync/backoff.h), and so does every failed test routine (a loop of tests is a
 * wait). */
static inline int shoal_poll_progress(void)
{
    return SHOAL_UNLIKELY(shoal_g.remote != NULL) ? shoal_g.remote->progress() : 0;
}

#endif
