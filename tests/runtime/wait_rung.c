/* Every store through the API wakes a wait_until or signal wait asleep on its target PE
 * (path/path.h rings the target's doorbell, sync/doorbell.c): p, put, put_nbi, iput, a large
 * putmem, a context's p, a global variable's p, a p into an array that wait_until_any
 * watches, a p after stores beside the watched word, each AMO that writes, put-with-signal (set, add, nbi) and shmemx_signal_op. For
 * each, one PE waits while its neighbour sleeps 3 ms and then stores; the waiter checks the
 * value. Under SHOAL_WAIT_SLEEP=1 with more PEs than CPUs the wait sleeps on its doorbell
 * from its first yield, and a sleep of 1 s that no store rang stops the job: a store route
 * that forgets its ring, or rings only outside what the wait watches, fails here. There the
 * waiter's sleep count must also have moved (the test cannot pass with waits that never
 * slept); a waiter the scheduler kept off its CPU for the whole delay may not have slept yet,
 * so a route whose wait did not sleep runs again with a longer delay (3, 12, 48 ms) before
 * that counts as a failure.
 * Usage: wait_rung */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <shmem.h>
#include <shmemx.h>

enum { BIG = 8192 };

static long global_box; /* the data segment, not the heap */
static long src[4];
static long done;  /* rounds over */
/* Per round, 1 where its route runs again (its wait did not sleep): one word per round, as
 * a PE that is neither waiter nor writer may read it after later rounds went by. */
enum { MAX_ROUNDS = 2048 };
static long again[MAX_ROUNDS];

struct bufs {
    long *box;     /* 4 words per route */
    uint64_t *sig; /* 1 per route */
    long *big;     /* BIG words */
    shmem_ctx_t ctx;
};

enum kind { WORD, SIGNAL, ANY };
struct route {
    const char *name;
    enum kind kind;
    long value; /* what the target holds after the store */
    void (*store)(struct bufs *b, long *box, uint64_t *sig, long v, int pe);
};

static void p_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)sig; shmem_long_p(box, v, pe); }
static void put_(struct bufs *b, long *box, uint64_t *sig, long v, int pe)
{
    (void)b, (void)sig;
    src[0] = v;
    shmem_long_put(box, src, 1, pe);
}
static void put_nbi_(struct bufs *b, long *box, uint64_t *sig, long v, int pe)
{
    (void)b, (void)sig;
    src[0] = v;
    shmem_long_put_nbi(box, src, 1, pe);
    shmem_quiet();
}
/* Elements 0 and 2 of the box; the waiter waits on element 2. */
static void iput_(struct bufs *b, long *box, uint64_t *sig, long v, int pe)
{
    (void)b, (void)sig;
    src[0] = src[1] = v;
    shmem_long_iput(box, src, 2, 1, 2, pe);
}
/* Element 1 of the box, which the waiter watches whole (wait_until_any). */
static void p1_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)sig; shmem_long_p(box + 1, v, pe); }
/* A store beside what the waiter watches (another segment, and its own box), which must not
 * end the wait nor keep the store it waits for from waking it. */
