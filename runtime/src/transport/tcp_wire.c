/* The tcp transport's connections and framing (tcp_wire.h). Each connection has a queue of
 * frames not yet handed to the kernel (written, several at once, by every send and every
 * progress call) and a parser for what comes in: bytes are read into a staging buffer and
 * copied where tcp.c's head handler says, except the rest of a large payload, read straight into
 * place. A connection that ends without BYE means its PE or host is gone: fatal, naming it.
 *
 * Lanes: each pair has SHOAL_TCP_LANES connections (default 4). Frames travel on the first
 * (the main one, which orders them); a large borrowed payload is cut into parts, the first
 * after its head on the main connection, the others as bare bytes on the other lanes, in the
 * same order as the heads. The reader expects the parts of the frame it has read the head
 * of, and reads nothing further from the main connection until they are all in place, so
 * frames still apply in the order sent. Why: over one socket the kernel moves ~1.6 GB/s each
 * way at once here; over four, ~4 GB/s (benches/machine/tcp_raw.c measures it). */
#include "transport/tcp_wire.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "bootstrap/bootstrap.h"
#include "core/copy.h"
#include "core/env_long.h"
#include "core/error.h"
#include "core/state.h"
#include "sync/backoff.h"
#include "core/hmac.h"
#include "transport/tcp_hello.h"

#define STAGE (64 * 1024) /* bytes one recv reads at most */
#define DIRECT 16384      /* a payload with this much left is read straight into place */
#define IOV 32            /* frames one sendmsg writes at most */
#define EPOLL_FROM 1 /* with more peers than this, progress asks epoll who has data (one
                      * system call however many there are; an idle poll is all system call) */
#define LANES_MAX 8
#define LANES_DEFAULT 4
#define PART_MIN (32 << 10) /* bytes per part at least: smaller payloads go whole */
#define CHUNK (64 << 10)    /* bytes one sendmsg writes at most, so that lanes take turns */
#define PARTS_SHIFT 24      /* a head's flags: its part count (the wire's own byte) */

struct out {
    struct out *next;
    struct tcp_head h;
    size_t hdone;
    const char *p; /* payload: borrowed, or own copy after the entry */
    size_t plen, pdone;
    uint64_t ticket;
};

struct conn {
    int fd, pe;
    struct out *qhead, *qtail;
    uint64_t issued, written; /* tickets: frames queued, frames handed to the kernel */
    char *stage;
    size_t spos, send_;       /* staged bytes: stage[spos .. send_) */
    struct tcp_head h;        /* the frame being read */
    size_t hgot;
    int in_payload;
    char *pstart, *pdst;      /* its payload's place (NULL: dropped) */
    size_t pleft;
    int bye, eof;
    /* lanes: main connection -> lane[0] (itself) .. lane[nlanes - 1]; a lane -> its main */
    struct conn *lane[LANES_MAX], *main;
    int nlanes;
    uint64_t lane_ticket;     /* a lane's: the ticket of the last part queued on it */
    int parts_left, stalled;  /* main's: lane parts of the frame in h still to come */
    char *xdst;               /* a lane's: where the part it is reading goes (NULL: dropped) */
    size_t xleft;             /* bytes of that part still to come (0: none expected) */
};

static struct conn **conn_of; /* by PE, its main connection; NULL: not through tcp */
static struct conn **conns;   /* the main connections */
static struct conn **all;     /* every connection (lanes too) */
static int nconns, nall, epfd = -1;
/* Every connection of a peer that may still send (BYE not seen): readable when something has
 * come, for a PE that sleeps (tcp_wire_wake_fd). */
static int wake_epfd = -1;
static int moved; /* reads and writes that moved bytes, for tcp_wire_progress's answer */
static int lane_work; /* parts queued on lanes other than the main ones, or expected there */
static struct tcp_wire_handlers on; /* tcp.c's, from tcp_wire_start */


static noreturn void gone(struct conn *c, const char *what, int err)
{
    shoal_fatal(shoal_wait_routine_now(),
                "the tcp transport: %s PE %d failed: %s (has PE %d or its host gone?)", what,
                c->pe, err ? strerror(err) : "the connection was closed", c->pe);
}

/* ---- sending ---- */

