/* The C11 type-generic interface (shoal/shmem_generic.h, included by shmem.h in C11): RMA with
 * and without a context, p/g, iput/iget, nbi, put_signal, AMOs, wait_until/test forms, each
 * dispatched on the argument type and checked on the receiving PE. Plain C, no GoogleTest:
 * every failure prints a line and the program exits non-zero. */
#include <shmem.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "[PE %d] %s:%d: check failed: %s\n", shmem_my_pe(), __FILE__, __LINE__, #cond); \
            ++failures;                                                                            \
        }                                                                                          \
    } while (0)

#define N 64
static long g_long_dst[N];
static double g_double_dst[N];
static int g_int_flag;

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    const int right = (me + 1) % n, left = (me + n - 1) % n;

    /* ---- put/get on heap and global, plain and through a context ---- */
    int *idst = shmem_malloc(N * sizeof(int));
    float *fdst = shmem_malloc(N * sizeof(float));
    short *sdst = shmem_malloc(2 * N * sizeof(short));
    unsigned long long *ulw = shmem_malloc(4 * sizeof(unsigned long long));
    int *iw = shmem_malloc(4 * sizeof(int));
    long *lflags = shmem_malloc((size_t)n * sizeof(long));
    uint64_t *sig = shmem_malloc(sizeof(uint64_t));
    int isrc[N];
    long lsrc[N];
    float fsrc[N];
    double dsrc[N];
    short ssrc[N];
    for (int k = 0; k < N; ++k) {
        isrc[k] = me * 1000 + k;
        lsrc[k] = me * 100000L + k;
        fsrc[k] = (float)me + k * 0.5f;
        dsrc[k] = me * 10.0 + k * 0.25;
        ssrc[k] = (short)(me * 100 + k);
        idst[k] = -1;
        fdst[k] = -1.0f;
        g_long_dst[k] = -1;
        g_double_dst[k] = -1.0;
    }
    for (int k = 0; k < 2 * N; ++k) sdst[k] = -1;
    for (int k = 0; k < 4; ++k) {
        ulw[k] = 100;
        iw[k] = 100;
    }
    for (int k = 0; k < n; ++k) lflags[k] = 0;
    *sig = 0;
    g_int_flag = 0;
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0);
    shmem_barrier_all();

    shmem_put(idst, isrc, N, right);                 /* int, heap */
    shmem_put(g_long_dst, lsrc, N, right);           /* long, global */
    shmem_put(ctx, fdst, fsrc, N, right);            /* float, through ctx */
    shmem_put_nbi(ctx, g_double_dst, dsrc, N, right);
    shmem_ctx_quiet(ctx);
    shmem_iput(sdst, ssrc, 2, 1, N, right);           /* short, strided */
    shmem_barrier_all();
    for (int k = 0; k < N; ++k) {
        CHECK(idst[k] == left * 1000 + k);
        CHECK(g_long_dst[k] == left * 100000L + k);
        CHECK(fdst[k] == (float)left + k * 0.5f);
        CHECK(g_double_dst[k] == left * 10.0 + k * 0.25);
        CHECK(sdst[2 * k] == (short)(left * 100 + k));
        CHECK(sdst[2 * k + 1] == -1);
    }

    /* get / g / iget / get_nbi read the right neighbour. */
    int iget_buf[N];
    long lget_buf[N];
    short sget_buf[N];
    shmem_get(iget_buf, idst, N, right);
    shmem_get(ctx, lget_buf, g_long_dst, N, right);
    shmem_iget(sget_buf, sdst, 1, 2, N, right);
    for (int k = 0; k < N; ++k) {
        CHECK(iget_buf[k] == me * 1000 + k); /* right's idst holds what I wrote */
        CHECK(lget_buf[k] == me * 100000L + k);
        CHECK(sget_buf[k] == (short)(me * 100 + k));
    }
    CHECK(shmem_g(idst + 5, right) == me * 1000 + 5);
    CHECK(shmem_g(ctx, g_double_dst + 7, right) == me * 10.0 + 7 * 0.25);
    double dget[N];
    shmem_get_nbi(dget, g_double_dst, N, right);
    shmem_quiet();
    CHECK(dget[N - 1] == me * 10.0 + (N - 1) * 0.25);
    shmem_barrier_all();

    /* p to the neighbour's heap and global. */
    shmem_p(idst + 3, 4242 + me, right);
    shmem_p(ctx, g_long_dst + 4, 4343L + me, right);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    CHECK(idst[3] == 4242 + left);
    CHECK(g_long_dst[4] == 4343L + left);
    shmem_barrier_all();

    /* ---- put_signal: data visible when the signal is ---- */
    shmem_put_signal(idst, isrc, N, sig, (uint64_t)me + 1, SHMEM_SIGNAL_SET, right);
    CHECK(shmem_signal_wait_until(sig, SHMEM_CMP_EQ, (uint64_t)left + 1) == (uint64_t)left + 1);
    for (int k = 0; k < N; ++k) CHECK(idst[k] == left * 1000 + k);
    shmem_barrier_all();
    *sig = 0;
    shmem_barrier_all();
    shmem_put_signal_nbi(ctx, fdst, fsrc, N, sig, 1, SHMEM_SIGNAL_ADD, right);
    shmem_ctx_quiet(ctx);
    shmem_signal_wait_until(sig, SHMEM_CMP_GE, 1);
    CHECK(fdst[N - 1] == (float)left + (N - 1) * 0.5f);
    shmem_barrier_all();

    /* ---- AMOs: dispatched on the pointer type ---- */
    CHECK(shmem_atomic_fetch_add(ulw, 5ULL, 0) >= 100);
    shmem_atomic_add(iw, 2, 0);
    shmem_atomic_inc(ctx, iw + 1, 0);
    shmem_ctx_quiet(ctx);
    CHECK(shmem_atomic_fetch_inc(ulw + 1, 0) >= 100);
    (void)shmem_atomic_fetch_or(ulw + 2, 1ULL << me, 0);
    unsigned long long fetched = 0;
    shmem_atomic_fetch_add_nbi(&fetched, ulw + 3, 1ULL, 0);
    shmem_quiet();
    CHECK(fetched >= 100 && fetched < 100 + (unsigned long long)n);
    shmem_barrier_all();
    if (me == 0) {
        CHECK(ulw[0] == 100 + 5ULL * n);
        CHECK(iw[0] == 100 + 2 * n);
        CHECK(iw[1] == 100 + n);
        CHECK(ulw[1] == 100ULL + n);
        unsigned long long bits = 100;
        for (int pe = 0; pe < n; ++pe) bits |= 1ULL << pe;
        CHECK(ulw[2] == bits);
        CHECK(ulw[3] == 100ULL + n);
    }
    CHECK(shmem_atomic_fetch(iw, 0) == 100 + 2 * n);
    CHECK(shmem_atomic_compare_swap(iw + 2, 100, 100, 0) == 100);
    shmem_barrier_all();
    if (me == 0) shmem_atomic_set(iw + 3, 7, right);
    shmem_barrier_all();
    if (me == 1 % n) CHECK(iw[3] == 7); /* PE 0's right neighbour */
    CHECK(shmem_atomic_swap(iw + 2, 300 + me, right) >= 100);
    shmem_barrier_all();
    CHECK(iw[2] == 300 + left);
    shmem_barrier_all();

    /* ---- wait_until / test forms ---- */
    shmem_p(&g_int_flag, 9, right);
    shmem_wait_until(&g_int_flag, SHMEM_CMP_EQ, 9);
    CHECK(shmem_test(&g_int_flag, SHMEM_CMP_EQ, 9) == 1);
    CHECK(shmem_test(&g_int_flag, SHMEM_CMP_NE, 9) == 0);
    /* Every PE sets its flag on PE 0; PE 0 waits for all with the array forms. */
    shmem_atomic_set(lflags + me, (long)me + 1, 0);
    if (me == 0) {
        shmem_wait_until_all(lflags, (size_t)n, NULL, SHMEM_CMP_GT, 0L);
        for (int pe = 0; pe < n; ++pe) CHECK(lflags[pe] == pe + 1);
        size_t idx[64];
        CHECK(shmem_test_some(lflags, (size_t)n, idx, NULL, SHMEM_CMP_GT, 0L) == (size_t)n);
        CHECK(shmem_wait_until_any(lflags, (size_t)n, NULL, SHMEM_CMP_GT, 0L) < (size_t)n);
        CHECK(shmem_test_all(lflags, (size_t)n, NULL, SHMEM_CMP_GT, 0L) == 1);
        long want[64];
        for (int pe = 0; pe < n; ++pe) want[pe] = pe + 1;
        shmem_wait_until_all_vector(lflags, (size_t)n, NULL, SHMEM_CMP_EQ, want);
        CHECK(shmem_test_any_vector(lflags, (size_t)n, NULL, SHMEM_CMP_EQ, want) < (size_t)n);
        CHECK(shmem_wait_until_some(lflags, (size_t)n, idx, NULL, SHMEM_CMP_GE, 1L) == (size_t)n);
    }
    shmem_barrier_all();

    shmem_ctx_destroy(ctx);
    shmem_free(sig);
    shmem_free(lflags);
    shmem_free(iw);
    shmem_free(ulw);
    shmem_free(sdst);
    shmem_free(fdst);
    shmem_free(idst);
    if (failures == 0 && me == 0) printf("generic_test: all checks passed on %d PEs\n", n);
    shmem_finalize();
    return failures ? 1 : 0;
}
