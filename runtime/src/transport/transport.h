/* The transports (what each one does: core/transport_ops.h) and the choice of one per peer,
 * made at init by select.c. */
#ifndef SHOAL_TRANSPORT_H
#define SHOAL_TRANSPORT_H

#include <stdint.h>
#include <stdio.h>

#include "core/transport_ops.h"

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