/* Write up to CHUNK queued bytes; 1 when the kernel took them all and more are queued. */
static int push(struct conn *c)
{
    while (c->qhead) {
        struct iovec iov[2 * IOV];
        int n = 0;
        size_t room = CHUNK;
        for (struct out *o = c->qhead; o && room && n + 2 <= 2 * IOV; o = o->next) { /* 2 each */
            if (o->hdone < sizeof o->h)
                iov[n++] = (struct iovec){(char *)&o->h + o->hdone, sizeof o->h - o->hdone};
            if (o->pdone < o->plen) {
                const size_t k = o->plen - o->pdone < room ? o->plen - o->pdone : room;
                iov[n++] = (struct iovec){(char *)o->p + o->pdone, k};
                room -= k;
            }
        }
        struct msghdr m = {.msg_iov = iov, .msg_iovlen = (size_t)n};
        ssize_t w = sendmsg(c->fd, &m, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
            if (errno == EINTR) continue;
            gone(c, "sending to", errno);
        }
        size_t left = (size_t)w;
        moved++;
        while (c->qhead) {
            struct out *o = c->qhead;
            const size_t h = sizeof o->h - o->hdone < left ? sizeof o->h - o->hdone : left;
            o->hdone += h, left -= h;
            const size_t p = o->plen - o->pdone < left ? o->plen - o->pdone : left;
            o->pdone += p, left -= p;
            if (o->hdone < sizeof o->h || o->pdone < o->plen) break; /* chunk or kernel full */
            __atomic_store_n(&c->written, o->ticket, __ATOMIC_RELEASE);
            lane_work -= c->main != NULL;
            c->qhead = o->next;
            if (!c->qhead) c->qtail = NULL;
            free(o);
        }
        return c->qhead != NULL;
    }
    return 0;
}

/* Push c's lanes in turns until none takes more. */
static void push_lanes(struct conn *c)
{
    for (int more = 1; more;) {
        more = 0;
        for (int k = 0; k < c->nlanes; k++)
            if (c->lane[k]->qhead) more |= push(c->lane[k]);
    }
}

/* Queue a borrowed (or, with copy, copied) payload and maybe a head on c. */
static void enqueue(struct conn *c, const struct tcp_head *h, size_t hdone, const char *p,
                    size_t plen, int copy, uint64_t ticket)
{
    struct out *o = malloc(sizeof *o + (copy ? plen : 0));
    if (!o)
        shoal_fatal(shoal_wait_routine_now(), "the tcp transport: out of memory (%zu bytes)", plen);
    *o = (struct out){.hdone = hdone, .p = plen ? p : NULL, .plen = plen, .ticket = ticket};
    if (h) o->h = *h;
    if (copy && plen) {
        shoal_copy_data(o + 1, p, plen);
        o->p = (const char *)(o + 1);
    }
    if (c->qtail) c->qtail->next = o;
    else c->qhead = o;
    c->qtail = o;
}

/* Where part k of n of a len-byte payload starts (part n: its end). */
static size_t part_at(uint64_t len, int k, int n)
{
    return k == n ? (size_t)len : (size_t)(len * (uint64_t)k / (uint64_t)n) & ~(size_t)63;
}

/* The parts a payload goes in: 1 unless it is borrowed and large. */
static int parts_for(const struct conn *c, uint64_t len, int borrow)
{
    const uint64_t n = borrow ? len / PART_MIN : 1;
    return n < 2 ? 1 : n < (uint64_t)c->nlanes ? (int)n : c->nlanes;
}

