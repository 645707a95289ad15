/* collect where members' blocks travel differently in one call (the channels' first round, an
 * outbox: coll/engine/outbox.h, later rounds), back to back with no barrier between calls, on
 * the world team and on a team of the even PEs (each outbox is read by both in turn). Values
 * written by each PE, checked by every other. Argument: the rounds (40). Exit status: the
 * number of wrong elements. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>

/* Bytes member i gives in round r: 0, a few bytes (the channels' first round), some KiB (an
 * outbox, under SHOAL_COLL_OUTBOX=16K), past 16 KiB (later rounds). */
static size_t give(int i, int r)
{
    static const size_t sizes[] = {0, 40, 5000, 9000, 16384, 24000, 3000, 8};
    return sizes[(size_t)(i + r) % (sizeof sizes / sizeof *sizes)] / 8 * 8;
}

static long val(int pe, int r, size_t k) { return (long)pe * 1000003L + (long)r * 7919L + (long)k; }

int main(int argc, char **argv)
{
    const int rounds = argc > 1 ? atoi(argv[1]) : 40;
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_team_t even = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &even);
    long *src = shmem_malloc(24000), *dst = shmem_malloc((size_t)npes * 24000);
    long bad = 0;
    for (int r = 0; r < rounds; r++) {
        const int on_even = r % 3 == 2;
        shmem_team_t t = on_even ? even : SHMEM_TEAM_WORLD;
        if (t == SHMEM_TEAM_INVALID) continue;
        const int n = shmem_team_n_pes(t), mi = shmem_team_my_pe(t);
        const size_t mine = give(mi, r) / sizeof(long);
        for (size_t k = 0; k < mine; k++) src[k] = val(me, r, k);
        if (shmem_long_collect(t, dst, src, mine) != 0) bad++;
        size_t at = 0;
        for (int i = 0; i < n; i++) {
            const int pe = shmem_team_translate_pe(t, i, SHMEM_TEAM_WORLD);
            for (size_t k = 0; k < give(i, r) / sizeof(long); k++, at++)
                if (dst[at] != val(pe, r, k) && bad++ < 5)
                    fprintf(stderr, "PE %d round %d: block of PE %d element %zu: %ld, want %ld\n",
                            me, r, pe, k, dst[at], val(pe, r, k));
        }
    }
    shmem_free(dst);
    shmem_free(src);
    shmem_finalize();
    return bad > 255 ? 255 : (int)bad;
}
