/* Oversubscribed waits under unrelated load. With more PEs than cores a wait for a core-mate
 * yields, which hands the core to that PE when only PEs are runnable. When other processes
 * are runnable too (a build, a busy loop) a yield may give the core to one of them for a whole
 * time slice, over and over (a 4-PE barrier on 2 cores went from 6 us to milliseconds). So a
 * wait whose yield gave the core away for long sleeps from then on: it leaves the run queue to
 * the PEs with work, and a sleeper that is woken runs soon (with the short slices of
 * sync/timeslice.c). For a collective's wait, long is 30 us; for the others, which nap unless
 * the CPU is known held, a slice (1 ms): a shorter yield may have run a core-mate's work,
 * which a napping wait would leave late (shoal_yield). A wait does not sleep before it has
 * seen such a yield: sleeping whenever the node had other runnable work (read from
 * /proc/loadavg) slept on cores the load was not on, and a 4-PE barrier beside one busy
 * process took 55-160 us instead of 60 (beside two, 85-100 instead of 60-68;
 * benches/RESULTS.md). Sleeping on a quiet machine would cost more
 * than yielding: an idle virtual CPU wakes slowly.
 *
 * Where the writer is known to ring (the collectives engine rings the PE it signalled), the
 * wait sleeps on its PE's doorbell, a futex word in symmetric memory, and the ring wakes it;
 * a timeout bounds the cost of a store that rang nobody (20 ms). Such a wait publishes what
 * it waits for (doorbell writer): the PE whose store it awaits, or the count its counter must
 * reach, and a ring that cannot be that wakes nobody. A flat collective awaits its senders
 * one by one, and each other sender's ring woke the sleeper only to find its sender's slot
 * still empty: at 8 PEs told to sleep a barrier slept 2.3-3.0 times per PE and call, 1.3-1.5
 * since (tests/runtime/wait_rung_writer.c counts them). On a CPU held by other
 * processes (sync/avoid_busy.c) wait_until and the signal waits sleep there too: every store
 * through the API into what such a wait watches rings its PE (path/path.h), so a 4-PE
 * ping-pong beside 2 busy processes took 7-14 us a way, where naps of 1-64 us took 32-98; a
 * store through a shmem_ptr pointer rings nobody, so their sleeps are short (50 us, doubling
 * to 1.6 ms). Other waits (locks, on a word of another PE) nap 1 to 64 us.
 *
 * An off-node transport is progressed only by a PE awake, and a remote PE may wait on this one
 * (a get, an atomic, a message). So while one is in use a sleeper does not sleep in the futex
 * but in poll() on the transport's wake fd (readable when something came) and on its bell
 * socket, an abstract Unix datagram socket whose name is in its doorbell: a ring that finds
 * the sleeper polling also sends it a byte there. Whatever comes wakes it, with no step of a
 * timeout. A transport without a wake fd (mpi) keeps a 200 us timeout instead.
 * The same wake fd serves a PE with a CPU of its own that shares it with a busy process:
 * after one of its yields lost a time slice, its waits for off-node PEs sleep there instead of
 * yielding, for 100 ms (shoal_spin_yield).
 * SHOAL_WAIT_SLEEP=1 takes the sleeping path from the first yield on, so tests cover it on a
 * quiet machine. */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <poll.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <shmem.h>

#include "core/clock.h"
#include "core/error.h"
#include "core/remote.h"
#include "core/transport_ops.h"
#include "sync/doorbell.h"
#include "sync/relax.h"
#include "sync/wait_stats.h"

/* A yield that kept the core away this long means someone else ran: a core-mate that
 * computes, or another process's slice ... */
#define SLOW_YIELD_NS 30000L
/* ... and one this long, a slice of a process that does not yield (a PE that serves this one
 * yields back within microseconds, one that computes within its slice). */
#define SLICE_LOST_NS 1000000L
/* What a wait spins instead of a yield while the PEs crowd beside load (shoal_yield). */
#define CROWD_SPIN_NS 20000L
#define BELL_TIMEOUT_NS 20000000L
#define BELL_TIMEOUT_REMOTE_NS 200000L
#define BELL_STORE_FIRST_NS 50000L