uint64_t tcp_wire_send(int pe, const struct tcp_head *h, const void *data, int borrow)
{
    struct conn *c = conn_of[pe];
    const uint64_t ticket = ++c->issued;
    const int parts = parts_for(c, h->len, borrow);
    if (parts > 1) { /* the head and part 0 on the main connection, one part per other lane */
        struct tcp_head hp = *h;
        hp.flags |= (uint32_t)parts << PARTS_SHIFT;
        enqueue(c, &hp, 0, data, part_at(h->len, 1, parts), 0, ticket);
        for (int k = 1; k < parts; k++) {
            struct conn *l = c->lane[k];
            const size_t at = part_at(h->len, k, parts);
            enqueue(l, NULL, sizeof *h, (const char *)data + at,
                    part_at(h->len, k + 1, parts) - at, 0, ticket);
            lane_work++;
            __atomic_store_n(&l->lane_ticket, ticket, __ATOMIC_RELEASE);
        }
        push_lanes(c);
        return ticket;
    }
    size_t hdone = 0, pdone = 0;
    if (!c->qhead) { /* nothing ahead of it: try at once */
        struct iovec iov[2] = {{(void *)h, sizeof *h}, {(void *)data, h->len}};
        struct msghdr m = {.msg_iov = iov, .msg_iovlen = h->len ? 2 : 1};
        ssize_t w;
        do w = sendmsg(c->fd, &m, MSG_DONTWAIT | MSG_NOSIGNAL);
        while (w < 0 && errno == EINTR);
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK) gone(c, "sending to", errno);
        const size_t n = w < 0 ? 0 : (size_t)w;
        if (n == sizeof *h + h->len) {
            __atomic_store_n(&c->written, ticket, __ATOMIC_RELEASE);
            return 0;
        }
        hdone = n < sizeof *h ? n : sizeof *h;
        pdone = n - hdone;
    }
    /* The entry holds the unwritten part of the payload: borrowed, or copied after it. */
    enqueue(c, h, hdone, (const char *)data + pdone, h->len - pdone, !borrow, ticket);
    while (push(c)) continue;
    return ticket;
}

int tcp_wire_sent(int pe, uint64_t ticket)
{
    const struct conn *c = conn_of[pe];
    if (__atomic_load_n(&c->written, __ATOMIC_ACQUIRE) < ticket) return 0;
    for (int k = 1; k < c->nlanes; k++) { /* its parts, and those of frames before it */
        const uint64_t last = __atomic_load_n(&c->lane[k]->lane_ticket, __ATOMIC_ACQUIRE);
        const uint64_t need = last < ticket ? last : ticket;
        if (__atomic_load_n(&c->lane[k]->written, __ATOMIC_ACQUIRE) < need) return 0;
    }
    return 1;
}

/* ---- receiving ---- */

static void parse(struct conn *c);

/* The main connection's part of the frame in c->h has come: apply it, or stall the
 * connection until the other lanes' parts have come too. */
static void frame_done(struct conn *c)
{
    c->in_payload = 0;
    if (c->parts_left) {
        c->stalled = 1;
        return;
    }
    if (c->h.type == TCP_BYE) {
        c->bye = 1;
        /* Nothing more comes from it: its closing must not wake sleepers over and over. */
        for (int k = 0; k < c->nlanes && wake_epfd >= 0; k++)
            epoll_ctl(wake_epfd, EPOLL_CTL_DEL, c->lane[k]->fd, NULL);
    } else {
        on.frame(c->pe, &c->h, c->pstart);
    }
}

/* A lane's part has come; the last one of a stalled frame applies it and parses on. */
static void part_done(struct conn *c)
{
    if (--c->parts_left || !c->stalled) return;
    c->stalled = 0;
    on.frame(c->pe, &c->h, c->pstart);
    parse(c);
}

static void head_done(struct conn *c)
{
    c->hgot = 0;
    c->pstart = c->pdst = c->h.type == TCP_BYE ? NULL : on.head(c->pe, &c->h);
    const int parts = (int)(c->h.flags >> PARTS_SHIFT);
    c->pleft = c->h.len;
    if (parts > 1) {
        if (parts > c->nlanes)
            shoal_fatal("shmem", "the tcp transport: PE %d sent a frame in %d parts over %d "
                        "lanes", c->pe, parts, c->nlanes);
        c->pleft = part_at(c->h.len, 1, parts);
        c->parts_left = parts - 1;
        lane_work += parts - 1;
        for (int k = 1; k < parts; k++) {
            struct conn *l = c->lane[k];
            const size_t at = part_at(c->h.len, k, parts);
            l->xdst = c->pstart ? c->pstart + at : NULL;
            l->xleft = part_at(c->h.len, k + 1, parts) - at;
        }
    }
    c->in_payload = 1;
    if (c->pleft == 0) frame_done(c);
}

