/* The "mpi" bootstrap: under mpirun, exchange blobs with MPI collectives on a private
 * communicator, a duplicate of MPI_COMM_WORLD or of the communicator the program chose
 * (shmemx_init_mpi_comm, nvshmemx_init_attr): its ranks are the PEs. MPI_Init is called unless
 * the application already did; then finalizing MPI is left to the application. */
#include "bootstrap/bootstrap.h"

#include <stdlib.h>

#include "core/error.h"
#include "core/local_protocol.h"

#if SHOAL_HAVE_MPI
#include <mpi.h>
#include <stdint.h>

static struct shoal_bootstrap mpi_boot;
static MPI_Comm comm = MPI_COMM_NULL;
static int we_initialized;
/* Set by shoal_bootstrap_use_mpi_comm for the next start. */
static const MPI_Comm *chosen;
static const char *chosen_by;

static void mpi_allgather(const void *in, void *out, size_t len)
{
    if (len > (size_t)INT32_MAX) shoal_fatal("bootstrap", "allgather of %zu bytes is too large", len);
    MPI_Allgather(in, (int)len, MPI_BYTE, out, (int)len, MPI_BYTE, comm);
}

static void mpi_barrier(void) { MPI_Barrier(comm); }

static void mpi_abort(int status) { MPI_Abort(comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm, status); }

static void mpi_fini(void)
{
    if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (we_initialized && !finalized) MPI_Finalize();
    we_initialized = 0;
}

void shoal_bootstrap_use_mpi_comm(const char *routine, const void *mpi_comm)
{
    if (!mpi_comm) shoal_fatal(routine, "the MPI communicator is NULL (pass the address of an MPI_Comm)");
    if (getenv(SHOAL_ENV_LOCAL_NPES))
        shoal_fatal(routine, "this process was started by shoalrun, whose PEs are not MPI ranks: a "
                             "program that starts on an MPI communicator runs under mpirun");
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (!initialized || finalized)
        shoal_fatal(routine, "MPI is %s: start on a communicator between MPI_Init and MPI_Finalize",
                    finalized ? "finalized" : "not initialized");
    const MPI_Comm c = *(const MPI_Comm *)mpi_comm;
    int inter = 0;
    if (c == MPI_COMM_NULL) shoal_fatal(routine, "the MPI communicator is MPI_COMM_NULL");
    MPI_Comm_test_inter(c, &inter);
    if (inter) shoal_fatal(routine, "the MPI communicator is an intercommunicator (PEs need one group)");
    chosen = mpi_comm;
    chosen_by = routine;
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
    const int rc = MPI_Comm_dup(chosen ? *chosen : MPI_COMM_WORLD, &comm);
    if (rc != MPI_SUCCESS) shoal_fatal(chosen ? chosen_by : "shmem_init", "MPI_Comm_dup failed (%d)", rc);
    chosen = NULL;
    MPI_Comm_rank(comm, &pe);
    MPI_Comm_size(comm, &npes);
    mpi_boot = (struct shoal_bootstrap){
        .name = "mpi", .pe = pe, .npes = npes, .allgather = mpi_allgather,
        .barrier = mpi_barrier, .abort = mpi_abort, .fini = mpi_fini, .mpi_comm = &comm,
    };
    return &mpi_boot;
}

int shoal_bootstrap_mpi_chosen(void) { return chosen != NULL; }
#else
const struct shoal_bootstrap *shoal_bootstrap_mpi(void) { return 0; }

void shoal_bootstrap_use_mpi_comm(const char *routine, const void *mpi_comm)
{
    (void)mpi_comm;
    shoal_fatal(routine, "this Shoal was built without MPI (meson -Dmpi=enabled): it cannot start on "
                         "an MPI communicator");
}

int shoal_bootstrap_mpi_chosen(void) { return 0; }
#endif
