/* shmem_malloc_with_hints with every combination of the known hint bits and with words that
 * hold unknown bits. A word with an unknown bit is an ordinary host allocation (checked by a
 * put and an atomic from another PE, and by the host heap's usage); only a word made of known
 * bits that holds SHMEMX_MALLOC_DEVICE asks for the device heap: allocated where a GPU is
 * usable, else left to the one-line error the "device" mode shows.
 *   malloc_hints_test            every word
 *   malloc_hints_test device N   PE 0 asks with the Nth device word (the others wait) */
#include <shmem.h>
#include <shmemx.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond, w)                                                                             \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "[PE %d] %s:%d: hints %#lx: check failed: %s\n", shmem_my_pe(),       \
                    __FILE__, __LINE__, (unsigned long)(w), #cond);                                \
            ++failures;                                                                            \
        }                                                                                          \
    } while (0)

static const long known[] = {SHMEM_MALLOC_ATOMICS_REMOTE, SHMEM_MALLOC_SIGNAL_REMOTE,
                             SHMEMX_MALLOC_DEVICE};
#define NKNOWN (sizeof known / sizeof known[0])
/* Words with bits Shoal does not know, several holding the device bit too. */
static const long unknown[] = {
    ~SHMEM_MALLOC_ATOMICS_REMOTE, ~0L, 1L << 16 /* the device bit of old */, 4, 1L << 29,
    LONG_MIN, LONG_MAX, SHMEMX_MALLOC_DEVICE | 8, SHMEMX_MALLOC_DEVICE | (1L << 16),
    SHMEMX_MALLOC_DEVICE | SHMEM_MALLOC_ATOMICS_REMOTE | (1L << 20), ~SHMEMX_MALLOC_DEVICE,
};

static size_t used(int heap)
{
    shmemx_heap_stats_t st;
    return shmemx_heap_stats(heap, &st) == 0 ? st.used : 0;
}

static void host_alloc(long w, int me, int n)
{
    const size_t host0 = used(SHMEMX_HEAP_HOST), dev0 = used(SHMEMX_HEAP_DEVICE);
    long *p = shmem_malloc_with_hints(8 * sizeof(long), w);
    CHECK(p != NULL, w);
    if (!p) return;
    CHECK(used(SHMEMX_HEAP_HOST) >= host0 + 8 * sizeof(long), w);
    CHECK(used(SHMEMX_HEAP_DEVICE) == dev0, w);
    const int right = (me + 1) % n, left = (me + n - 1) % n;
    CHECK(shmem_addr_accessible(p, right), w);
    p[1] = 0;
    shmem_barrier_all();
    shmem_long_p(p, 1000L * me + 7, right);
    shmem_long_atomic_add(p + 1, me + 1, 0);
    shmem_barrier_all();
    CHECK(p[0] == 1000L * left + 7, w);
    if (me == 0) CHECK(p[1] == (long)n * (n + 1) / 2, w);
    shmem_free(p);
}

static void device_alloc(long w)
{
    const size_t host0 = used(SHMEMX_HEAP_HOST);
    void *p = shmem_malloc_with_hints(4096, w);
    CHECK(p != NULL, w);
    CHECK(used(SHMEMX_HEAP_DEVICE) >= 4096, w);
    CHECK(used(SHMEMX_HEAP_HOST) == host0, w);
    shmem_free(p);
}

int main(int argc, char **argv)
{
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    long device_words[1 << NKNOWN];
    int ndevice = 0, nhost = 0;
    for (unsigned combo = 0; combo < 1u << NKNOWN; combo++) {
        long w = 0;
        for (unsigned k = 0; k < NKNOWN; k++)
            if (combo & (1u << k)) w |= known[k];
        if (w & SHMEMX_MALLOC_DEVICE) device_words[ndevice++] = w;
    }
    if (argc > 2 && !strcmp(argv[1], "device")) {
        const int k = atoi(argv[2]);
        if (me == 0 && k >= 0 && k < ndevice) (void)shmem_malloc_with_hints(64, device_words[k]);
        shmem_barrier_all();
        shmem_finalize();
        return 0;
    }
    const int gpu = shmemx_device_usable();
    for (unsigned combo = 0; combo < 1u << NKNOWN; combo++) {
        long w = 0;
        for (unsigned k = 0; k < NKNOWN; k++)
            if (combo & (1u << k)) w |= known[k];
        if (!(w & SHMEMX_MALLOC_DEVICE)) {
            host_alloc(w, me, n);
            nhost++;
        } else if (gpu) {
            device_alloc(w); /* else the device mode's tests cover it */
        }
    }
    for (size_t k = 0; k < sizeof unknown / sizeof unknown[0]; k++) {
        CHECK((unknown[k] & ~SHMEMX_MALLOC_KNOWN) != 0, unknown[k]);
        host_alloc(unknown[k], me, n);
        nhost++;
    }
    if (failures == 0 && me == 0)
        printf("malloc_hints_test: %d host words, %d device words (%s) on %d PEs\n", nhost,
               ndevice, gpu ? "allocated" : "no GPU: skipped", n);
    shmem_finalize();
    return failures ? 1 : 0;
}
