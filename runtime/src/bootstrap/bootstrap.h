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

#endif
