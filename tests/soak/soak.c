/* A long run of mixed calls, every result checked against a model, and the resources each PE
 * holds sampled as it goes: nothing may be lost and nothing may grow.
 *
 *   soak SECONDS [SEED [SAMPLE_SECONDS]]     (under shoalrun or mpirun, 2 PEs or more)
 *
 * Each round every PE draws the same operation from the shared seeded generator (collectives
 * need every PE in the same one) and its own data from its PE number and the round:
 *   put    sizes 1 B - 64 KiB into each PE's slot on the next PE, blocking or nbi + quiet,
 *          through the default context or one created and destroyed for the round;
 *   get    the previous PE's slot of this round's pattern, read back;
 *   amo    fetch-add and add on a counter of a seeded PE, its total known; fetch_or, and,
 *          xor, fetch_xor on a bit word; swap and compare_swap on the next PE;
 *   signal put-with-signal to the next PE and signal_wait_until on its own word; atomic
 *          set on the next PE and wait_until on its own word;
 *   lock   a get + put increment under shmem_set_lock on PE 0 (lost updates show);
 *   team   split_strided (even PEs) and split_2d (rows of two, columns), sum-reduces and a
 *          team_sync on them, destroy;
 *   coll   broadcast, sum-reduce, fcollect, collect (uneven counts), alltoall, sync_all,
 *          alltoalls, max-reduce on the world;
 *   heap   malloc, calloc (zeroed), align (aligned) or realloc of a seeded size, written,
 *          read by the next PE, freed;
 *   threads  two threads of each PE add to a counter at once, each through its own context.
 * Every SAMPLE_SECONDS (default 10), at a quiet point (after a barrier), each PE records its
 * resident memory, open descriptors, symmetric heap in use, live teams and contexts and
 * operations done; PE 0 prints one line per sample with each PE's. At the end
 * PE 0 prints the change of each resource from the first sample after the warm-up (a tenth
 * of the run) to the last, per hour, and the checks that failed (must be 0).
 * Exit status: 1 if a check failed or a resource that must not move did (descriptors, heap in
 * use, live teams or contexts), or resident memory grew by more than 64 MiB; else 0. */

#include <dirent.h>
#include <pthread.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <shmem.h>
#include <shmemx.h>

#define SLOT (64 << 10)
#define MAX_PES 16
#define MAX_SAMPLES 1024 /* 10 s apart: almost 3 hours */

static uint64_t rng_state;
static uint64_t rng(void) /* splitmix64: the same sequence on every PE */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int me, npes;
static long failures;
static long long ops;

static void fail(const char *what, long round, long long got, long long want)
{
    if (failures++ < 10)
        fprintf(stderr, "soak: PE %d: round %ld: %s: got %lld, want %lld\n", me, round, what, got, want);
}

/* The byte at offset i of the pattern PE src writes in round r. */
static unsigned char pat(int src, long r, size_t i) { return (unsigned char)(src * 31 + r * 7 + (long)i * 13); }

/* Symmetric state. */
static unsigned char *slots;      /* npes slots of SLOT bytes: slot s is written by PE s */
static long counter, lock_count, swapped; /* amo, lock */
static unsigned long bits;
static long lock_word;
static uint64_t sig;
static long flagword;
static long src_buf[MAX_PES * 8], dst_buf[MAX_PES * 8 * MAX_PES];

static void op_put(long r)
{
    const size_t n = 1 + rng() % SLOT;
    const int nbi = (int)(rng() & 1), own_ctx = (int)(rng() % 4 == 0);
    const int to = (me + 1) % npes, from = (me + npes - 1) % npes;
    unsigned char *mine = malloc(n);
    for (size_t i = 0; i < n; i++) mine[i] = pat(me, r, i);
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    if (own_ctx && shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0) ctx = SHMEM_CTX_DEFAULT;
    if (nbi) shmem_ctx_putmem_nbi(ctx, slots + (size_t)me * SLOT, mine, n, to);
    else shmem_ctx_putmem(ctx, slots + (size_t)me * SLOT, mine, n, to);
    shmem_ctx_quiet(ctx);
    if (ctx != SHMEM_CTX_DEFAULT) shmem_ctx_destroy(ctx);
    free(mine);
    shmem_barrier_all();
    const unsigned char *got = slots + (size_t)from * SLOT;
    for (size_t i = 0; i < n; i++)
        if (got[i] != pat(from, r, i)) {
            fail("put: a byte from the previous PE", r, got[i], pat(from, r, i));
            break;
        }
    ops += 2;
    shmem_barrier_all();
}

