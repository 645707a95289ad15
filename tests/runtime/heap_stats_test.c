/* shmemx_heap_stats across PEs: the figures follow shmem_malloc/free (used grows by at least
 * what was asked, peak keeps the high-water mark, a hole left by a free limits the largest
 * free block), every PE reports the same host-heap figures (checked on PE 0 with a collect),
 * and the device heap reports -1 while it does not exist.
 *   heap_stats_test bad_heap | null_stats    bad input: must stop with one line (expect_fail) */
#include <shmem.h>
#include <shmemx.h>

#include <stdio.h>
#include <string.h>

static int fails;
#define CHECK(c)                                                                                 \
    do {                                                                                         \
        if (!(c)) {                                                                              \
            fprintf(stderr, "heap_stats_test: PE %d: %s:%d: %s\n", shmem_my_pe(), __FILE__,     \
                    __LINE__, #c);                                                               \
            fails++;                                                                             \
        }                                                                                        \
    } while (0)

int main(int argc, char **argv)
{
    shmem_init();
    if (argc > 1) {
        shmemx_heap_stats_t s;
        /* PE 0 only: the expected line names PE 0, and whichever PE reports first stops the job. */
        if (shmem_my_pe() == 0 && strcmp(argv[1], "bad_heap") == 0) shmemx_heap_stats(7, &s);
        if (shmem_my_pe() == 0 && strcmp(argv[1], "null_stats") == 0) shmemx_heap_stats(SHMEMX_HEAP_HOST, NULL);
        shmem_finalize();
        return 0; /* not reached when the checks work */
    }
    const int me = shmem_my_pe(), n = shmem_n_pes();
    shmemx_heap_stats_t s0, s1, s2, s3;
    CHECK(shmemx_heap_stats(SHMEMX_HEAP_HOST, &s0) == 0);
    CHECK(s0.size == shmemx_heap_size() && s0.used + s0.free == s0.size);
    CHECK(s0.free == shmemx_heap_free() && s0.largest_free <= s0.free);

    const size_t a = 1 << 20, b = 3 << 20;
    char *p = shmem_malloc(a), *q = shmem_malloc(b);
    CHECK(p && q);
    CHECK(shmemx_heap_stats(SHMEMX_HEAP_HOST, &s1) == 0);
    CHECK(s1.used >= s0.used + a + b && s1.used + s1.free == s1.size && s1.peak >= s1.used);

    shmem_free(p); /* a 1 MiB hole before q */
    CHECK(shmemx_heap_stats(SHMEMX_HEAP_HOST, &s2) == 0);
    CHECK(s2.used < s1.used && s2.used >= s0.used + b);
    CHECK(s2.peak == s1.peak);
    CHECK(s2.largest_free < s2.free); /* the free bytes are split around q */

    shmem_free(q);
    CHECK(shmemx_heap_stats(SHMEMX_HEAP_HOST, &s3) == 0);
    CHECK(s3.used == s0.used && s3.peak == s1.peak);

    /* Every PE's figures are the same (the heap is symmetric). */
    static long mine[4];
    long *all = shmem_malloc(sizeof mine * (size_t)n);
    mine[0] = (long)s1.used, mine[1] = (long)s1.free, mine[2] = (long)s2.largest_free,
    mine[3] = (long)s3.peak;
    static long src[4];
    memcpy(src, mine, sizeof src);
    shmem_fcollectmem(SHMEM_TEAM_WORLD, all, src, sizeof src);
    for (int i = 0; i < n; i++) CHECK(memcmp(&all[4 * i], mine, sizeof mine) == 0);
    shmem_free(all);

    shmemx_heap_stats_t d;
    CHECK(shmemx_heap_stats(SHMEMX_HEAP_DEVICE, &d) == -1);
    if (me == 0 && !fails) printf("heap_stats_test: %d PEs ok\n", n);
    shmem_finalize();
    return fails != 0;
}
