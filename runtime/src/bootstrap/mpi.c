/* The "mpi" bootstrap: under mpirun, exchange blobs with MPI collectives on a private
 * communicator. MPI_Init is called unless the application already did; then finalizing MPI
 * is left to the application. */
#include "bootstrap/bootstrap.h"

#if SHOAL_HAVE_MPI
#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/error.h"

static struct shoal_bootstrap mpi_boot;
static MPI_Comm comm = MPI_COMM_NULL;
static int we_initialized;

static void mpi_allgather(const void *in, void *out, size_t len)
{
    if (len > (size_t)INT32_MAX) shoal_fatal("bootstrap", "allgather of %zu bytes is too large", len);
    MPI_Allgather(in, (int)len, MPI_BYTE, out, (int)len, MPI_BYTE, comm);
}

static void mpi_barrier(void) { MPI_Barrier(comm); }

static void mpi_abort(int status) { MPI_Abort(MPI_COMM_WORLD, status); }

static void mpi_fini(void)
{
    if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (we_initialized && !finalized) MPI_Finalize();
    we_initialized = 0;
}

const struct shoal_bootstrap *shoal_bootstrap_mpi(void)
{
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (finalized) /* MPI cannot start twice; its own error would be an opaque abort */
        shoal_fatal("shmem_init", "cannot start again after shmem_finalize when launched by mpirun "
                    "(MPI is finalized and cannot be initialised twice); shoalrun allows it");
    if (!initialized) {
        if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMIX_RANK") && !getenv("PMI_RANK"))
            return NULL;
        /* One-sided component for the mpi transport (transport/mpi.c), unless the user chose:
         * Open MPI 4.1's osc/rdma over shared memory crashes on an emulated compare-and-swap
         * to the calling rank itself, and osc/pt2pt refuses MPI_THREAD_MULTIPLE. */
        setenv("OMPI_MCA_osc", "ucx", 0);
        int provided;
        if (MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
            shoal_fatal("shmem_init", "MPI_Init_thread failed");
        we_initialized = 1;
    }
    int pe, npes;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_rank(comm, &pe);
    MPI_Comm_size(comm, &npes);
    mpi_boot = (struct shoal_bootstrap){
        .name = "mpi", .pe = pe, .npes = npes, .allgather = mpi_allgather,
        .barrier = mpi_barrier, .abort = mpi_abort, .fini = mpi_fini,
    };
    return &mpi_boot;
}
#else
const struct shoal_bootstrap *shoal_bootstrap_mpi(void) { return 0; }
#endif