/* Parse the staged bytes (up to a frame that waits for its other parts). */
static void parse(struct conn *c)
{
    while (c->spos < c->send_ && !c->stalled) {
        const size_t avail = c->send_ - c->spos;
        if (!c->in_payload) {
            const size_t k = sizeof c->h - c->hgot < avail ? sizeof c->h - c->hgot : avail;
            memcpy((char *)&c->h + c->hgot, c->stage + c->spos, k);
            c->hgot += k, c->spos += k;
            if (c->hgot == sizeof c->h) head_done(c);
        } else {
            const size_t k = c->pleft < avail ? c->pleft : avail;
            if (c->pdst) shoal_copy_data(c->pdst, c->stage + c->spos, k), c->pdst += k;
            c->pleft -= k, c->spos += k;
            if (c->pleft == 0) frame_done(c);
        }
    }
}

/* A lane: read the part it expects, if any (what comes before its head stays queued). */
static void pull_part(struct conn *l)
{
    while (l->xleft) {
        const size_t want = l->xdst || l->xleft < STAGE ? l->xleft : STAGE;
        ssize_t r;
        do r = recv(l->fd, l->xdst ? l->xdst : l->stage, want, MSG_DONTWAIT);
        while (r < 0 && errno == EINTR);
        if (r < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) return;
            gone(l, "receiving from", errno);
        }
        if (r == 0) gone(l, "receiving from", 0);
        moved++;
        if (l->xdst) l->xdst += r;
        l->xleft -= (size_t)r;
        if (!l->xleft) {
            lane_work--;
            part_done(l->main);
        }
    }
}

/* A main connection: read and parse what has come. */
static void pull(struct conn *c)
{
    for (int rounds = 0; rounds < 64 && !c->eof && !c->stalled; rounds++) {
        const int direct = c->in_payload && c->pdst && c->pleft >= DIRECT;
        ssize_t r;
        do r = direct ? recv(c->fd, c->pdst, c->pleft, MSG_DONTWAIT)
                      : recv(c->fd, c->stage, STAGE, MSG_DONTWAIT);
        while (r < 0 && errno == EINTR);
        if (r < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) return;
            gone(c, "receiving from", errno);
        }
        if (r == 0) {
            if (!c->bye) gone(c, "receiving from", 0);
            c->eof = 1;
            return;
        }
        moved++;
        if (direct) {
            c->pdst += r, c->pleft -= (size_t)r;
            if (c->pleft == 0) frame_done(c);
        } else {
            c->spos = 0, c->send_ = (size_t)r;
            parse(c);
        }
    }
}

/* Anything of c's still to be handed to the kernel, on any lane. */
static int queued(const struct conn *c)
{
    for (int k = 0; k < c->nlanes; k++)
        if (c->lane[k]->qhead) return 1;
    return 0;
}

int tcp_wire_wake_fd(void)
{
    if (!conns || wake_epfd < 0) return -1;
    for (int i = 0; i < nconns; i++)
        if (queued(conns[i])) return -1; /* its bytes go out only as the kernel takes them */
    return wake_epfd;
}

/* A pair moving large payloads: its lanes take turns, a chunk out and what has come in
 * each, while any of them moves bytes (one socket at a time moves ~2.5x less here). */
static void turns(struct conn *c)
{
    for (int round = 0; round < 64; round++) {
        const int before = moved;
        for (int k = 0; k < c->nlanes; k++) {
            struct conn *l = c->lane[k];
            if (l->qhead) push(l);
            if (k == 0) pull(c);
            else pull_part(l);
        }
        if (moved == before) return;
    }
}

int tcp_wire_progress(void)
{
    if (!conns) return 0;
    const int before = moved;
    for (int i = 0; i < nconns; i++) { /* the lanes only while some carry a part */
        struct conn *c = conns[i];
        if (lane_work && (c->parts_left || queued(c))) turns(c);
        else if (c->qhead) while (push(c)) continue;
    }
    if (nconns <= EPOLL_FROM) {
        for (int i = 0; i < nconns; i++) pull(conns[i]);
        return moved - before;
    }
    struct epoll_event ev[64];
    const int n = epoll_wait(epfd, ev, 64, 0);
    for (int i = 0; i < n; i++) pull(ev[i].data.ptr);
    return moved - before;
}

/* ---- start and stop ---- */

struct address {
    uint32_t ip; /* network order */
    uint16_t port, lanes;
    uint8_t key[TCP_KEY_BYTES]; /* PE 0's: the job's secret (tcp_hello.h); others send zeros */
};