static void op_get(long r)
{
    const size_t n = 1 + rng() % SLOT;
    const int from = (me + npes - 1) % npes;
    for (size_t i = 0; i < n; i++) slots[(size_t)me * SLOT + i] = pat(me, r, i);
    shmem_barrier_all();
    unsigned char *got = malloc(n);
    if (rng() & 1) {
        shmem_getmem_nbi(got, slots + (size_t)from * SLOT, n, from);
        shmem_quiet();
    } else {
        shmem_getmem(got, slots + (size_t)from * SLOT, n, from);
    }
    for (size_t i = 0; i < n; i++)
        if (got[i] != pat(from, r, i)) {
            fail("get: a byte of the previous PE", r, got[i], pat(from, r, i));
            break;
        }
    free(got);
    ops += 1;
    shmem_barrier_all();
}

static void op_amo(long r)
{
    const int at = (int)(rng() % (uint64_t)npes);
    if (me == at) counter = 0;
    shmem_barrier_all();
    const long k = 1 + (long)(rng() % 5);
    for (long i = 0; i < k; i++) {
        shmem_long_atomic_fetch_add(&counter, me + 1, at);
        shmem_long_atomic_add(&counter, 1, at);
    }
    shmem_barrier_all();
    const long want = k * ((long)npes * (npes + 1) / 2 + npes);
    if (me == at && counter != want) fail("amo: counter", r, counter, want);
    /* Bitwise: every PE sets its own bit with fetch_or, then PE at's bit is cleared with and,
     * toggled twice with xor; swap and compare_swap on a word of the next PE. */
    if (me == at) bits = 0;
    shmem_barrier_all();
    shmem_ulong_atomic_fetch_or(&bits, 1ul << me, at);
    shmem_barrier_all();
    if (me == 0) {
        shmem_ulong_atomic_and(&bits, ~(1ul << at), at);
        shmem_ulong_atomic_xor(&bits, 1ul << 40, at);
        shmem_ulong_atomic_fetch_xor(&bits, 1ul << 40, at);
    }
    const int to = (me + 1) % npes;
    swapped = -1;
    shmem_barrier_all();
    const long old = shmem_long_atomic_swap(&swapped, me + r, to);
    const long seen = shmem_long_atomic_compare_swap(&swapped, me + r, me + r + 1, to);
    if (old != -1 || seen != me + r) fail("amo: swap and compare_swap on the next PE", r, old, -1);
    shmem_barrier_all();
    const unsigned long want_bits = ((1ul << npes) - 1) & ~(1ul << at);
    if (me == at && bits != want_bits) fail("amo: bits set, cleared and toggled", r, (long long)bits, (long long)want_bits);
    const int from = (me + npes - 1) % npes;
    if (swapped != from + r + 1) fail("amo: the word swapped by the previous PE", r, swapped, from + r + 1);
    ops += 2 * k + 7;
    shmem_barrier_all();
}

static void op_signal(long r)
{
    const int to = (me + 1) % npes, from = (me + npes - 1) % npes;
    src_buf[0] = me * 1000 + r;
    shmem_long_put_signal(dst_buf, src_buf, 1, &sig, 1, SHMEM_SIGNAL_ADD, to);
    shmem_signal_wait_until(&sig, SHMEM_CMP_GE, 1);
    if (dst_buf[0] != from * 1000 + r) fail("signal: the value that came with it", r, dst_buf[0], from * 1000 + r);
    sig = 0;
    /* And a plain word: atomic set on the next PE, wait_until here. */
    shmem_long_atomic_set(&flagword, r + 1, to);
    shmem_long_wait_until(&flagword, SHMEM_CMP_EQ, r + 1);
    ops += 4;
    shmem_barrier_all();
}

