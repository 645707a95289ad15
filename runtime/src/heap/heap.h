/* The host symmetric heap: its segment (this PE's memfd, mapped by every node-local peer; see
 * segments.c) and its allocator instance. */
#ifndef SHOAL_HEAP_H
#define SHOAL_HEAP_H

#include <stddef.h>

#include "heap/allocator.h"

/* Create and map my heap and data segments and every mapped peer's (init only); pick each
 * peer's transport on the way (transport/select.c). */
void shoal_segments_init(void);
void shoal_segments_fini(void);

/* The allocator behind shmem_malloc & co. (no barrier; the API layer adds it). */
extern struct shoal_allocator shoal_host_heap;

/* Runtime-internal symmetric allocation, for use during shmem_init only (every PE runs the
 * same sequence there, so the offsets agree). Zero-filled; never freed; fatal when full. */
void *shoal_heap_alloc_internal(size_t size, size_t alignment);

#endif
