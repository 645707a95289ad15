/* Not SHMEM: raw MPI-3 passive-target RMA latency, the floor under Shoal's mpi transport.
 * Rank 0 times each operation sequence against the last rank while that one waits in one of
 * three ways (argv[1]): "barrier" (in MPI_Barrier), "iprobe" (a loop of MPI_Iprobe, as a
 * Shoal wait that spins) or "nap" (MPI_Iprobe then a 64 us nanosleep, as a Shoal wait that
 * naps). Over TCP, UCX emulates RMA with active messages, so the target must run its progress
 * for every operation: the wait mode shows what that costs. The "shoal" rows are the calls
 * Shoal's transport makes (transport/mpi.c). Not built by meson (needs mpicc):
 *   mpicc -O2 -o /tmp/mpi_rma_raw benches/machine/mpi_rma_raw.c
 *   OMPI_MCA_osc=ucx tests/multihost/run.sh 1 /tmp/mpi_rma_raw iprobe 200
 * argv[2]: iterations (default 100). Output: average and minimum per sequence (us).
 * Then the two-sided floor under Shoal's AM atomics and leader collectives (transport/mpi_am.c,
 * coll/engine/remote/): an 8-byte ping-pong between rank 0 and the last rank (half a round
 * trip: one message), and MPI's own MPI_Barrier and 8-byte MPI_Allreduce over all ranks. */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { PUT_FLUSH, GET_FLUSH, FADD_FLUSH, ACC_FLUSH_LOCAL, SHOAL_PUT_QUIET, SHOAL_ADD, NSEQ };
static const char *const names[NSEQ] = {
    "put+flush", "get+flush", "fetch_and_op+flush", "accumulate+flush_local",
    "shoal put+quiet", "shoal add (fetch_and_op)"};

static void sequence(int s, int t, MPI_Win w, MPI_Win w2)
{
    uint64_t v = 1, r;
    switch (s) {
    case PUT_FLUSH: MPI_Put(&v, 8, MPI_BYTE, t, 0, 8, MPI_BYTE, w); MPI_Win_flush(t, w); break;
    case GET_FLUSH: MPI_Get(&r, 8, MPI_BYTE, t, 0, 8, MPI_BYTE, w); MPI_Win_flush(t, w); break;
    case FADD_FLUSH:
        MPI_Fetch_and_op(&v, &r, MPI_UINT64_T, t, 8, MPI_SUM, w);
        MPI_Win_flush(t, w);
        break;
    case ACC_FLUSH_LOCAL:
        MPI_Accumulate(&v, 1, MPI_UINT64_T, t, 16, 1, MPI_UINT64_T, MPI_SUM, w);
        MPI_Win_flush_local(t, w);
        break;
    case SHOAL_PUT_QUIET: /* blocking put, then quiet: flush_all of both windows */
        MPI_Put(&v, 8, MPI_BYTE, t, 0, 8, MPI_BYTE, w);
        MPI_Win_flush_local(t, w);
        MPI_Win_flush_all(w);
        MPI_Win_flush_all(w2);
        break;
    default:
        MPI_Fetch_and_op(&v, &r, MPI_UINT64_T, t, 16, MPI_SUM, w);
        MPI_Win_flush(t, w);
        break;
    }
}

/* Time f over iters calls on every rank; rank 0 prints average and minimum, scaled. */
static void timed(const char *name, int iters, double scale, void (*f)(int, int), int rank,
                  int target)
{
    double best = 1e9, total = 0;
    for (int i = -10; i < iters; i++) { /* 10 warm-up calls */
        const double t0 = MPI_Wtime();
        f(rank, target);
        const double dt = MPI_Wtime() - t0;
        if (i < 0) continue;
        total += dt;
        if (dt < best) best = dt;
    }
    if (rank == 0) printf("%-26s %10.1f %10.1f\n", name, total / iters * 1e6 * scale, best * 1e6 * scale);
}

static void pingpong(int rank, int target)
{
    uint64_t v = 0;
    if (rank == 0) {
        MPI_Send(&v, 8, MPI_BYTE, target, 1, MPI_COMM_WORLD);
        MPI_Recv(&v, 8, MPI_BYTE, target, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == target) {
        MPI_Recv(&v, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&v, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
    }
}
static void barrier(int rank, int target) { (void)rank, (void)target; MPI_Barrier(MPI_COMM_WORLD); }
static void allreduce(int rank, int target)
{
    long v = rank, r;
    (void)target;
    MPI_Allreduce(&v, &r, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
}

static void two_sided(int rank, int target, int iters)
{
    if (rank == 0) printf("# two-sided, every rank\n");
    timed("pt2pt 8 B, half round trip", iters, 0.5, pingpong, rank, target);
    MPI_Barrier(MPI_COMM_WORLD);
    timed("MPI_Barrier", iters, 1, barrier, rank, target);
    timed("MPI_Allreduce 8 B", iters, 1, allreduce, rank, target);
}

int main(int argc, char **argv)
{
    int provided, rank, n;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    const char *mode = argc > 1 ? argv[1] : "barrier";
    const int iters = argc > 2 ? atoi(argv[2]) : 100, target = n - 1;
    uint64_t *buf = calloc(1024, 8), *buf2 = calloc(1024, 8); /* Shoal: heap and data */
    MPI_Win w, w2;
    MPI_Win_create(buf, 8192, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w);
    MPI_Win_create(buf2, 8192, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w2);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, w);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, w2);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        printf("# raw MPI RMA, rank 0 -> rank %d, target waits in: %s, %d iterations\n"
               "# Sequence  Avg(us)  Min(us)\n", target, mode, iters);
        for (int s = 0; s < NSEQ; s++) {
            double best = 1e9, total = 0;
            for (int i = 0; i < iters; i++) {
                const double t0 = MPI_Wtime();
                sequence(s, target, w, w2);
                const double dt = MPI_Wtime() - t0;
                total += dt;
                if (dt < best) best = dt;
            }
            printf("%-26s %10.1f %10.1f\n", names[s], total / iters * 1e6, best * 1e6);
        }
        const uint64_t one = 1; /* stop the target */
        MPI_Put(&one, 8, MPI_BYTE, target, 64, 8, MPI_BYTE, w);
        MPI_Win_flush(target, w);
    } else if (rank == target && strcmp(mode, "barrier") != 0) {
        volatile uint64_t *stop = &buf[8];
        const struct timespec nap = {0, 64000};
        int flag;
        while (!*stop) {
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
            if (strcmp(mode, "nap") == 0) nanosleep(&nap, NULL);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    two_sided(rank, target, iters);
    MPI_Win_unlock_all(w2);
    MPI_Win_unlock_all(w);
    MPI_Win_free(&w2);
    MPI_Win_free(&w);
    MPI_Finalize();
    free(buf);
    free(buf2);
    return 0;
}
