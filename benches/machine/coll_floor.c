/* The floor of each small collective's communication pattern on this machine: the same OSU
 * loop as benches/coll (t0; collective; t += now - t0; barrier, untimed; the mean over the
 * processes and the slowest process), with each collective cut down to the stores and loads
 * its pattern cannot do without. Not an OpenSHMEM program and not a library: N processes
 * (default 2) share one anonymous page set; every message is one cache line {payload,
 * sequence number} written by its sender into a line that only it writes, so no flag is ever
 * reset and nothing is claimed.
 *
 *   coll_floor [-i iters] [-L SEC] [-S SEC] [-n procs] [-u] [-I]   (-u: leave the processes unbound)
 * -I: each row first with the busy processes of SHOAL_BENCH_LOAD_PIDS stopped, printed as a
 * '# idle ' line (load_pause.h).
 *
 * After each row but the barrier (timed as a loop), a "#   calls over 1 ms" line: how many
 * calls lost a time slice to other work and the share of the timed time they hold, in the
 * words of benches/common/bench.h -P, so a collective's row can be set against its pattern's.
 *
 * -L SEC: batches of iters calls are added until a row has run SEC seconds (process 0's clock
 * decides for all), so that beside load a row spans many of the load's time slices: 100000
 * barriers of 0.2 us fit in one slice, and a row that short read 1.15x its idle figure beside a
 * busy process that took half of a process's CPU.
 * -S SEC: barriers for SEC seconds before each row (process 0's clock), as the benchmarks' -S:
 * beside load the kernel gives a group of tasks that slept (these processes, just forked) more
 * than its share of a CPU for about 0.1 s.
 *
 * Rows (8-byte payloads):
 *   barrier        each process stores the round number into its line in every other's inbox,
 *                  then waits for all of its own; called back to back, loop time / calls (as
 *                  benches/coll/shmem_barrier measures); the OSU loops use it between calls
 *   broadcast_8    root 0 stores payload+seq into each receiver's line; receivers wait, copy
 *   reduce_8       each stores its value into its line for each peer; waits for all, sums
 *   fcollect_8     the same exchange, values copied into place
 * A library's collective can approach these but not beat them: they are what the cache
 * coherence protocol costs for that pattern. */
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

#define MAXP 64
#define LINE 64

/* One cache line: a sequence number (0 = nothing yet) and the payload. */
struct msg {
    volatile long seq;
    volatile long value;
    char pad[LINE - 2 * sizeof(long)];
};

