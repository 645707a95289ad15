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
 * status}) and exits; shoalrun then stops the other PEs and exits with status.
 *
 * After the slots, one state byte per PE (shoal_local_state): a PE sets JOINED when it enters
 * shmem_init and FINALIZED in shmem_finalize; shoalrun sets GONE when it reaps a PE. So
 * shoalrun can tell a PE that left the job without shmem_finalize (the others would wait for
 * it forever) from one that is done, and a PE entering shmem_init can tell that a peer has
 * already left without joining.
 *
 * After the state bytes, one 64-byte wait-site record per PE (struct shoal_local_site): a PE
 * whose wait has gone slow publishes where it waits, so that shoalrun's --timeout can say
 * where every PE was stuck before it stops the job.
 *
 * The first Shoal program of the PE (libshoal's constructor, before main) marks the fd
 * close-on-exec and claims the variables: it sets SHOAL_LOCAL_OWNER to its pid. The variables
 * stay in its environment until shmem_init (a program may read its PE number before, e.g. to
 * pick a GPU) and then leave it. So a program the PE starts with system() or exec, before or
 * after shmem_init, inherits no descriptor of the launcher and is not part of the job: a
 * Shoal program started that way finds another pid in SHOAL_LOCAL_OWNER (or no variables)
 * and runs as its own job. (A PE that execs itself before shmem_init loses the segment.)
 * Programs between shoalrun and the PE that do not link Shoal (sh -c, valgrind, time) pass
 * the fd and the variables on untouched. */
#ifndef SHOAL_LOCAL_PROTOCOL_H
#define SHOAL_LOCAL_PROTOCOL_H

#include <signal.h>
#include <stddef.h>

#define SHOAL_ENV_LOCAL_FD "SHOAL_LOCAL_FD"
#define SHOAL_ENV_LOCAL_PE "SHOAL_LOCAL_PE"
#define SHOAL_ENV_LOCAL_NPES "SHOAL_LOCAL_NPES"
#define SHOAL_ENV_LOCAL_OWNER "SHOAL_LOCAL_OWNER"
#define SHOAL_LOCAL_ABORT_SIGNAL SIGUSR1

/* Bytes each PE may publish in one allgather round. */
#define SHOAL_LOCAL_SLOT_BYTES 4096
/* A 4 KiB header (barrier words) then one slot per PE. */
#define SHOAL_LOCAL_HEADER_BYTES 4096

enum { SHOAL_LOCAL_NEW = 0, SHOAL_LOCAL_JOINED = 1, SHOAL_LOCAL_FINALIZED = 2, SHOAL_LOCAL_GONE = 3 };

static inline size_t shoal_local_state_offset(int npes)
{
    return SHOAL_LOCAL_HEADER_BYTES + (size_t)npes * SHOAL_LOCAL_SLOT_BYTES;
}

/* The state bytes of every PE, given the mapped segment. */
static inline unsigned char *shoal_local_state(void *segment, int npes)
{
    return (unsigned char *)segment + shoal_local_state_offset(npes);
}

struct shoal_local_site {
    double since;      /* CLOCK_MONOTONIC seconds when the wait began to be slow */
    int active;        /* 1 while published (written last, cleared first) */
    int pe;            /* the world PE it waits for, -1 when not known */
    char routine[48];  /* the waiting routine, NUL-terminated */
};
_Static_assert(sizeof(struct shoal_local_site) == 64, "one line per PE");

static inline size_t shoal_local_site_offset(int npes, int pe)
{
    return shoal_local_state_offset(npes) + (((size_t)npes + 63) & ~(size_t)63) +
           (size_t)pe * sizeof(struct shoal_local_site);
}

static inline struct shoal_local_site *shoal_local_site(void *segment, int npes, int pe)
{
    return (struct shoal_local_site *)((char *)segment + shoal_local_site_offset(npes, pe));
}

static inline size_t shoal_local_segment_size(int npes)
{
    return shoal_local_site_offset(npes, npes);
}

#endif
