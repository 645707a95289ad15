/* Shoal benchmarks: the little that every benchmark program shares.
 *
 * Header-only on purpose: each benchmark is one .c file that compiles unchanged with
 * Open MPI's oshcc (OpenSHMEM 1.4) and against Shoal (meson), so this file uses only the
 * OpenSHMEM 1.4 subset both provide: shmem_init/finalize, shmem_malloc/free,
 * shmem_barrier_all, shmem_double_{max,sum}_to_all, shmem_info_get_{name,version}.
 * With BENCH_MPI defined it sits on MPI instead (benches/mpi/: the MPI collectives measured
 * in the same loop, options and output shape); the bench_lib_* calls below are the seam.
 *
 * Include it first (it sets _POSIX_C_SOURCE for clock_gettime under -std=c17).
 *
 * Common options (every program):
 *   -i N        timed iterations per size (small sizes; sizes > 8 KiB use N/10, at least 1)
 *   -w N        warm-up iterations per size (sizes > 8 KiB use N/10)
 *   -s MIN:MAX  size sweep in bytes, doubling (K, M, G suffixes; "-s 8" is one size)
 *   -t SEC      time cap per size: the iteration count is cut so that one size takes about
 *               SEC seconds, judged from the warm-up (the slowest PE decides; 0 = no cap)
 *   -L SEC      time floor per size: the iteration count is raised so that one size takes
 *               at least SEC seconds, judged from the warm-up (over -t); every timed loop
 *               adds batches until it does (BENCH_TIMED; bench_coll_sweep). Beside unrelated
 *               load a window of 1000 fast calls lasts under a millisecond, shorter than the
 *               scheduler's time slice, so its mean says only whether a slice fell in it
 *               (+2.2 us per call for each one); a window of many slices gives the rate the
 *               program gets
 *   -q          quick mode (smoke tests): few iterations, sizes up to 64 KiB
 *   -f          full output: also min/max over PEs and the iteration count
 *   -m MEM      heap | global | both (atomics benchmarks: where the target variable lives)
 *   -o A,B      run only the operations whose name contains A or B (named rows)
 *   -x A,B      skip the operations named exactly A or B (named rows)
 *   -v          print '# running NAME' before each named row (so a crash can be located)
 *   -n          non-blocking RMA variants (put/get bandwidth: *_nbi + one quiet per window)
 *   -W N        window: operations issued between two quiets (bandwidth, message rate)
 *   -O OP       reductions: sum (default), prod, and, or, xor, max, min
 *   -T TYPE     reductions: long (default), int, float, double
 *   -D DIST     put/get/copy programs, broadcast, collect and fcollect (there a multiple of 8):
 *               the destination placed so that its address minus the source's is DIST modulo
 *               4096 (0-4095; default: as allocated). A copy whose
 *               destination is 1-63 bytes ahead of its source in the page costs some CPUs' rep
 *               movsb, and a C library's memcpy built on it, 15-25x its usual time
 *   -P          wait paths: after each row, a '#' line with what the waits of a timed call
 *               did past their spin, per call and PE (Shoal's shmemx_wait_stats; nothing
 *               with another library); after a collective's row, with any library, a '#'
 *               line with its calls of over 1 ms (a time slice lost to other work) and their
 *               share of the timed time
 *   -I          each row also with the unrelated load stopped: where SHOAL_BENCH_LOAD_PIDS
 *               names the busy processes beside the run (compare.sh -L -I sets it), PE 0 stops
 *               them (SIGSTOP) for a first pass of the row and lets them go on (SIGCONT) for
 *               the row itself; the first pass prints '# idle ' and the row's shape. This
 *               VM's figures move 2-4x within seconds, so a loaded row is judged against the
 *               idle figure of the same moment; no pids, no first pass
 *   -h          help
 *
 * Output (OSU shape): '#' comment lines, the last of which names the columns, then one row
 * per size or operation. stdout is line-buffered so a crash still leaves complete rows.
 * Every program checks the data it moved. A row whose check failed on some PE ends with the
 * word WRONG; the program goes on and exits with status 1 at the end.
 */
#ifndef SHOAL_BENCH_H
#define SHOAL_BENCH_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#ifdef BENCH_MPI
#include <mpi.h>
#else
#include <shmem.h>
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "load_pause.h"
#include "long_calls.h"
#include "place.h"

