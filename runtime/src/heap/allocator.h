/* A deterministic first-fit allocator over one symmetric heap (an instance per heap: the
 * host heap, the device heap). Block records live in private memory (a sorted array), so a
 * stray write into user data cannot corrupt them, and the same sequence of calls yields the
 * same offsets on every PE. The runtime's own symmetric memory comes from a bump region after
 * the user's part, so it never shrinks what the user was promised. */
#ifndef SHOAL_HEAP_ALLOCATOR_H
#define SHOAL_HEAP_ALLOCATOR_H

#include <stddef.h>

struct shoal_block;

struct shoal_allocator {
    char *base;            /* the heap's first byte on this PE */
    size_t size;           /* the user's part */
    size_t internal_size;  /* the runtime's part, after it */
    size_t max_align;      /* the largest alignment that gives the same offset on every PE */
    struct shoal_block *blocks;
    size_t nblocks, capacity;
    size_t free_bytes, peak_used;
    size_t internal_used;
};

/* Usage figures (shmemx_heap_stats). */
struct shoal_alloc_stats {
    size_t used, free, largest_free, peak;
};

void shoal_alloc_init(struct shoal_allocator *a, char *base, size_t size, size_t internal_size,
                      size_t max_align);
void shoal_alloc_fini(struct shoal_allocator *a);
/* NULL when no block fits (or alignment > max_align). */
void *shoal_alloc(struct shoal_allocator *a, size_t size, size_t alignment);
/* Zero-filled bytes of the runtime's part; NULL when it is full. Never freed. */
void *shoal_alloc_internal(struct shoal_allocator *a, size_t size, size_t alignment);
/* 0, or -1 when ptr is not the start of a live block. */
int shoal_alloc_free(struct shoal_allocator *a, void *ptr);
/* Usable size of a live block, or 0 if ptr is not the start of one. */
size_t shoal_alloc_block_size(const struct shoal_allocator *a, const void *ptr);
/* 1 if ptr lies in the user's part of this heap. */
int shoal_alloc_owns(const struct shoal_allocator *a, const void *ptr);
void shoal_alloc_stats(const struct shoal_allocator *a, struct shoal_alloc_stats *s);

#endif
