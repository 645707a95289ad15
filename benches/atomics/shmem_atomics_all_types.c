/* Every AMO for every type, OSU osu_oshm_atomics style, on the symmetric heap and on a
 * global variable (-m heap|global|both; default both). Rows are TYPE.OP@MEMORY. Fetching
 * operations are round trips; for the non-fetching ones (add, inc, set, and, or, xor) the
 * figure is the issue time, with one shmem_quiet at the end of the loop counted in.
 * PE i drives PE i + npes/2; mean over the pairs. After timing, every row is verified:
 * a short sequence whose fetched values and final target value are checked against a model;
 * a failed check marks the row WRONG (and the exit status 1), and the program goes on.
 * -v announces each row before it runs, so a crash inside the library can be located;
 * -x NAME,... skips rows (benches/compare.sh uses both to get past Open MPI's crashes).
 *
 * The type lists are those of OpenSHMEM 1.4 (what Open MPI provides); with a 1.5 library
 * the fixed-width and size types of the standard/extended AMO tables are added. */
#include "bench.h"

#if SHMEM_MAJOR_VERSION > 1 || (SHMEM_MAJOR_VERSION == 1 && SHMEM_MINOR_VERSION >= 5)
#define AMO_15 1
#else
#define AMO_15 0
#endif

static union {
    long long ll;
    long double pad;
    char bytes[64];
} global_target; /* symmetric because it is a global */

static bench_opts o;
static int peer, initiator;
static long rows_run;

#define BITS(T) ((unsigned)(8u * sizeof(T)))
/* bit k of a T, computed in unsigned arithmetic (no signed shift overflow) */
#define BIT(T, k) ((T)(1ULL << ((unsigned long long)(k) % BITS(T))))

/* ---- the operations: X_TIMED(T, TN) is one call (d, k, pe in scope); X_CHECK one call that
 * checks its result against the model m (ok in scope); X_INIT the target's starting value. */
