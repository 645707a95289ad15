/* shmem_malloc & co.: collective, so each call ends (and free begins) with a world barrier;
 * the allocator itself is deterministic, so every PE gets the same offsets. They sit on top,
 * beside shmem_init, because they use the world barrier, the call check and the device heap. */
#include <stdint.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>

#include "coll/call_check.h"
#include "core/check.h"
#include "core/error.h"
#include "device/device.h"
#include "heap/heap.h"
#include "sync/backoff.h"
#include "team/team_hooks.h"

static void exhausted(const char *routine, size_t size)
{
    struct shoal_alloc_stats st;
    shoal_alloc_stats(&shoal_host_heap, &st);
    /* Suggest a size that fits the request: the heap plus it, rounded up to a power of two. */
    const size_t need = size > SIZE_MAX - shoal_host_heap.size ? SIZE_MAX : shoal_host_heap.size + size;
    size_t mib = 1;
    while (mib < SIZE_MAX / 2 >> 20 && mib << 20 < need) mib <<= 1;
    shoal_warn(routine, "symmetric heap exhausted: %zu bytes asked, %zu of %zu free (largest free "
               "block %zu); raise SHOAL_SYMMETRIC_SIZE (e.g. SHOAL_SYMMETRIC_SIZE=%zu%s)", size,
               st.free, shoal_host_heap.size, st.largest_free, mib >= 1024 ? mib >> 10 : mib,
               mib >= 1024 ? "G" : "M");
}

static void *alloc_collective(const char *routine, size_t size, size_t alignment)
{
    SHOAL_CHECK_INIT(routine);
    shoal_wait_at_collective(routine);
    SHOAL_CALL_CHECK(.routine = routine, .kind = SHOAL_CALL_ALLOC, .nelems = size, .esize = alignment);
    void *p = size ? shoal_alloc(&shoal_host_heap, size, alignment) : NULL;
    if (!p && size) exhausted(routine, size);
    shoal_barrier_world();
    return p;
}

void *shmem_malloc(size_t size) { return alloc_collective("shmem_malloc", size, 0); }

void *shmem_malloc_with_hints(size_t size, long hints)
{
    /* Every heap address already supports remote atomics and signals. A word with unknown
     * bits (a newer or another library's hint) is an ordinary allocation, as the spec says
     * of hints an implementation cannot use. */
    if ((hints & SHMEMX_MALLOC_DEVICE) && !(hints & ~SHMEMX_MALLOC_KNOWN))
        return shoal_device_alloc("shmem_malloc_with_hints", size, 0);
    return alloc_collective("shmem_malloc_with_hints", size, 0);
}

void *shmem_calloc(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        SHOAL_CHECK_INIT("shmem_calloc");
        SHOAL_CALL_CHECK(.routine = "shmem_calloc", .kind = SHOAL_CALL_ALLOC, .nelems = count * size);
        shoal_warn("shmem_calloc", "count %zu times size %zu overflows", count, size);
        shoal_barrier_world();
        return NULL;
    }
    void *p = alloc_collective("shmem_calloc", count * size, 0);
    if (p) memset(p, 0, count * size);
    /* Zeroed everywhere before anyone may write into a peer's copy. */
    if (p) shoal_barrier_world();
    return p;
}

void *shmem_align(size_t alignment, size_t size)
{
    SHOAL_CHECK_INIT("shmem_align");
    /* max_align is the same on every PE, so every PE gives the same answer. */
    if (alignment == 0 || (alignment & (alignment - 1)) || alignment > shoal_host_heap.max_align) {
        SHOAL_CALL_CHECK(.routine = "shmem_align", .kind = SHOAL_CALL_ALLOC, .nelems = size,
                         .esize = alignment);
        shoal_warn("shmem_align", "alignment %zu is not a power of two of at most %zu", alignment,
                   shoal_host_heap.max_align);
        shoal_barrier_world();
        return NULL;
    }
    return alloc_collective("shmem_align", size, alignment);
}

void shmem_free(void *ptr)
{
    SHOAL_CHECK_INIT("shmem_free");
    if (ptr && shoal_device_heap_owns(ptr)) {
        shmemx_device_free(ptr);
        return;
    }
    shoal_wait_at_collective("shmem_free");
    SHOAL_CALL_CHECK(.routine = "shmem_free", .kind = SHOAL_CALL_FREE, .dest = ptr);
    shmem_quiet();
    shoal_barrier_world(); /* nobody is still using it */
    if (ptr && shoal_alloc_free(&shoal_host_heap, ptr) != 0) {
        if (!shoal_alloc_owns(&shoal_host_heap, ptr))
            shoal_fatal("shmem_free", "%p is not in the symmetric heap", ptr);
        shoal_fatal("shmem_free", "%p is not an allocated symmetric block (double free?)", ptr);
    }
}

void *shmem_realloc(void *ptr, size_t size)
{
    if (!ptr) return alloc_collective("shmem_realloc", size, 0);
    SHOAL_CHECK_INIT("shmem_realloc");
    if (size == 0) {
        shmem_free(ptr);
        return NULL;
    }
    size_t old = shoal_alloc_block_size(&shoal_host_heap, ptr);
    if (!old) shoal_fatal("shmem_realloc", "%p is not an allocated symmetric block", ptr);
    shoal_wait_at_collective("shmem_realloc");
    SHOAL_CALL_CHECK(.routine = "shmem_realloc", .kind = SHOAL_CALL_ALLOC, .nelems = size,
                     .dest = ptr);
    shmem_quiet();
    shoal_barrier_world();
    void *p = shoal_alloc(&shoal_host_heap, size, 0);
    if (p) {
        memcpy(p, ptr, old < size ? old : size);
        shoal_alloc_free(&shoal_host_heap, ptr);
    } else {
        exhausted("shmem_realloc", size);
    }
    shoal_barrier_world();
    return p;
}

size_t shmemx_heap_size(void) { return shoal_host_heap.size; }
size_t shmemx_heap_free(void) { return shoal_host_heap.free_bytes; }
