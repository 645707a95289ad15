/* One copy by distance: how long the C library's memcpy, rep movsb (x86-64) and the runtime's
 * own vector loop (runtime/src/core/copy.c: shoal_copy_vec) take to copy SIZE bytes when the
 * destination's address minus the source's is DIST modulo 4096. Not an OpenSHMEM program: one
 * process, the source and destination in two shared anonymous mappings (as a symmetric heap
 * is), each copy repeated until the row's window lasts 20 ms; the best of 5 windows, in us.
 * The runtime copies a destination 1-63 bytes ahead of its source with its own loop
 * (shoal_copy_near): this shows why, on the CPU at hand.
 *
 *   copy_distance [-s MIN:MAX] [-d D1,D2,...]   (defaults 4K:4M, 0,1,8,16,31,32,63,64,4064,4095)
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "core/copy.h"
#include "place.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void copy_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }

static double best_us(void (*copy)(void *, const void *, size_t), char *d, const char *s, size_t n)
{
    double best = 1e30;
    long reps = 1;
    for (int w = 0; w < 5; w++) {
        double t;
        for (;;) {
            const double t0 = now();
            for (long i = 0; i < reps; i++) {
                copy(d, s, n);
                __asm__ __volatile__("" ::: "memory");
            }
            t = now() - t0;
            if (t >= 0.02) break;
            reps = t > 0 ? (long)((double)reps * 0.025 / t) + 1 : reps * 2;
        }
        if (t / (double)reps < best) best = t / (double)reps;
    }
    return best * 1e6;
}

static size_t parse_size(const char *s, char **end)
{
    size_t v = strtoull(s, end, 10);
    if (**end == 'K' || **end == 'k') v <<= 10, (*end)++;
    else if (**end == 'M' || **end == 'm') v <<= 20, (*end)++;
    return v;
}

int main(int argc, char **argv)
{
    size_t lo = 4096, hi = (size_t)4 << 20;
    unsigned dists[32] = {0, 1, 8, 16, 31, 32, 63, 64, 4064, 4095};
    int nd = 10;
    for (int a = 1; a + 1 < argc; a += 2) {
        char *end;
        if (!strcmp(argv[a], "-s")) {
            lo = parse_size(argv[a + 1], &end);
            hi = *end == ':' ? parse_size(end + 1, &end) : lo;
            if (*end || lo < 1 || hi < lo || hi > ((size_t)64 << 20)) goto usage;
        } else if (!strcmp(argv[a], "-d")) {
            nd = 0;
            for (char *p = argv[a + 1]; *p && nd < 32; p = *end ? end + 1 : end) {
                const long d = strtol(p, &end, 10);
                if (end == p || d < 0 || d > 4095 || (*end && *end != ',')) goto usage;
                dists[nd++] = (unsigned)d;
            }
        } else {
            goto usage;
        }
    }
    if ((argc - 1) % 2) goto usage;
    const size_t cap = hi + 2 * 4096;
    char *src = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    char *mem = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (src == MAP_FAILED || mem == MAP_FAILED) {
        perror("copy_distance: mmap");
        return 1;
    }
    memset(src, 1, cap);
    memset(mem, 2, cap);
    printf("# copy_distance: SIZE bytes, destination - source = DIST modulo 4096; best of 5 windows of 20 ms\n");
    printf("# Size  Dist  memcpy(us)  movsb(us)  shoal_copy_vec(us)\n");
    for (size_t n = lo; n <= hi; n *= 2)
        for (int k = 0; k < nd; k++) {
            char *d = (char *)place_at_distance(mem, src, dists[k]);
            const double m = best_us(copy_memcpy, d, src, n);
            const double r = best_us(shoal_copy_movsb, d, src, n);
            const double v = best_us(shoal_copy_vec, d, src, n);
            if (memcmp(d, src, n)) {
                fprintf(stderr, "copy_distance: WRONG copy (size %zu, dist %u)\n", n, dists[k]);
                return 1;
            }
            printf("%-8zu %4u  %10.3f  %9.3f  %18.3f\n", n, dists[k], m, r, v);
        }
    return 0;
usage:
    fprintf(stderr, "usage: copy_distance [-s MIN:MAX] [-d D1,D2,...]\n");
    return 2;
}
