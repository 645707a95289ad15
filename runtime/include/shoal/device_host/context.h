/* The device context: what a kernel needs to reach every PE's symmetric heap, passed to it by
 * value (trivially copyable, no global device symbol, no -rdc). Shared by the C runtime, which
 * fills it (shmemx_device_context), and the device headers (device/include/shoal/device/),
 * compiled by nvcc for GPUs and by g++ for the host emulation. The layout is fixed and checked
 * below: a kernel built against one version never reads another's fields. */
#ifndef SHOAL_DEVICE_HOST_CONTEXT_H
#define SHOAL_DEVICE_HOST_CONTEXT_H

#include <stddef.h>
#include <stdint.h>

/* Bumped whenever a struct in this file changes layout. */
#define SHOAL_DEVICE_CONTEXT_VERSION 2
/* Rounds of the device barrier (dissemination: ceil(log2 npes) <= this). */
#define SHOAL_DEVICE_BARRIER_ROUNDS 31
/* uint64_t words of the device barrier's symmetric area: the epoch, then one flag a round. */
#define SHOAL_DEVICE_BARRIER_WORDS (1 + SHOAL_DEVICE_BARRIER_ROUNDS)
/* Bytes of each PE's collective scratch (the device reductions stage their chunks there). */
#define SHOAL_DEVICE_SCRATCH_BYTES (64 << 10)
/* Low bits of a team handle that hold slot + 1 (the rest is the slot's generation). */
#define SHOAL_DEVICE_TEAM_SLOT_BITS 24

/* Which heap a context describes. */
enum shoal_device_heap_kind { SHOAL_DEVICE_HEAP_HOST = 0, SHOAL_DEVICE_HEAP_GPU = 1 };

/* One team as kernels see it; slot = handle - 1 (SHMEM_TEAM_WORLD is slot 0). */
struct shoal_device_team {
    int32_t my_pe;          /* this PE's index in the team, -1 if not a member */
    int32_t size;           /* 0: the slot holds no live team */
    int32_t start, stride;  /* world PE of index i: start + i * stride, unless list */
    const int32_t *list;    /* team_init teams that are not strided: world PE of each index */
};

struct shoal_device_context {
    uint32_t version;       /* SHOAL_DEVICE_CONTEXT_VERSION of the filler */
    uint32_t size;          /* sizeof(struct shoal_device_context) of the filler */
    int32_t my_pe, npes;
    char *heap_base;        /* my copy of the heap: symmetric addresses the kernel passes */
    uint64_t heap_size;     /* bytes from heap_base symmetric addresses may lie in */
    char *const *peer_base; /* npes entries: this process's mapping of each PE's heap, or NULL */
    const struct shoal_device_team *teams; /* n_teams slots (handle - 1) */
    int32_t n_teams;
    int32_t kind;           /* enum shoal_device_heap_kind */
    uint64_t *barrier;      /* my copy of the device barrier area (SHOAL_DEVICE_BARRIER_WORDS) */
    /* Symmetric, since version 2: team slot s's sync counters (SHOAL_DEVICE_BARRIER_WORDS
     * words at team_sync + s * SHOAL_DEVICE_BARRIER_WORDS; each returns to zero once a sync
     * completes), and the collectives' scratch (scratch_size bytes, 64-byte aligned). */
    uint64_t *team_sync;
    char *scratch;
    uint64_t scratch_size;
};

#ifdef __cplusplus
#define SHOAL_DH_ASSERT(c, m) static_assert(c, m)
#else
#define SHOAL_DH_ASSERT(c, m) _Static_assert(c, m)
#endif
SHOAL_DH_ASSERT(sizeof(void *) == 8, "the device context assumes 64-bit pointers");
SHOAL_DH_ASSERT(sizeof(struct shoal_device_team) == 24, "device team layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_team, list) == 16, "device team layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, heap_base) == 16, "device context layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, peer_base) == 32, "device context layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, n_teams) == 48, "device context layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, barrier) == 56, "device context layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, team_sync) == 64, "device context layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, scratch_size) == 80, "device context layout");
SHOAL_DH_ASSERT(sizeof(struct shoal_device_context) == 88, "device context layout");
#undef SHOAL_DH_ASSERT

#endif
