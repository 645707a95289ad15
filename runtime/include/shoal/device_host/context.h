/* The device context: what a kernel needs to reach every PE's symmetric heap, passed to it by
 * value (trivially copyable, no global device symbol, no -rdc). Shared by the C runtime, which
 * fills it (shmemx_device_context), and the device headers (device/include/shoal/device/),
 * compiled by nvcc for GPUs and by g++ for the host emulation. The layout is fixed and checked
 * below: a kernel built against one version never reads another's fields. */
#ifndef SHOAL_DEVICE_HOST_CONTEXT_H
#define SHOAL_DEVICE_HOST_CONTEXT_H

#include <stddef.h>
#include <stdint.h>

/* Bumped whenever a struct in this file changes layout or meaning. */
#define SHOAL_DEVICE_CONTEXT_VERSION 3
/* Rounds of a device dissemination sync (ceil(log2 members) <= this). */
#define SHOAL_DEVICE_BARRIER_ROUNDS 31
/* uint64_t counters of one dissemination sync: one a round, and a spare. */
#define SHOAL_DEVICE_BARRIER_WORDS (1 + SHOAL_DEVICE_BARRIER_ROUNDS)
/* Blocks one on-stream collective may use (each syncs with its counterparts over its own
 * counters, so blocks never wait for each other). */
#define SHOAL_DEVICE_STREAM_BLOCKS 8
/* The sync words of one team slot (and of a device pSync, whose SHMEM_SYNC_SIZE longs hold
 * them), all zero between collectives:
 *   [0, 32)    the counters of a collective called by one group (thread, warp, block) per PE;
 *   [32, 35)   the combining of a cooperative launch's blocks (arrivals, release, departures);
 *   [35]       collect's element count of this member;
 *   [40 + 32 b, 72 + 32 b)  the counters of block b of an on-stream collective. */
#define SHOAL_DEVICE_SYNC_GRID SHOAL_DEVICE_BARRIER_WORDS
#define SHOAL_DEVICE_SYNC_COUNT (SHOAL_DEVICE_SYNC_GRID + 3)
#define SHOAL_DEVICE_SYNC_BLOCKS 40
#define SHOAL_DEVICE_SYNC_WORDS (SHOAL_DEVICE_SYNC_BLOCKS + SHOAL_DEVICE_STREAM_BLOCKS * SHOAL_DEVICE_BARRIER_WORDS)
/* Bytes of a team slot's collective scratch, at most (the device reductions stage their chunks
 * there when dest overlaps source): the context says the size every slot has. */
#define SHOAL_DEVICE_SCRATCH_BYTES (64 << 10)
/* Low bits of a team handle that hold slot + 1 (the rest is the slot's generation). */
#define SHOAL_DEVICE_TEAM_SLOT_BITS 24
/* Views of each team slot, by generation: a team created in a slot writes view gen % this, so
 * the view an earlier launch reads (of the slot's previous teams) is not rewritten under it. */
#define SHOAL_DEVICE_TEAM_GENERATIONS 4

/* Context flags. ONE_CALL_PER_PE: a device collective is one call per PE, from whichever
 * thread, warp or block the kernel chooses (NVSHMEM's rule; nvshmem.h's copy sets it), where
 * Shoal's own device API has every block of a multi-block kernel make the call. */
#define SHOAL_DEVICE_CTX_ONE_CALL_PER_PE 1u

/* Which heap a context describes. */
enum shoal_device_heap_kind { SHOAL_DEVICE_HEAP_HOST = 0, SHOAL_DEVICE_HEAP_GPU = 1 };

/* One team as kernels see it: written once when the team is created, cleared when it is gone. */
struct shoal_device_team {
    int32_t my_pe;          /* this PE's index in the team, -1 if not a member */
    int32_t size;           /* 0: no live team */
    int32_t start, stride;  /* world PE of index i: start + i * stride, unless list */
    const int32_t *list;    /* team_init teams that are not strided: world PE of each index */
    uint32_t gen;           /* the slot's generation (handle >> SHOAL_DEVICE_TEAM_SLOT_BITS), low bits */
    uint32_t reserved;      /* 0 */
};

struct shoal_device_context {
    uint32_t version;       /* SHOAL_DEVICE_CONTEXT_VERSION of the filler */
    uint32_t size;          /* sizeof(struct shoal_device_context) of the filler */
    int32_t my_pe, npes;
    char *heap_base;        /* my copy of the heap: symmetric addresses the kernel passes */
    uint64_t heap_size;     /* bytes from heap_base symmetric addresses may lie in */
    char *const *peer_base; /* npes entries: this process's mapping of each PE's heap, or NULL
                             * (a PE of another node) */
    /* n_teams slots of SHOAL_DEVICE_TEAM_GENERATIONS views each: slot s, generation g at
     * teams[s * SHOAL_DEVICE_TEAM_GENERATIONS + g % SHOAL_DEVICE_TEAM_GENERATIONS]. */
    const struct shoal_device_team *teams;
    int32_t n_teams;
    int32_t kind;           /* enum shoal_device_heap_kind */
    uint64_t flags;         /* SHOAL_DEVICE_CTX_* bits: 0 as the runtime fills it */
    /* Symmetric: team slot s's sync words (SHOAL_DEVICE_SYNC_WORDS at
     * team_sync + s * SHOAL_DEVICE_SYNC_WORDS) and its scratch (scratch_size bytes at
     * scratch + s * scratch_size, 64-byte aligned). A team's state is its own: two teams run
     * collectives at the same time. */
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
SHOAL_DH_ASSERT(SHOAL_DEVICE_SYNC_COUNT < SHOAL_DEVICE_SYNC_BLOCKS, "device sync layout");
SHOAL_DH_ASSERT(SHOAL_DEVICE_SYNC_WORDS <= 1024, "a device pSync (SHMEM_SYNC_SIZE longs) holds the sync words");
SHOAL_DH_ASSERT(sizeof(struct shoal_device_team) == 32, "device team layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_team, gen) == 24, "device team layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_team, list) == 16, "device team layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, heap_base) == 16, "device context layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, peer_base) == 32, "device context layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, n_teams) == 48, "device context layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, flags) == 56, "device context layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, team_sync) == 64, "device context layout");
SHOAL_DH_ASSERT(offsetof(struct shoal_device_context, scratch_size) == 80, "device context layout");
SHOAL_DH_ASSERT(sizeof(struct shoal_device_context) == 88, "device context layout");
#undef SHOAL_DH_ASSERT

#endif
