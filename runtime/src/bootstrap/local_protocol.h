/* The contract between shoalrun (tools/shoalrun.c) and the runtime's "local" bootstrap.
 *
 * shoalrun creates one anonymous memfd (the rendezvous segment) of
 * shoal_local_segment_size(npes) bytes, zero-filled, and forks npes children. Each child
 * inherits the fd (no close-on-exec) and gets these environment variables before exec:
 *   SHOAL_LOCAL_FD    the fd number of the segment
 *   SHOAL_LOCAL_PE    its PE number, 0..npes-1
 *   SHOAL_LOCAL_NPES  npes
 * The segment has no name, so nothing is left in /dev/shm whatever happens to the job.
 *
 * shmem_global_exit(status) (and every fatal error) on one PE stops the job with that status,
 * 0 included: the PE sends sigqueue(getppid(), SHOAL_LOCAL_ABORT_SIGNAL, {.sival_int =
 * status}) and exits; shoalrun then stops the other PEs and exits with status. */
#ifndef SHOAL_LOCAL_PROTOCOL_H
#define SHOAL_LOCAL_PROTOCOL_H

#include <signal.h>
#include <stddef.h>

#define SHOAL_ENV_LOCAL_FD "SHOAL_LOCAL_FD"
#define SHOAL_ENV_LOCAL_PE "SHOAL_LOCAL_PE"
#define SHOAL_ENV_LOCAL_NPES "SHOAL_LOCAL_NPES"
#define SHOAL_LOCAL_ABORT_SIGNAL SIGUSR1

/* Bytes each PE may publish in one allgather round. */
#define SHOAL_LOCAL_SLOT_BYTES 4096
/* A 4 KiB header (barrier words) then one slot per PE. */
#define SHOAL_LOCAL_HEADER_BYTES 4096

static inline size_t shoal_local_segment_size(int npes)
{
    return SHOAL_LOCAL_HEADER_BYTES + (size_t)npes * SHOAL_LOCAL_SLOT_BYTES;
}

#endif
