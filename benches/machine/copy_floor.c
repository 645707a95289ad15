/* The floor of each large collective on this machine: its bare copies. Not an OpenSHMEM
 * program and not a library: N processes (default 2) share one anonymous mapping that holds
 * every process's source and dest (as a symmetric heap does); each collective is cut down to
 * the copies it cannot do without, in the same OSU loop as benches/coll (t0; collective;
 * t += now - t0; barrier, untimed), the flags of coll_floor.c around them. A library's
 * collective of the same size can approach these but not beat them.
 *
 *   copy_floor [-s SIZE] [-i iters] [-L SEC] [-n procs] [-t] [-I]   (-t: non-temporal stores, x86-64)
 *
 * After each row but the ping-pong, a "#   calls over 1 ms" line: how many calls lost a time
 * slice to other work and the share of the timed time they hold (benches/common/bench.h -P).
 *
 * -L SEC: a time floor, as the benchmarks' -L: batches of iters calls are added until a row's
 * timed window lasts SEC; beside busy processes a window shorter than a time slice says only
 * whether a slice fell in it, a window of many slices gives the rate the copies get there.
 * -I: each row first with the busy processes of SHOAL_BENCH_LOAD_PIDS stopped, printed as a
 * '# idle ' line (load_pause.h).
 *
 * Rows (SIZE bytes as benches/coll counts them), mean over processes and slowest process:
 *   broadcast   every process but 0 copies process 0's source into its dest (N-1 copies)
 *   fcollect    every process copies its SIZE block into every dest (N x N copies)
 *   alltoall    every process copies block j of its source into process j's dest (N x N)
 *   reduce      every process sums share p of the N sources (longs) and writes it into every
 *               dest: each reads N x SIZE/N and writes N x SIZE/N
 *   pingpong    process i copies SIZE into the dest of i + N/2 and raises a flag there, which
 *               copies it back the same way (benches/pt2pt/shmem_pingpong's pattern): one way,
 *               half a round trip, timed over a batch with no barrier between calls as there
 *               (with an odd N the last process sits out)
 * Processes are bound round-robin to the CPUs; with more processes than CPUs a wait yields. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/load_pause.h"
#include "../common/long_calls.h"
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

#define MAXP 64

struct flags {
    volatile long bar[MAXP][MAXP][8]; /* [to][from]: one cache line each */
    volatile long post[MAXP][8];      /* the broadcast root's round, one line per receiver */
    volatile long done[MAXP][8];      /* each receiver's round done, read by the root */
    volatile long ping[MAXP][8];      /* the round each ping-pong side last got */
    volatile long more;               /* process 0's word after a batch: add another */
    long calls;
    double mean[MAXP], slow[MAXP];
    double long_t[MAXP], timed_t[MAXP]; /* calls over LONG_CALL_S: their time; all calls' */
    long long_n[MAXP];
};

static int nproc, me, over, nt;
static struct flags *fl;
static char *heap;   /* nproc regions: src (nproc * size), dest (nproc * size) */
static size_t size;
static long bar_round, seq;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void wait_for(volatile long *p, long want)
{
    while (__atomic_load_n(p, __ATOMIC_ACQUIRE) < want)
        if (over) sched_yield();
#if defined(__x86_64__)
        else __builtin_ia32_pause();
#endif
}

static void barrier(void)
{
    const long r = ++bar_round;
    for (int d = 1; d < nproc; d++) __atomic_store_n(&fl->bar[(me + d) % nproc][me][0], r, __ATOMIC_RELEASE);
    for (int d = 1; d < nproc; d++) wait_for(&fl->bar[me][(me + nproc - d) % nproc][0], r);
}

static char *src_of(int p) { return heap + (size_t)p * 2 * nproc * size; }
static char *dst_of(int p) { return src_of(p) + (size_t)nproc * size; }