/* This node's address for the others: the interface SHOAL_TCP_IF names, else the first one
 * up that is not loopback, else loopback (one node). */
static uint32_t my_ip(void)
{
    const char *want = getenv("SHOAL_TCP_IF");
    struct ifaddrs *all = NULL, *a;
    uint32_t ip = htonl(INADDR_LOOPBACK);
    int found = 0;
    if (getifaddrs(&all) == 0)
        for (a = all; a && !found; a = a->ifa_next) {
            if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET || !(a->ifa_flags & IFF_UP))
                continue;
            if (want && *want ? strcmp(a->ifa_name, want) != 0 : (a->ifa_flags & IFF_LOOPBACK))
                continue;
            ip = ((struct sockaddr_in *)a->ifa_addr)->sin_addr.s_addr;
            found = 1;
        }
    freeifaddrs(all);
    if (want && *want && !found)
        shoal_fatal("shmem_init", "SHOAL_TCP_IF=%s: no such IPv4 interface is up here", want);
    return ip;
}

static void tune(int fd)
{
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

/* Connection `lane` to pe (lane 0: the main one, made first). */
static void add_conn(int pe, int lane, int fd)
{
    struct conn *c = calloc(1, sizeof *c);
    char *stage = malloc(STAGE);
    if (!c || !stage) shoal_fatal("shmem_init", "the tcp transport: out of memory");
    c->fd = fd, c->pe = pe, c->stage = stage;
    tune(fd);
    if (lane == 0) {
        conn_of[pe] = conns[nconns++] = c;
        c->lane[0] = c;
        c->nlanes = 1;
    } else {
        struct conn *m = conn_of[pe];
        c->main = m;
        m->lane[lane] = c;
        m->nlanes = lane + 1;
    }
    all[nall++] = c;
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
    if (lane == 0 && epfd >= 0 && epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev) != 0)
        shoal_fatal("shmem_init", "the tcp transport: epoll_ctl: %s", strerror(errno));
}

/* The lanes this PE asks for: SHOAL_TCP_LANES, fewer when the descriptors would not do. */
static int lanes_wanted(int peers)
{
    int lanes = (int)shoal_env_long("SHOAL_TCP_LANES", 1, LANES_MAX,
                                    "a number of connections per peer", LANES_DEFAULT);
    struct rlimit r;
    if (peers && getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur != RLIM_INFINITY) {
        const long room = ((long)r.rlim_cur - 64) / peers; /* leave some for the program */
        if (room < lanes) lanes = room < 1 ? 1 : (int)room;
    }
    return lanes;
}

static int connect_to(int pe, const struct address *a, int me, int lane, const uint8_t *key)
{
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = a->port, .sin_addr.s_addr = a->ip};
    if (fd < 0 || connect(fd, (struct sockaddr *)&to, sizeof to) != 0)
        shoal_fatal("shmem_init", "the tcp transport: connecting to PE %d at %s:%d failed: "
                    "%s (SHOAL_TCP_IF names the interface to use)", pe,
                    inet_ntoa(to.sin_addr), ntohs(to.sin_port), strerror(errno));
    char where[32];
    snprintf(where, sizeof where, "%s:%d", inet_ntoa(to.sin_addr), ntohs(to.sin_port));
    tcp_hello_connect(fd, key, me, pe, lane, where);
    return fd;
}

