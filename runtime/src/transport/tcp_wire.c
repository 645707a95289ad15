/* The tcp transport's connections and framing (tcp_wire.h). Each connection has a queue of
 * frames not yet handed to the kernel (written, several at once, by every send and every
 * progress call) and a parser for what comes in: bytes are read into a staging buffer and
 * copied where tcp_on_head says, except the rest of a large payload, read straight into
 * place. A connection that ends without BYE means its PE or host is gone: fatal, naming it. */
#include "transport/tcp_wire.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "bootstrap/bootstrap.h"
#include "core/error.h"
#include "core/state.h"
#include "sync/backoff.h"

#define STAGE (64 * 1024) /* bytes one recv reads at most */
#define DIRECT 16384      /* a payload with this much left is read straight into place */
#define IOV 32            /* frames one sendmsg writes at most */
#define EPOLL_FROM 1 /* with more connections than this, progress asks epoll who has data (one
                      * system call however many there are; an idle poll is all system call) */
#define HELLO 0x5348414c4c544350ull /* a connection's first 8 bytes, then the PE */

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
};

static struct conn **conn_of; /* by PE; NULL: not through tcp */
static struct conn **conns;   /* the open ones */
static int nconns, epfd = -1;
static int moved; /* reads and writes that moved bytes, for tcp_wire_progress's answer */


static noreturn void gone(struct conn *c, const char *what, int err)
{
    shoal_fatal(shoal_wait_routine_now(),
                "the tcp transport: %s PE %d failed: %s (has PE %d or its host gone?)", what,
                c->pe, err ? strerror(err) : "the connection was closed", c->pe);
}

/* ---- sending ---- */

/* Write queued frames until the kernel takes no more. */
static void push(struct conn *c)
{
    while (c->qhead) {
        struct iovec iov[2 * IOV];
        int n = 0;
        for (struct out *o = c->qhead; o && n + 2 <= 2 * IOV; o = o->next) { /* 2 each */
            if (o->hdone < sizeof o->h)
                iov[n++] = (struct iovec){(char *)&o->h + o->hdone, sizeof o->h - o->hdone};
            if (o->pdone < o->plen)
                iov[n++] = (struct iovec){(char *)o->p + o->pdone, o->plen - o->pdone};
        }
        struct msghdr m = {.msg_iov = iov, .msg_iovlen = (size_t)n};
        ssize_t w = sendmsg(c->fd, &m, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) return;
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
            if (o->hdone < sizeof o->h || o->pdone < o->plen) return; /* the kernel is full */
            __atomic_store_n(&c->written, o->ticket, __ATOMIC_RELEASE);
            c->qhead = o->next;
            if (!c->qhead) c->qtail = NULL;
            free(o);
        }
    }
}

uint64_t tcp_wire_send(int pe, const struct tcp_head *h, const void *data, int borrow)
{
    struct conn *c = conn_of[pe];
    const uint64_t ticket = ++c->issued;
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
    const size_t rest = h->len - pdone, copy = borrow ? 0 : rest;
    struct out *o = malloc(sizeof *o + copy);
    if (!o)
        shoal_fatal(shoal_wait_routine_now(), "the tcp transport: out of memory (%zu bytes)", copy);
    *o = (struct out){.h = *h, .hdone = hdone, .plen = rest, .ticket = ticket};
    o->p = rest ? (const char *)data + pdone : NULL;
    if (copy) o->p = memcpy(o + 1, o->p, copy);
    if (c->qtail) c->qtail->next = o;
    else c->qhead = o;
    c->qtail = o;
    push(c);
    return ticket;
}

int tcp_wire_sent(int pe, uint64_t ticket)
{
    return __atomic_load_n(&conn_of[pe]->written, __ATOMIC_ACQUIRE) >= ticket;
}

/* ---- receiving ---- */

/* The frame in c->h is whole. */
static void frame_done(struct conn *c)
{
    c->in_payload = 0;
    if (c->h.type == TCP_BYE) c->bye = 1;
    else tcp_on_frame(c->pe, &c->h, c->pstart);
}

static void head_done(struct conn *c)
{
    c->hgot = 0;
    c->pstart = c->pdst = c->h.type == TCP_BYE ? NULL : tcp_on_head(c->pe, &c->h);
    c->pleft = c->h.len;
    c->in_payload = 1;
    if (c->pleft == 0) frame_done(c);
}

/* Parse the staged bytes. */
static void parse(struct conn *c)
{
    while (c->spos < c->send_) {
        const size_t avail = c->send_ - c->spos;
        if (!c->in_payload) {
            const size_t k = sizeof c->h - c->hgot < avail ? sizeof c->h - c->hgot : avail;
            memcpy((char *)&c->h + c->hgot, c->stage + c->spos, k);
            c->hgot += k, c->spos += k;
            if (c->hgot == sizeof c->h) head_done(c);
        } else {
            const size_t k = c->pleft < avail ? c->pleft : avail;
            if (c->pdst) memcpy(c->pdst, c->stage + c->spos, k), c->pdst += k;
            c->pleft -= k, c->spos += k;
            if (c->pleft == 0) frame_done(c);
        }
    }
}