#define fetch_add_INIT(T) ((T)0)
#define fetch_add_TIMED(T, TN) (void)shmem_##TN##_atomic_fetch_add(d, (T)1, pe)
#define fetch_add_CHECK(T, TN) { T r = shmem_##TN##_atomic_fetch_add(d, (T)3, pe); ok &= r == m; m = (T)(m + 3); }
#define fetch_inc_INIT(T) ((T)0)
#define fetch_inc_TIMED(T, TN) (void)shmem_##TN##_atomic_fetch_inc(d, pe)
#define fetch_inc_CHECK(T, TN) { T r = shmem_##TN##_atomic_fetch_inc(d, pe); ok &= r == m; m = (T)(m + 1); }
#define add_INIT(T) ((T)0)
#define add_TIMED(T, TN) shmem_##TN##_atomic_add(d, (T)1, pe)
#define add_CHECK(T, TN) { shmem_##TN##_atomic_add(d, (T)5, pe); m = (T)(m + 5); }
#define inc_INIT(T) ((T)0)
#define inc_TIMED(T, TN) shmem_##TN##_atomic_inc(d, pe)
#define inc_CHECK(T, TN) { shmem_##TN##_atomic_inc(d, pe); m = (T)(m + 1); }
/* from a target reset to 0, compare_swap(k -> k+1) always succeeds */
#define compare_swap_INIT(T) ((T)0)
#define compare_swap_TIMED(T, TN) (void)shmem_##TN##_atomic_compare_swap(d, (T)k, (T)(k + 1), pe)
#define compare_swap_CHECK(T, TN)                                                           \
    { T r = shmem_##TN##_atomic_compare_swap(d, (T)(m + 1), (T)7, pe); ok &= r == m; /* fails */ \
      r = shmem_##TN##_atomic_compare_swap(d, m, (T)(m + 2), pe); ok &= r == m; m = (T)(m + 2); }
#define fetch_INIT(T) ((T)42)
#define fetch_TIMED(T, TN) (void)shmem_##TN##_atomic_fetch(d, pe)
#define fetch_CHECK(T, TN) { T r = shmem_##TN##_atomic_fetch(d, pe); ok &= r == m; }
#define set_INIT(T) ((T)0)
#define set_TIMED(T, TN) shmem_##TN##_atomic_set(d, (T)k, pe)
#define set_CHECK(T, TN) { shmem_##TN##_atomic_set(d, (T)(k + 9), pe); m = (T)(k + 9); }
#define swap_INIT(T) ((T)0)
#define swap_TIMED(T, TN) (void)shmem_##TN##_atomic_swap(d, (T)k, pe)
#define swap_CHECK(T, TN) { T r = shmem_##TN##_atomic_swap(d, (T)(k + 1), pe); ok &= r == m; m = (T)(k + 1); }
#define fetch_and_INIT(T) ((T)~(T)0)
#define fetch_and_TIMED(T, TN) (void)shmem_##TN##_atomic_fetch_and(d, (T)~BIT(T, k), pe)
#define fetch_and_CHECK(T, TN) { T r = shmem_##TN##_atomic_fetch_and(d, (T)~BIT(T, 3 * k), pe); ok &= r == m; m = (T)(m & (T)~BIT(T, 3 * k)); }
#define fetch_or_INIT(T) ((T)0)
#define fetch_or_TIMED(T, TN) (void)shmem_##TN##_atomic_fetch_or(d, BIT(T, k), pe)
#define fetch_or_CHECK(T, TN) { T r = shmem_##TN##_atomic_fetch_or(d, BIT(T, 5 * k), pe); ok &= r == m; m = (T)(m | BIT(T, 5 * k)); }
#define fetch_xor_INIT(T) ((T)0)
#define fetch_xor_TIMED(T, TN) (void)shmem_##TN##_atomic_fetch_xor(d, BIT(T, k), pe)
#define fetch_xor_CHECK(T, TN) { T r = shmem_##TN##_atomic_fetch_xor(d, BIT(T, 7 * k), pe); ok &= r == m; m = (T)(m ^ BIT(T, 7 * k)); }
#define and_INIT(T) ((T)~(T)0)
#define and_TIMED(T, TN) shmem_##TN##_atomic_and(d, (T)~BIT(T, k), pe)
#define and_CHECK(T, TN) { shmem_##TN##_atomic_and(d, (T)~BIT(T, 3 * k), pe); m = (T)(m & (T)~BIT(T, 3 * k)); }
#define or_INIT(T) ((T)0)
#define or_TIMED(T, TN) shmem_##TN##_atomic_or(d, BIT(T, k), pe)
#define or_CHECK(T, TN) { shmem_##TN##_atomic_or(d, BIT(T, 5 * k), pe); m = (T)(m | BIT(T, 5 * k)); }
#define xor_INIT(T) ((T)0)
#define xor_TIMED(T, TN) shmem_##TN##_atomic_xor(d, BIT(T, k), pe)
#define xor_CHECK(T, TN) { shmem_##TN##_atomic_xor(d, BIT(T, 7 * k), pe); m = (T)(m ^ BIT(T, 7 * k)); }

/* Reset the target to v: only its initiator ever touches it, with a put then a quiet. */
#define RESET(T, v)                                                                          \
    do {                                                                                     \
        if (initiator) {                                                                     \
            T v0_ = (v);                                                                     \
            shmem_putmem(d, &v0_, sizeof(T), pe);                                            \
            shmem_quiet();                                                                   \
        }                                                                                    \
        shmem_barrier_all();                                                                 \
    } while (0)

/* One function per (type, operation). */
#define DEFINE_AMO(T, TN, OP)                                                                \
    static void run_##TN##_##OP(T *d, const char *mem)                                       \
    {                                                                                        \
        char name[64];                                                                       \
        snprintf(name, sizeof name, "%s.%s@%s", #TN, #OP, mem);                              \
        if (!bench_selected(&o, name)) return;                                               \
        const int pe = peer;                                                                 \
        long iters = o.iters, warm = o.warmup;                                               \
        RESET(T, OP##_INIT(T));                                                              \
        double tw = 0;                                                                       \
        if (initiator && warm > 0) {                                                         \
            double t0 = bench_now();                                                         \
            for (long k = 0; k < warm; k++) OP##_TIMED(T, TN);                               \
            shmem_quiet();                                                                   \
            tw = (bench_now() - t0) / (double)warm;                                          \
        }                                                                                    \
        iters = bench_cap_iters(&o, iters, tw);                                              \
        RESET(T, OP##_INIT(T));                                                              \
        double lat = 0;                                                                      \
        int ok = 1;                                                                          \
        long done = 0;                                                                       \
        if (initiator) {                                                                     \
            double secs = 0;                                                                 \
            BENCH_TIMED(&o, 0, k, iters, done, secs, OP##_TIMED(T, TN));                     \
            const double tq = bench_now();                                                   \
            shmem_quiet();                                                                   \
            lat = (secs + bench_now() - tq) * 1e6 / (double)done;                            \
        }                                                                                    \
        RESET(T, OP##_INIT(T));                                                              \
        if (initiator) {                                                                     \
            T m = OP##_INIT(T);                                                              \
            for (long k = 1; k <= 6; k++) OP##_CHECK(T, TN);                                 \
            shmem_quiet();                                                                   \
            T got;                                                                           \
            shmem_getmem(&got, d, sizeof(T), pe);                                            \
            ok &= got == m;                                                                  \
        }                                                                                    \
        int wrong = ok ? 0 : bench_wrong(&o, name, sizeof(T));                               \
        bench_row(&o, 0, name, lat, initiator, BENCH_AVG, initiator ? done : iters, 3, wrong); \
        rows_run++;                                                                          \
    }

#define DEFINE_STD(T, TN)                                                                    \
    DEFINE_AMO(T, TN, fetch_add) DEFINE_AMO(T, TN, fetch_inc) DEFINE_AMO(T, TN, add)         \
    DEFINE_AMO(T, TN, inc) DEFINE_AMO(T, TN, compare_swap)
#define DEFINE_EXT(T, TN) DEFINE_AMO(T, TN, fetch) DEFINE_AMO(T, TN, set) DEFINE_AMO(T, TN, swap)
#define DEFINE_BIT(T, TN)                                                                    \
    DEFINE_AMO(T, TN, fetch_and) DEFINE_AMO(T, TN, fetch_or) DEFINE_AMO(T, TN, fetch_xor)    \
    DEFINE_AMO(T, TN, and) DEFINE_AMO(T, TN, or) DEFINE_AMO(T, TN, xor)
#define RUN_STD(T, TN, mem)                                                                  \
    run_##TN##_fetch_add((T *)target, mem); run_##TN##_fetch_inc((T *)target, mem);          \
    run_##TN##_add((T *)target, mem); run_##TN##_inc((T *)target, mem);                      \
    run_##TN##_compare_swap((T *)target, mem);
#define RUN_EXT(T, TN, mem)                                                                  \
    run_##TN##_fetch((T *)target, mem); run_##TN##_set((T *)target, mem);                    \
    run_##TN##_swap((T *)target, mem);
#define RUN_BIT(T, TN, mem)                                                                  \
    run_##TN##_fetch_and((T *)target, mem); run_##TN##_fetch_or((T *)target, mem);           \
    run_##TN##_fetch_xor((T *)target, mem); run_##TN##_and((T *)target, mem);                \
    run_##TN##_or((T *)target, mem); run_##TN##_xor((T *)target, mem);

/* Type tables (OpenSHMEM 1.4 tables 6-8; 1.5 adds the fixed-width/size standard types). */
#define STD_TYPES_14(X, A)                                                                   \
    X(int, int, A) X(long, long, A) X(long long, longlong, A) X(unsigned int, uint, A)       \
    X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)
#if AMO_15
#define STD_TYPES(X, A)                                                                      \
    STD_TYPES_14(X, A) X(int32_t, int32, A) X(int64_t, int64, A) X(uint32_t, uint32, A)      \
    X(uint64_t, uint64, A) X(size_t, size, A) X(ptrdiff_t, ptrdiff, A)
#else
#define STD_TYPES(X, A) STD_TYPES_14(X, A)
#endif
#define EXT_TYPES(X, A) STD_TYPES(X, A) X(float, float, A) X(double, double, A)
#define BIT_TYPES(X, A)                                                                      \
    X(unsigned int, uint, A) X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)  \
    X(int32_t, int32, A) X(int64_t, int64, A) X(uint32_t, uint32, A) X(uint64_t, uint64, A)

#define D_STD(T, TN, A) DEFINE_STD(T, TN)
#define D_EXT(T, TN, A) DEFINE_EXT(T, TN)
#define D_BIT(T, TN, A) DEFINE_BIT(T, TN)
STD_TYPES(D_STD, _)
EXT_TYPES(D_EXT, _)
BIT_TYPES(D_BIT, _)

int main(int argc, char **argv)
{
    o = (bench_opts){.title = "every AMO for every type (OSU osu_oshm_atomics style)",
                     .iters = 500, .warmup = 50, .min_size = 8, .max_size = 8,
                     .time_cap = 0.05};
    bench_init(&o, argc, argv);
    if (!o.mem) o.mem = BENCH_MEM_HEAP | BENCH_MEM_GLOBAL;
    peer = bench_peer(&o);
    initiator = bench_is_initiator(&o);
    void *heap_target = bench_shmalloc(&o, sizeof global_target);
    bench_header(&o, "PE i -> PE i+npes/2, mean over pairs; non-fetching ops: issue time incl. one final quiet",
                 "Operation  Latency(us)");
    for (int mi = 0; mi < 2; mi++) {
        if (!(o.mem & (mi == 0 ? BENCH_MEM_HEAP : BENCH_MEM_GLOBAL))) continue;
        void *target = mi == 0 ? heap_target : (void *)&global_target;
        const char *mem = mi == 0 ? "heap" : "global";
#define R_STD(T, TN, A) RUN_STD(T, TN, A)
#define R_EXT(T, TN, A) RUN_EXT(T, TN, A)
#define R_BIT(T, TN, A) RUN_BIT(T, TN, A)
        STD_TYPES(R_STD, mem)
        EXT_TYPES(R_EXT, mem)
        BIT_TYPES(R_BIT, mem)
    }
    if (o.me == 0) printf("# completed: %ld operations\n", rows_run);
    shmem_free(heap_target);
    return bench_finish(&o);
}
