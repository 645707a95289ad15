/* Not SHMEM: the floor under Shoal's tcp transport (transport/tcp_wire.c), next to MPI's
 * two-sided path in the same processes. Rank 0 and rank 1 (one per simulated host) connect a
 * TCP socket pair (non-blocking, TCP_NODELAY, busy-polled as Shoal's waits poll) and time:
 * an 8-byte round trip, a one-way stream of 1 MiB transfers, and transfers of 128 KiB to
 * 1 MiB each way at once (the leaders' exchange of a reduction), each against MPI_Send/Recv
 * and MPI_Sendrecv; the transfers also over LANES sockets at once, each payload cut in
 * LANES parts written 64 KiB per call in turns (what the tcp transport's lanes do). Not built
 * by meson (needs mpicc):
 *   mpicc -O2 -o /tmp/tcp_raw benches/machine/tcp_raw.c
 *   tests/multihost/run.sh 1 /tmp/tcp_raw 10.77.0.2
 * argv[1]: the address rank 1 listens on (run.sh's host b). Output: us per operation. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <mpi.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define LANES 4
#define CHUNK (64 << 10)
static int fd, lane_fd[LANES];

static void die(const char *what)
{
    perror(what);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

/* Send n bytes of o and receive n bytes into i at once (either may be 0). */
static void both(const char *o, long no, char *i, long ni)
{
    long sent = 0, got = 0;
    while (sent < no || got < ni) {
        if (sent < no) {
            const long w = send(fd, o + sent, (size_t)(no - sent), MSG_DONTWAIT | MSG_NOSIGNAL);
            if (w > 0) sent += w;
        }
        if (got < ni) {
            const long r = recv(fd, i + got, (size_t)(ni - got), MSG_DONTWAIT);
            if (r > 0) got += r;
            else if (r == 0) die("recv: closed");
        }
    }
}

/* The same over the LANES sockets: part k of each buffer on socket k, 64 KiB per send. */
static void both_lanes(const char *o, long no, char *i, long ni)
{
    long sent[LANES] = {0}, got[LANES] = {0};
    for (int busy = 1; busy;) {
        busy = 0;
        for (int k = 0; k < LANES; k++) {
            const long oa = no * k / LANES, olen = no * (k + 1) / LANES - oa;
            const long ia = ni * k / LANES, ilen = ni * (k + 1) / LANES - ia;
            if (sent[k] < olen) {
                const long n = olen - sent[k] < CHUNK ? olen - sent[k] : CHUNK;
                const long w = send(lane_fd[k], o + oa + sent[k], (size_t)n, MSG_DONTWAIT | MSG_NOSIGNAL);
                if (w > 0) sent[k] += w;
            }
            if (got[k] < ilen) {
                const long r = recv(lane_fd[k], i + ia + got[k], (size_t)(ilen - got[k]), MSG_DONTWAIT);
                if (r > 0) got[k] += r;
                else if (r == 0) die("recv: closed");
            }
            busy |= sent[k] < olen || got[k] < ilen;
        }
    }
}

static int connect_one(int rank, const char *addr)
{
    struct sockaddr_in a = {.sin_family = AF_INET};
    int port = 0, lfd = -1;
    if (inet_pton(AF_INET, addr, &a.sin_addr) != 1) die("address");
    if (rank == 1) {
        socklen_t n = sizeof a;
        lfd = socket(AF_INET, SOCK_STREAM, 0);
        if (bind(lfd, (struct sockaddr *)&a, sizeof a) || listen(lfd, 1) ||
            getsockname(lfd, (struct sockaddr *)&a, &n))
            die("listen");
        port = ntohs(a.sin_port);
    }
    MPI_Bcast(&port, 1, MPI_INT, 1, MPI_COMM_WORLD);
    int s;
    if (rank == 0) {
        a.sin_port = htons((uint16_t)port);
        s = socket(AF_INET, SOCK_STREAM, 0);
        if (connect(s, (struct sockaddr *)&a, sizeof a)) die("connect");
    } else {
        s = accept(lfd, NULL, NULL);
        if (s < 0) die("accept");
        close(lfd);
    }
    const int one = 1;
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return s;
}

int main(int argc, char **argv)
{
    int rank, n;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n != 2 || argc < 2) {
        if (rank == 0) fprintf(stderr, "usage: 2 ranks, argv[1] = rank 1's address\n");
        MPI_Finalize();
        return 2;
    }
    fd = connect_one(rank, argv[1]);
    for (int k = 0; k < LANES; k++) lane_fd[k] = connect_one(rank, argv[1]);
    const long big = 1 << 20;
    char *o = calloc((size_t)big, 1), *in = calloc((size_t)big, 1);
    const int peer = 1 - rank, rounds = 20000, transfers = 300;
    if (rank == 0) printf("# sequence                       tcp(us)    MPI(us)  %d lanes(us)\n", LANES);

    /* 8-byte round trip */
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int k = 0; k < rounds; k++)
        if (rank == 0) both(o, 8, NULL, 0), both(NULL, 0, in, 8);
        else both(NULL, 0, in, 8), both(o, 8, NULL, 0);
    const double tcp_rt = (MPI_Wtime() - t0) / rounds;
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    for (int k = 0; k < rounds; k++)
        if (rank == 0) {
            MPI_Send(o, 8, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
            MPI_Recv(in, 8, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(in, 8, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(o, 8, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
        }
    const double mpi_rt = (MPI_Wtime() - t0) / rounds;
    if (rank == 0) printf("8 B round trip               %10.2f %10.2f\n", tcp_rt * 1e6, mpi_rt * 1e6);

    /* 1 MiB one way, then a 1-byte answer */
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    for (int k = 0; k < transfers; k++)
        if (rank == 0) both(o, big, NULL, 0);
        else both(NULL, 0, in, big);
    if (rank == 0) both(NULL, 0, in, 1);
    else both(o, 1, NULL, 0);
    const double tcp_one = (MPI_Wtime() - t0) / transfers;
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    for (int k = 0; k < transfers; k++)
        if (rank == 0) MPI_Send(o, (int)big, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
        else MPI_Recv(in, (int)big, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    const double mpi_one = (MPI_Wtime() - t0) / transfers;
    if (rank == 0) printf("1 MiB one way                %10.1f %10.1f\n", tcp_one * 1e6, mpi_one * 1e6);

    /* each way at once */
    for (long sz = 128 << 10; sz <= big; sz *= 2) {
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        for (int k = 0; k < transfers; k++) both(o, sz, in, sz);
        const double tcp_x = (MPI_Wtime() - t0) / transfers;
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        for (int k = 0; k < transfers; k++)
            MPI_Sendrecv(o, (int)sz, MPI_BYTE, peer, 1, in, (int)sz, MPI_BYTE, peer, 1,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        const double mpi_x = (MPI_Wtime() - t0) / transfers;
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        for (int k = 0; k < transfers; k++) both_lanes(o, sz, in, sz);
        const double lanes_x = (MPI_Wtime() - t0) / transfers;
        if (rank == 0)
            printf("%4ld KiB each way at once     %10.1f %10.1f %10.1f\n", sz >> 10, tcp_x * 1e6,
                   mpi_x * 1e6, lanes_x * 1e6);
    }
    free(o);
    free(in);
    MPI_Finalize();
    return 0;
}
