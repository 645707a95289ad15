/* A transport moves bytes and performs atomics to peers whose memory is not mapped here. The
 * data-path funnel (path/path.c) is its only caller on the data path: a mapped peer is reached
 * with loads and stores and never gets here. Addresses are (segment row, offset): the same
 * offset names the same object on every PE. A transport knows nothing of teams or
 * collectives. Every routine returns a status (core/status.h), 0 on success. */
#ifndef SHOAL_TRANSPORT_H
#define SHOAL_TRANSPORT_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "core/amo_op.h"
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

/* Node-local peers: their segments are mapped, so loads and stores are the transport. */
extern const struct shoal_transport_ops shoal_transport_shm;
/* Off-node peers over MPI (transport/mpi.c: RMA; atomics as messages to the target, or MPI-3
 * atomics under SHOAL_MPI_ATOMICS=rma), where MPI was built in; NULL otherwise. */
extern const struct shoal_transport_ops *const shoal_transport_mpi;
/* Off-node peers over TCP sockets, operations applied by the target's CPU (transport/tcp.c):
 * needs no launcher's help but the bootstrap, so shoalrun jobs can use it too. */
extern const struct shoal_transport_ops *const shoal_transport_tcp;

/* Peer selection (transport/select.c): after the segment exchange, before the mappings. */
struct shoal_peer_info {
    uint64_t host; /* which node */
};
/* Read SHOAL_TRANSPORT (fatal on a bad value); before the bootstrap starts. */
void shoal_transport_check_env(void);
/* Fill peers[].ops and .node and shoal_g.remote from every PE's info; 1 in map[pe] where the
 * peer's segments are to be mapped here. */
void shoal_transport_select(const struct shoal_peer_info *info, int *map);
/* Start the off-node transport, if any, and attach the existing segments (collective). */
void shoal_transport_start(void);
void shoal_transport_stop(void);
/* The name of the transport reaching pe ("self", "shm", "mpi", "tcp"). */
const char *shoal_transport_name(int pe);
/* One line: which transport reaches which PE from here, and who does the atomics. */
void shoal_transport_print_map(FILE *f);

#endif