static void op_lock(long r)
{
    if (me == 0) lock_count = 0;
    shmem_barrier_all();
    for (int i = 0; i < 3; i++) {
        shmem_set_lock(&lock_word);
        const long v = shmem_long_g(&lock_count, 0);
        shmem_long_p(&lock_count, v + 1, 0);
        shmem_quiet();
        shmem_clear_lock(&lock_word);
    }
    shmem_barrier_all();
    if (me == 0 && lock_count != 3L * npes) fail("lock: increments under the lock", r, lock_count, 3L * npes);
    ops += 3;
    shmem_barrier_all();
}

static void op_team(long r)
{
    shmem_team_t even = SHMEM_TEAM_INVALID;
    const int size = (npes + 1) / 2;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, size, NULL, 0, &even);
    if (even != SHMEM_TEAM_INVALID) {
        src_buf[0] = me + r;
        shmem_long_sum_reduce(even, dst_buf, src_buf, 1);
        long want = 0;
        for (int p = 0; p < npes; p += 2) want += p + r;
        if (dst_buf[0] != want) fail("team: sum over the even PEs", r, dst_buf[0], want);
        shmem_team_destroy(even);
    } else if (me % 2 == 0) {
        fail("team: an even PE is not in the even team", r, 0, 1);
    }
    /* A 2-D split into rows of two: each row's and each column's sum, then both destroyed. */
    shmem_team_t row = SHMEM_TEAM_INVALID, col = SHMEM_TEAM_INVALID;
    if (shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &row, NULL, 0, &col) != 0) {
        fail("team: split_2d returned non-zero", r, 1, 0);
    } else {
        long want_row = 0, want_col = 0;
        for (int p = 0; p < npes; p++) {
            if (p / 2 == me / 2) want_row += p + r;
            if (p % 2 == me % 2) want_col += p + r;
        }
        src_buf[0] = me + r;
        shmem_team_sync(row);
        shmem_long_sum_reduce(row, dst_buf, src_buf, 1);
        if (dst_buf[0] != want_row) fail("team: sum over a row of the 2-D split", r, dst_buf[0], want_row);
        shmem_long_sum_reduce(col, dst_buf + 1, src_buf, 1);
        if (dst_buf[1] != want_col) fail("team: sum over a column of the 2-D split", r, dst_buf[1], want_col);
        shmem_team_destroy(row);
        shmem_team_destroy(col);
    }
    ops += 7;
    shmem_barrier_all();
}

