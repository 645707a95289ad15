/* What the mpi transport's files share (mpi_serial.h), so that mpi.c and mpi_am.c each
 * depend on it and not on each other: the lock that serialises MPI under
 * SHMEM_THREAD_MULTIPLE and the error line of a failed MPI call. */
#include "core/status.h"

#if SHOAL_HAVE_MPI
#include <mpi.h>

#include "core/error.h"
#include "transport/mpi_serial.h"

/* Serialized MPI under SHMEM_THREAD_MULTIPLE (mpi_serial.h). */
pthread_mutex_t shoal_mpi_serial = PTHREAD_MUTEX_INITIALIZER;
int shoal_mpi_serialize;

/* Windows and the communicators return errors instead of aborting in MPI's words: a failed
 * call prints what MPI says and which peer it was reaching (a PE or host that died shows up
 * here). */
int shoal_mpi_failed(int mpi_rc, const char *call, int pe)
{
    char msg[MPI_MAX_ERROR_STRING] = "";
    int len = 0;
    MPI_Error_string(mpi_rc, msg, &len);
    if (pe >= 0)
        shoal_warn(call, "reaching PE %d failed: %s (has PE %d or its host gone?)", pe, msg, pe);
    else
        shoal_warn(call, "failed: %s (has a PE or its host gone?)", msg);
    return SHOAL_ERR_TRANSPORT;
}

#endif
