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

/** put_signal's signal update without data: *sig_addr on pe set to (SHMEM_SIGNAL_SET) or
 *  increased by (SHMEM_SIGNAL_ADD) signal, atomically, after this PE's earlier puts to pe. */
void shmemx_signal_op(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);

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
/** What this PE's waits (every thread's) did once their spin was spent, since shmem_init:
 *  waits that spent it, sched_yield calls, yields that gave the core away for long (another
 *  task ran), timed naps, doorbell sleeps, and waits that spun on past their nap point on a
 *  CPU no other task took lately. docs/environment.md says when each happens. */
typedef struct {
    uint64_t past_spin, yields, slow_yields, naps, sleeps, free_spins;
} shmemx_wait_stats_t;
#define SHMEMX_WAIT_STATS 2
/** Fill *stats with this PE's wait counts; returns 0. The symbol is shmemx_wait_stats2: the
 *  one named shmemx_wait_stats fills the struct of SHMEMX_WAIT_STATS 1 (no free_spins) for
 *  programs built with that. */
int shmemx_wait_stats2(shmemx_wait_stats_t *stats);
#define shmemx_wait_stats shmemx_wait_stats2
/** Name a binding's routine (e.g. "shoal.free": a string that outlives the calls) in the hang
 *  lines of the waits of this thread's calls that follow, as "shoal.free (in shmem_free)";
 *  NULL: the C routine alone again. Returns the name it replaces, so that calls can nest. */
const char *shmemx_wait_caller(const char *name);
/** Number of teams alive on this PE (world and shared included) and the most there can be. */
void shmemx_team_count(int *alive, int *max);
/** Number of contexts created and not yet destroyed on this PE (SHMEM_CTX_DEFAULT not counted)
 *  and the most there can be at once. */
void shmemx_ctx_count(int *alive, int *max);
/** Start (as shmem_init_thread) with the ranks of an MPI communicator as the PEs, under mpirun
 *  after MPI_Init: mpi_comm points to an MPI_Comm (as NVSHMEM's attr.mpi_comm); the job is that
 *  group alone, so disjoint communicators start separate jobs. */
int shmemx_init_mpi_comm(const void *mpi_comm, int requested, int *provided);
/** A short name of the bootstrap that started this job: "mpi", "local" or "single". */
const char *shmemx_bootstrap_name(void);

/* Hints for shmem_malloc_with_hints. The specification's hints (SHMEM_MALLOC_ATOMICS_REMOTE,
 * SHMEM_MALLOC_SIGNAL_REMOTE) take the low bits; Shoal's own take the high bits of a 32-bit
 * long, from bit 30 down, where no plausible spec or vendor value lands. A hint word with any
 * bit outside SHMEMX_MALLOC_KNOWN is an ordinary allocation on the host heap (the
 * specification's unknown hints are ignored, so ~SHMEM_MALLOC_ATOMICS_REMOTE is not a device
 * request); only a word made of known bits asks for what its Shoal bits say. */
/** Allocate from the device (GPU) heap, as shmemx_device_malloc. */
#define SHMEMX_MALLOC_DEVICE (1L << 30)
/** Every hint bit Shoal knows: the specification's and its own. */
#define SHMEMX_MALLOC_KNOWN (SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE | SHMEMX_MALLOC_DEVICE)
/** Collective allocations on the device heap (created on first use: SHOAL_SYMMETRIC_DEVICE_SIZE
 *  bytes on GPU SHOAL_DEVICE, default the node-local index modulo the GPU count). The host
 *  RMA/AMO API works on the returned addresses; NULL (with a warning) when it is full. */
void *shmemx_device_malloc(size_t size);
void *shmemx_device_calloc(size_t count, size_t size);
void *shmemx_device_align(size_t alignment, size_t size);
/** Collective; ptr must come from the device heap (shmem_free also accepts it). */
void shmemx_device_free(void *ptr);
/** 1 when [addr, addr + len) lies in this PE's device heap (shmemx_device_malloc ...), else 0. */
int shmemx_device_addr(const void *addr, size_t len);
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
/** Kinds of fill: a host copy (the g++ emulation), or a copy on this PE's GPU (a CUDA error
 *  code on failure), made only once the PE's GPU is selected (its first call that needs it). */
