/* The runtime's own copy loops (runtime/src/core/copy.c: shoal_copy_vec, which takes AVX2 where
 * the CPU has it, and its SSE2 loop, which this test runs on any x86-64), for every length up to
 * 600 bytes and a few large ones, every source alignment within a line and every distance the
 * runtime gives them (destination 1-63 bytes ahead of the source in the page) and a few more:
 * every byte copied, none on either side touched. And shoal_copy_near's choice. No PEs: the
 * code alone. Exit status: failures. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/copy.h"
#include "place.h"

#define GUARD 64
#define FILL 0xa5

static int failures;

static void one(const char *how, void (*copy)(void *, const void *, size_t), unsigned char *src_mem,
                unsigned char *dst_mem, size_t n, unsigned salign, unsigned dist)
{
    unsigned char *src = src_mem + 4096 + salign;
    /* dst: GUARD bytes in, then dist past src modulo 4096 */
    unsigned char *dst = place_at_distance(dst_mem + GUARD, src, dist);
    if ((((uintptr_t)dst - (uintptr_t)src) & 4095u) != dist) {
        fprintf(stderr, "place_at_distance: distance %u asked, %u given\n", dist,
                (unsigned)(((uintptr_t)dst - (uintptr_t)src) & 4095u));
        failures++;
        return;
    }
    for (size_t j = 0; j < n; j++) src[j] = (unsigned char)(j * 37u + salign * 5u + dist + n);
    memset(dst - GUARD, FILL, n + 2 * GUARD);
    copy(dst, src, n);
    for (size_t j = 0; j < GUARD; j++)
        if (dst[-1 - (ptrdiff_t)j] != FILL || dst[n + j] != FILL) {
            fprintf(stderr, "%s: %zu bytes, source alignment %u, distance %u: wrote outside\n",
                    how, n, salign, dist);
            failures++;
            return;
        }
    if (memcmp(dst, src, n) != 0) {
        fprintf(stderr, "%s: %zu bytes, source alignment %u, distance %u: wrong bytes\n", how, n,
                salign, dist);
        failures++;
    }
}

int main(void)
{
    const size_t big[] = {1024, 4096 + 3, 65536 + 17, ((size_t)1 << 20) + 5};
    const size_t cap = ((size_t)1 << 20) + 3 * 4096;
    unsigned char *src_mem = malloc(cap), *dst_mem = malloc(cap + 4096);
    if (!src_mem || !dst_mem) return 1;
    struct {
        const char *how;
        void (*copy)(void *, const void *, size_t);
    } loops[] = {{"shoal_copy_vec", shoal_copy_vec}, {"shoal_copy_vec_sse2", shoal_copy_vec_sse2}};
    for (size_t l = 0; l < 2; l++) {
        for (size_t n = 0; n <= 600; n++)
            for (unsigned salign = 0; salign < 64; salign += 7)
                for (unsigned dist = 0; dist <= 64; dist++)
                    one(loops[l].how, loops[l].copy, src_mem, dst_mem, n, salign, dist);
        for (size_t k = 0; k < sizeof big / sizeof *big; k++)
            for (unsigned salign = 0; salign < 64; salign += 13)
                for (unsigned dist = 0; dist <= 64; dist += 3)
                    one(loops[l].how, loops[l].copy, src_mem, dst_mem, big[k], salign, dist);
    }

    /* near: 1-63 bytes ahead within the page (x86-64), whatever the pages; never elsewhere */
    static char page[4 * 4096];
    const char *s = page + 4096 + 100;
    for (long d = -4096; d <= 8192; d++) {
        const long in_page = ((d % 4096) + 4096) % 4096;
#if defined(__x86_64__)
        const int want = in_page >= 1 && in_page <= 63;
#else
        const int want = 0;
#endif
        if (shoal_copy_near(s + d, s) != want) {
            fprintf(stderr, "shoal_copy_near: destination %ld bytes from the source: %d, not %d\n",
                    d, !want, want);
            failures++;
        }
    }
    free(src_mem);
    free(dst_mem);
    if (failures) fprintf(stderr, "copy_vec_test: %d failures\n", failures);
    return failures != 0;
}
