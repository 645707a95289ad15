/* The runtime's side of the device API: the context kernels receive (device_host/context.h).
 * On a CPU-only run the context describes the host heap, so the device algorithms' host
 * emulation runs over real PEs' memory. */
#ifndef SHOAL_DEVICE_DEVICE_H
#define SHOAL_DEVICE_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include <shoal/device_host/context.h>

#include "team/team.h"

/* At shmem_init, after the teams: reserve each team slot's sync words and scratch (symmetric). */
void shoal_device_init(void);
void shoal_device_fini(void);
/* Bytes of the device team sync area: SHOAL_DEVICE_SYNC_WORDS words per team slot (the
 * context's host copy, context.c, and the device heap's own, device_heap.c). */
static inline size_t shoal_device_team_sync_bytes(void)
{
    return (size_t)shoal_teams_max * SHOAL_DEVICE_SYNC_WORDS * sizeof(uint64_t);
}

/* Each team slot's scratch (team_view.c): the bytes of SHOAL_DEVICE_SCRATCH_BUDGET per slot,
 * within [MIN, SHOAL_DEVICE_SCRATCH_BYTES]. */
#define SHOAL_DEVICE_SCRATCH_BUDGET ((size_t)4 << 20)
#define SHOAL_DEVICE_SCRATCH_MIN ((size_t)4 << 10)
size_t shoal_device_scratch_per_team(void);
/* The team view as of the teams alive now (slots * SHOAL_DEVICE_TEAM_GENERATIONS views, of
 * shoal_device_team_view_len()), and its release at finalize. */
struct shoal_device_team;
const struct shoal_device_team *shoal_device_team_view(void);
size_t shoal_device_team_view_len(void);
void shoal_device_team_view_fini(void);

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
/* Describe the device heap in ctx (teams: the host view; the views that changed are copied to
 * the GPU's, never waiting for a kernel); 0 if there is none (ctx untouched). */
int shoal_device_heap_context(struct shoal_device_context *ctx, const struct shoal_device_team *teams);
/* The same without the team view (ctx->teams is the GPU's view as last copied): what the
 * _on_stream launches need, with no CUDA call at all, so a stream being captured stays valid.
 * 0 if there is no device heap. */
int shoal_device_stream_context(struct shoal_device_context *ctx);

#endif
