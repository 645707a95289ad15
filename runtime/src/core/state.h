/* The runtime's per-process state: who this PE is, the segment table (where symmetric memory
 * lives here and in every peer), and which transport reaches each peer. One instance, shoal_g. */
#ifndef SHOAL_CORE_STATE_H
#define SHOAL_CORE_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "core/segment.h"

struct shoal_transport_ops;
struct shoal_bootstrap;

/* One row per world PE. base[s] is this process's mapping of the peer's segment s (so a
 * remote address is base + offset), NULL where that segment is not mapped here: then the
 * peer's transport reaches it (path/path.c). A row is one cache line, so the hot path
 * indexes the table with a shift and no two rows share a line. */
struct __attribute__((aligned(64))) shoal_peer {
    char *base[SHOAL_MAX_SEGS];
    const struct shoal_transport_ops *ops; /* shm (mapped) or an off-node transport */
    /* The peer's doorbell (struct shoal_doorbell, sync/doorbell.h) where PEs share CPUs, else
     * one with never a sleeper (NULL before shmem_init has set it): a store into the peer
     * rings it (path/path.h); here, as the store reads this row anyway. */
    void *bell;
    int pid;
    int node;      /* index of the peer's node (PEs of one host share it) */
    int core_mate; /* bound to the same CPU as this PE now (sync/placement.c, avoid_busy.c) */
    /* The same at shmem_init, never changed: what the collectives' protocols decide by
     * (which counter a sender signals) must be one relation on every PE at every moment, and
     * PEs learn of a move (avoid_busy.c) each at its own time. */
    int mate_at_init;
    /* The lowest world PE mapped together with this one (its node's lowest PE, or itself
     * under SHOAL_TRANSPORT=mpi): the same on every PE, so every PE can tell which of any
     * two peers share memory (coll/engine/remote/: the node stage). */
    int mapset;
};
_Static_assert(sizeof(struct shoal_peer) == 64, "one cache line per peer");

struct shoal_state {
    int initialized;   /* shmem_init done and shmem_finalize not yet */
    int ever_finalized;
    int me;
    int npes;
    int thread_level;
    int check;          /* SHOAL_CHECK=1: collective calls are compared (coll/call_check.h) */
    int oversubscribed; /* more local PEs than cores */
    int bound_cpu;      /* the CPU this PE bound itself to, -1 if none (sync/placement.c) */
    unsigned spin_polls; /* polls a wait spins before it yields, writer unknown ... */
    unsigned spin_remote; /* ... and writer known to run on another CPU */
    unsigned spin_more;   /* polls spun past those before napping, a CPU per PE (backoff.h) */
    unsigned spin_free;   /* ... and past those while no other task wants this CPU */
    /* The segment table: seg[SHOAL_SEG_HEAP] (the host heap: the user's part, then the
     * runtime's own), seg[SHOAL_SEG_DATA] (the executable's data+bss: globals are symmetric),
     * seg[SHOAL_SEG_DEVICE] (the GPU heap, when there is one). */
    struct shoal_segment seg[SHOAL_MAX_SEGS];
    struct shoal_peer *peers;
    /* The off-node transport in use (NULL when every peer is mapped): fence, quiet and every
     * waiting loop reach it (p2p/order.c, sync/backoff.h). */
    const struct shoal_transport_ops *remote;
    /* The transport every host AMO goes through, even to this PE and mapped peers, when its
     * atomics are atomic only against its own (SHOAL_MPI_ATOMICS=rma); NULL when each word's
     * owner performs every AMO on it with CPU atomics (mapped peers inline, off-node ones by
     * their target: transport/mpi_am.c). */
    const struct shoal_transport_ops *amo_remote;
    int all_mapped;     /* every PE's host segments are mapped here */
    const struct shoal_bootstrap *boot;
    int *local_pes;     /* world PEs on this node, ascending (placement) */
    int n_local_pes;
    int *shared_pes;    /* world PEs whose memory is mapped here, ascending (SHMEM_TEAM_SHARED) */
    int n_shared_pes;
    int n_nodes;
};

extern struct shoal_state shoal_g;

#if defined(__GNUC__)
#define SHOAL_LIKELY(x) __builtin_expect(!!(x), 1)
#define SHOAL_UNLIKELY(x) __builtin_expect(!!(x), 0)
/* The few hot-path helpers every put/get/AMO entry point is built from: inlined even where
 * the compiler's size heuristics would call them (a call costs ~5% of an 8-byte put). */
#define SHOAL_HOT_INLINE static inline __attribute__((always_inline))
#else
#define SHOAL_LIKELY(x) (x)
#define SHOAL_UNLIKELY(x) (x)
#define SHOAL_HOT_INLINE static inline
#endif

#endif
