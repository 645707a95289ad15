/* Shoal extensions to OpenSHMEM (shmemx_*): arbitrary teams from a unique id (as NVSHMEM's
 * nvshmemx_team_init) and a few queries. */
#ifndef SHMEMX_H
#define SHMEMX_H

#include <shmem.h>

#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif
#ifdef __cplusplus
extern "C" {
#endif

/** Opaque id naming one team_init; make it on one PE, give it to every future member. */
typedef struct {
    char internal[128];
} shmemx_team_uniqueid_t;

/** Fill *uniqueid with an id that no other team_init of this job uses; returns 0. */
int shmemx_team_get_uniqueid(shmemx_team_uniqueid_t *uniqueid);
/** Collective over the npes PEs that pass the same id: the caller becomes index
 *  pe_idx_in_team of the new team (any order, any subset of the world). Returns 0 on success. */
int shmemx_team_init(shmem_team_t *team, const shmem_team_config_t *config, long config_mask,
                     int npes, int pe_idx_in_team, const shmemx_team_uniqueid_t *uniqueid);

/** Size in bytes of this PE's symmetric heap (SHOAL_SYMMETRIC_SIZE). */
size_t shmemx_heap_size(void);
/** Bytes of the symmetric heap still free for shmem_malloc. */
size_t shmemx_heap_free(void);
/** Usage of one symmetric heap of this PE, in bytes (the user's part: what shmem_malloc and
 *  shmemx_device_malloc hand out). peak: the most ever in use at once. */
typedef struct {
    size_t size, used, free, largest_free, peak;
} shmemx_heap_stats_t;
enum { SHMEMX_HEAP_HOST = 0, SHMEMX_HEAP_DEVICE = 1 };
/** Fill *stats for heap SHMEMX_HEAP_HOST or SHMEMX_HEAP_DEVICE; 0, or -1 when that heap does
 *  not exist here (the device heap before the first device allocation). */
int shmemx_heap_stats(int heap, shmemx_heap_stats_t *stats);
/** Number of teams alive on this PE (world and shared included) and the most there can be. */
void shmemx_team_count(int *alive, int *max);
/** A short name of the bootstrap that started this job: "mpi", "local" or "single". */
const char *shmemx_bootstrap_name(void);

/** Hint for shmem_malloc_with_hints: allocate from the device (GPU) heap. */
#define SHMEMX_MALLOC_DEVICE (1L << 16)
/** Collective allocations on the device heap (created on first use: SHOAL_SYMMETRIC_DEVICE_SIZE
 *  bytes on GPU SHOAL_DEVICE, default the node-local index modulo the GPU count). The host
 *  RMA/AMO API works on the returned addresses; NULL (with a warning) when it is full. */
void *shmemx_device_malloc(size_t size);
void *shmemx_device_calloc(size_t count, size_t size);
void *shmemx_device_align(size_t alignment, size_t size);
/** Collective; ptr must come from the device heap (shmem_free also accepts it). */
void shmemx_device_free(void *ptr);
/** Bytes of the device heap's user part, 0 before the first device allocation. */
size_t shmemx_device_heap_size(void);
/** Bytes of the device heap still free (0 before the first device allocation). */
size_t shmemx_device_heap_free(void);

struct shoal_device_context; /* <shoal/device_host/context.h> */
/** Fill *ctx with what kernels need to reach every PE's symmetric heap (the device heap when
 *  there is one, else the host heap: the device API's host emulation); returns 0. */
int shmemx_device_context(struct shoal_device_context *ctx);

/** 1 when libshoal_cuda.so loads and sees a GPU (device memory can be had), else 0. Never
 *  fails: what nvshmem_malloc asks before it picks the device or the host heap. */
int shmemx_device_usable(void);
/** A translation unit's own copy of the device context (nvshmem.h keeps one per TU): fill
 *  stores *ctx there (cudaMemcpyToSymbol, or a copy in the host emulation), 0 or an error. */
typedef int (*shmemx_device_context_fill_fn)(const struct shoal_device_context *ctx);
/** Called from a static constructor, before shmem_init is fine; 0, or -1 (out of memory). */
int shmemx_device_context_register(shmemx_device_context_fill_fn fill);
/** Give every registered translation unit the context of now (after init, a device allocation,
 *  a team split or destroy); a failed fill stops every PE with one line naming routine. */
void shmemx_device_context_publish(const char *routine);

#ifdef __cplusplus
}
#endif
#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