enum { SHMEMX_DEVICE_FILL_HOST = 0, SHMEMX_DEVICE_FILL_CUDA = 1 };
/** Called from a static constructor, before shmem_init is fine; 0, or -1 (out of memory, or
 *  a kind that is neither). The plain form registers a host copy. */
int shmemx_device_context_register_kind(shmemx_device_context_fill_fn fill, int kind);
int shmemx_device_context_register(shmemx_device_context_fill_fn fill);
/** Give every registered translation unit the context of now (after init, a device allocation,
 *  a team split or destroy; CUDA copies from the GPU's selection on); a failed fill stops every
 *  PE with one line naming routine. */
void shmemx_device_context_publish(const char *routine);

/* ---- Stream-ordered calls (CUDA builds; NVSHMEM's nvshmemx_*_on_stream) -------------------
 * Each enqueues kernels on stream (a cudaStream_t; NULL is the default stream) and returns:
 * the work runs in stream order, after what was queued before it, and a CUDA graph can capture
 * it. Symmetric arguments must be device heap memory (shmemx_device_malloc, nvshmem_malloc);
 * local ones any memory the GPU reaches. Without CUDA or a GPU: one line naming the routine,
 * and every PE stops. The nbi forms are the same as the blocking ones (stream order). */
struct CUstream_st;
#define SHOAL_DECL_STREAM_RMA(T, PFX, BITS)                                                              \
    void shmemx_##PFX##put##BITS##_on_stream(T *dest, const T *source, size_t nelems, int pe,               \
                                             struct CUstream_st *stream);                                   \
    void shmemx_##PFX##get##BITS##_on_stream(T *dest, const T *source, size_t nelems, int pe,               \
                                             struct CUstream_st *stream);                                   \
    void shmemx_##PFX##put##BITS##_nbi_on_stream(T *dest, const T *source, size_t nelems, int pe,           \
                                                 struct CUstream_st *stream);                               \
    void shmemx_##PFX##get##BITS##_nbi_on_stream(T *dest, const T *source, size_t nelems, int pe,           \
                                                 struct CUstream_st *stream);                               \
    void shmemx_##PFX##put##BITS##_signal_on_stream(T *dest, const T *source, size_t nelems,                \
                                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe, \
                                                    struct CUstream_st *stream);                            \
    void shmemx_##PFX##put##BITS##_signal_nbi_on_stream(T *dest, const T *source, size_t nelems,            \
                                                        uint64_t *sig_addr, uint64_t signal, int sig_op,    \
                                                        int pe, struct CUstream_st *stream);
#define SHOAL_DECL_STREAM_STRIDED(T, PFX, BITS)                                                          \
    void shmemx_##PFX##iput##BITS##_on_stream(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,       \
                                              size_t nelems, int pe, struct CUstream_st *stream);          \
    void shmemx_##PFX##iget##BITS##_on_stream(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,       \
                                              size_t nelems, int pe, struct CUstream_st *stream);
/* Team collectives: 0, or -1 for SHMEM_TEAM_INVALID. */
#define SHOAL_DECL_STREAM_COLL(T, PFX, MID)                                                              \
    int shmemx_##PFX##alltoall##MID##_on_stream(shmem_team_t team, T *dest, const T *source, size_t nelems, \
                                                struct CUstream_st *stream);                                \
    int shmemx_##PFX##broadcast##MID##_on_stream(shmem_team_t team, T *dest, const T *source,              \
                                                 size_t nelems, int PE_root, struct CUstream_st *stream);   \
    int shmemx_##PFX##fcollect##MID##_on_stream(shmem_team_t team, T *dest, const T *source, size_t nelems, \
                                                struct CUstream_st *stream);                                \
    int shmemx_##PFX##collect##MID##_on_stream(shmem_team_t team, T *dest, const T *source, size_t nelems, \
                                               struct CUstream_st *stream);