/* The meson build defines BENCH_REQUIRE_SHOAL: make sure the include path gave us Shoal's
 * shmem.h and not Open MPI's (which also lives on the MPI include path). */
#if defined(BENCH_REQUIRE_SHOAL) && !defined(BENCH_MPI) && !defined(SHOAL_TYPETABLE_H)
#error "benches: <shmem.h> is not Shoal's (check the include path order)"
#endif

#define BENCH_LARGE_MESSAGE 8192u /* above this, OSU-style reduced iteration counts */
#define BENCH_MEM_HEAP 1
#define BENCH_MEM_GLOBAL 2

typedef struct {
    const char *prog;
    const char *title;
    long iters, warmup;       /* small-size counts; large sizes use a tenth */
    size_t min_size, max_size;
    double time_cap;          /* seconds per size, 0 = none */
    double time_floor;        /* -L: at least this many seconds per size, 0 = none */
    double settle;            /* -S: seconds of barriers before the first row, 0 = none */
    int quick, full, nbi;
    int mem;                  /* BENCH_MEM_* bits */
    long window;
    const char *filter;       /* -o: comma-separated substrings, run names containing one */
    const char *exclude;      /* -x: comma-separated exact names to skip */
    int verbose;              /* -v: '# running NAME' before each named row */
    int paths;                /* -P: a wait-path line after each row */
    int idle_pass;            /* -I: each row first with the load of SHOAL_BENCH_LOAD_PIDS stopped */
    const char *red_op;       /* -O: reduction operation (reduce programs) */
    const char *red_type;     /* -T: reduction element type (reduce programs) */
    int dist;                 /* -D: destination minus source modulo 4096, -1 = as allocated */
    int me, npes;
} bench_opts;

/* ---- the library underneath: OpenSHMEM, or MPI with BENCH_MPI ----------------------- */
#ifdef BENCH_MPI
static inline void bench_lib_init(void) { MPI_Init(NULL, NULL); }
static inline void bench_lib_finalize(void) { MPI_Finalize(); }
static inline int bench_lib_me(void)
{
    int r = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}
static inline int bench_lib_npes(void)
{
    int n = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n;
}
static inline void bench_lib_barrier(void) { MPI_Barrier(MPI_COMM_WORLD); }
static inline void bench_lib_abort(int status) { MPI_Abort(MPI_COMM_WORLD, status); }
static inline void *bench_lib_malloc(size_t n)
{
    void *p = NULL;
    return posix_memalign(&p, 64, n) ? NULL : p;
}
static inline void bench_lib_free(void *p) { free(p); }
/* "Open MPI v4.1.4, ..." -> the first line, and MPI's standard version. */
static inline void bench_lib_name(char *buf, size_t len, int *major, int *minor)
{
    char v[MPI_MAX_LIBRARY_VERSION_STRING];
    int n = 0;
    MPI_Get_library_version(v, &n);
    v[strcspn(v, ",\n")] = 0;
    snprintf(buf, len, "%s", v);
    MPI_Get_version(major, minor);
}
#define BENCH_LIB_STD "MPI"
#else
static inline void bench_lib_init(void) { shmem_init(); }
static inline void bench_lib_finalize(void) { shmem_finalize(); }
static inline int bench_lib_me(void) { return shmem_my_pe(); }
static inline int bench_lib_npes(void) { return shmem_n_pes(); }
static inline void bench_lib_barrier(void) { shmem_barrier_all(); }
static inline void bench_lib_abort(int status) { shmem_global_exit(status); }
static inline void *bench_lib_malloc(size_t n) { return shmem_malloc(n); }
static inline void bench_lib_free(void *p) { shmem_free(p); }
static inline void bench_lib_name(char *buf, size_t len, int *major, int *minor)
{
    char name[SHMEM_MAX_NAME_LEN + 1];
    memset(name, 0, sizeof name);
    shmem_info_get_name(name);
    snprintf(buf, len, "%s", name);
    shmem_info_get_version(major, minor);
}
#define BENCH_LIB_STD "OpenSHMEM"
#endif

