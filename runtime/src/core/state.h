/* The runtime's per-process state: who this PE is, where every peer's symmetric memory is
 * mapped, and which transport reaches it. One instance, shoal_g. */
#ifndef SHOAL_CORE_STATE_H
#define SHOAL_CORE_STATE_H

#include <stddef.h>
#include <stdint.h>

struct shoal_transport_ops;
struct shoal_bootstrap;

/* One row per world PE. For node-local peers heap/data point at this process's mapping of
 * the peer's segments (so a remote address is base + offset); NULL where not mapped. */
struct shoal_peer {
    char *heap;
    char *data;
    const struct shoal_transport_ops *ops;
    int pid;
    int core_mate; /* bound to the same CPU as this PE (sync/placement.c) */
};

struct shoal_state {
    int initialized;   /* shmem_init done and shmem_finalize not yet */
    int ever_finalized;
    int me;
    int npes;
    int thread_level;
    int oversubscribed; /* more local PEs than cores */
    int bound_cpu;      /* the CPU this PE bound itself to, -1 if none (sync/placement.c) */
    unsigned spin_polls; /* polls a wait spins before it yields, writer unknown ... */
    unsigned spin_remote; /* ... and writer known to run on another CPU */
    char *heap_base;    /* my symmetric heap: the user's part, then the runtime's own part */
    size_t heap_size;   /* both parts: the range address translation covers */
    size_t heap_user_size; /* SHOAL_SYMMETRIC_SIZE: what shmem_malloc hands out */
    char *data_base;    /* my executable's data+bss, remapped shared (globals are symmetric) */
    size_t data_size;
    struct shoal_peer *peers;
    const struct shoal_bootstrap *boot;
    int *local_pes;     /* world PEs on this node, ascending (SHMEM_TEAM_SHARED) */
    int n_local_pes;
};

extern struct shoal_state shoal_g;

#if defined(__GNUC__)
#define SHOAL_LIKELY(x) __builtin_expect(!!(x), 1)
#define SHOAL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SHOAL_LIKELY(x) (x)
#define SHOAL_UNLIKELY(x) (x)
#endif

#endif
