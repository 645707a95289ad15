/* Deterministic first-fit allocator over the user's part of this PE's heap segment. Block
 * records live in private memory (a sorted array), so a stray write into user data cannot
 * corrupt them, and the same sequence of calls yields the same offsets on every PE. The
 * runtime's own symmetric memory comes from a bump region after the user's part, so it never
 * shrinks what SHOAL_SYMMETRIC_SIZE promises. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/state.h"
#include "heap/heap.h"

#define MIN_ALIGN 64 /* cache line: symmetric objects never share a line by accident */

struct block {
    size_t off, size;
    int used;
};

static struct block *blocks;
static size_t nblocks, capacity;
static size_t free_bytes;
static size_t internal_used; /* bytes of the runtime's region handed out */

static void heap_reset(void)
{
    free(blocks);
    capacity = 64;
    blocks = malloc(capacity * sizeof *blocks);
    if (!blocks) shoal_fatal("shmem_init", "out of memory");
    blocks[0] = (struct block){0, shoal_g.heap_user_size, 0};
    nblocks = 1;
    free_bytes = shoal_g.heap_user_size;
}

static void insert_at(size_t i, struct block b)
{
    if (nblocks == capacity) {
        capacity *= 2;
        struct block *n = realloc(blocks, capacity * sizeof *blocks);
        if (!n) shoal_fatal("shmem_malloc", "out of memory for heap bookkeeping");
        blocks = n;
    }
    memmove(&blocks[i + 1], &blocks[i], (nblocks - i) * sizeof *blocks);
    blocks[i] = b;
    nblocks++;
}

static void remove_at(size_t i)
{
    memmove(&blocks[i], &blocks[i + 1], (nblocks - i - 1) * sizeof *blocks);
    nblocks--;
}

/* Index of the block starting at off, or nblocks. */
static size_t find(size_t off)
{
    size_t lo = 0, hi = nblocks;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (blocks[mid].off < off) lo = mid + 1;
        else hi = mid;
    }
    return lo < nblocks && blocks[lo].off == off ? lo : nblocks;
}

size_t shoal_heap_max_alignment(void)
{
    uintptr_t b = (uintptr_t)shoal_g.heap_base;
    return (size_t)(b & -b); /* the base's lowest set bit */
}

void *shoal_heap_alloc(const char *routine, size_t size, size_t alignment)
{
    (void)routine;
    if (!blocks) heap_reset();
    if (alignment < MIN_ALIGN) alignment = MIN_ALIGN;
    if (alignment > shoal_heap_max_alignment()) return NULL;
    if (size == 0) size = 1;
    if (size > SIZE_MAX - MIN_ALIGN) return NULL;
    size = (size + MIN_ALIGN - 1) & ~(size_t)(MIN_ALIGN - 1);
    for (size_t i = 0; i < nblocks; i++) {
        struct block b = blocks[i];
        if (b.used) continue;
        size_t start = (b.off + alignment - 1) & ~(alignment - 1);
        if (start < b.off || start - b.off > b.size || b.size - (start - b.off) < size) continue;
        size_t head = start - b.off, tail = b.size - head - size;
        blocks[i] = (struct block){start, size, 1};
        if (tail) insert_at(i + 1, (struct block){start + size, tail, 0});
        if (head) insert_at(i, (struct block){b.off, head, 0});
        free_bytes -= size;
        return shoal_g.heap_base + start;
    }
    return NULL;
}

void *shoal_heap_alloc_internal(size_t size, size_t alignment)
{
    size_t region = shoal_g.heap_size - shoal_g.heap_user_size;
    if (alignment < MIN_ALIGN) alignment = MIN_ALIGN;
    size_t start = (internal_used + alignment - 1) & ~(alignment - 1);
    if (start > region || region - start < size)
        shoal_fatal("shmem_init", "the runtime's own symmetric memory (%zu bytes) cannot hold %zu "
                    "more bytes; lower SHOAL_MAX_TEAMS", region, size);
    internal_used = start + size;
    char *p = shoal_g.heap_base + shoal_g.heap_user_size + start;
    memset(p, 0, size);
    return p;
}

void shoal_heap_free(const char *routine, void *ptr)
{
    uintptr_t a = (uintptr_t)ptr, base = (uintptr_t)shoal_g.heap_base;
    if (a < base || a - base >= shoal_g.heap_user_size)
        shoal_fatal(routine, "%p is not in the symmetric heap", ptr);
    size_t i = find(a - base);
    if (i == nblocks || !blocks[i].used)
        shoal_fatal(routine, "%p is not an allocated symmetric block (double free?)", ptr);
    blocks[i].used = 0;
    free_bytes += blocks[i].size;
    if (i + 1 < nblocks && !blocks[i + 1].used) {
        blocks[i].size += blocks[i + 1].size;
        remove_at(i + 1);
    }
    if (i > 0 && !blocks[i - 1].used) {
        blocks[i - 1].size += blocks[i].size;
        remove_at(i);
    }
}

size_t shoal_heap_block_size(const void *ptr)
{
    uintptr_t a = (uintptr_t)ptr, base = (uintptr_t)shoal_g.heap_base;
    if (!blocks || a < base || a - base >= shoal_g.heap_user_size) return 0;
    size_t i = find(a - base);
    return i < nblocks && blocks[i].used ? blocks[i].size : 0;
}

size_t shoal_heap_free_bytes(void) { return blocks ? free_bytes : shoal_g.heap_user_size; }

/* Called from finalize so a later shmem_init starts from an empty heap. */
void shoal_heap_allocator_fini(void)
{
    free(blocks);
    blocks = NULL;
    nblocks = capacity = 0;
    internal_used = 0;
}