int shoal_bells_on;
static struct shoal_doorbell *mine;
static int bell_sock = -1; /* this PE's bell socket: receives rings, sends them */
/* SHOAL_WAIT_SLEEP=1: as if every yield were slow; and a wait that sleeps a whole second
 * without a ring stops the job, so that a signal that forgets to ring fails the tests. */
static int always_sleep;

void shoal_doorbell_check_env(void)
{
    const char *s = getenv("SHOAL_WAIT_SLEEP");
    always_sleep = 0;
    if (!s || !*s || !strcmp(s, "0")) return;
    if (strcmp(s, "1")) shoal_fatal("shmem_init", "SHOAL_WAIT_SLEEP=%s is not 0 or 1", s);
    always_sleep = 1;
}

/* The bell socket, where an off-node transport can wake a sleeper (its wake fd): bound to an
 * abstract name the kernel picks, unique on the node, written into this PE's doorbell for the
 * PEs that ring it. Without one this PE's sleepers use the futex and its timeout. */
static void bell_socket_open(void)
{
    if (!shoal_g.remote || !shoal_g.remote->wake_fd) return;
    const int s = socket(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    socklen_t len = sizeof a;
    const size_t at = offsetof(struct sockaddr_un, sun_path);
    if (s < 0) return;
    if (bind(s, (struct sockaddr *)&a, sizeof(sa_family_t)) != 0 || /* autobind */
        getsockname(s, (struct sockaddr *)&a, &len) != 0 || len <= at ||
        len - at > sizeof mine->name) {
        close(s);
        return;
    }
    mine->name_len = (uint8_t)(len - at);
    memcpy(mine->name, a.sun_path, mine->name_len);
    bell_sock = s;
}

/* The doorbell of a peer that none rings (PEs do not share CPUs, or not mapped): no sleeper
 * ever, so a store's test of it needs no test of the pointer first. */
struct shoal_doorbell shoal_no_bell;

void shoal_doorbell_init(struct shoal_doorbell *own)
{
    mine = own; /* every PE: symmetric */
    for (int pe = 0; pe < shoal_g.npes; pe++) {
        struct shoal_doorbell *d = shoal_g.oversubscribed ? shoal_addr_on(mine, pe) : NULL;
        shoal_g.peers[pe].bell = d != NULL ? d : &shoal_no_bell;
    }
    if (!shoal_g.oversubscribed) return;
    shoal_bells_on = 1;
    bell_socket_open();
}

void shoal_doorbell_fini(void)
{
    shoal_bells_on = 0;
    if (bell_sock >= 0) close(bell_sock);
    bell_sock = -1;
}

void shoal_doorbell_wake(struct shoal_doorbell *d)
{
    /* seq before polling, as the sleeper has polling before seq: one of us sees the other. */
    __atomic_fetch_add(&d->seq, 1, __ATOMIC_SEQ_CST);
    syscall(SYS_futex, &d->seq, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
    if (__atomic_load_n(&d->polling, __ATOMIC_SEQ_CST) && bell_sock >= 0) {
        struct sockaddr_un a = {.sun_family = AF_UNIX};
        const size_t n = d->name_len < sizeof d->name ? d->name_len : sizeof d->name;
        memcpy(a.sun_path, d->name, n);
        (void)sendto(bell_sock, "", 1, MSG_DONTWAIT | MSG_NOSIGNAL, (struct sockaddr *)&a,
                     (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n));
    }
}

/* Sleep in poll() on the transport's wake fd and the bell socket, unless a ring came since
 * b->seq was read; 0 when the timeout passed with nothing. */
static int poll_sleep(const struct shoal_backoff *b, int wake_fd, const struct timespec *ts)
{
    int rc = 1;
    __atomic_fetch_add(&mine->polling, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&mine->seq, __ATOMIC_SEQ_CST) == b->seq) {
        struct pollfd p[2] = {{.fd = wake_fd, .events = POLLIN},
                              {.fd = bell_sock, .events = POLLIN}};
        rc = ppoll(p, 2, ts, NULL);
        char drop[16];
        if (rc > 0 && (p[1].revents & POLLIN))
            while (recv(bell_sock, drop, sizeof drop, MSG_DONTWAIT) > 0) continue;
    }
    __atomic_fetch_sub(&mine->polling, 1, __ATOMIC_RELAXED);
    return rc != 0;
}

void shoal_yield(struct shoal_backoff *b, int crowd)
{
    if (always_sleep) {
        b->loaded = b->n;
        return;
    }
    const long t0 = shoal_now_ns();
    SHOAL_WAIT_COUNT(yields);
    if (crowd == 2) {
        /* The PEs crowd on a CPU that the load has not left yet (sync/avoid_busy.c): a yield
         * would hand it the CPU, and the kernel moves only a process that waits in a run
         * queue (4 PEs beside 2 busy processes, 5 runs each: yielding here, or sleeping, the load
         * stayed in all 5 and the PEs were dealt back, ping-pong 17-31 us a hop; spinning, it left
         * 0.11-0.31 s after init in all 5, 3.4-4.4 us after). Meanwhile each hand-off waits
         * for the spinner's slice to end (sync/timeslice.c): 54 us a hop. Counted as a yield. */
        while (shoal_now_ns() - t0 < CROWD_SPIN_NS) shoal_cpu_relax();
        return;
    }
    sched_yield();
    const long dt = shoal_now_ns() - t0;
    if (dt > SLOW_YIELD_NS) {
        SHOAL_WAIT_COUNT(slow_yields);
        /* Under SLICE_LOST_NS the CPU may have gone to core-mates' work (a PE's slice is
         * 100 us: sync/timeslice.c), not to unrelated load. A collective's wait sleeps all
         * the same: its writer's ring wakes it at once, and it leaves the CPU to them. Any
         * other wait would nap, and a nap on a CPU its mates keep busy ends late: it yields
         * on (a ping-pong of 1 MiB, 4 PEs on one CPU: 82-160 us a way napping, 48-52). */
        if ((b->bell == SHOAL_BELL_ENGINE || dt > SLICE_LOST_NS) && !crowd) b->loaded = b->n;
    }
}

/* For so long after such a yield, waits for an off-node writer do not yield (shoal_spin_yield). */
#define SLICE_LOST_MEMORY_NS 100000000L
/* ... but spin through their first polls (a reply within tens of us costs no wake-up) ... */
#define SLICE_LOST_SPIN 64u
/* ... and then sleep on the transport's wake fd for at most this long. */
#define FRAME_SLEEP_NS 500000L
static long slice_lost_until; /* CLOCK_MONOTONIC ns; relaxed: any thread's verdict will do */

/* Whether b's writer is off-node, so that what it writes comes as a frame. An unknown writer
 * (wait_until, signal waits) is where no other PE shares memory with this one and no other
 * thread of this PE may store. */
static int writer_off_node(const struct shoal_backoff *b)
{
    if (b->pe >= 0) return shoal_g.peers[b->pe].ops == shoal_g.remote;
    return shoal_g.n_shared_pes == 1 && shoal_g.thread_level != SHMEM_THREAD_MULTIPLE;
}

int shoal_spin_yield(const struct shoal_backoff *b)
{
    const long t0 = shoal_now_ns();
    /* A wait for an off-node PE's frame beside a process that takes the CPU for a slice at
     * each yield (two hosts of one PE each, a busy process beside one: a fetch-add 2800 us
     * against Open MPI's 24) sleeps in poll() on the transport's wake fd instead: the frame
     * wakes it, and the CPU goes to that process only while nothing is expected. The verdict
     * holds across waits, or each wait would lose a slice at its first yield. Waits for a PE
     * of this node (or maybe for one) still yield: its stores make no frame, and a poll would
     * sleep through them. */
    if (t0 < __atomic_load_n(&slice_lost_until, __ATOMIC_RELAXED) && shoal_g.remote->wake_fd &&
        writer_off_node(b)) {
        if (b->n < SLICE_LOST_SPIN) return 0;
        const int fd = shoal_g.remote->wake_fd(); /* -1: bytes to write, progress must run */
        if (fd >= 0) {
            struct timespec ts = {0, FRAME_SLEEP_NS};
            struct pollfd p = {.fd = fd, .events = POLLIN};
            SHOAL_WAIT_COUNT(naps);
            (void)ppoll(&p, 1, &ts, NULL);
            return 0;
        }
    }
    SHOAL_WAIT_COUNT(yields);
    sched_yield();
    const long t1 = shoal_now_ns();
    if (t1 - t0 > SLICE_LOST_NS)
        __atomic_store_n(&slice_lost_until, t1 + SLICE_LOST_MEMORY_NS, __ATOMIC_RELAXED);
    if (t1 - t0 <= SLOW_YIELD_NS) return 0;
    SHOAL_WAIT_COUNT(slow_yields);
    return 1;
}

/* What this PE's sleepers wait for, published before each arms: the store sleepers' range
 * (doorbell watch), the engine sleepers' writer (doorbell writer). The first sleeper's; with
 * two or more, anything (ANY). One left by a sleeper that went is harmless: the last one to
 * go clears it, and one that arms meanwhile widens it (ANY), or finds it cleared and sets its
 * own. NONE (cleared) rings for anything too. The macros serve both words (64 and 32 bits). */
#define WATCH_ADD(word, w, none, any)                                                            \
    do {                                                                                         \
        __typeof__(*(word)) cur_ = __atomic_load_n((word), __ATOMIC_RELAXED);                    \
        for (;;) {                                                                               \
            const __typeof__(cur_) want_ = cur_ == (none) ? (w) : (any);                         \
            if (cur_ == want_ || __atomic_compare_exchange_n((word), &cur_, want_, 0,            \
                                                             __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) \
                break;                                                                           \
        }                                                                                        \
    } while (0)
/* Only if no sleeper armed since (one that did changed it, or counts again) */
#define WATCH_CLEAR(word, sleepers, none)                                                        \
    do {                                                                                         \
        __typeof__(*(word)) cur_ = __atomic_load_n((word), __ATOMIC_RELAXED);                    \
        if (__atomic_load_n((sleepers), __ATOMIC_SEQ_CST) == 0)                                  \
            __atomic_compare_exchange_n((word), &cur_, (none), 0, __ATOMIC_SEQ_CST,              \
                                        __ATOMIC_RELAXED);                                       \
    } while (0)

/* What an engine wait publishes: on a counter, its count; else its writer where that one
 * rings as itself (a peer of this node whose doorbell is mapped); else any ring. */
static uint32_t writer_of(const struct shoal_backoff *b)
{
    if (b->need > 0 && b->need < (long)SHOAL_WRITER_COUNT)
        return SHOAL_WRITER_COUNT | (uint32_t)b->need;
    if (b->pe < 0 || b->pe == shoal_g.me || shoal_bell(b->pe) == NULL) return SHOAL_WRITER_ANY;
    return (uint32_t)b->pe + 1;
}

void shoal_ring_store_slow(struct shoal_doorbell *d, const void *addr, size_t len)
{
    const uint64_t w = __atomic_load_n(&d->watch, __ATOMIC_ACQUIRE);
    if (w != SHOAL_WATCH_NONE && w != SHOAL_WATCH_ANY) {
        size_t off;
        const int seg = shoal_seg_user(addr, len ? len : 1, &off);
        const size_t woff = (size_t)(w >> 22) & ((1ull << 40) - 1);
        const size_t wlen = (size_t)(w & ((1u << 22) - 1));
        if (seg >= 0 && ((int)(w >> 62) - 1 != seg || off + len <= woff || woff + wlen <= off))
            return; /* not what it waits on */
    }
    if (__atomic_exchange_n(&d->rung, 1, __ATOMIC_SEQ_CST) == 0) shoal_doorbell_wake(d);
}

void shoal_sleep(struct shoal_backoff *b, int held)
{
    /* A wait_until or signal wait sleeps on the doorbell where the CPU is held by other
     * processes (sync/avoid_busy.c); after a slow yield elsewhere it naps, as the PE it waits
     * for shares a CPU with PEs alone: a ring costs that writer a syscall for each store (4 PEs
     * on one CPU, a ping-pong of 1-8 KiB 4.3 us a way against 2.1-3.5 napping). Once armed it
     * stays so: a ring must find it. */
    const int on_bell = b->bell == SHOAL_BELL_ENGINE ||
                        (b->bell == SHOAL_BELL_STORE &&
                         (b->armed || always_sleep || held));
    if (on_bell && shoal_bells_on) {
        /* First call: announce the sleeper and return, so the caller checks its condition
         * once more; a ring after that check finds the sleeper (shoal_ring's fence). Later
         * calls sleep until rung or timed out. */
        if (!b->armed) {
            if (b->bell == SHOAL_BELL_STORE) {
                WATCH_ADD(&mine->watch, b->watch, SHOAL_WATCH_NONE, SHOAL_WATCH_ANY);
                __atomic_fetch_add(&mine->store_sleepers, 1, __ATOMIC_SEQ_CST);
            } else {
                WATCH_ADD(&mine->writer, writer_of(b), SHOAL_WRITER_NONE, SHOAL_WRITER_ANY);
                __atomic_fetch_add(&mine->sleepers, 1, __ATOMIC_SEQ_CST);
            }
            b->armed = 1;
        } else {
            /* An off-node transport whose traffic cannot wake the sleeper (no wake fd, or
             * frames to write) is progressed only by waking often. Else only a missing ring
             * needs the timeout; a short one woke sleepers under load for nothing (4-PE
             * barrier beside 2 busy loops 55 -> 30 us with 20 ms instead of 200 us). */
            const int wake_fd = bell_sock >= 0 ? shoal_g.remote->wake_fd() : -1;
            long tmo = shoal_g.remote && wake_fd < 0 ? BELL_TIMEOUT_REMOTE_NS : BELL_TIMEOUT_NS;
            int may_miss = 0; /* this sleep may miss a ring, and so may time out */
            if (b->bell == SHOAL_BELL_STORE) {
                /* A store's ring has no fence (shoal_ring_store): one issued as this wait
                 * armed may read no sleeper and still be in its CPU's store buffer when the
                 * condition was checked. The first sleep is short and finds it. A store
                 * through a shmem_ptr pointer rings nobody: sleeps of 50 us, doubling to
                 * 1.6 ms, find it within the time the wait had taken. */
                const unsigned k = b->slept < 5 ? b->slept : 5;
                if (BELL_STORE_FIRST_NS << k < tmo) tmo = BELL_STORE_FIRST_NS << k;
                may_miss = b->slept == 0;
            }
            b->slept++;
            /* An off-node transport without a wake fd now is progressed by waking: its short
             * timeout stays. With one, a store from off-node rings nobody here but its frame
             * makes the wake fd readable, so the poll cannot miss it. */
            if (shoal_g.remote && wake_fd < 0) may_miss = 1;
            struct timespec ts = {0, tmo};
            if (always_sleep && !may_miss) ts = (struct timespec){1, 0};
            SHOAL_WAIT_COUNT(sleeps);
            long rc;
            int err;
            if (wake_fd >= 0) {
                rc = poll_sleep(b, wake_fd, &ts) ? 0 : -1;
                err = ETIMEDOUT;
            } else {
                rc = syscall(SYS_futex, &mine->seq, FUTEX_WAIT, b->seq, &ts, NULL, 0);
                err = errno;
            }
            if (rc != 0 && err == ETIMEDOUT && always_sleep && !may_miss)
                shoal_fatal(shoal_wait_routine_now(),
                            "SHOAL_WAIT_SLEEP=1: a wait slept 1 s and no store rang its doorbell "
                            "(a store through shmem_ptr, or one that forgets shoal_ring?)");
        }
        /* A store's ring is taken: the next store rings again (shoal_ring_store). */
        if (b->bell == SHOAL_BELL_STORE) __atomic_exchange_n(&mine->rung, 0, __ATOMIC_SEQ_CST);
        b->seq = __atomic_load_n(&mine->seq, __ATOMIC_ACQUIRE);
        return;
    }
    const unsigned k = (b->n - b->loaded) / 4;
    struct timespec ts = {0, 1000L << (k < 6 ? k : 6)};
    SHOAL_WAIT_COUNT(naps);
    nanosleep(&ts, NULL);
}

void shoal_bell_done(struct shoal_backoff *b)
{
    if (b->bell == SHOAL_BELL_STORE) {
        if (__atomic_sub_fetch(&mine->store_sleepers, 1, __ATOMIC_SEQ_CST) == 0)
            WATCH_CLEAR(&mine->watch, &mine->store_sleepers, SHOAL_WATCH_NONE);
    } else {
        if (__atomic_sub_fetch(&mine->sleepers, 1, __ATOMIC_SEQ_CST) == 0)
            WATCH_CLEAR(&mine->writer, &mine->sleepers, SHOAL_WRITER_NONE);
    }
    b->armed = 0;
}
