/* What the mpi transport's files share (defined in mpi_serial.c, used by mpi.c and mpi_am.c):
 * the one-thread-at-a-time discipline of SHMEM_THREAD_MULTIPLE and the error line of a failed
 * MPI call. */
#ifndef SHOAL_TRANSPORT_MPI_SERIAL_H
#define SHOAL_TRANSPORT_MPI_SERIAL_H

#include <mpi.h>
#include <pthread.h>
#include <stddef.h>

#include "core/amo_op.h"
#include "core/status.h"

/* Under SHMEM_THREAD_MULTIPLE one thread at a time enters MPI: Open MPI 4.1's osc/ucx with
 * UCX 1.13 was seen to deadlock when threads issued MPI_Fetch_and_op on one window at once
 * (every thread spinning on the UCX worker's lock; thread_test ConcurrentAtomicsToPeZero).
 * A thread inside MPI progresses it for everyone, so a waiting thread that finds the lock
 * taken skips its progress. */
extern pthread_mutex_t shoal_mpi_serial;
extern int shoal_mpi_serialize; /* set at init under SHMEM_THREAD_MULTIPLE */

static inline void shoal_mpi_enter(void)
{
    if (shoal_mpi_serialize) pthread_mutex_lock(&shoal_mpi_serial);
}
static inline void shoal_mpi_leave(void)
{
    if (shoal_mpi_serialize) pthread_mutex_unlock(&shoal_mpi_serial);
}

/* A failed MPI call: prints what MPI says and which peer it was reaching (pe < 0: all), then
 * the caller's fatal line names the SHMEM routine. Returns SHOAL_ERR_TRANSPORT. */
int shoal_mpi_failed(int mpi_rc, const char *call, int pe);
/* SHOAL_OK where mpi_rc is MPI_SUCCESS, else shoal_mpi_failed. */
static inline int shoal_mpi_ok_to(int mpi_rc, const char *call, int pe)
{
    return mpi_rc == MPI_SUCCESS ? SHOAL_OK : shoal_mpi_failed(mpi_rc, call, pe);
}

/* Off-node atomics as messages to their target (mpi_am.c), under SHOAL_MPI_ATOMICS=am. */
int shoal_mpi_am_init(void);  /* collective: own communicator, receives posted */
void shoal_mpi_am_fini(void);
/* Gets of at most this many bytes go as messages too (one round trip). */
#define SHOAL_MPI_AM_GET_MAX 128
int shoal_mpi_am_get(int pe, int seg, size_t off, void *dest, size_t len);
int shoal_mpi_am_amo(int pe, int seg, size_t off, enum shoal_amo_op op, size_t size,
                     const void *operand, const void *cond, void *result);
/* Wait until every AMO issued to pe (-1: to any PE) is applied at its target. */
int shoal_mpi_am_complete(int pe);
/* From progress, inside enter/leave: serve requests aimed here, take replies; *served counts
 * the messages taken. */
int shoal_mpi_am_serve_unlocked(int *served);

#endif