/* ---- timing ------------------------------------------------------------------------- */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- reductions over all PEs (untimed) --------------------------------------------- */
#define BENCH_RED_MAX_N 4
enum { BENCH_MAX, BENCH_SUM };
#ifdef BENCH_MPI
static inline void bench_psync_init_(void) {}
static inline void bench_reduce_n(double *v, int n, int op)
{
    MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_DOUBLE, op == BENCH_MAX ? MPI_MAX : MPI_SUM,
                  MPI_COMM_WORLD);
}
#else
static long bench_psync_[2][SHMEM_REDUCE_SYNC_SIZE];
static double bench_pwrk_[2][SHMEM_REDUCE_MIN_WRKDATA_SIZE > BENCH_RED_MAX_N
                                 ? SHMEM_REDUCE_MIN_WRKDATA_SIZE
                                 : BENCH_RED_MAX_N];
static double bench_red_src_[BENCH_RED_MAX_N], bench_red_dst_[BENCH_RED_MAX_N];
static int bench_psync_next_;

static inline void bench_psync_init_(void)
{
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) bench_psync_[k][i] = SHMEM_SYNC_VALUE;
}

/* Element-wise max or sum of v[0..n) over all PEs, in place (n <= BENCH_RED_MAX_N).
 * Collective. A barrier first, and two pSync arrays used in turn, so that a pSync is never
 * reused while a slow PE may still be inside the previous reduction. */
static inline void bench_reduce_n(double *v, int n, int op)
{
    int k = bench_psync_next_;
    bench_psync_next_ ^= 1;
    for (int i = 0; i < n; i++) bench_red_src_[i] = v[i];
    shmem_barrier_all();
    int npes = shmem_n_pes();
    if (op == BENCH_MAX)
        shmem_double_max_to_all(bench_red_dst_, bench_red_src_, n, 0, 0, npes, bench_pwrk_[k],
                                bench_psync_[k]);
    else
        shmem_double_sum_to_all(bench_red_dst_, bench_red_src_, n, 0, 0, npes, bench_pwrk_[k],
                                bench_psync_[k]);
    for (int i = 0; i < n; i++) v[i] = bench_red_dst_[i];
}
#endif

static inline double bench_reduce(double v, int op)
{
    bench_reduce_n(&v, 1, op);
    return v;
}

/* ---- errors ------------------------------------------------------------------------- */
static inline void bench_fail(const bench_opts *o, const char *what)
{
    fprintf(stderr, "%s: PE %d: ERROR: %s\n", o ? o->prog : "bench", bench_lib_me(), what);
    fflush(stderr);
    bench_lib_abort(1);
    exit(1);
}

/* A failed data check: say so on stderr and return 1 (the row is then marked WRONG). */
static inline int bench_wrong(const bench_opts *o, const char *what, size_t size)
{
    fprintf(stderr, "%s: PE %d: WRONG: %s (size %zu)\n", o->prog, bench_lib_me(), what, size);
    return 1;
}

static inline void *bench_shmalloc(const bench_opts *o, size_t n)
{
    void *p = bench_lib_malloc(n ? n : 1);
    if (!p) bench_fail(o, "shmem_malloc failed (raise the symmetric heap size)");
    memset(p, 0, n ? n : 1);
    return p;
}

/* Bytes a destination buffer is allocated with beyond its size, for -D (bench_place). */
#define BENCH_DIST_SPARE 4096u

/* -D: where in mem (allocated with BENCH_DIST_SPARE bytes to spare) a destination starts so
 * that its address minus src's is o->dist modulo 4096; mem itself without -D. Symmetric
 * buffers sit at the same offsets on every PE, so the remote copy sees the same distance. */
static inline char *bench_place(const bench_opts *o, char *mem, const char *src)
{
    if (o->dist < 0) return mem;
    return (char *)place_at_distance(mem, src, (unsigned)o->dist);
}

/* Data pattern: byte j of a buffer tagged (size, who). */
static inline unsigned char bench_byte(size_t size, int who, size_t j)
{
    return (unsigned char)((j * 131u + size * 7u + (size_t)who * 29u + 1u) & 0xffu);
}

static inline void bench_fill(void *buf, size_t n, size_t size, int who)
{
    unsigned char *b = (unsigned char *)buf;
    for (size_t j = 0; j < n; j++) b[j] = bench_byte(size, who, j);
}

/* Returns 1 if buf holds the pattern. */
static inline int bench_check(const void *buf, size_t n, size_t size, int who)
{
    const unsigned char *b = (const unsigned char *)buf;
    for (size_t j = 0; j < n; j++)
        if (b[j] != bench_byte(size, who, j)) return 0;
    return 1;
}