static void op_coll(long r)
{
    const size_t n = 1 + rng() % 8;
    const int root = (int)(rng() % (uint64_t)npes);
    for (size_t i = 0; i < 8; i++) src_buf[i] = me * 100 + r + (long)i; /* collect takes up to 2 */
    shmem_long_broadcast(SHMEM_TEAM_WORLD, dst_buf, src_buf, n, root);
    for (size_t i = 0; i < n; i++)
        if (dst_buf[i] != root * 100 + r + (long)i) fail("broadcast", r, dst_buf[i], root * 100 + r + (long)i);
    shmem_barrier_all(); /* every PE has read dest before the next collective may write it */
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst_buf, src_buf, n);
    for (size_t i = 0; i < n; i++) {
        const long want = 100L * npes * (npes - 1) / 2 + npes * (r + (long)i);
        if (dst_buf[i] != want) fail("sum_reduce", r, dst_buf[i], want);
    }
    shmem_barrier_all();
    shmem_long_fcollect(SHMEM_TEAM_WORLD, dst_buf, src_buf, n);
    for (int p = 0; p < npes; p++)
        for (size_t i = 0; i < n; i++)
            if (dst_buf[(size_t)p * n + i] != p * 100 + r + (long)i) fail("fcollect", r, dst_buf[(size_t)p * n + i], p * 100 + r + (long)i);
    shmem_barrier_all();
    const size_t mine = (size_t)(me % 3); /* uneven counts */
    shmem_long_collect(SHMEM_TEAM_WORLD, dst_buf, src_buf, mine);
    for (int p = 0, at = 0; p < npes; at += p % 3, p++)
        for (int i = 0; i < p % 3; i++)
            if (dst_buf[at + i] != p * 100 + r + i) fail("collect", r, dst_buf[at + i], p * 100 + r + i);
    shmem_barrier_all(); /* and has read every source */
    for (int p = 0; p < npes; p++) src_buf[p] = me * 1000 + p + r;
    shmem_long_alltoall(SHMEM_TEAM_WORLD, dst_buf, src_buf, 1);
    for (int p = 0; p < npes; p++)
        if (dst_buf[p] != p * 1000 + me + r) fail("alltoall", r, dst_buf[p], p * 1000 + me + r);
    shmem_sync_all(); /* every PE has read dest (sync_all: no memory ordering needed here) */
    /* alltoalls, strides 2: block p of mine at src_buf[2p], lands at dst_buf[2 * me] on p. */
    for (int p = 0; p < npes; p++) src_buf[2 * p] = me * 1000 + p + r + 7;
    shmem_long_alltoalls(SHMEM_TEAM_WORLD, dst_buf, src_buf, 2, 2, 1);
    for (int p = 0; p < npes; p++)
        if (dst_buf[2 * p] != p * 1000 + me + r + 7) fail("alltoalls", r, dst_buf[2 * p], p * 1000 + me + r + 7);
    shmem_barrier_all();
    src_buf[0] = (me * 7 + r) % 11;
    shmem_long_max_reduce(SHMEM_TEAM_WORLD, dst_buf, src_buf, 1);
    long most = 0;
    for (int p = 0; p < npes; p++) most = (p * 7 + r) % 11 > most ? (p * 7 + r) % 11 : most;
    if (dst_buf[0] != most) fail("max_reduce", r, dst_buf[0], most);
    ops += 8;
    shmem_barrier_all();
}

static void op_heap(long r)
{
    const size_t n = 8 + (rng() % (1 << 20));
    const int how = (int)(rng() % 4);
    long *a = how == 0 ? shmem_malloc(n) : how == 1 ? shmem_calloc(1, n) : how == 2 ? shmem_align(4096, n)
                                                                               : shmem_realloc(shmem_malloc(64), n);
    if (a && how == 1)
        for (size_t i = 0; i < n / sizeof(long); i += 4096 / sizeof(long))
            if (a[i] != 0) {
                fail("heap: a word of shmem_calloc's block is not zero", r, a[i], 0);
                break;
            }
    if (a && how == 2 && (uintptr_t)a % 4096) fail("heap: shmem_align's block is not aligned", r, (long long)((uintptr_t)a % 4096), 0);
    if (!a) {
        fail("heap: shmem_malloc returned NULL for bytes", r, (long long)n, 0);
        return;
    }
    const size_t k = n / sizeof(long);
    for (size_t i = 0; i < k; i += 4096 / sizeof(long)) a[i] = me + r + (long)i; /* a word a page */
    shmem_barrier_all();
    const int from = (me + 1) % npes;
    for (size_t i = 0; i < k; i += 4096 / sizeof(long) * 16) {
        const long v = shmem_long_g(&a[i], from);
        if (v != from + r + (long)i) fail("heap: a word of the next PE's block", r, v, from + r + (long)i);
    }
    shmem_barrier_all();
    shmem_free(a);
    ops += 2;
}

/* threads: two threads of each PE add to a counter of a seeded PE at once, each through a
 * context of its own (SHMEM_THREAD_MULTIPLE). */
