/* shmem_malloc & co.: collective, so each call ends (and free begins) with a world barrier;
 * the allocator itself is deterministic, so every PE gets the same offsets. */
#include <stdint.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>

#include "core/check.h"
#include "core/error.h"
#include "heap/heap.h"
#include "team/team_hooks.h"

static void *alloc_collective(const char *routine, size_t size, size_t alignment)
{
    SHOAL_CHECK_INIT(routine);
    void *p = size ? shoal_heap_alloc(routine, size, alignment) : NULL;
    if (!p && size)
        shoal_warn(routine, "symmetric heap exhausted: %zu bytes asked, %zu of %zu free; raise "
                   "SHOAL_SYMMETRIC_SIZE (e.g. SHOAL_SYMMETRIC_SIZE=2G)", size,
                   shoal_heap_free_bytes(), shoal_g.heap_user_size);
    shoal_barrier_world();
    return p;
}

void *shmem_malloc(size_t size) { return alloc_collective("shmem_malloc", size, 0); }

void *shmem_malloc_with_hints(size_t size, long hints)
{
    (void)hints; /* every heap address already supports remote atomics and signals */
    return alloc_collective("shmem_malloc_with_hints", size, 0);
}

void *shmem_calloc(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        SHOAL_CHECK_INIT("shmem_calloc");
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
    if (alignment == 0 || (alignment & (alignment - 1)) || alignment > shoal_heap_max_alignment()) {
        SHOAL_CHECK_INIT("shmem_align");
        shoal_warn("shmem_align", "alignment %zu is not a power of two of at most %zu", alignment,
                   shoal_heap_max_alignment());
        shoal_barrier_world();
        return NULL;
    }
    return alloc_collective("shmem_align", size, alignment);
}

void shmem_free(void *ptr)
{
    SHOAL_CHECK_INIT("shmem_free");
    shmem_quiet();
    shoal_barrier_world(); /* nobody is still using it */
    if (ptr) shoal_heap_free("shmem_free", ptr);
}

void *shmem_realloc(void *ptr, size_t size)
{
    if (!ptr) return alloc_collective("shmem_realloc", size, 0);
    SHOAL_CHECK_INIT("shmem_realloc");
    if (size == 0) {
        shmem_free(ptr);
        return NULL;
    }
    size_t old = shoal_heap_block_size(ptr);
    if (!old) shoal_fatal("shmem_realloc", "%p is not an allocated symmetric block", ptr);
    shmem_quiet();
    shoal_barrier_world();
    void *p = shoal_heap_alloc("shmem_realloc", size, 0);
    if (p) {
        memcpy(p, ptr, old < size ? old : size);
        shoal_heap_free("shmem_realloc", ptr);
    } else {
        shoal_warn("shmem_realloc", "symmetric heap exhausted: %zu bytes asked, %zu of %zu free; "
                   "raise SHOAL_SYMMETRIC_SIZE", size, shoal_heap_free_bytes(), shoal_g.heap_user_size);
    }
    shoal_barrier_world();
    return p;
}

size_t shmemx_heap_size(void) { return shoal_g.heap_user_size; }
size_t shmemx_heap_free(void) { return shoal_heap_free_bytes(); }
