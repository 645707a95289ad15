/* nvshmemx_init_attr: NVSHMEM's start with attributes. NVSHMEMX_INIT_WITH_MPI_COMM starts on
 * the communicator's ranks (under mpirun; a part of MPI_COMM_WORLD is a job of its own);
 * otherwise Shoal starts from its launcher (mpirun, shoalrun, one PE alone), and a unique id
 * must come from this job and reach every PE with its rank; OpenSHMEM may have been started by
 * the program (NVSHMEMX_INIT_WITH_SHMEM). */
#ifndef SHOAL_NVSHMEM_INIT_ATTR_H
#define SHOAL_NVSHMEM_INIT_ATTR_H

#include <shoal/nvshmem/host.h>

/** Start with attributes (attr from NVSHMEMX_INIT_ATTR_INITIALIZER; see above); returns 0, or
 *  stops every PE with one line naming the bad flag or attribute. */
SHOAL_NVI_HOST_FN int nvshmemx_init_attr(unsigned int flags, nvshmemx_init_attr_t *attr)
{
    const int rc = shmemx_nvshmem_init("nvshmemx_init_attr", NVSHMEM_THREAD_SERIALIZED, NULL, flags, attr);
    if (rc == 0) SHOAL_NVI_PUBLISH("nvshmemx_init_attr");
    return rc;
}
/** The host library's start and stop (NVSHMEM splits host and device libraries; Shoal has one). */
SHOAL_NVI_HOST_FN int nvshmemx_hostlib_init_attr(unsigned int flags, nvshmemx_init_attr_t *attr)
{
    return nvshmemx_init_attr(flags, attr);
}
SHOAL_NVI_HOST_FN void nvshmemx_hostlib_finalize(void) { nvshmem_finalize(); }

/** Put a unique id (nvshmemx_get_uniqueid on one process, then the same bytes to every one) and
 *  this process's rank among nranks into attr, for NVSHMEMX_INIT_WITH_UNIQUEID. The id is
 *  referenced, not copied: keep it alive until nvshmemx_init_attr. */
SHOAL_NVI_HOST_FN int nvshmemx_set_attr_uniqueid_args(const int myrank, const int nranks,
                                                      const nvshmemx_uniqueid_t *uniqueid, nvshmemx_init_attr_t *attr)
{
    if (!attr || !uniqueid || nranks < 1 || myrank < 0 || myrank >= nranks) return NVSHMEMX_ERROR_INVALID_VALUE;
    attr->args.uid_args.id = (nvshmemx_uniqueid_t *)uniqueid;
    attr->args.uid_args.myrank = myrank;
    attr->args.uid_args.nranks = nranks;
    return NVSHMEMX_SUCCESS;
}
/** Put an MPI communicator (an MPI_Comm *) into attr, for NVSHMEMX_INIT_WITH_MPI_COMM. */
SHOAL_NVI_HOST_FN int nvshmemx_set_attr_mpi_comm_args(void *mpi_comm, nvshmemx_init_attr_t *attr)
{
    if (!attr || !mpi_comm) return NVSHMEMX_ERROR_INVALID_VALUE;
    attr->mpi_comm = mpi_comm;
    return NVSHMEMX_SUCCESS;
}

#endif