/* ---- options ------------------------------------------------------------------------ */
static inline int bench_parse_size_(const char *s, size_t *out)
{
    char *end = NULL;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s) return -1;
    switch (*end) {
    case 'k': case 'K': v <<= 10; end++; break;
    case 'm': case 'M': v <<= 20; end++; break;
    case 'g': case 'G': v <<= 30; end++; break;
    default: break;
    }
    if (*end == 'i' || *end == 'B') end++; /* accept 1Ki, 1MiB, 1KB */
    if (*end == 'B') end++;
    if (*end != '\0' && *end != ':') return -1;
    *out = (size_t)v;
    return 0;
}

static inline void bench_usage_(const bench_opts *o)
{
    if (bench_lib_me() != 0) return;
    printf("usage: %s [-i iters] [-w warmup] [-s min:max] [-t sec] [-L sec] [-S sec] [-q] [-f]\n"
           "          [-m heap|global|both] [-o name,...] [-x name,...] [-v] [-n] [-W window] [-O op]\n"
           "          [-T type] [-D dist] [-P] [-I] [-h]\n"
           "  %s\n"
           "  defaults: -i %ld -w %ld -s %zu:%zu -t %g\n",
           o->prog, o->title, o->iters, o->warmup, o->min_size, o->max_size, o->time_cap);
}

/* ---- -I: each row also with the unrelated load stopped -------------------------------- */
static int bench_pairing_; /* every PE: rows take the stopped-load pass first (PE 0 has pids) */
static int bench_in_idle_; /* 1 during that pass: bench_row prints '# idle ' rows */

static inline void bench_load_pids_init_(const bench_opts *o)
{
    bench_pairing_ = bench_reduce(o->me == 0 ? (double)load_pause_signal(0) : 0.0, BENCH_MAX) > 0;
}

/* for (size...) BENCH_PASSES(&o) { one row }: with -I and pids the body runs twice, first with
 * the load stopped (its row printed as a '# idle ' line), then as always; else once. The
 * barriers around the signals keep every PE's pass inside the load's state. */
static inline int bench_pass_first_(const bench_opts *o)
{
    if (!bench_pairing_) return 0;
    bench_lib_barrier();
    if (o->me == 0) load_pause_signal(SIGSTOP);
    bench_in_idle_ = 1;
    bench_lib_barrier();
    return 1;
}
static inline int bench_pass_next_(const bench_opts *o, int pass)
{
    if (pass != 1) return -1;
    bench_lib_barrier();
    if (o->me == 0) load_pause_signal(SIGCONT);
    bench_in_idle_ = 0;
    bench_lib_barrier();
    return 0;
}
#define BENCH_PASSES(o) \
    for (int bench_pass_ = bench_pass_first_(o); bench_pass_ >= 0; bench_pass_ = bench_pass_next_(o, bench_pass_))

/* Fill *o from the command line; defaults are what the program put in *o before. Calls
 * shmem_init. Returns normally, or exits 0 after -h / 2 on a bad option (every PE). */
