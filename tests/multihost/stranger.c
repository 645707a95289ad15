/* A stranger to the job on one of its hosts (tests/multihost/run.sh MULTIHOST_STRANGER): it
 * watches this network namespace's listening TCP sockets (/proc/net/tcp) and connects to each
 * new one. A socket that greets it with the tcp transport's challenge is a PE of the job
 * during shmem_init; it is then sent one of:
 *   garbage   random bytes;
 *   old       the fixed hello Shoal once took on its own: "SHALLTCP", PE 0, lane 0;
 *   replay    a well-formed hello of PE 0, lane 0 whose MAC is right for another job's secret
 *             (and another challenge): what a handshake recorded elsewhere proves here;
 *   silent    nothing (it holds the connection open).
 * The PE must close it (or, silent, outlast it) and the job complete. Exit status: 0 when at
 * least one PE was reached and every one reached closed the connection; 1 when one answered
 * the stranger as a PE; 2 when no PE was reached within the time given.
 * Usage: stranger MODE SECONDS [PES]: watch for SECONDS, until PES listeners were reached
 * (default 1), or until SIGTERM. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "core/hmac.h"

static volatile sig_atomic_t stop; /* SIGTERM: the job is over (run.sh) */
static void on_term(int sig) { (void)sig; stop = 1; }

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Bytes readable on fd within ms milliseconds: > 0 read, 0 closed by the peer, -1 none yet. */
static int read_within(int fd, void *buf, size_t n, int ms)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    if (poll(&p, 1, ms) <= 0) return -1;
    const ssize_t r = recv(fd, buf, n, 0);
    if (r < 0) return errno == ECONNRESET ? 0 : -1;
    return (int)r;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* 1: closed by the PE after the attack; 0: not a PE's listener; -1: the PE took it. */
static int attack(uint32_t ip, uint16_t port, const char *mode)
{
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = ip};
    if (fd < 0 || connect(fd, (struct sockaddr *)&to, sizeof to) != 0) {
        if (fd >= 0) close(fd);
        return 0;
    }
    uint8_t ch[24];
    if (read_within(fd, ch, sizeof ch, 500) < 8 || memcmp(ch, "SHOALCH1", 8) != 0) {
        close(fd); /* not the transport's listener (or not yet accepting) */
        return 0;
    }
    uint8_t msg[64] = {0};
    size_t len = sizeof msg;
    if (!strcmp(mode, "garbage")) {
        getrandom(msg, sizeof msg, 0);
    } else if (!strcmp(mode, "old")) {
        const uint64_t hello[2] = {0x5348414c4c544350ull, 0};
        memcpy(msg, hello, sizeof hello);
        len = sizeof hello;
    } else if (!strcmp(mode, "replay")) {
        uint8_t other_key[32], other_nonce[16], ids[12];
        getrandom(other_key, sizeof other_key, 0);
        getrandom(other_nonce, sizeof other_nonce, 0);
        memcpy(msg, "SHOALHI2", 8);
        put32(msg + 8, 0);
        put32(msg + 12, 0);
        getrandom(msg + 16, 16, 0);
        put32(ids, 0), put32(ids + 4, 1), put32(ids + 8, 0);
        const void *part[4] = {"shoal tcp hello", other_nonce, msg + 16, ids};
        const size_t plen[4] = {15, 16, 16, 12};
        shoal_hmac_sha256(other_key, 32, part, plen, 4, msg + 32);
    } else {
        len = 0; /* silent */
    }
    if (len && send(fd, msg, len, MSG_NOSIGNAL) != (ssize_t)len) {
        close(fd);
        return 1; /* closed already */
    }
    uint8_t back[64];
    const int r = read_within(fd, back, sizeof back, 15000);
    close(fd);
    if (r == 0) return 1;
    if (stop) return 0; /* the job ended first: neither way */
    fprintf(stderr, "stranger: %s: the PE at port %u %s\n", mode, port,
            r > 0 ? "answered the stranger's hello" : "kept the connection open 15 s");
    return -1;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: stranger garbage|old|replay|silent SECONDS [PES]\n");
        return 2;
    }
    const char *mode = argv[1];
    const double end = now() + atof(argv[2]);
    const int want = argc > 3 ? atoi(argv[3]) : 1;
    struct sigaction sa = {.sa_handler = on_term}; /* no SA_RESTART: a wait ends at once */
    sigaction(SIGTERM, &sa, NULL);
    unsigned seen[256];
    int nseen = 0, reached = 0, bad = 0;
    while (now() < end && reached < want && !stop) {
        FILE *f = fopen("/proc/net/tcp", "r");
        char line[512];
        while (f && fgets(line, sizeof line, f)) {
            unsigned ip, port, st;
            if (sscanf(line, " %*d: %x:%x %*x:%*x %x", &ip, &port, &st) != 3 || st != 0x0A || ip == 0 ||
                ip == htonl(INADDR_LOOPBACK))
                continue;
            int old = 0;
            for (int i = 0; i < nseen; i++) old |= seen[i] == port;
            if (old || nseen == 256) continue;
            seen[nseen++] = port;
            const int r = attack(ip, (uint16_t)port, mode);
            if (r != 0) reached++;
            if (r < 0) bad++;
        }
        if (f) fclose(f);
        usleep(2000);
    }
    printf("stranger: %s: reached %d PE listener(s), %d took the stranger\n", mode, reached, bad);
    return bad ? 1 : reached ? 0 : 2;
}
