/* Bootstraps exchange small blobs during init and team creation: "mpi" (mpirun), "local"
 * (shoalrun's shared segment), "single" (one PE). Chosen from the environment at init. */
#ifndef SHOAL_BOOTSTRAP_H
#define SHOAL_BOOTSTRAP_H

#include "core/bootstrap_ops.h"

/* Pick and start the bootstrap for this process. */
const struct shoal_bootstrap *shoal_bootstrap_start(void);

const struct shoal_bootstrap *shoal_bootstrap_single(void);
const struct shoal_bootstrap *shoal_bootstrap_local(void);   /* NULL if not under shoalrun */
const struct shoal_bootstrap *shoal_bootstrap_mpi(void);     /* NULL if not under mpirun */

/* The next start runs the "mpi" bootstrap over this communicator (points to an MPI_Comm of an
 * initialized MPI) instead of MPI_COMM_WORLD; that start consumes it. */
void shoal_bootstrap_use_mpi_comm(const char *routine, const void *mpi_comm);
/* Whether a communicator is waiting for the next start. */
int shoal_bootstrap_mpi_chosen(void);

#endif