static inline void bench_init(bench_opts *o, int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    bench_psync_init_();
    bench_lib_init();
    o->me = bench_lib_me();
    o->npes = bench_lib_npes();
    const char *slash = strrchr(argv[0], '/');
    o->prog = slash ? slash + 1 : argv[0];
    int set_i = 0, set_w = 0, set_s = 0, set_t = 0, bad = 0, help = 0;
    o->dist = -1;
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        if (arg[0] != '-' || arg[1] == '\0' || arg[2] != '\0') { bad = 1; break; }
        char c = arg[1];
        const char *val = NULL;
        if (strchr("iwstLSmoxWOTD", c)) {
            if (a + 1 >= argc) { bad = 1; break; }
            val = argv[++a];
        }
        switch (c) {
        case 'i': o->iters = atol(val); set_i = 1; if (o->iters < 1) bad = 1; break;
        case 'w': o->warmup = atol(val); set_w = 1; if (o->warmup < 0) bad = 1; break;
        case 't': o->time_cap = atof(val); set_t = 1; break;
        case 'L': {
            char *end;
            o->time_floor = strtod(val, &end);
            if (*end || !(o->time_floor >= 0)) bad = 1;
            break;
        }
        case 'S': {
            char *end;
            o->settle = strtod(val, &end);
            if (*end || !(o->settle >= 0 && o->settle <= 60)) bad = 1;
            break;
        }
        case 'W': o->window = atol(val); if (o->window < 1) bad = 1; break;
        case 'q': o->quick = 1; break;
        case 'f': o->full = 1; break;
        case 'n': o->nbi = 1; break;
        case 'o': o->filter = val; break;
        case 'x': o->exclude = val; break;
        case 'v': o->verbose = 1; break;
        case 'P': o->paths = 1; break;
        case 'I': o->idle_pass = 1; break;
        case 'O': o->red_op = val; break;
        case 'T': o->red_type = val; break;
        case 'D': {
            char *end;
            const long d = strtol(val, &end, 10);
            if (*end || end == val || d < 0 || d > 4095) bad = 1;
            else o->dist = (int)d;
            break;
        }
        case 'h': help = 1; break;
        case 'm':
            if (!strcmp(val, "heap")) o->mem = BENCH_MEM_HEAP;
            else if (!strcmp(val, "global")) o->mem = BENCH_MEM_GLOBAL;
            else if (!strcmp(val, "both")) o->mem = BENCH_MEM_HEAP | BENCH_MEM_GLOBAL;
            else bad = 1;
            break;
        case 's': {
            const char *colon = strchr(val, ':');
            size_t lo, hi;
            if (bench_parse_size_(val, &lo)) { bad = 1; break; }
            if (colon) { if (bench_parse_size_(colon + 1, &hi)) { bad = 1; break; } }
            else hi = lo;
            if (lo < 1 || hi < lo) { bad = 1; break; }
            o->min_size = lo; o->max_size = hi; set_s = 1;
            break;
        }
        default: bad = 1; break;
        }
        if (bad) break;
    }
    if (o->quick) {
        if (!set_i) o->iters = 10;
        if (!set_w) o->warmup = 2;
        if (!set_t) o->time_cap = 0.05;
        if (!set_s && o->max_size > 65536) o->max_size = 65536 < o->min_size ? o->min_size : 65536;
        if (o->window > 8) o->window = 8;
    }
    if (help || bad) {
        if (bad && o->me == 0) fprintf(stderr, "%s: bad option\n", o->prog);
        bench_usage_(o);
        bench_lib_finalize();
        exit(bad ? 2 : 0);
    }
    /* -S: the kernel gives a group of tasks that slept (an init that waits on its launcher)
     * more than its share of a loaded CPU for about 0.1 s after, so the first rows would say
     * how long the library's init slept. The longest time over the PEs decides, alike on all. */
    if (o->settle > 0) {
        const double t0 = bench_now();
        do {
            for (int k = 0; k < 64; k++) bench_lib_barrier();
        } while (bench_reduce(bench_now() - t0, BENCH_MAX) < o->settle);
    }
    if (o->idle_pass) bench_load_pids_init_(o);
}

static inline long bench_iters_for(const bench_opts *o, size_t size)
{
    if (size > BENCH_LARGE_MESSAGE) return o->iters / 10 > 0 ? o->iters / 10 : 1;
    return o->iters;
}

static inline long bench_warmup_for(const bench_opts *o, size_t size)
{
    if (size > BENCH_LARGE_MESSAGE && o->warmup > 0) return o->warmup >= 10 ? o->warmup / 10 : 1;
    return o->warmup;
}

/* Collective: cut iters so that iters * (slowest PE's warm-up time per op) <= time cap, or
 * raise them so that iters * (slowest PE's wall time per iteration) fills the time floor (-L),
 * which wins over the cap. The two differ where each timed call is followed by untimed work
 * (a barrier): the floor is a span of wall time, so it is filled by whole iterations. */
#define BENCH_MAX_ITERS 100000000L
static inline long bench_batch_iters(const bench_opts *o, long iters, double my_warm_per_op,
                                     double my_wall_per_iter)
{
    double t = bench_reduce(my_warm_per_op, BENCH_MAX);
    if (o->time_cap > 0 && t > 0) {
        double fit = o->time_cap / t;
        if (fit < (double)iters) iters = fit < 1.0 ? 1 : (long)fit;
    }
    double w = bench_reduce(my_wall_per_iter, BENCH_MAX);
    if (o->time_floor > 0 && w > 0) {
        double need = o->time_floor / w;
        if (need > (double)iters) iters = need > (double)BENCH_MAX_ITERS ? BENCH_MAX_ITERS : (long)need;
    }
    return iters;
}