static void beside_(struct bufs *b, long *box, uint64_t *sig, long v, int pe)
{
    (void)sig;
    shmem_long_p(&b->big[0], v, pe);
    shmem_long_p(box + 1, v, pe);
    struct timespec ts = {0, 2000000L};
    nanosleep(&ts, NULL);
    shmem_long_p(box, v, pe);
}
static void ctx_p_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)sig; shmem_ctx_long_p(b->ctx, box, v, pe); }
static void set_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)sig; shmem_long_atomic_set(box, v, pe); }
static void swap_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)sig; (void)shmem_long_atomic_swap(box, v, pe); }
static void cswap_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)sig; (void)shmem_long_atomic_compare_swap(box, 0, v, pe); }
static void add_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)sig; shmem_long_atomic_add(box, v, pe); }
static void fadd_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)sig; (void)shmem_long_atomic_fetch_add(box, v, pe); }
static void inc_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)sig, (void)v; shmem_long_atomic_inc(box, pe); }
static void or_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)sig; shmem_ulong_atomic_or((unsigned long *)box, (unsigned long)v, pe); }
static void fxor_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)sig; (void)shmem_ulong_atomic_fetch_xor((unsigned long *)box, (unsigned long)v, pe); }
static void global_p_(struct bufs *b, long *box, uint64_t *sig, long v, int pe) { (void)b, (void)box, (void)sig; shmem_long_p(&global_box, v, pe); }
/* The whole of big; the waiter waits on its last word. */
static void big_(struct bufs *b, long *box, uint64_t *sig, long v, int pe)
{
    (void)box, (void)sig;
    long *tmp = malloc(BIG * sizeof(long));
    for (int i = 0; i < BIG; i++) tmp[i] = v;
    shmem_putmem(b->big, tmp, BIG * sizeof(long), pe);
    free(tmp);
}
static void sig_set_(struct bufs *b, long *box, uint64_t *sig, long v, int pe)
{
    (void)b;
    src[0] = v;
    shmem_long_put_signal(box, src, 1, sig, (uint64_t)v, SHMEM_SIGNAL_SET, pe);
}
static void sig_add_(struct bufs *b, long *box, uint64_t *sig, long v, int pe)
{
    (void)b;
    src[0] = v;
    shmem_long_put_signal(box, src, 1, sig, (uint64_t)v, SHMEM_SIGNAL_ADD, pe);
}
static void sig_nbi_(struct bufs *b, long *box, uint64_t *sig, long v, int pe)
{
    (void)b;
    src[0] = v;
    shmem_putmem_signal_nbi(box, src, sizeof(long), sig, (uint64_t)v, SHMEM_SIGNAL_SET, pe);
    shmem_quiet();
}
/* The signal alone: no put before it whose ring would wake the waiter. */
static void sig_op_(struct bufs *b, long *box, uint64_t *sig, long v, int pe)
{
    (void)b, (void)box;
    shmemx_signal_op(sig, (uint64_t)v, SHMEM_SIGNAL_ADD, pe);
}

static const struct route routes[] = {
    {"shmem_long_p", WORD, 101, p_},
    {"shmem_long_put", WORD, 102, put_},
    {"shmem_long_p (wait_until_any over 4)", ANY, 120, p1_},
    {"shmem_long_p (after stores beside it)", WORD, 121, beside_},
    {"shmem_long_put_nbi", WORD, 103, put_nbi_},
    {"shmem_long_iput", WORD, 104, iput_},
    {"shmem_ctx_long_p", WORD, 105, ctx_p_},
    {"shmem_long_atomic_set", WORD, 106, set_},
    {"shmem_long_atomic_swap", WORD, 107, swap_},
    {"shmem_long_atomic_compare_swap", WORD, 108, cswap_},
    {"shmem_long_atomic_add", WORD, 109, add_},
    {"shmem_long_atomic_fetch_add", WORD, 110, fadd_},
    {"shmem_long_atomic_inc", WORD, 1, inc_},
    {"shmem_ulong_atomic_or", WORD, 0x70, or_},
    {"shmem_ulong_atomic_fetch_xor", WORD, 0x55, fxor_},
    {"shmem_long_p (global variable)", WORD, 111, global_p_},
    {"shmem_putmem (64 KiB)", WORD, 112, big_},
    {"shmem_long_put_signal (set)", SIGNAL, 113, sig_set_},
    {"shmem_long_put_signal (add)", SIGNAL, 114, sig_add_},
    {"shmem_putmem_signal_nbi", SIGNAL, 115, sig_nbi_},
    {"shmemx_signal_op", SIGNAL, 116, sig_op_},
};
enum { NROUTES = sizeof routes / sizeof routes[0] };

/* The waiter's own words that route r stores to, back to 0 before the route runs again. */
static void reset(struct bufs *b, int r)
{
    memset(&b->box[4 * r], 0, 4 * sizeof(long));
    b->sig[r] = 0;
    memset(b->big, 0, BIG * sizeof(long));
    global_box = 0;
}

