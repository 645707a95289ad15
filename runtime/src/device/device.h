/* The runtime's side of the device API: the context kernels receive (device_host/context.h).
 * On a CPU-only run the context describes the host heap, so the device algorithms' host
 * emulation runs over real PEs' memory. */
#ifndef SHOAL_DEVICE_DEVICE_H
#define SHOAL_DEVICE_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include <shoal/device_host/context.h>

#include "team/team.h"

/* At shmem_init, after the teams: reserve the device barrier area (symmetric). */
void shoal_device_init(void);
void shoal_device_fini(void);
/* Bytes of the device team sync area: SHOAL_DEVICE_BARRIER_WORDS words per team slot (the
 * context's host copy, context.c, and the device heap's own, device_heap.c). */
static inline size_t shoal_device_team_sync_bytes(void)
{
    return (size_t)shoal_teams_max * SHOAL_DEVICE_BARRIER_WORDS * sizeof(uint64_t);
}

/* libshoal_cuda.so's table (cuda_loader.c), loaded on first use; a one-line fatal error naming
 * routine when CUDA or a GPU is missing. */
#include "device/cuda_iface.h"
const struct shoal_cuda_iface *shoal_cuda(const char *routine);

/* The device heap (device_heap.c): created by the first device allocation (collective), torn
 * down at finalize. */
struct shoal_device_context;
struct shoal_device_team;
void shoal_device_heap_fini(void);
/* Collective device allocation for routine (creates the heap on first use); NULL when full. */
void *shoal_device_alloc(const char *routine, size_t size, size_t alignment);
/* 1 if ptr lies in the device heap's user part. */
int shoal_device_heap_owns(const void *ptr);
/* Describe the device heap in ctx (teams: the host view, copied to the GPU); 0 if there is
 * none (ctx untouched). */
int shoal_device_heap_context(struct shoal_device_context *ctx, const struct shoal_device_team *teams,
                              int n_teams);

#endif
