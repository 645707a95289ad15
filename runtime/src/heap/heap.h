/* The symmetric heap: a deterministic allocator (identical call sequences give identical
 * offsets on every PE) over this PE's heap segment, plus the mapping of every node-local
 * peer's heap and data segment. */
#ifndef SHOAL_HEAP_H
#define SHOAL_HEAP_H

#include <stddef.h>

/* Create and map my heap and data segments and every local peer's (init only). */
void shoal_segments_init(void);
void shoal_segments_fini(void);

/* Runtime-internal symmetric allocation, for use during shmem_init only (every PE runs the
 * same sequence there, so the offsets agree). Zero-filled; never freed. */
void *shoal_heap_alloc_internal(size_t size, size_t alignment);

/* The allocator behind shmem_malloc & co. (no barrier; the API layer adds it). */
void *shoal_heap_alloc(const char *routine, size_t size, size_t alignment);
void shoal_heap_free(const char *routine, void *ptr);
/* Usable size of a live block, or 0 if ptr is not the start of one. */
size_t shoal_heap_block_size(const void *ptr);
size_t shoal_heap_free_bytes(void);
/* Largest alignment shmem_align can honour with the same offset on every PE. */
size_t shoal_heap_max_alignment(void);

#endif
