/* The tcp transport's handshake (tcp_hello.h). On the wire, little-endian:
 *   challenge (accepting PE):  "SHOALCH1" | nonce_a[16]
 *   hello (connecting PE):     "SHOALHI2" | pe u32 | lane u32 | nonce_c[16] | mac[32]
 *        mac = HMAC(key, "shoal tcp hello" | nonce_a | nonce_c | pe | to | lane)
 *   welcome (accepting PE):    mac[32] = HMAC(key, "shoal tcp welcome" | nonce_c | nonce_a | pe | to | lane)
 * The nonces are fresh per connection, so a recorded hello or welcome proves nothing later. */
#include "transport/tcp_hello.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/hmac.h"

#define NONCE 16
#define CHALLENGE_BYTES (8 + NONCE)
#define HELLO_BYTES (8 + 4 + 4 + NONCE + SHOAL_SHA256_BYTES)
#define PENDING_MAX 64         /* connections being checked at once (more wait in the backlog) */
#define PROVE_MS 10000         /* a connection that has not proved itself by then is closed */
#define NO_PROGRESS_MS 120000  /* no PE of the job connected for this long: fatal */

static const char challenge_magic[8] = {'S', 'H', 'O', 'A', 'L', 'C', 'H', '1'};
static const char hello_magic[8] = {'S', 'H', 'O', 'A', 'L', 'H', 'I', '2'};

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The MAC of one direction: label, then the nonces (the receiver's first), then who and which lane. */
static void mac_of(const uint8_t *key, const char *label, const uint8_t *n1, const uint8_t *n2, int pe, int to,
                   int lane, uint8_t out[SHOAL_SHA256_BYTES])
{
    uint8_t ids[12];
    put32(ids, (uint32_t)pe);
    put32(ids + 4, (uint32_t)to);
    put32(ids + 8, (uint32_t)lane);
    const void *part[4] = {label, n1, n2, ids};
    const size_t len[4] = {strlen(label), NONCE, NONCE, sizeof ids};
    shoal_hmac_sha256(key, TCP_KEY_BYTES, part, len, 4, out);
}

static void nonce(uint8_t *out)
{
    if (shoal_random_bytes(out, NONCE) != 0)
        shoal_fatal("shmem_init", "the tcp transport: the kernel gave no random bytes (getrandom: %s)", strerror(errno));
}

static long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

static int send_all(int fd, const void *b, size_t n)
{
    while (n) {
        const ssize_t w = send(fd, b, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        b = (const char *)b + w, n -= (size_t)w;
    }
    return 0;
}

static int recv_all(int fd, void *b, size_t n)
{
    while (n) {
        const ssize_t r = recv(fd, b, n, MSG_WAITALL);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        b = (char *)b + r, n -= (size_t)r;
    }
    return 0;
}

static void set_timeout(int fd, int seconds)
{
    struct timeval tv = {seconds, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

void tcp_hello_connect(int fd, const uint8_t key[TCP_KEY_BYTES], int me, int pe, int lane, const char *where)
{
    uint8_t ch[CHALLENGE_BYTES], hello[HELLO_BYTES], welcome[SHOAL_SHA256_BYTES], want[SHOAL_SHA256_BYTES];
    set_timeout(fd, 60); /* the PE accepts once it has connected to the PEs above it */
    if (recv_all(fd, ch, sizeof ch) != 0 || memcmp(ch, challenge_magic, 8) != 0)
        shoal_fatal("shmem_init", "the tcp transport: PE %d at %s did not answer as a PE of this job does (%s)",
                    pe, where, errno == EAGAIN ? "no challenge in 60 s" : "no Shoal challenge");
    const uint8_t *nonce_a = ch + 8, *nonce_c = hello + 16;
    memcpy(hello, hello_magic, 8);
    put32(hello + 8, (uint32_t)me);
    put32(hello + 12, (uint32_t)lane);
    nonce(hello + 16);
    mac_of(key, "shoal tcp hello", nonce_a, nonce_c, me, pe, lane, hello + 16 + NONCE);
    if (send_all(fd, hello, sizeof hello) != 0 || recv_all(fd, welcome, sizeof welcome) != 0)
        shoal_fatal("shmem_init", "the tcp transport: PE %d at %s refused this PE's hello (a listener of "
                    "another job?)", pe, where);
    mac_of(key, "shoal tcp welcome", nonce_c, nonce_a, me, pe, lane, want);
    if (!shoal_equal_ct(welcome, want, sizeof want))
        shoal_fatal("shmem_init", "the tcp transport: PE %d at %s did not prove it belongs to this job "
                    "(a listener of another job?)", pe, where);
    set_timeout(fd, 0);
}

struct pending {
    int fd;
    long deadline;
    size_t got;
    uint8_t nonce[NONCE];
    uint8_t in[HELLO_BYTES];
};

/* Whether q's hello is a lane of a lower PE of the job, not yet in: its PE and lane, or -1. */
static int proved(const struct pending *q, const uint8_t *key, int me, const int *want, int lanes, const int *got,
                  int *lane_out)
{
    const uint32_t pe = get32(q->in + 8), lane = get32(q->in + 12);
    if (pe >= (uint32_t)me || !want[pe] || lane >= (uint32_t)lanes || got[pe * (uint32_t)lanes + lane] >= 0)
        return -1;
    uint8_t mac[SHOAL_SHA256_BYTES];
    mac_of(key, "shoal tcp hello", q->nonce, q->in + 16, (int)pe, me, (int)lane, mac);
    if (!shoal_equal_ct(mac, q->in + 16 + NONCE, sizeof mac)) return -1;
    *lane_out = (int)lane;
    return (int)pe;
}

void tcp_hello_accept(int lfd, const uint8_t key[TCP_KEY_BYTES], int me, const int *want, int lanes, int *got)
{
    int need = 0, strangers = 0, np = 0;
    for (int pe = 0; pe < me; pe++) {
        need += want[pe] ? lanes : 0;
        for (int l = 0; l < lanes; l++) got[pe * lanes + l] = -1;
    }
    struct pending pend[PENDING_MAX];
    long progress = now_ms();
    fcntl(lfd, F_SETFL, fcntl(lfd, F_GETFL) | O_NONBLOCK);
    while (need > 0) {
        struct pollfd pf[PENDING_MAX + 1];
        long now = now_ms(), wake = progress + NO_PROGRESS_MS;
        pf[0] = (struct pollfd){.fd = lfd, .events = np < PENDING_MAX ? POLLIN : 0};
        for (int i = 0; i < np; i++) {
            pf[i + 1] = (struct pollfd){.fd = pend[i].fd, .events = POLLIN};
            if (pend[i].deadline < wake) wake = pend[i].deadline;
        }
        const int rc = poll(pf, (nfds_t)np + 1, wake > now ? (int)(wake - now) : 0);
        if (rc < 0 && errno != EINTR) shoal_fatal("shmem_init", "the tcp transport: poll: %s", strerror(errno));
        now = now_ms();
        for (int i = np - 1; i >= 0; i--) {
            struct pending *q = &pend[i];
            int verdict = 0, pe = -1, lane = 0; /* 1: a PE's lane, -1: closed and ignored */
            if (rc > 0 && pf[i + 1].revents) {
                const ssize_t r = recv(q->fd, q->in + q->got, sizeof q->in - q->got, MSG_DONTWAIT);
                if (r > 0) {
                    q->got += (size_t)r;
                    if (q->got >= 8 && memcmp(q->in, hello_magic, 8) != 0) verdict = -1;
                    else if (q->got == sizeof q->in)
                        verdict = (pe = proved(q, key, me, want, lanes, got, &lane)) >= 0 ? 1 : -1;
                } else if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
                    verdict = -1;
                }
            }
            if (verdict == 0 && now >= q->deadline) verdict = -1;
            if (verdict == 1) {
                uint8_t welcome[SHOAL_SHA256_BYTES];
                mac_of(key, "shoal tcp welcome", q->in + 16, q->nonce, pe, me, lane, welcome);
                fcntl(q->fd, F_SETFL, fcntl(q->fd, F_GETFL) & ~O_NONBLOCK);
                if (send_all(q->fd, welcome, sizeof welcome) != 0)
                    shoal_fatal("shmem_init", "the tcp transport: PE %d went away during its hello: %s", pe,
                                strerror(errno));
                got[pe * lanes + lane] = q->fd;
                need--;
                progress = now;
            } else if (verdict == -1) {
                close(q->fd);
                strangers++;
            }
            if (verdict != 0) pend[i] = pend[--np];
        }
        while (rc > 0 && (pf[0].revents & POLLIN) && np < PENDING_MAX) {
            const int fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
            if (fd < 0) break;
            struct pending *q = &pend[np];
            uint8_t ch[CHALLENGE_BYTES];
            nonce(q->nonce);
            memcpy(ch, challenge_magic, 8);
            memcpy(ch + 8, q->nonce, NONCE);
            if (send(fd, ch, sizeof ch, MSG_NOSIGNAL | MSG_DONTWAIT) != (ssize_t)sizeof ch) {
                close(fd);
                strangers++;
                continue;
            }
            q->fd = fd, q->got = 0, q->deadline = now + PROVE_MS;
            np++;
        }
        if (need > 0 && now - progress >= NO_PROGRESS_MS)
            shoal_fatal("shmem_init", "the tcp transport: no PE of the job connected to this PE in %d s (%d "
                        "connection(s) still to come; %d that did not prove they belong to the job closed)",
                        NO_PROGRESS_MS / 1000, need, strangers);
    }
    for (int i = 0; i < np; i++) close(pend[i].fd);
    if (strangers + np > 0)
        shoal_warn("shmem_init", "the tcp transport: closed %d connection(s) that did not prove they belong to "
                   "this job (see docs/cluster.md)", strangers + np);
}