struct adder {
    int at;
    long k;
};
static void *add_from_thread(void *arg)
{
    const struct adder *a = arg;
    shmem_ctx_t ctx;
    if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0) ctx = SHMEM_CTX_DEFAULT;
    for (long i = 0; i < a->k; i++) shmem_ctx_long_atomic_add(ctx, &counter, 1, a->at);
    shmem_ctx_quiet(ctx);
    if (ctx != SHMEM_CTX_DEFAULT) shmem_ctx_destroy(ctx);
    return NULL;
}

static void op_threads(long r)
{
    const int at = (int)(rng() % (uint64_t)npes);
    const long k = 1 + (long)(rng() % 64);
    if (me == at) counter = 0;
    shmem_barrier_all();
    struct adder a = {at, k};
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, add_from_thread, &a);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    shmem_barrier_all();
    if (me == at && counter != 2 * k * npes) fail("threads: adds from two threads of every PE", r, counter, 2 * k * npes);
    ops += 2 * k;
    shmem_barrier_all();
}

struct sample {
    double t;
    long long ops;
    long rss_kib, fds, heap_used, teams, ctxs;
};

static long rss_kib(void)
{
    long pages = 0, rss = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &rss) != 2) rss = 0;
        fclose(f);
    }
    return rss * (sysconf(_SC_PAGESIZE) / 1024);
}

static long open_fds(void)
{
    long n = 0;
    DIR *d = opendir("/proc/self/fd");
    for (struct dirent *e; d && (e = readdir(d));) n += e->d_name[0] != '.';
    if (d) closedir(d);
    return n - 1; /* the directory's own descriptor */
}

static struct sample take(double t0)
{
    shmemx_heap_stats_t h;
    int alive = 0, ctxs = 0;
    shmemx_heap_stats(SHMEMX_HEAP_HOST, &h);
    shmemx_team_count(&alive, NULL);
    shmemx_ctx_count(&ctxs, NULL);
    return (struct sample){now() - t0, ops, rss_kib(), open_fds(), (long)h.used, alive, ctxs};
}

