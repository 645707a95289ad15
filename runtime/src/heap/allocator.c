/* The allocator instances (allocator.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "heap/allocator.h"

#define MIN_ALIGN 64 /* cache line: symmetric objects never share a line by accident */

struct shoal_block {
    size_t off, size;
    int used;
};

void shoal_alloc_init(struct shoal_allocator *a, char *base, size_t size, size_t internal_size,
                      size_t max_align)
{
    *a = (struct shoal_allocator){.base = base, .size = size, .internal_size = internal_size,
                                  .max_align = max_align};
    a->capacity = 64;
    a->blocks = malloc(a->capacity * sizeof *a->blocks);
    if (!a->blocks) shoal_fatal("shmem_init", "out of memory");
    a->blocks[0] = (struct shoal_block){0, size, 0};
    a->nblocks = 1;
    a->free_bytes = size;
}

void shoal_alloc_fini(struct shoal_allocator *a)
{
    free(a->blocks);
    *a = (struct shoal_allocator){0};
}

static void insert_at(struct shoal_allocator *a, size_t i, struct shoal_block b)
{
    if (a->nblocks == a->capacity) {
        a->capacity *= 2;
        struct shoal_block *n = realloc(a->blocks, a->capacity * sizeof *a->blocks);
        if (!n) shoal_fatal("shmem_malloc", "out of memory for heap bookkeeping");
        a->blocks = n;
    }
    memmove(&a->blocks[i + 1], &a->blocks[i], (a->nblocks - i) * sizeof *a->blocks);
    a->blocks[i] = b;
    a->nblocks++;
}

static void remove_at(struct shoal_allocator *a, size_t i)
{
    memmove(&a->blocks[i], &a->blocks[i + 1], (a->nblocks - i - 1) * sizeof *a->blocks);
    a->nblocks--;
}

/* Index of the block starting at off, or nblocks. */
static size_t find(const struct shoal_allocator *a, size_t off)
{
    size_t lo = 0, hi = a->nblocks;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (a->blocks[mid].off < off) lo = mid + 1;
        else hi = mid;
    }
    return lo < a->nblocks && a->blocks[lo].off == off ? lo : a->nblocks;
}

void *shoal_alloc(struct shoal_allocator *a, size_t size, size_t alignment)
{
    if (alignment < MIN_ALIGN) alignment = MIN_ALIGN;
    if (alignment > a->max_align) return NULL;
    if (size == 0) size = 1;
    if (size > SIZE_MAX - MIN_ALIGN) return NULL;
    size = (size + MIN_ALIGN - 1) & ~(size_t)(MIN_ALIGN - 1);
    for (size_t i = 0; i < a->nblocks; i++) {
        struct shoal_block b = a->blocks[i];
        if (b.used) continue;
        size_t start = (b.off + alignment - 1) & ~(alignment - 1);
        if (start < b.off || start - b.off > b.size || b.size - (start - b.off) < size) continue;
        size_t head = start - b.off, tail = b.size - head - size;
        a->blocks[i] = (struct shoal_block){start, size, 1};
        if (tail) insert_at(a, i + 1, (struct shoal_block){start + size, tail, 0});
        if (head) insert_at(a, i, (struct shoal_block){b.off, head, 0});
        a->free_bytes -= size;
        if (a->size - a->free_bytes > a->peak_used) a->peak_used = a->size - a->free_bytes;
        return a->base + start;
    }
    return NULL;
}

void *shoal_alloc_internal(struct shoal_allocator *a, size_t size, size_t alignment)
{
    if (alignment < MIN_ALIGN) alignment = MIN_ALIGN;
    size_t start = (a->internal_used + alignment - 1) & ~(alignment - 1);
    if (start > a->internal_size || a->internal_size - start < size) return NULL;
    a->internal_used = start + size;
    char *p = a->base + a->size + start;
    memset(p, 0, size);
    return p;
}

int shoal_alloc_owns(const struct shoal_allocator *a, const void *ptr)
{
    return (uintptr_t)ptr - (uintptr_t)a->base < a->size;
}

int shoal_alloc_free(struct shoal_allocator *a, void *ptr)
{
    if (!shoal_alloc_owns(a, ptr)) return -1;
    size_t i = find(a, (size_t)((char *)ptr - a->base));
    if (i == a->nblocks || !a->blocks[i].used) return -1;
    a->blocks[i].used = 0;
    a->free_bytes += a->blocks[i].size;
    if (i + 1 < a->nblocks && !a->blocks[i + 1].used) {
        a->blocks[i].size += a->blocks[i + 1].size;
        remove_at(a, i + 1);
    }
    if (i > 0 && !a->blocks[i - 1].used) {
        a->blocks[i - 1].size += a->blocks[i].size;
        remove_at(a, i);
    }
    return 0;
}

size_t shoal_alloc_block_size(const struct shoal_allocator *a, const void *ptr)
{
    if (!a->blocks || !shoal_alloc_owns(a, ptr)) return 0;
    size_t i = find(a, (size_t)((const char *)ptr - a->base));
    return i < a->nblocks && a->blocks[i].used ? a->blocks[i].size : 0;
}

void shoal_alloc_stats(const struct shoal_allocator *a, struct shoal_alloc_stats *s)
{
    size_t largest = 0;
    for (size_t i = 0; i < a->nblocks; i++)
        if (!a->blocks[i].used && a->blocks[i].size > largest) largest = a->blocks[i].size;
    s->used = a->size - a->free_bytes;
    s->free = a->free_bytes;
    s->largest_free = largest;
    s->peak = a->peak_used;
}