/* The same where an iteration is the timed operation alone. */
static inline long bench_cap_iters(const bench_opts *o, long iters, double my_warm_per_op)
{
    return bench_batch_iters(o, iters, my_warm_per_op, my_warm_per_op);
}

/* Loops that only one PE times (BENCH_TIMED with all 0): 1 while the window that began
 * at t0 is shorter than the time floor (-L), so the loop runs another batch; the warm-up's
 * estimate of the count is off when a time slice of other work fell in the warm-up. */
static inline int bench_below_floor(const bench_opts *o, double t0, long done)
{
    return o->time_floor > 0 && done < BENCH_MAX_ITERS && bench_now() - t0 < o->time_floor;
}

/* Collective (every PE calls it, so all agree): 1 once a batch loop that began at w0 has
 * done enough, i.e. there is no time floor (-L), the count is at its maximum, or the slowest
 * PE's window since w0 fills the floor. */
static inline int bench_floor_filled(const bench_opts *o, double w0, long done)
{
    return o->time_floor <= 0 || done >= BENCH_MAX_ITERS ||
           bench_reduce(bench_now() - w0, BENCH_MAX) >= o->time_floor;
}

/* A timed loop of calls back to back: the call (the variadic part, with i its index from 0
 * on) iters times, and again in batches of iters while the time floor (-L) is not filled;
 * done counts the calls and secs their time (not the checks between batches). The warm-up's
 * estimate of the count is off where a slice of other work fell in it: a 2-PE barrier beside
 * 3 busy processes timed 178 calls, 57 us in all, at 0.32 us a call, where 30 ms of them took
 * 2.1 us a call. all = 1: collective, the slowest PE's window decides (every PE must run it);
 * 0: this PE's alone. */
#define BENCH_TIMED(o, all, i, iters, done, secs, ...)                                           \
    do {                                                                                         \
        const double bench_w0_ = bench_now();                                                    \
        for (;;) {                                                                               \
            const double bench_t0_ = bench_now();                                                \
            for (long i = (done); i < (done) + (iters); i++) {                                   \
                __VA_ARGS__;                                                                     \
            }                                                                                    \
            (secs) += bench_now() - bench_t0_;                                                   \
            (done) += (iters);                                                                   \
            if ((all) ? bench_floor_filled((o), bench_w0_, (done))                               \
                      : !bench_below_floor((o), bench_w0_, (done)))                              \
                break;                                                                           \
        }                                                                                        \
    } while (0)

/* Pairs for point-to-point programs: PEs [0, npes/2) each drive PE me + npes/2; with an odd
 * count the last PE only takes part in barriers. A single PE targets itself. */
static inline int bench_pairs(const bench_opts *o) { return o->npes >= 2 ? o->npes / 2 : 1; }
static inline int bench_is_initiator(const bench_opts *o) { return o->me < bench_pairs(o); }
static inline int bench_peer(const bench_opts *o)
{
    if (o->npes < 2) return 0;
    if (o->me < o->npes / 2) return o->me + o->npes / 2;
    if (o->me < 2 * (o->npes / 2)) return o->me - o->npes / 2;
    return -1;
}
static inline int bench_is_target(const bench_opts *o)
{
    return o->npes < 2 ? 1 : (o->me >= o->npes / 2 && o->me < 2 * (o->npes / 2));
}

/* Is `name` in the comma-separated list: as a substring (exact == 0) or exactly. */
static inline int bench_in_list_(const char *list, const char *name, int exact)
{
    size_t n = strlen(name);
    for (const char *p = list; p && *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len > 0) {
            if (exact ? (len == n && !strncmp(p, name, n)) : len <= n) {
                if (exact) return 1;
                for (size_t i = 0; i + len <= n; i++)
                    if (!strncmp(name + i, p, len)) return 1;
            }
        }
        p = e ? e + 1 : NULL;
    }
    return 0;
}

/* Should the named row run? Same answer on every PE. With -v, PE 0 announces it. */
static inline int bench_selected(const bench_opts *o, const char *name)
{
    if (o->filter && !bench_in_list_(o->filter, name, 0)) return 0;
    if (o->exclude && bench_in_list_(o->exclude, name, 1)) return 0;
    if (o->verbose && o->me == 0) printf("# running %s\n", name);
    return 1;
}

