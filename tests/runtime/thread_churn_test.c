/* SHMEM_THREAD_MULTIPLE: a loop that starts and joins threads one after the other, each doing
 * a put and a reduction, keeps the resident size flat. Run with SHOAL_TRANSPORT=tcp, so the
 * reduction takes the off-node path and its thread gets receive buffers of its own (freed at
 * thread exit). Each thread's reduction result, and the last thread's put, are checked on the
 * PE that receives them.
 *   thread_churn_test [THREADS]     default 10000 */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define NRED 1024 /* longs per reduction: 8 KiB of receive buffer per thread */

static long *put_dst, *red_src, *red_dst;
static int me, npes, failures;

struct job {
    long i;
    int bad;
};

static void *body(void *arg)
{
    struct job *j = arg;
    const long v = j->i;
    shmem_long_p(put_dst, v, (me + 1) % npes);
    for (int k = 0; k < NRED; k++) red_src[k] = v + me + k;
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, red_dst, red_src, NRED);
    /* sum over PEs p of (v + p + k) */
    const long base = npes * v + (long)npes * (npes - 1) / 2;
    for (int k = 0; k < NRED; k++)
        if (red_dst[k] != base + (long)npes * k) j->bad = 1;
    return NULL;
}

static long resident_kib(void)
{
    long size = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f || fscanf(f, "%ld %ld", &size, &resident) != 2) resident = -1;
    if (f) fclose(f);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

int main(int argc, char **argv)
{
    const long threads = argc > 1 ? atol(argv[1]) : 10000;
    int provided = -1;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (provided != SHMEM_THREAD_MULTIPLE) {
        fprintf(stderr, "thread_churn_test: provided %d\n", provided);
        return 1;
    }
    put_dst = shmem_calloc(1, sizeof(long));
    red_src = shmem_malloc(NRED * sizeof(long));
    red_dst = shmem_malloc(NRED * sizeof(long));
    /* Measured once the process has settled: thread stacks cached, malloc arenas made. */
    const long warm = threads / 20;
    long rss0 = 0;
    for (long i = 0; i < threads; i++) {
        if (i == warm) rss0 = resident_kib();
        struct job j = {i, 0};
        pthread_t t;
        if (pthread_create(&t, NULL, body, &j) != 0 || pthread_join(t, NULL) != 0) {
            fprintf(stderr, "thread_churn_test: PE %d: thread %ld could not run\n", me, i);
            return 1;
        }
        if (j.bad && failures++ < 3)
            fprintf(stderr, "thread_churn_test: PE %d: thread %ld: wrong reduction\n", me, i);
    }
    const long rss1 = resident_kib();
    shmem_barrier_all();
    if (*put_dst != threads - 1) {
        fprintf(stderr, "thread_churn_test: PE %d: put holds %ld, want %ld\n", me, *put_dst,
                threads - 1);
        failures++;
    }
    /* A buffer per thread kept would be threads * 8 KiB (78 MiB for 10,000). Under
     * AddressSanitizer freed memory waits in its quarantine (the leak check finds a kept
     * buffer there instead). */
    const long grew = rss1 - rss0, limit = 8 * 1024;
#if defined(__SANITIZE_ADDRESS__)
    const int measured = 0;
#else
    const int measured = 1;
#endif
    if (measured && (rss0 <= 0 || rss1 <= 0 || grew > limit)) {
        fprintf(stderr, "thread_churn_test: PE %d: resident size %ld KiB after %ld threads, %ld "
                "KiB after %ld: grew %ld KiB (limit %ld)\n", me, rss0, warm, rss1, threads, grew,
                limit);
        failures++;
    }
    printf("thread_churn_test: PE %d: %ld threads, resident %ld -> %ld KiB\n", me, threads, rss0,
           rss1);
    shmem_free(red_dst);
    shmem_free(red_src);
    shmem_free(put_dst);
    shmem_finalize();
    return failures ? 1 : 0;
}