static struct sample all_samples[MAX_SAMPLES][MAX_PES]; /* PE 0's: gathered */
static struct sample my_sample;

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: soak SECONDS [SEED [SAMPLE_SECONDS]]\n");
        return 2;
    }
    const double seconds = atof(argv[1]);
    const uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    const double every = argc > 3 ? atof(argv[3]) : 10.0;
    int provided = 0;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    me = shmem_my_pe(), npes = shmem_n_pes();
    if (provided != SHMEM_THREAD_MULTIPLE) {
        if (me == 0) fprintf(stderr, "soak: SHMEM_THREAD_MULTIPLE is not provided\n");
        shmem_global_exit(2);
    }
    if (npes < 2 || npes > MAX_PES) {
        if (me == 0) fprintf(stderr, "soak: 2 to %d PEs\n", MAX_PES);
        shmem_global_exit(2);
    }
    slots = shmem_calloc((size_t)npes, SLOT);
    /* PE 0's table of samples, touched now: filling it as the run goes would read as growth. */
    if (me == 0) memset(all_samples, 0, sizeof all_samples);
    rng_state = seed;
    void (*const all_ops[])(long) = {op_put, op_get, op_amo, op_signal, op_lock, op_team, op_coll, op_heap, op_threads};
    static const char *const names[] = {"put", "get", "amo", "signal", "lock", "team", "coll", "heap", "threads"};
    /* SOAK_OPS=name,name...: only those (to narrow down a failure); default every one. */
    void (*op[9])(long);
    int nops = 0;
    const char *only = getenv("SOAK_OPS");
    for (int i = 0; i < 9; i++) {
        char pad[16];
        snprintf(pad, sizeof pad, ",%s,", names[i]);
        char list[256];
        snprintf(list, sizeof list, ",%s,", only ? only : "");
        if (!only || strstr(list, pad)) op[nops++] = all_ops[i];
    }
    if (nops == 0) {
        if (me == 0) fprintf(stderr, "soak: SOAK_OPS=%s names none of put,get,amo,signal,lock,team,coll,heap,threads\n", only);
        shmem_global_exit(2);
    }
    shmem_barrier_all();
    const double t0 = now();
    double next = 0;
    int ns = 0;
    long r = 0;
    for (int done = 0; !done; r++) {
        op[rng() % (uint64_t)nops](r);
        /* PE 0's clock decides, so every PE samples and stops at the same round. */
        /* PE 0's round and generator travel with it: a PE in another round, or with another
         * generator, means a barrier or a collective let it through early, or a write landed
         * in its memory; nothing later could repair either. */
        static long flag[6];
        if (me == 0) {
            flag[0] = (now() - t0 >= next) | ((now() - t0 >= seconds) << 1);
            flag[1] = r;
            flag[2] = (long)rng_state;
        }
        shmem_long_broadcast(SHMEM_TEAM_WORLD, flag + 3, flag, 3, 0);
        const long what = flag[3];
        if (flag[4] != r || flag[5] != (long)rng_state) {
            fail("PE 0's round (the PEs are out of step)", r, flag[4], r);
            fail("PE 0's generator state", r, flag[5], (long)rng_state);
            shmem_global_exit(1);
        }
        shmem_barrier_all();
        if (what & 1) {
            shmem_barrier_all();
            my_sample = take(t0);
            shmem_barrier_all(); /* every PE's sample is taken */
            for (int p = 0; me == 0 && ns < MAX_SAMPLES && p < npes; p++)
                shmem_getmem(&all_samples[ns][p], &my_sample, sizeof my_sample, p);
            shmem_barrier_all();
            if (me == 0 && ns < MAX_SAMPLES) {
                printf("sample %.1f s, round %ld:", all_samples[ns][0].t, r);
                for (int p = 0; p < npes; p++) {
                    const struct sample *s = &all_samples[ns][p];
                    printf(" | PE %d ops %lld rss %ld KiB fds %ld heap %ld B teams %ld ctxs %ld", p, s->ops, s->rss_kib,
                           s->fds, s->heap_used, s->teams, s->ctxs);
                }
                printf("\n");
                fflush(stdout);
            }
            ns++;
            next += every;
        }
        done = (what & 2) != 0;
    }
    static long total_fail;
    shmem_long_atomic_add(&total_fail, failures, 0);
    shmem_barrier_all();
    int bad = 0;
    if (me == 0) {
        const int first = ns > 2 ? (ns / 10 > 1 ? ns / 10 : 1) : 0, last = ns < MAX_SAMPLES ? ns - 1 : MAX_SAMPLES - 1;
        const double hours = (all_samples[last][0].t - all_samples[first][0].t) / 3600.0;
        long long total_ops = 0;
        for (int p = 0; p < npes; p++) total_ops += all_samples[last][p].ops;
        printf("soak: %d PEs, %.0f s, seed %" PRIu64 ", %ld rounds, %lld operations, %ld checks failed\n", npes,
               all_samples[last][0].t, seed, r, total_ops, total_fail);
        for (int p = 0; p < npes; p++) {
            const struct sample *a = &all_samples[first][p], *b = &all_samples[last][p];
            printf("soak: PE %d from %.0f s to %.0f s: rss %+ld KiB (%+.0f KiB/h), fds %+ld, heap in use %+ld B, teams "
                   "%+ld, contexts %+ld\n",
                   p, a->t, b->t, b->rss_kib - a->rss_kib, hours > 0 ? (double)(b->rss_kib - a->rss_kib) / hours : 0.0,
                   b->fds - a->fds, b->heap_used - a->heap_used, b->teams - a->teams, b->ctxs - a->ctxs);
            if (b->fds != a->fds || b->heap_used != a->heap_used || b->teams != a->teams || b->ctxs != a->ctxs ||
                b->rss_kib - a->rss_kib > 64 * 1024) {
                fprintf(stderr, "soak: PE %d: a resource grew (see the line above)\n", p);
                bad = 1;
            }
        }
        if (total_fail) bad = 1;
    }
    static int status;
    if (me == 0) status = bad;
    shmem_barrier_all();
    const int result = shmem_int_g(&status, 0);
    shmem_free(slots);
    shmem_finalize();
    return result;
}