void tcp_wire_start(const int *want, const struct tcp_wire_handlers *handlers)
{
    on = *handlers;
    const int me = shoal_g.me, n = shoal_g.npes;
    conn_of = calloc((size_t)n, sizeof *conn_of);
    conns = calloc((size_t)n, sizeof *conns);
    all = calloc((size_t)n * LANES_MAX, sizeof *all);
    if (!conn_of || !conns || !all) shoal_fatal("shmem_init", "the tcp transport: out of memory");
    int peers = 0, lower = 0;
    for (int pe = 0; pe < n; pe++) peers += want[pe], lower += want[pe] && pe < me;

    struct address mine = {my_ip(), 0, (uint16_t)lanes_wanted(peers), {0}};
    struct address *addr = calloc((size_t)n, sizeof *addr);
    const int lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = mine.ip};
    socklen_t len = sizeof sa;
    if (!addr || lfd < 0 || bind(lfd, (struct sockaddr *)&sa, sizeof sa) != 0 ||
        listen(lfd, n * LANES_MAX) != 0 || getsockname(lfd, (struct sockaddr *)&sa, &len) != 0)
        shoal_fatal("shmem_init", "the tcp transport: cannot listen on %s: %s",
                    inet_ntoa(sa.sin_addr), strerror(errno));
    mine.port = sa.sin_port;
    /* The job's secret: PE 0's random bytes, handed over by the bootstrap with the addresses. */
    if (me == 0 && shoal_random_bytes(mine.key, sizeof mine.key) != 0)
        shoal_fatal("shmem_init", "the tcp transport: the kernel gave no random bytes for the job's secret");
    shoal_g.boot->allgather(&mine, addr, sizeof mine);
    uint8_t key[TCP_KEY_BYTES];
    memcpy(key, addr[0].key, sizeof key);
    for (int pe = 0; pe < n; pe++) memset(addr[pe].key, 0, sizeof addr[pe].key);
    memset(mine.key, 0, sizeof mine.key);
    int lanes = LANES_MAX; /* the job's: the fewest any PE asks for */
    for (int pe = 0; pe < n; pe++)
        if (addr[pe].lanes < lanes) lanes = addr[pe].lanes;
    if (peers > EPOLL_FROM && (epfd = epoll_create1(EPOLL_CLOEXEC)) < 0)
        shoal_fatal("shmem_init", "the tcp transport: epoll_create1: %s", strerror(errno));

    /* Connect to the higher PEs, then take the lower ones' connections. A connection's
     * handshake waits for the higher PE to accept it, which it does once connected to the PEs
     * above it: the highest accepts at once, so no order of arrival can deadlock. */
    const long ms = shoal_env_long("SHOAL_TCP_CONNECT_DELAY_MS", 0, 60000, "a time in ms", 0);
    if (ms > 0 && peers > lower) { /* only a PE that connects waits */
        const struct timespec ts = {ms / 1000, ms % 1000 * 1000000L};
        nanosleep(&ts, NULL);
    }
    for (int pe = me + 1; pe < n; pe++)
        for (int l = 0; want[pe] && l < lanes; l++)
            add_conn(pe, l, connect_to(pe, &addr[pe], me, l, key));
    int *got = calloc((size_t)n * (size_t)lanes, sizeof *got); /* accepted fds, by PE and lane */
    if (!got) shoal_fatal("shmem_init", "the tcp transport: out of memory");
    if (lower) tcp_hello_accept(lfd, key, me, want, lanes, got);
    memset(key, 0, sizeof key);
    for (int pe = 0; pe < me; pe++) /* lane 0 first: the others hang off it */
        for (int l = 0; want[pe] && l < lanes; l++) add_conn(pe, l, got[pe * lanes + l]);
    free(got);
    /* Without it sleepers wake in short naps instead (sync/doorbell.c): not fatal. */
    if (nall && (wake_epfd = epoll_create1(EPOLL_CLOEXEC)) >= 0)
        for (int i = 0; i < nall; i++) {
            struct epoll_event ev = {.events = EPOLLIN, .data.ptr = all[i]};
            if (epoll_ctl(wake_epfd, EPOLL_CTL_ADD, all[i]->fd, &ev) != 0) {
                close(wake_epfd);
                wake_epfd = -1;
                break;
            }
        }
    close(lfd);
    free(addr);
}

void tcp_wire_stop(void)
{
    if (!conns) return;
    const struct tcp_head bye = {.type = TCP_BYE};
    for (int i = 0; i < nconns; i++) tcp_wire_send(conns[i]->pe, &bye, NULL, 0);
    for (int i = 0; i < nconns; i++) {
        struct conn *c = conns[i];
        SHOAL_WAIT_FROM(c->pe, (tcp_wire_progress(), c->bye && !queued(c)));
    }
    for (int i = 0; i < nall; i++) {
        close(all[i]->fd);
        free(all[i]->stage);
        free(all[i]);
    }
    if (epfd >= 0) close(epfd);
    if (wake_epfd >= 0) close(wake_epfd);
    epfd = wake_epfd = -1;
    free(conns);
    free(conn_of);
    free(all);
    conns = conn_of = all = NULL;
    nconns = nall = lane_work = 0;
}