/* ---- output ------------------------------------------------------------------------- */
static inline void bench_header(const bench_opts *o, const char *note, const char *columns)
{
    if (o->me != 0) return;
    char name[320];
    int major = 0, minor = 0;
    bench_lib_name(name, sizeof name, &major, &minor);
    printf("# %s: %s\n", o->prog, o->title);
    printf("# library: %s (%s %d.%d), PEs: %d\n", name, BENCH_LIB_STD, major, minor, o->npes);
    if (note && *note) printf("# %s\n", note);
    if (o->dist >= 0) printf("# destination address minus source address, modulo 4096: %d\n", o->dist);
    printf("# %s%s\n", columns, o->full ? "  Min  Max  Iterations" : "");
}

/* One result row. Every PE calls it (collective); v is this PE's figure, counted only where
 * `part` is nonzero. BENCH_AVG prints the mean over the PEs that took part (latency),
 * BENCH_TOTAL their sum (aggregate bandwidth or rate). With -f, the min and max over those
 * PEs and the iteration count follow. key: a size (name == NULL) or an operation name.
 * wrong: this PE's check of the row's data failed (the row is then marked WRONG). */
enum { BENCH_AVG, BENCH_TOTAL };
static long bench_wrong_rows_;
static inline void bench_row(const bench_opts *o, size_t size, const char *name, double v,
                             int part, int how, long iters, int decimals, int wrong)
{
    double sums[2] = {part ? 1.0 : 0.0, part ? v : 0.0};
    double maxs[3] = {part ? v : -1e300, part ? -v : -1e300, wrong ? 1.0 : 0.0};
    bench_reduce_n(sums, 2, BENCH_SUM);
    bench_reduce_n(maxs, 3, BENCH_MAX);
    if (maxs[2] > 0) bench_wrong_rows_++;
    double n = sums[0], sum = sums[1], mx = maxs[0], mn = -maxs[1];
    if (o->me != 0) return;
    double val = how == BENCH_TOTAL ? sum : (n > 0 ? sum / n : 0.0);
    if (bench_in_idle_) printf("# idle ");
    if (name) printf("%-28s", name);
    else printf("%-12zu", size);
    printf(" %16.*f", decimals, val);
    if (o->full) printf(" %16.*f %16.*f %10ld", decimals, mn, decimals, mx, iters);
    printf("%s\n", maxs[2] > 0 ? "  WRONG" : "");
}

/* -P: what waits did past their spin between bench_waits_mark and the row (Shoal only). */
#if !defined(BENCH_MPI) && defined(__has_include)
#if __has_include(<shmemx.h>)
#include <shmemx.h>
#endif
#endif
#if defined(SHMEMX_WAIT_STATS) && SHMEMX_WAIT_STATS >= 2
/* Weak: the same binary runs on an older libshoal without it (compare.sh -B); no line then.
 * The symbol of shmemx_wait_stats (a macro) in shmemx.h. */
#pragma weak shmemx_wait_stats2
static shmemx_wait_stats_t bench_waits_at_;
static inline void bench_waits_mark(void)
{
    if (shmemx_wait_stats) shmemx_wait_stats(&bench_waits_at_);
}
static inline void bench_waits_row(const bench_opts *o, long iters)
{
    if (!o->paths || !shmemx_wait_stats || bench_in_idle_) return;
    shmemx_wait_stats_t w;
    shmemx_wait_stats(&w);
    const shmemx_wait_stats_t *a = &bench_waits_at_;
    double v[6] = {(double)(w.past_spin - a->past_spin), (double)(w.yields - a->yields),
                   (double)(w.slow_yields - a->slow_yields), (double)(w.naps - a->naps),
                   (double)(w.sleeps - a->sleeps), (double)(w.free_spins - a->free_spins)};
    bench_reduce_n(v, 4, BENCH_SUM);
    bench_reduce_n(v + 4, 2, BENCH_SUM);
    if (o->me != 0) return;
    const double per = 1.0 / ((double)iters * (double)o->npes);
    printf("#   waits per call and PE: past spin %.3f, yields %.3f (slow %.3f), naps %.3f, sleeps %.3f,"
           " spun on %.3f\n", v[0] * per, v[1] * per, v[2] * per, v[3] * per, v[4] * per, v[5] * per);
}
#else
static inline void bench_waits_mark(void) {}
static inline void bench_waits_row(const bench_opts *o, long iters) { (void)o; (void)iters; }
#endif

/* -P: the timed calls of a row that took over LONG_CALL_S (a PE off its CPU for a time
 * slice of other work: beside a load that spins half the time, a mean of twice the idle figure
 * with the median at it) and the share of the timed time they hold, over every PE. */
