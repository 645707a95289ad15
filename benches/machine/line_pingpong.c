/* The floor of every small collective between PEs of one node: how long a cache line takes to
 * go from one core to another and back. Not an OpenSHMEM program: two processes share one
 * line of an anonymous MAP_SHARED page and pass a counter back and forth (each waits for its
 * parity, then stores the next value). One round trip = two line transfers: the writer must
 * own the line (it comes from the other core), then the reader pulls it back.
 *
 *   line_pingpong [-i iters] [-s bytes] [-I]
 *
 * Rows: the round trip with the two processes bound to two different CPUs, and unbound (the
 * scheduler places them); half of the bound round trip, the one-way "line transfer" that
 * compare.sh divides collective latencies by; and a memcpy of -s bytes (default 8: the
 * payload of an 8-byte collective) inside one process. -I: every row first with the busy
 * processes of SHOAL_BENCH_LOAD_PIDS stopped, printed as a '# idle ' line (load_pause.h). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/load_pause.h"

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

static void bind(int cpu)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one)) perror("sched_setaffinity");
}

/* Microseconds per round trip; cpus[p] < 0: leave process p unbound. */
static double pingpong(long iters, const int cpus[2])
{
    char *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    long *line = (long *)page;                /* the line both sides write */
    volatile double *result = (double *)(page + 2048); /* far from it */
    for (int p = 0; p < 2; p++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            exit(1);
        }
        if (pid > 0) continue;
        if (cpus[p] >= 0) bind(cpus[p]);
        /* Warm up: the same exchange, untimed, so both sides run before the clock starts. */
        const long warm = iters / 10 + 1, total = warm + iters;
        double t0 = 0;
        for (long i = 0; i < total; i++) {
            if (i == warm) t0 = now();
            const long want = 2 * i + p;
            while (__atomic_load_n(line, __ATOMIC_ACQUIRE) != want) pause_cpu();
            __atomic_store_n(line, want + 1, __ATOMIC_RELEASE);
        }
        if (p == 0) *result = (now() - t0) * 1e6 / (double)iters;
        _exit(0);
    }
    for (int p = 0; p < 2; p++) wait(NULL);
    double us = *result;
    munmap(page, 4096);
    return us;
}

static double memcpy_us(size_t bytes, long iters)
{
    char *a = malloc(bytes), *b = malloc(bytes);
    if (!a || !b) {
        perror("malloc");
        exit(1);
    }
    memset(a, 1, bytes);
    memset(b, 2, bytes);
    double t0 = now();
    for (long i = 0; i < iters; i++) {
        memcpy(b, a, bytes);
        __asm__ __volatile__("" : : "r"(b) : "memory"); /* keep every copy */
    }
    double us = (now() - t0) * 1e6 / (double)iters;
    free(a);
    free(b);
    return us;
}

int main(int argc, char **argv)
{
    long iters = 200000;
    size_t bytes = 8;
    int idle_pass = 0;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-i") && a + 1 < argc) iters = atol(argv[++a]);
        else if (!strcmp(argv[a], "-s") && a + 1 < argc) bytes = (size_t)atol(argv[++a]);
        else if (!strcmp(argv[a], "-I")) idle_pass = 1;
        else {
            fprintf(stderr, "usage: %s [-i iters] [-s bytes] [-I]\n", argv[0]);
            return 2;
        }
    }
    if (iters < 1 || bytes < 1) {
        fprintf(stderr, "%s: need iters >= 1 and bytes >= 1\n", argv[0]);
        return 2;
    }
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    int cpu[2] = {-1, -1}, n = 0;
    for (int c = 0; c < CPU_SETSIZE && n < 2; c++)
        if (CPU_ISSET(c, &set)) cpu[n++] = c;
    const int unbound[2] = {-1, -1};
    printf("# line_pingpong: a counter passed back and forth on one cache line, %ld round trips\n",
           iters);
    printf("# Operation                     Latency(us)\n");
    fflush(stdout);
    for (int pass = idle_pass && load_pause_signal(0) > 0; pass >= 0; pass--) {
        const char *idle = pass ? "# idle " : "";
        if (pass) load_pause_signal(SIGSTOP);
        double bound = -1;
        if (n == 2) {
            bound = pingpong(iters, cpu);
            printf("%sline_rtt_bound                    %.4f\n", idle, bound);
        }
        printf("%sline_rtt_unbound                  %.4f\n", idle, pingpong(iters, unbound));
        if (bound > 0) printf("%sline_transfer                     %.4f\n", idle, bound / 2);
        printf("%smemcpy_%zu                          %.4f\n", idle, bytes, memcpy_us(bytes, iters * 10));
        if (pass) load_pause_signal(SIGCONT);
        fflush(stdout);
    }
    return 0;
}