/* box[to][from]: the line `from` writes for `to`; bar[to][from] likewise for barriers. */
struct shared {
    struct msg box[MAXP][MAXP];
    struct msg bar[MAXP][MAXP];
    double result[MAXP];
    double long_t[MAXP], timed_t[MAXP]; /* calls over LONG_CALL_S: their time; all calls' */
    long long_n[MAXP], calls;
    long verdict; /* process 0's after each batch: batch << 1 | another one follows */
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void pause_cpu(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static int nproc, me, ncpu_set;
static double floor_sec, settle_sec; /* -L, -S */
static struct shared *sh;
static long bar_round;

static void wait_seq(volatile long *p, long want)
{
    while (__atomic_load_n(p, __ATOMIC_ACQUIRE) < want)
        if (nproc > ncpu_set) sched_yield(); /* oversubscribed: the writer may be behind me */
        else pause_cpu();
}

/* Each process stores the round into its line in every other's inbox, then waits for all
 * of its own (a one-round dissemination barrier: push, one line per sender). */
static void barrier(void)
{
    const long r = ++bar_round;
    for (int d = 1; d < nproc; d++)
        __atomic_store_n(&sh->bar[(me + d) % nproc][me].seq, r, __ATOMIC_RELEASE);
    for (int d = 1; d < nproc; d++) wait_seq(&sh->bar[me][(me + nproc - d) % nproc].seq, r);
}

static long seq;

static void broadcast(void)
{
    ++seq;
    if (me == 0) {
        for (int p = 1; p < nproc; p++) {
            sh->box[p][0].value = 42 + seq;
            __atomic_store_n(&sh->box[p][0].seq, seq, __ATOMIC_RELEASE);
        }
        return;
    }
    wait_seq(&sh->box[me][0].seq, seq);
    volatile long out = sh->box[me][0].value;
    (void)out;
}

/* sum: 1 -> the values are added (reduce), 0 -> copied into place (fcollect). */
static void exchange(int sum)
{
    ++seq;
    long mine = me + seq, acc = 0, all[MAXP];
    for (int d = 1; d < nproc; d++) {
        const int p = (me + d) % nproc;
        sh->box[p][me].value = mine;
        __atomic_store_n(&sh->box[p][me].seq, seq, __ATOMIC_RELEASE);
    }
    for (int d = 1; d < nproc; d++) {
        const int p = (me + nproc - d) % nproc;
        wait_seq(&sh->box[me][p].seq, seq);
        all[p] = sh->box[me][p].value;
    }
    all[me] = mine;
    if (sum)
        for (int p = 0; p < nproc; p++) acc += all[p];
    volatile long out = sum ? acc : all[nproc - 1];
    (void)out;
}

/* After a batch of a phase that started at `start` and lasts at least sec: 1 when another
 * follows. Every process calls it as often, so the verdicts are numbered alike. */
static int another_batch(double start, double sec)
{
    static long batch;
    ++batch;
    if (me == 0) {
        const long more = now() - start < sec;
        __atomic_store_n(&sh->verdict, batch << 1 | more, __ATOMIC_RELEASE);
        return (int)more;
    }
    long v;
    while (((v = __atomic_load_n(&sh->verdict, __ATOMIC_ACQUIRE)) >> 1) != batch)
        if (nproc > ncpu_set) sched_yield();
        else pause_cpu();
    return (int)(v & 1);
}

static void settle(void)
{
    if (settle_sec <= 0) return;
    const double t0 = now();
    do {
        for (int i = 0; i < 1000; i++) barrier();
    } while (another_batch(t0, settle_sec));
}

/* Back-to-back barriers: loop time / calls, in us. */
static double barriers(long iters)
{
    for (long i = 0; i < iters / 10 + 1; i++) barrier();
    const double t0 = now();
    long calls = 0;
    for (;;) {
        for (long i = 0; i < iters; i++) barrier();
        calls += iters;
        if (!another_batch(t0, floor_sec)) break;
    }
    return (now() - t0) * 1e6 / (double)calls;
}

/* The OSU loop over one pattern; this process's mean time per call, in us. */
static double osu(void (*op)(int), int arg, long iters)
{
    for (long i = 0; i < iters / 10 + 1; i++) {
        op(arg);
        barrier();
    }
    const double start = now();
    double t = 0;
    long calls = 0;
    for (;;) {
        for (long i = 0; i < iters; i++) {
            double t0 = now();
            op(arg);
            const double dt = now() - t0;
            t += dt;
            if (dt > LONG_CALL_S) {
                sh->long_n[me]++;
                sh->long_t[me] += dt;
            }
            barrier();
        }
        calls += iters;
        if (!another_batch(start, floor_sec)) break;
    }
    sh->timed_t[me] = t;
    if (me == 0) sh->calls = calls;
    return t * 1e6 / (double)calls;
}

static void op_bcast(int a) { (void)a; broadcast(); }
static void op_exchange(int a) { exchange(a); }

int main(int argc, char **argv)
{
    long iters = 100000;
    int bind = 1, idle_pass = 0;
    nproc = 2;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-i") && a + 1 < argc) iters = atol(argv[++a]);
        else if (!strcmp(argv[a], "-L") && a + 1 < argc) {
            char *end;
            floor_sec = strtod(argv[++a], &end);
            if (end == argv[a] || *end) floor_sec = -1; /* rejected below */
        } else if (!strcmp(argv[a], "-S") && a + 1 < argc) {
            char *end;
            settle_sec = strtod(argv[++a], &end);
            if (end == argv[a] || *end) settle_sec = -1;
        }
        else if (!strcmp(argv[a], "-n") && a + 1 < argc) nproc = atoi(argv[++a]);
        else if (!strcmp(argv[a], "-u")) bind = 0;
        else if (!strcmp(argv[a], "-I")) idle_pass = 1;
        else {
            fprintf(stderr, "usage: %s [-i iters] [-L SEC] [-S SEC] [-n procs] [-u] [-I]\n", argv[0]);
            return 2;
        }
    }
    if (iters < 1 || nproc < 2 || nproc > MAXP || !(floor_sec >= 0 && floor_sec <= 3600) ||
        !(settle_sec >= 0 && settle_sec <= 60)) {
        fprintf(stderr, "%s: need iters >= 1, 2 <= procs <= %d, 0 <= -L SEC <= 3600 and 0 <= -S SEC <= 60\n", argv[0],
                MAXP);
        return 2;
    }
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    ncpu_set = CPU_COUNT(&set);
    int cpus[CPU_SETSIZE], n = 0;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set)) cpus[n++] = c;
    sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    struct {
        const char *name;
        void (*op)(int);
        int arg;
    } rows[] = {{"barrier", NULL, 0}, {"broadcast_8", op_bcast, 0},
                {"reduce_8", op_exchange, 1}, {"fcollect_8", op_exchange, 0}};
    printf("# coll_floor: the bare communication pattern of each small collective, %d processes"
           " (%s), OSU loop, mean over processes\n", nproc, bind ? "bound round-robin" : "unbound");
    printf("# Operation                     Latency(us)      Slowest(us)\n");
    fflush(stdout);
    const int passes = idle_pass && load_pause_signal(0) > 0 ? 2 : 1;
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
    for (int pass = passes - 1; pass >= 0; pass--) {
        if (pass) load_pause_signal(SIGSTOP);
        memset(sh, 0, sizeof *sh);
        for (me = 0; me < nproc; me++) {
            pid_t pid = fork();
            if (pid < 0) {
                perror("fork");
                return 1;
            }
            if (pid > 0) continue;
            if (bind) {
                cpu_set_t one;
                CPU_ZERO(&one);
                CPU_SET(cpus[me % n], &one);
                sched_setaffinity(0, sizeof one, &one);
            }
            bar_round = seq = 0;
            settle();
            sh->result[me] = rows[r].op ? osu(rows[r].op, rows[r].arg, iters) : barriers(iters);
            _exit(0);
        }
        for (int p = 0; p < nproc; p++) wait(NULL);
        if (pass) load_pause_signal(SIGCONT);
        double sum = 0, mx = 0;
        for (int p = 0; p < nproc; p++) {
            sum += sh->result[p];
            if (sh->result[p] > mx) mx = sh->result[p];
        }
        printf("%s%-28s %16.3f %16.3f\n", pass ? "# idle " : "", rows[r].name, sum / nproc, mx);
        if (!pass && rows[r].op) /* the line of benches/common/bench.h -P */
            long_calls_print_procs(sh->long_n, sh->long_t, sh->timed_t, nproc, sh->calls);
        fflush(stdout);
    }
    return 0;
}
