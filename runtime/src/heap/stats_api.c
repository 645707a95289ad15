/* shmemx_heap_stats: usage of this PE's symmetric heaps, read from the allocator instance of
 * each heap row of the segment table (the host heap; the device heap once it exists). */
#include <shmemx.h>

#include "core/check.h"
#include "core/error.h"
#include "core/state.h"
#include "heap/allocator.h"

int shmemx_heap_stats(int heap, shmemx_heap_stats_t *stats)
{
    static const char routine[] = "shmemx_heap_stats";
    SHOAL_CHECK_INIT(routine);
    if (stats == NULL) shoal_fatal(routine, "stats is NULL");
    int row;
    switch (heap) {
    case SHMEMX_HEAP_HOST: row = SHOAL_SEG_HEAP; break;
    case SHMEMX_HEAP_DEVICE: row = SHOAL_SEG_DEVICE; break;
    default:
        shoal_fatal(routine, "heap %d is not SHMEMX_HEAP_HOST (%d) or SHMEMX_HEAP_DEVICE (%d)", heap,
                    SHMEMX_HEAP_HOST, SHMEMX_HEAP_DEVICE);
    }
    const struct shoal_allocator *a = shoal_g.seg[row].alloc;
    if (a == NULL) return -1; /* that heap does not exist on this PE (yet) */
    struct shoal_alloc_stats st;
    shoal_alloc_stats(a, &st);
    *stats = (shmemx_heap_stats_t){.size = a->size, .used = st.used, .free = st.free,
                                   .largest_free = st.largest_free, .peak = st.peak};
    return 0;
}
