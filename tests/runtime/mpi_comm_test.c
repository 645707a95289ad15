/* Starting on an MPI communicator: under mpirun -np 4, MPI_COMM_WORLD split into halves (even and
 * odd ranks), each half starts a job of its own (shmemx_init_mpi_comm, or nvshmemx_init_attr with
 * NVSHMEMX_INIT_WITH_MPI_COMM when argv[1] is "nvshmem"). Each job's PEs are its half's ranks:
 * puts, a reduction and barriers stay inside the half (values checked against the world ranks
 * MPI says are in it). argv[1] "null" / "comm_null" pass a bad communicator, "no_mpi" calls it
 * before MPI_Init (alone, or under shoalrun): one line each. */
#include <mpi.h>
#include <nvshmem.h>
#include <nvshmemx.h>
#include <shmem.h>
#include <shmemx.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "[rank %d] %s:%d: check failed: %s\n", world_rank, __FILE__, __LINE__, #cond); \
            ++failures;                                                                            \
        }                                                                                          \
    } while (0)

static int world_rank;

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "shmemx";
    if (!strcmp(mode, "no_mpi")) { /* MPI not started (alone), or started by shoalrun */
        MPI_Comm dummy = MPI_COMM_SELF;
        shmemx_init_mpi_comm(&dummy, SHMEM_THREAD_SINGLE, NULL);
        return 0; /* not reached */
    }
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    int world_size;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, world_rank % 2, world_rank, &half);
    int half_rank, half_size;
    MPI_Comm_rank(half, &half_rank);
    MPI_Comm_size(half, &half_size);

    if (!strcmp(mode, "null")) {
        shmemx_init_mpi_comm(NULL, SHMEM_THREAD_SINGLE, NULL);
        return 0; /* not reached */
    }
    if (!strcmp(mode, "comm_null")) {
        MPI_Comm none = MPI_COMM_NULL;
        shmemx_init_mpi_comm(&none, SHMEM_THREAD_SINGLE, NULL);
        return 0;
    }
    if (!strcmp(mode, "nvshmem")) {
        nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
        CHECK(nvshmemx_set_attr_mpi_comm_args(&half, &attr) == 0);
        CHECK(nvshmemx_init_attr(NVSHMEMX_INIT_WITH_MPI_COMM, &attr) == 0);
        CHECK(nvshmem_my_pe() == half_rank && nvshmem_n_pes() == half_size);
    } else {
        CHECK(shmemx_init_mpi_comm(&half, SHMEM_THREAD_MULTIPLE, &provided) == 0);
        CHECK(provided == SHMEM_THREAD_MULTIPLE);
        /* A second start while running does nothing, as shmem_init. */
        CHECK(shmemx_init_mpi_comm(&half, SHMEM_THREAD_MULTIPLE, NULL) == 0);
    }
    const int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(me == half_rank && n == half_size);
    CHECK(!strcmp(shmemx_bootstrap_name(), "mpi"));

    /* The world ranks in this half, in PE order. */
    int *members = malloc((size_t)half_size * sizeof *members);
    MPI_Allgather(&world_rank, 1, MPI_INT, members, 1, MPI_INT, half);

    long *box = shmem_calloc(2, sizeof(long));
    long *sum = shmem_malloc(2 * sizeof(long)); /* [0] the source, [1] the result */
    const long mine = 1000 + world_rank;
    sum[0] = mine;
    for (int round = 0; round < 3; round++) {
        shmem_long_p(&box[0], mine + round, (me + 1) % n);
        shmem_barrier_all();
        CHECK(box[0] == 1000 + members[(me + n - 1) % n] + round);
        shmem_barrier_all();
    }
    shmem_long_atomic_add(&box[1], mine, 0);
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum[1], &sum[0], 1);
    long want = 0;
    for (int i = 0; i < half_size; i++) want += 1000 + members[i];
    CHECK(sum[1] == want);
    shmem_barrier_all();
    if (me == 0) CHECK(box[1] == want);

    shmem_free(sum);
    shmem_free(box);
    free(members);
    if (!strcmp(mode, "nvshmem"))
        nvshmem_finalize();
    else
        shmem_finalize();
    /* MPI is the program's: it still works after Shoal's finalize. */
    int total = 0, one = 1;
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(total == world_size);
    MPI_Comm_free(&half);
    MPI_Finalize();
    if (failures) fprintf(stderr, "[rank %d] %d checks failed\n", world_rank, failures);
    else if (world_rank == 0) printf("mpi_comm_test %s: ok\n", mode);
    return failures != 0;
}
