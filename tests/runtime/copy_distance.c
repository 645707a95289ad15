/* Puts, gets and collectives whose destination sits a few bytes ahead of the source within the
 * page (runtime/src/core/copy.h: shoal_copy_near), where the runtime copies with its own vector
 * loop instead of rep movsb, around every size at which the copy changes method (1 KiB,
 * 64 KiB, 1 MiB). Every byte is written by one PE and checked on another, and the bytes on
 * either side of the destination must stay as they were. Exit status 0 = pass. */
#include <shmem.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "place.h"

#define GUARD 64
#define MAX_BYTES (((size_t)1 << 20) + 77)
#define FILL 0xee

static const size_t sizes[] = {63, 1023, 1024, 1025, 2112, 4096 + 5, 65535, 65536, 65536 + 33,
                               ((size_t)1 << 20) - 1, MAX_BYTES};
static const unsigned dists[] = {0, 1, 8, 16, 31, 32, 63, 64, 4064, 4095};

static int failures;

static unsigned char pattern(size_t j, int who, size_t n, unsigned dist)
{
    return (unsigned char)(j * 131u + (size_t)who * 29u + n * 7u + dist * 3u + 1u);
}

/* The address in mem (4 KiB + GUARD to spare before it) that is dist bytes past src mod 4096. */
static unsigned char *place(unsigned char *mem, const unsigned char *src, unsigned dist)
{
    return place_at_distance(mem + GUARD, src, dist);
}

/* dst[0, n) must hold who's pattern; the GUARD bytes below it (guards & 1) and above it
 * (guards & 2) must still be FILL. */
static void check(const char *what, const unsigned char *dst, size_t n, int who, unsigned dist,
                  int guards)
{
    for (size_t j = 0; j < GUARD; j++)
        if (((guards & 1) && dst[-1 - (ptrdiff_t)j] != FILL) ||
            ((guards & 2) && dst[n + j] != FILL)) {
            fprintf(stderr, "PE %d: %s of %zu bytes at distance %u wrote outside its destination\n",
                    shmem_my_pe(), what, n, dist);
            failures++;
            return;
        }
    for (size_t j = 0; j < n; j++)
        if (dst[j] != pattern(j, who, n, dist)) {
            fprintf(stderr, "PE %d: %s of %zu bytes at distance %u: byte %zu is %u, not %u\n",
                    shmem_my_pe(), what, n, dist, j, dst[j], pattern(j, who, n, dist));
            failures++;
            return;
        }
}

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    const size_t span = (size_t)npes * MAX_BYTES + 4096 + 2 * GUARD;
    unsigned char *src = shmem_malloc(MAX_BYTES + 4096);
    unsigned char *mem = shmem_malloc(span);
    if (!src || !mem) {
        fprintf(stderr, "PE %d: shmem_malloc failed\n", me);
        shmem_global_exit(1);
    }
    for (size_t d = 0; d < sizeof dists / sizeof *dists; d++)
        for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
            const unsigned dist = dists[d];
            const size_t n = sizes[k];
            unsigned char *dst = place(mem, src, dist);
            for (size_t j = 0; j < n; j++) src[j] = pattern(j, me, n, dist);

            /* put into the right neighbour, checked there */
            memset(mem, FILL, span);
            shmem_barrier_all();
            shmem_putmem(dst, src, n, right);
            shmem_barrier_all();
            check("put", dst, n, left, dist, 3);

            /* get from the right neighbour, checked here */
            memset(mem, FILL, span);
            shmem_getmem(dst, src, n, right);
            check("get", dst, n, right, dist, 3);

            /* broadcast from the last PE, checked on the others */
            memset(mem, FILL, span);
            shmem_barrier_all();
            shmem_broadcastmem(SHMEM_TEAM_WORLD, dst, src, n, npes - 1);
            if (me != npes - 1) check("broadcast", dst, n, npes - 1, dist, 3);

            /* fcollect: member i's block at dst + i * n, checked block by block */
            if (n <= 65536 + 33) {
                memset(mem, FILL, span);
                shmem_barrier_all();
                shmem_fcollectmem(SHMEM_TEAM_WORLD, dst, src, n);
                for (int i = 0; i < npes; i++)
                    check("fcollect", dst + (size_t)i * n, n, i, dist,
                          (i == 0 ? 1 : 0) | (i == npes - 1 ? 2 : 0));
            }
            shmem_barrier_all();
        }

    /* sum-reduce of longs with dest 8 bytes ahead of source within the page */
    const size_t count = MAX_BYTES / sizeof(long);
    long *lsrc = (long *)src;
    memset(mem, FILL, span);
    long *ldst = (long *)place(mem, src, 8);
    for (size_t i = 0; i < count; i++) lsrc[i] = (long)(i * 3 + (size_t)me);
    shmem_barrier_all();
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, ldst, lsrc, count);
    const long pes = npes, sum_me = (long)npes * (npes - 1) / 2;
    for (size_t i = 0; i < count; i++)
        if (ldst[i] != pes * (long)(i * 3) + sum_me) {
            fprintf(stderr, "PE %d: sum-reduce at distance 8: element %zu is %ld, not %ld\n", me,
                    i, ldst[i], pes * (long)(i * 3) + sum_me);
            failures++;
            break;
        }
    if (((unsigned char *)ldst)[-1] != FILL || ((unsigned char *)(ldst + count))[0] != FILL) {
        fprintf(stderr, "PE %d: sum-reduce wrote outside its destination\n", me);
        failures++;
    }

    shmem_barrier_all();
    shmem_free(mem);
    shmem_free(src);
    shmem_finalize();
    if (failures) fprintf(stderr, "PE %d: %d failures\n", me, failures);
    return failures != 0;
}