#define SHOAL_DECL_STREAM_TYPE(T, NAME, A)                                                               \
    SHOAL_DECL_STREAM_RMA(T, NAME##_, ) SHOAL_DECL_STREAM_STRIDED(T, NAME##_, ) SHOAL_DECL_STREAM_COLL(T, NAME##_, )
#define SHOAL_DECL_STREAM_SIZE(BITS, BYTES, A) SHOAL_DECL_STREAM_RMA(void, , BITS) SHOAL_DECL_STREAM_STRIDED(void, , BITS)
SHOAL_RMA_TYPES(SHOAL_DECL_STREAM_TYPE, )
SHOAL_SIZES(SHOAL_DECL_STREAM_SIZE, )
SHOAL_DECL_STREAM_RMA(void, , mem)
SHOAL_DECL_STREAM_COLL(void, , mem)
/* TYPENAME_OP_reduce_on_stream on the reduction rows, less long double and complex. */
#define SHOAL_DECL_STREAM_REDUCE(T, NAME, OP)                                                            \
    int shmemx_##NAME##_##OP##_reduce_on_stream(shmem_team_t team, T *dest, const T *source,               \
                                                size_t nreduce, struct CUstream_st *stream);
#define SHOAL_DECL_STREAM_REDUCE_and(T, NAME, A) SHOAL_DECL_STREAM_REDUCE(T, NAME, and)
#define SHOAL_DECL_STREAM_REDUCE_or(T, NAME, A) SHOAL_DECL_STREAM_REDUCE(T, NAME, or)
#define SHOAL_DECL_STREAM_REDUCE_xor(T, NAME, A) SHOAL_DECL_STREAM_REDUCE(T, NAME, xor)
#define SHOAL_DECL_STREAM_REDUCE_max(T, NAME, A) SHOAL_DECL_STREAM_REDUCE(T, NAME, max)
#define SHOAL_DECL_STREAM_REDUCE_min(T, NAME, A) SHOAL_DECL_STREAM_REDUCE(T, NAME, min)
#define SHOAL_DECL_STREAM_REDUCE_sum(T, NAME, A) SHOAL_DECL_STREAM_REDUCE(T, NAME, sum)
#define SHOAL_DECL_STREAM_REDUCE_prod(T, NAME, A) SHOAL_DECL_STREAM_REDUCE(T, NAME, prod)
#define SHOAL_DECL_STREAM_BITWISE(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_DECL_STREAM_REDUCE_##OP)
#define SHOAL_DECL_STREAM_MINMAX(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_DECL_STREAM_REDUCE_##OP)
SHOAL_BITWISE_OPS(SHOAL_DECL_STREAM_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_DECL_STREAM_MINMAX)
SHOAL_ARITH_OPS(SHOAL_DECL_STREAM_MINMAX)
/* TYPENAME_OP_to_all_on_stream on an active set (pSync of SHMEM_REDUCE_SYNC_SIZE longs in the
 * device heap; pWrk unused), the _to_all rows less long double and complex. */
#define SHOAL_DECL_STREAM_TO_ALL(T, NAME, OP)                                                            \
    void shmemx_##NAME##_##OP##_to_all_on_stream(T *dest, const T *source, int nreduce, int PE_start,      \
                                                 int logPE_stride, int PE_size, T *pWrk, long *pSync,       \
                                                 struct CUstream_st *stream);
