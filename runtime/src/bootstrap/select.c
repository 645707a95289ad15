/* Which bootstrap: the MPI communicator the program chose, shoalrun's variables, an MPI
 * launcher's, else one PE. */
#include <stdlib.h>

#include "bootstrap/bootstrap.h"
#include "core/error.h"

static int launched_by_mpi(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK");
}

const struct shoal_bootstrap *shoal_bootstrap_start(void)
{
    if (shoal_bootstrap_mpi_chosen()) return shoal_bootstrap_mpi();
    const struct shoal_bootstrap *b = shoal_bootstrap_local();
    if (b) return b;
    b = shoal_bootstrap_mpi();
    if (b) return b;
    if (launched_by_mpi())
        shoal_fatal("shmem_init", "launched by an MPI launcher, but this Shoal was built without "
                                  "MPI (meson -Dmpi=enabled); use shoalrun -n N instead");
    return shoal_bootstrap_single();
}