static void pull(struct conn *c)
{
    for (int rounds = 0; rounds < 64 && !c->eof; rounds++) {
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

int tcp_wire_progress(void)
{
    if (!conns) return 0;
    const int before = moved;
    if (nconns <= EPOLL_FROM) {
        for (int i = 0; i < nconns; i++) {
            if (conns[i]->qhead) push(conns[i]);
            pull(conns[i]);
        }
        return moved - before;
    }
    for (int i = 0; i < nconns; i++)
        if (conns[i]->qhead) push(conns[i]);
    struct epoll_event ev[64];
    const int n = epoll_wait(epfd, ev, 64, 0);
    for (int i = 0; i < n; i++) pull(ev[i].data.ptr);
    return moved - before;
}

/* ---- start and stop ---- */

struct address {
    uint32_t ip; /* network order */
    uint16_t port, pad;
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

static void add_conn(int pe, int fd)
{
    struct conn *c = calloc(1, sizeof *c);
    char *stage = malloc(STAGE);
    if (!c || !stage) shoal_fatal("shmem_init", "the tcp transport: out of memory");
    c->fd = fd, c->pe = pe, c->stage = stage;
    tune(fd);
    conn_of[pe] = conns[nconns++] = c;
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
    if (epfd >= 0 && epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev) != 0)
        shoal_fatal("shmem_init", "the tcp transport: epoll_ctl: %s", strerror(errno));
}

static void send_all(int fd, const void *b, size_t n)
{
    while (n) {
        const ssize_t w = send(fd, b, n, MSG_NOSIGNAL);
        if (w <= 0) shoal_fatal("shmem_init", "the tcp transport: hello: %s", strerror(errno));
        b = (const char *)b + w, n -= (size_t)w;
    }
}

void tcp_wire_start(const int *want)
{
    const int me = shoal_g.me, n = shoal_g.npes;
    conn_of = calloc((size_t)n, sizeof *conn_of);
    conns = calloc((size_t)n, sizeof *conns);
    if (!conn_of || !conns) shoal_fatal("shmem_init", "the tcp transport: out of memory");
    int peers = 0, lower = 0;
    for (int pe = 0; pe < n; pe++) peers += want[pe], lower += want[pe] && pe < me;
    if (peers > EPOLL_FROM && (epfd = epoll_create1(EPOLL_CLOEXEC)) < 0)
        shoal_fatal("shmem_init", "the tcp transport: epoll_create1: %s", strerror(errno));

    struct address mine = {my_ip(), 0, 0}, *all = calloc((size_t)n, sizeof *all);
    const int lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = mine.ip};
    socklen_t len = sizeof sa;
    if (!all || lfd < 0 || bind(lfd, (struct sockaddr *)&sa, sizeof sa) != 0 ||
        listen(lfd, n) != 0 || getsockname(lfd, (struct sockaddr *)&sa, &len) != 0)
        shoal_fatal("shmem_init", "the tcp transport: cannot listen on %s: %s",
                    inet_ntoa(sa.sin_addr), strerror(errno));
    mine.port = sa.sin_port;
    shoal_g.boot->allgather(&mine, all, sizeof mine);

    /* Connect to the higher PEs (the kernel completes it from their listen queue), then take
     * the lower ones' connections: no order of arrival can deadlock. */
    for (int pe = me + 1; pe < n; pe++) {
        if (!want[pe]) continue;
        const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = all[pe].port,
                                 .sin_addr.s_addr = all[pe].ip};
        if (fd < 0 || connect(fd, (struct sockaddr *)&to, sizeof to) != 0)
            shoal_fatal("shmem_init", "the tcp transport: connecting to PE %d at %s:%d failed: "
                        "%s (SHOAL_TCP_IF names the interface to use)", pe,
                        inet_ntoa(to.sin_addr), ntohs(to.sin_port), strerror(errno));
        const uint64_t hello[2] = {HELLO, (uint64_t)me};
        send_all(fd, hello, sizeof hello);
        add_conn(pe, fd);
    }
    for (int k = 0; k < lower; k++) {
        const int fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
        uint64_t hello[2] = {0, 0};
        struct timeval tv = {30, 0};
        if (fd >= 0) setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        if (fd < 0 || recv(fd, hello, sizeof hello, MSG_WAITALL) != (ssize_t)sizeof hello ||
            hello[0] != HELLO || hello[1] >= (uint64_t)me || !want[hello[1]] ||
            conn_of[hello[1]])
            shoal_fatal("shmem_init", "the tcp transport: a connection to this PE did not come "
                        "from a PE of the job: %s", fd < 0 ? strerror(errno) : "bad hello");
        tv.tv_sec = 0;
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        add_conn((int)hello[1], fd);
    }
    close(lfd);
    free(all);
}

void tcp_wire_stop(void)
{
    if (!conns) return;
    const struct tcp_head bye = {.type = TCP_BYE};
    for (int i = 0; i < nconns; i++) tcp_wire_send(conns[i]->pe, &bye, NULL, 0);
    for (int i = 0; i < nconns; i++) {
        struct conn *c = conns[i];
        SHOAL_WAIT_FROM(c->pe, (tcp_wire_progress(), c->bye && !c->qhead));
    }
    for (int i = 0; i < nconns; i++) {
        close(conns[i]->fd);
        free(conns[i]->stage);
        free(conns[i]);
    }
    if (epfd >= 0) close(epfd);
    epfd = -1;
    free(conns);
    free(conn_of);
    conns = conn_of = NULL;
    nconns = 0;
}