static inline void bench_long_row(const bench_opts *o, long n_long, double t_long, double t, long done)
{
    if (!o->paths || bench_in_idle_) return;
    double v[4] = {(double)n_long, t_long, t, (double)done};
    bench_reduce_n(v, 4, BENCH_SUM);
    if (o->me == 0) long_calls_print(v[0], v[1], v[2], v[3], "PE");
}

/* Size sweep: for (size_t s = bench_first(o); s; s = bench_next(o, s)) */
static inline size_t bench_first(const bench_opts *o) { return o->min_size; }
static inline size_t bench_next(const bench_opts *o, size_t s)
{
    if (s >= o->max_size) return 0;
    s *= 2;
    return s > o->max_size ? o->max_size : s;
}

/* ---- collectives: the OSU loop ------------------------------------------------------ */
/* For each size: prep (fill sources), then warm-up and timed iterations of
 *     t0 = now; run(); t += now - t0; shmem_barrier_all();   (the barrier is not timed)
 * then check() (1 = the result is right on this PE) and one row: the mean over all PEs of
 * each PE's average time per call, in microseconds. */
typedef struct {
    void (*prep)(size_t size, void *ctx);
    void (*run)(size_t size, void *ctx);
    int (*check)(size_t size, void *ctx);
    void *ctx;
} bench_coll;

static inline void bench_coll_sweep(const bench_opts *o, const bench_coll *c)
{
    for (size_t size = bench_first(o); size; size = bench_next(o, size)) BENCH_PASSES(o) {
        long iters = bench_iters_for(o, size), warm = bench_warmup_for(o, size);
        if (c->prep) c->prep(size, c->ctx);
        bench_lib_barrier();
        double tw = 0;
        const double ws = bench_now();
        for (long i = 0; i < warm; i++) {
            double t0 = bench_now();
            c->run(size, c->ctx);
            tw += bench_now() - t0;
            bench_lib_barrier();
        }
        /* The floor by wall time, the untimed barriers included: a broadcast returns at once
         * on most PEs, so 30 ms of timed calls took tens of thousands, each with a barrier:
         * 4 PEs beside a busy process, 2.4 s a size, the other libraries past compare.sh's 60 s. */
        iters = warm > 0 ? bench_batch_iters(o, iters, tw / (double)warm, (bench_now() - ws) / (double)warm)
                         : bench_cap_iters(o, iters, 0.0);
        double t = 0, t_long = 0;
        long done = 0, n_long = 0;
        bench_waits_mark();
        /* With a time floor, batches until the slowest PE's window is long enough (the
         * warm-up's estimate is off when its first calls were slow or a slice fell in it). */
        for (const double w0 = bench_now();;) {
            for (long i = 0; i < iters; i++) {
                double t0 = bench_now();
                c->run(size, c->ctx);
                const double dt = bench_now() - t0;
                t += dt;
                if (dt > LONG_CALL_S) {
                    n_long++;
                    t_long += dt;
                }
                bench_lib_barrier();
            }
            done += iters;
            if (bench_floor_filled(o, w0, done)) break;
        }
        int wrong = c->check && !c->check(size, c->ctx) ? bench_wrong(o, "collective result", size) : 0;
        bench_row(o, size, NULL, t * 1e6 / (double)done, 1, BENCH_AVG, done, 3, wrong);
        bench_waits_row(o, done); /* the untimed barrier after each call included */
        bench_long_row(o, n_long, t_long, t, done);
    }
}

/* Collective programs move 64-bit elements: sizes are rounded up to a multiple of 8. */
static inline void bench_sizes_of_8(bench_opts *o)
{
    if (o->min_size < 8) o->min_size = 8;
    o->min_size = (o->min_size + 7) & ~(size_t)7;
    if (o->max_size < o->min_size) o->max_size = o->min_size;
    o->max_size = (o->max_size + 7) & ~(size_t)7;
}

/* End of main: returns the exit status (1 if any row was WRONG). Collective. */
static inline int bench_finish(const bench_opts *o)
{
    bench_lib_barrier();
    if (o->me == 0 && bench_wrong_rows_ > 0)
        printf("# %ld row(s) WRONG: the data check failed\n", bench_wrong_rows_);
    int rc = bench_wrong_rows_ > 0;
    bench_lib_finalize();
    return rc;
}

#endif