static void copy(void *d, const void *s, size_t n)
{
#if defined(__x86_64__)
    if (nt && n >= 64 && ((uintptr_t)d & 15) == 0) {
        char *dp = d;
        const char *sp = s;
        for (; n >= 64; n -= 64, dp += 64, sp += 64) {
            _mm_stream_si128((__m128i *)dp, _mm_loadu_si128((const __m128i *)sp));
            _mm_stream_si128((__m128i *)(dp + 16), _mm_loadu_si128((const __m128i *)(sp + 16)));
            _mm_stream_si128((__m128i *)(dp + 32), _mm_loadu_si128((const __m128i *)(sp + 32)));
            _mm_stream_si128((__m128i *)(dp + 48), _mm_loadu_si128((const __m128i *)(sp + 48)));
        }
        memcpy(dp, sp, n);
        _mm_sfence();
        return;
    }
#endif
    memcpy(d, s, n);
}

static void broadcast(void)
{
    ++seq;
    if (me == 0) {
        for (int p = 1; p < nproc; p++) __atomic_store_n(&fl->post[p][0], seq, __ATOMIC_RELEASE);
        for (int p = 1; p < nproc; p++) wait_for(&fl->done[p][0], seq);
        return;
    }
    wait_for(&fl->post[me][0], seq);
    copy(dst_of(me), src_of(0), size);
    __atomic_store_n(&fl->done[me][0], seq, __ATOMIC_RELEASE);
}

/* fcollect (block: my source's first SIZE bytes) and alltoall (block j for process j). */
static void exchange(int all)
{
    for (int d = 0; d < nproc; d++) {
        const int p = (me + d) % nproc;
        copy(dst_of(p) + (size_t)me * size, src_of(me) + (all ? (size_t)p * size : 0), size);
    }
}

static void reduce(void)
{
    const size_t n = size / sizeof(long), lo = n * (size_t)me / (size_t)nproc,
                 hi = n * (size_t)(me + 1) / (size_t)nproc;
    long acc[1024];
    for (size_t e0 = lo; e0 < hi; e0 += 1024) {
        const size_t cnt = hi - e0 < 1024 ? hi - e0 : 1024;
        memcpy(acc, (long *)src_of(0) + e0, cnt * sizeof(long));
        for (int p = 1; p < nproc; p++) {
            const long *s = (const long *)src_of(p) + e0;
            for (size_t i = 0; i < cnt; i++) acc[i] += s[i];
        }
        for (int p = 0; p < nproc; p++) copy((long *)dst_of(p) + e0, acc, cnt * sizeof(long));
    }
}

static void pingpong(void)
{
    const int half = nproc / 2, peer = me < half ? me + half : me - half;
    ++seq;
    if (me >= 2 * half) return;
    if (me >= half) wait_for(&fl->ping[me][0], seq);
    copy(dst_of(peer), src_of(me), size);
    __atomic_store_n(&fl->ping[peer][0], seq, __ATOMIC_RELEASE);
    if (me < half) wait_for(&fl->ping[me][0], seq);
}

enum { PINGPONG = 4, ROWS };

static void op(int row)
{
    switch (row) {
    case 0: broadcast(); break;
    case 1: exchange(0); barrier(); break; /* complete once every block has arrived */
    case 2: exchange(1); barrier(); break;
    case 3: barrier(); reduce(); barrier(); break;
    default: pingpong(); break;
    }
}