#define SHOAL_DECL_STREAM_TO_ALL_and(T, NAME, A) SHOAL_DECL_STREAM_TO_ALL(T, NAME, and)
#define SHOAL_DECL_STREAM_TO_ALL_or(T, NAME, A) SHOAL_DECL_STREAM_TO_ALL(T, NAME, or)
#define SHOAL_DECL_STREAM_TO_ALL_xor(T, NAME, A) SHOAL_DECL_STREAM_TO_ALL(T, NAME, xor)
#define SHOAL_DECL_STREAM_TO_ALL_max(T, NAME, A) SHOAL_DECL_STREAM_TO_ALL(T, NAME, max)
#define SHOAL_DECL_STREAM_TO_ALL_min(T, NAME, A) SHOAL_DECL_STREAM_TO_ALL(T, NAME, min)
#define SHOAL_DECL_STREAM_TO_ALL_sum(T, NAME, A) SHOAL_DECL_STREAM_TO_ALL(T, NAME, sum)
#define SHOAL_DECL_STREAM_TO_ALL_prod(T, NAME, A) SHOAL_DECL_STREAM_TO_ALL(T, NAME, prod)
#define SHOAL_DECL_STREAM_TOALL_BITWISE(OP) SHOAL_TOALL_BITWISE_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_DECL_STREAM_TO_ALL_##OP)
#define SHOAL_DECL_STREAM_TOALL_MINMAX(OP) SHOAL_TOALL_MINMAX_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_DECL_STREAM_TO_ALL_##OP)
SHOAL_BITWISE_OPS(SHOAL_DECL_STREAM_TOALL_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_DECL_STREAM_TOALL_MINMAX)
SHOAL_ARITH_OPS(SHOAL_DECL_STREAM_TOALL_MINMAX)
#undef SHOAL_DECL_STREAM_TOALL_BITWISE
#undef SHOAL_DECL_STREAM_TOALL_MINMAX
#undef SHOAL_DECL_STREAM_TO_ALL_and
#undef SHOAL_DECL_STREAM_TO_ALL_or
#undef SHOAL_DECL_STREAM_TO_ALL_xor
#undef SHOAL_DECL_STREAM_TO_ALL_max
#undef SHOAL_DECL_STREAM_TO_ALL_min
#undef SHOAL_DECL_STREAM_TO_ALL_sum
#undef SHOAL_DECL_STREAM_TO_ALL_prod
#undef SHOAL_DECL_STREAM_TO_ALL
#undef SHOAL_DECL_STREAM_BITWISE
#undef SHOAL_DECL_STREAM_MINMAX
#undef SHOAL_DECL_STREAM_REDUCE_and
#undef SHOAL_DECL_STREAM_REDUCE_or
#undef SHOAL_DECL_STREAM_REDUCE_xor
#undef SHOAL_DECL_STREAM_REDUCE_max
#undef SHOAL_DECL_STREAM_REDUCE_min
#undef SHOAL_DECL_STREAM_REDUCE_sum
#undef SHOAL_DECL_STREAM_REDUCE_prod
#undef SHOAL_DECL_STREAM_REDUCE
#undef SHOAL_DECL_STREAM_TYPE
#undef SHOAL_DECL_STREAM_SIZE
#undef SHOAL_DECL_STREAM_COLL
#undef SHOAL_DECL_STREAM_STRIDED
#undef SHOAL_DECL_STREAM_RMA
/** Wait (on the stream) until the local *sig_addr compares true with cmp_value. */
void shmemx_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value, struct CUstream_st *stream);
/** Complete the stream's earlier puts and AMOs (a system-scope fence in stream order). */
void shmemx_quiet_on_stream(struct CUstream_st *stream);
/** World barrier / sync in stream order (the device barrier: not mixed with host barriers). */
void shmemx_barrier_all_on_stream(struct CUstream_st *stream);
void shmemx_sync_all_on_stream(struct CUstream_st *stream);
/** Team barrier / sync in stream order: 0, or -1 for SHMEM_TEAM_INVALID. */
int shmemx_barrier_on_stream(shmem_team_t team, struct CUstream_st *stream);
int shmemx_team_sync_on_stream(shmem_team_t team, struct CUstream_st *stream);

#ifdef __cplusplus
}
#endif
#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