/* The word the waiter waits on for route r. */
static long *watched(struct bufs *b, int r)
{
    if (routes[r].store == global_p_) return &global_box;
    if (routes[r].store == big_) return &b->big[BIG - 1];
    if (routes[r].store == iput_) return &b->box[4 * r + 2];
    return &b->box[4 * r];
}

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    const char *sleep_env = getenv("SHOAL_WAIT_SLEEP");
    /* Waits sleep on their doorbell only where PEs share CPUs. */
    const int must_sleep = sleep_env && !strcmp(sleep_env, "1") && npes > sysconf(_SC_NPROCESSORS_ONLN);
    struct bufs b = {.box = shmem_calloc(4 * NROUTES, sizeof(long)),
                     .sig = shmem_calloc(NROUTES, sizeof(uint64_t)),
                     .big = shmem_calloc(BIG, sizeof(long))};
    if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &b.ctx) != 0) b.ctx = SHMEM_CTX_DEFAULT;
    int failures = 0;
    shmem_barrier_all();
    /* Each PE waits once per route, on the store of the PE after it. The others wait for the
     * waiter's word that the round is over (not a barrier, whose signals would ring the waiter
     * too and so hide a store that does not). */
    long round = 0;
    enum { TRIES = 3 };
    if ((long)NROUTES * npes * TRIES > MAX_ROUNDS) {
        if (me == 0) fprintf(stderr, "wait_rung: %d PEs are more than it can run\n", npes);
        shmem_global_exit(1);
    }
    for (int r = 0; r < NROUTES && npes > 1; r++) {
        for (int waiter = 0, try = 0; waiter < npes; round++) {
            const int writer = (waiter + 1) % npes;
            if (me == writer) {
                struct timespec ts = {0, 3000000L << (2 * try)};
                nanosleep(&ts, NULL); /* the waiter is asleep by now */
                routes[r].store(&b, &b.box[4 * r], &b.sig[r], routes[r].value, waiter);
            }
            if (me != waiter) {
                shmem_long_wait_until(&done, SHMEM_CMP_GT, round);
                if (again[round]) try++;
                else waiter++, try = 0;
                continue;
            }
            shmemx_wait_stats_t s0, s1;
            shmemx_wait_stats(&s0);
            long got;
            if (routes[r].kind == SIGNAL) {
                got = (long)shmem_signal_wait_until(&b.sig[r], SHMEM_CMP_EQ, (uint64_t)routes[r].value);
                if (routes[r].store != sig_op_ && b.box[4 * r] != routes[r].value) {
                    fprintf(stderr, "wait_rung: PE %d, %s: the signal came, the data is %ld, not %ld\n",
                            me, routes[r].name, b.box[4 * r], routes[r].value);
                    failures++;
                }
            } else if (routes[r].kind == ANY) {
                const size_t i = shmem_long_wait_until_any(&b.box[4 * r], 4, NULL, SHMEM_CMP_EQ, routes[r].value);
                got = i == 1 ? b.box[4 * r + 1] : -1;
            } else {
                shmem_long_wait_until(watched(&b, r), SHMEM_CMP_EQ, routes[r].value);
                got = *watched(&b, r);
            }
            shmemx_wait_stats(&s1);
            if (got != routes[r].value) {
                fprintf(stderr, "wait_rung: PE %d, %s: got %ld, not %ld\n", me, routes[r].name, got,
                        routes[r].value);
                failures++;
            }
            const long run_again = must_sleep && s1.sleeps == s0.sleeps && try + 1 < TRIES;
            if (must_sleep && s1.sleeps == s0.sleeps && !run_again) {
                fprintf(stderr, "wait_rung: PE %d, %s: the wait never slept in %d tries (SHOAL_WAIT_SLEEP=1)\n",
                        me, routes[r].name, TRIES);
                failures++;
            }
            if (run_again) reset(&b, r);
            for (int pe = 0; pe < npes; pe++)
                if (pe != me) shmem_long_p(&again[round], run_again, pe);
            shmem_fence(); /* again lands before done */
            for (int pe = 0; pe < npes; pe++)
                if (pe != me) shmem_long_p(&done, round + 1, pe);
            if (run_again) try++;
            else waiter++, try = 0;
        }
    }
    shmem_barrier_all();
    if (b.ctx != SHMEM_CTX_DEFAULT) shmem_ctx_destroy(b.ctx);
    shmem_free(b.big);
    shmem_free(b.sig);
    shmem_free(b.box);
    if (me == 0 && failures == 0)
        printf("wait_rung: %d store routes woke their waits on %d PEs%s\n", (int)NROUTES, npes,
               must_sleep ? " (asleep on the doorbell)" : "");
    shmem_finalize();
    return failures ? 1 : 0;
}