int main(int argc, char **argv)
{
    long iters = 0;
    double floor_sec = 0;
    int idle_pass = 0;
    size = 1 << 20;
    nproc = 2;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-i") && a + 1 < argc) iters = atol(argv[++a]);
        else if (!strcmp(argv[a], "-L") && a + 1 < argc) floor_sec = atof(argv[++a]);
        else if (!strcmp(argv[a], "-n") && a + 1 < argc) nproc = atoi(argv[++a]);
        else if (!strcmp(argv[a], "-s") && a + 1 < argc) {
            char *end;
            size = strtoull(argv[++a], &end, 10);
            if (*end == 'K' || *end == 'k') size <<= 10;
            else if (*end == 'M' || *end == 'm') size <<= 20;
        } else if (!strcmp(argv[a], "-t")) nt = 1;
        else if (!strcmp(argv[a], "-I")) idle_pass = 1;
        else {
            fprintf(stderr, "usage: %s [-s SIZE] [-i iters] [-L SEC] [-n procs] [-t] [-I]\n", argv[0]);
            return 2;
        }
    }
    size = (size + 63) & ~(size_t)63;
    if (nproc < 2 || nproc > MAXP || size == 0 || floor_sec < 0 || floor_sec > 60) {
        fprintf(stderr, "%s: need 2 <= procs <= %d, a size and 0 <= SEC <= 60\n", argv[0], MAXP);
        return 2;
    }
    if (iters <= 0) iters = size >= (1 << 20) ? 20 : 200;
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    int cpus[CPU_SETSIZE], ncpu = 0;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set)) cpus[ncpu++] = c;
    over = nproc > ncpu;
    fl = mmap(NULL, sizeof *fl, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    heap = mmap(NULL, (size_t)nproc * 2 * nproc * size, PROT_READ | PROT_WRITE,
                MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (fl == MAP_FAILED || heap == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    memset(heap, 1, (size_t)nproc * 2 * nproc * size);
    static const char *const names[ROWS] = {"broadcast", "fcollect", "alltoall", "reduce", "pingpong"};
    printf("# copy_floor: the bare copies of each large collective, %d processes, %zu bytes, %s"
           " stores, OSU loop\n", nproc, size, nt ? "non-temporal" : "ordinary");
    printf("# Operation  Latency(us)  Slowest(us)      calls\n");
    fflush(stdout);
    const int passes = idle_pass && load_pause_signal(0) > 0 ? 2 : 1;
    for (int row = 0; row < ROWS; row++)
    for (int pass = passes - 1; pass >= 0; pass--) {
        if (pass) load_pause_signal(SIGSTOP);
        memset(fl, 0, sizeof *fl);
        for (me = 0; me < nproc; me++) {
            pid_t pid = fork();
            if (pid < 0) {
                perror("fork");
                return 1;
            }
            if (pid > 0) continue;
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cpus[me % ncpu], &one);
            sched_setaffinity(0, sizeof one, &one);
            bar_round = seq = 0;
            for (long i = 0; i < iters / 10 + 1; i++) {
                op(row);
                barrier();
            }
            double t = 0;
            const double start = now();
            long calls = 0;
            do { /* the barrier ending a batch orders process 0's word before every read */
                if (row == PINGPONG) { /* the whole batch, as the ping-pong benchmark times it */
                    const double t0 = now();
                    for (long i = 0; i < iters; i++) op(row);
                    t += now() - t0;
                    barrier();
                } else {
                    for (long i = 0; i < iters; i++) {
                        double t0 = now();
                        op(row);
                        const double dt = now() - t0;
                        t += dt;
                        if (dt > LONG_CALL_S) {
                            fl->long_n[me]++;
                            fl->long_t[me] += dt;
                        }
                        barrier();
                    }
                }
                calls += iters;
                if (me == 0) fl->more = now() - start < floor_sec;
                barrier();
            } while (fl->more);
            fl->mean[me] = t * 1e6 / (double)calls / (row == PINGPONG ? 2 : 1);
            fl->timed_t[me] = t;
            if (me == 0) fl->calls = calls;
            _exit(0);
        }
        for (int p = 0; p < nproc; p++) wait(NULL);
        if (pass) load_pause_signal(SIGCONT);
        double sum = 0, mx = 0;
        const int timed = row == PINGPONG ? nproc / 2 * 2 : nproc;
        for (int p = 0; p < timed; p++) {
            sum += fl->mean[p];
            if (fl->mean[p] > mx) mx = fl->mean[p];
        }
        printf("%s%-12s %12.3f %12.3f %10ld\n", pass ? "# idle " : "", names[row], sum / timed, mx, fl->calls);
        if (!pass && row != PINGPONG) /* the line of benches/common/bench.h -P */
            long_calls_print_procs(fl->long_n, fl->long_t, fl->timed_t, nproc, fl->calls);
        fflush(stdout);
    }
    return 0;
}
