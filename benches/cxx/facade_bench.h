/* The harness shared by the facade benchmark pairs (benches/cxx/): each operation is measured
 * by a C program over <shmem.h> (NAME_c.c) and a C++ program over <shoal/shoal.hpp>
 * (NAME_cxx.cpp) with the same loop, the same options and the same output, so that
 * compare_facade.sh can put the two side by side. This header is valid C17 and C++20; it
 * does no initialisation of its own (the C side calls shmem_init, the C++ side builds a
 * shoal::Runtime), then fb_init() parses the options.
 *
 * Options: -i N (timed iterations per size; sizes > 8 KiB use N/10), -w N (warm-up),
 *          -s MIN:MAX (bytes, doubling; K/M suffixes), -q (quick: smoke tests).
 * Output (OSU shape): '#' lines, the last naming the columns, then "size latency" rows
 * (or "name latency"). Latency: PE 0's mean time per operation in microseconds (collectives:
 * the mean of that figure over every PE). Point-to-point: PE i
 * (i < npes/2) drives PE i + npes/2; with one PE, PE 0 drives itself. A failed data check
 * prints WRONG on stderr and makes the program exit 1. */
#ifndef SHOAL_FACADE_BENCH_H
#define SHOAL_FACADE_BENCH_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <shmem.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const char *prog;
    long iters, warmup;
    size_t min_size, max_size;
    int quick;
    int me, npes;
    int wrong;
} fb_opts;

/* Defaults of one program (the options may change them). */
static inline fb_opts fb_defaults(long iters, long warmup, size_t min_size, size_t max_size)
{
    fb_opts o;
    memset(&o, 0, sizeof o);
    o.iters = iters;
    o.warmup = warmup;
    o.min_size = min_size;
    o.max_size = max_size;
    return o;
}

static inline double fb_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline size_t fb_parse_size_(const char *s)
{
    char *end = NULL;
    unsigned long long v = strtoull(s, &end, 10);
    if (end && (*end == 'K' || *end == 'k')) v <<= 10;
    else if (end && (*end == 'M' || *end == 'm')) v <<= 20;
    return (size_t)v;
}

static inline void fb_init(fb_opts *o, int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    o->me = shmem_my_pe();
    o->npes = shmem_n_pes();
    const char *slash = strrchr(argv[0], '/');
    o->prog = slash ? slash + 1 : argv[0];
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        if (!strcmp(arg, "-q")) {
            o->quick = 1;
        } else if (a + 1 < argc && !strcmp(arg, "-i")) {
            o->iters = atol(argv[++a]);
        } else if (a + 1 < argc && !strcmp(arg, "-w")) {
            o->warmup = atol(argv[++a]);
        } else if (a + 1 < argc && !strcmp(arg, "-s")) {
            const char *v = argv[++a];
            const char *colon = strchr(v, ':');
            o->min_size = fb_parse_size_(v);
            o->max_size = colon ? fb_parse_size_(colon + 1) : o->min_size;
        } else {
            if (o->me == 0)
                fprintf(stderr, "usage: %s [-i ITERS] [-w WARMUP] [-s MIN:MAX] [-q]\n", o->prog);
            exit(2);
        }
    }
    if (o->quick) {
        o->iters = 20;
        o->warmup = 2;
        if (o->max_size > 4096) o->max_size = 4096;
    }
    if (o->iters < 1) o->iters = 1;
    if (o->min_size < 1) o->min_size = 1;
    if (o->max_size < o->min_size) o->max_size = o->min_size;
}

static inline long fb_iters(const fb_opts *o, size_t size)
{
    return size > 8192 ? (o->iters / 10 > 0 ? o->iters / 10 : 1) : o->iters;
}
static inline long fb_warmup(const fb_opts *o, size_t size)
{
    return size > 8192 ? o->warmup / 10 : o->warmup;
}
static inline size_t fb_next(const fb_opts *o, size_t s)
{
    if (s >= o->max_size) return 0;
    s *= 2;
    return s > o->max_size ? o->max_size : s;
}
static inline int fb_initiator(const fb_opts *o) { return o->npes == 1 || o->me < o->npes / 2; }
/* Written to by an initiator (with an odd PE count, the last PE is left out). */
static inline int fb_targeted(const fb_opts *o)
{
    return o->npes == 1 || (o->me >= o->npes / 2 && o->me < 2 * (o->npes / 2));
}
static inline int fb_peer(const fb_opts *o)
{
    if (o->npes == 1) return 0;
    return o->me < o->npes / 2 ? o->me + o->npes / 2 : o->me - o->npes / 2;
}

/* The mean of v over every PE (collective; untimed harness code, the same C call in both
 * programs). Collective benchmarks report it, as the OSU ones do: one PE's own figure depends
 * on which PE happens to leave the preceding barrier last. Globals are symmetric. */
static double fb_mean_src_, fb_mean_dst_;
static inline double fb_mean_over_pes(const fb_opts *o, double v)
{
    fb_mean_src_ = v;
    shmem_barrier_all();
    shmem_double_sum_reduce(SHMEM_TEAM_WORLD, &fb_mean_dst_, &fb_mean_src_, 1);
    return fb_mean_dst_ / (double)o->npes;
}

static inline void fb_header(const fb_opts *o, const char *title, const char *columns)
{
    if (o->me != 0) return;
    printf("# %s: %s\n", o->prog, title);
    printf("# PEs: %d (point-to-point: PE i drives PE i+npes/2, PE 0's figure; collectives: "
           "mean over PEs)\n", o->npes);
    printf("# %s\n", columns);
}
static inline void fb_row_size(const fb_opts *o, size_t size, double us)
{
    if (o->me == 0) printf("%-12zu %14.3f\n", size, us);
}
static inline void fb_row_name(const fb_opts *o, const char *name, double us)
{
    if (o->me == 0) printf("%-24s %14.3f\n", name, us);
}
static inline void fb_wrong(fb_opts *o, const char *what, size_t size)
{
    fprintf(stderr, "%s: PE %d: WRONG: %s (size %zu)\n", o->prog, o->me, what, size);
    o->wrong = 1;
}

#endif
