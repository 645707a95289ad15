/* nvshmemx_init_attr: NVSHMEM's start with attributes. Shoal picks its bootstrap from how the
 * job was launched (mpirun: MPI over the whole job; shoalrun; one PE), so the only attribute
 * that matters is an MPI communicator, and it must hold every process of the job. */
#ifndef SHOAL_NVSHMEM_INIT_ATTR_H
#define SHOAL_NVSHMEM_INIT_ATTR_H

#include <stdio.h>

#include <shoal/nvshmem/host.h>

#define NVSHMEMX_INIT_THREAD_PES 1
#define NVSHMEMX_INIT_WITH_MPI_COMM (1 << 1)
#define NVSHMEMX_INIT_WITH_SHMEM (1 << 2)

typedef struct {
    void *mpi_comm; /* NVSHMEMX_INIT_WITH_MPI_COMM: an MPI_Comm * */
} nvshmemx_init_attr_t;

/** flags 0, NVSHMEMX_INIT_WITH_SHMEM, or NVSHMEMX_INIT_WITH_MPI_COMM with a communicator of the
 *  whole job (checked when <mpi.h> came first); returns 0, or stops every PE with one line. */
SHOAL_NVI_HOST_FN int nvshmemx_init_attr(unsigned int flags, nvshmemx_init_attr_t *attr)
{
#if defined(MPI_VERSION)
    if (flags & NVSHMEMX_INIT_WITH_MPI_COMM) {
        int result = MPI_UNEQUAL, rank = -1;
        if (attr && attr->mpi_comm) MPI_Comm_compare(*(MPI_Comm *)attr->mpi_comm, MPI_COMM_WORLD, &result);
        if (result != MPI_IDENT && result != MPI_CONGRUENT) {
            MPI_Comm_rank(MPI_COMM_WORLD, &rank);
            fprintf(stderr, "shoal: nvshmemx_init_attr: PE %d: the MPI communicator is not the whole job "
                            "(Shoal's MPI bootstrap runs over MPI_COMM_WORLD)\n", rank);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
#else
    (void)attr;
#endif
    nvshmem_init();
    if (flags & ~(unsigned)(NVSHMEMX_INIT_WITH_MPI_COMM | NVSHMEMX_INIT_WITH_SHMEM)) {
        fprintf(stderr, "shoal: nvshmemx_init_attr: PE %d: flags %#x are not supported "
                        "(0, NVSHMEMX_INIT_WITH_MPI_COMM or NVSHMEMX_INIT_WITH_SHMEM)\n", shmem_my_pe(), flags);
        shmem_global_exit(1);
    }
    return 0;
}

#endif
