/* Shoal: the OpenSHMEM 1.5 C API. Every typed routine is declared from the type table in
 * <shoal/typetable.h>; the C11 type-generic macros are at the end of this file. */
#ifndef SHMEM_H
#define SHMEM_H

#include <stddef.h>
#include <stdint.h>
#include <shoal/typetable.h>

/* Everything declared here is the library's public ABI (the rest of it is hidden). */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

#ifdef __cplusplus
extern "C" {
#define SHOAL_COMPLEX_OK 0
#elif !defined(__STDC_NO_COMPLEX__)
#define SHOAL_COMPLEX_OK 1
#else
#define SHOAL_COMPLEX_OK 0
#endif

/* ---- Library constants ---------------------------------------------------------------- */
#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define SHMEM_MAX_NAME_LEN 256
#define SHMEM_VENDOR_STRING "Shoal 0.1.0"
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING

enum { SHMEM_THREAD_SINGLE = 0, SHMEM_THREAD_FUNNELED, SHMEM_THREAD_SERIALIZED, SHMEM_THREAD_MULTIPLE };

enum { SHMEM_CMP_EQ = 1, SHMEM_CMP_NE, SHMEM_CMP_GT, SHMEM_CMP_LE, SHMEM_CMP_LT, SHMEM_CMP_GE };
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_LE SHMEM_CMP_LE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_GE SHMEM_CMP_GE

#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1

#define SHMEM_CTX_PRIVATE 1L
#define SHMEM_CTX_SERIALIZED 2L
#define SHMEM_CTX_NOSTORE 4L

#define SHMEM_MALLOC_ATOMICS_REMOTE 1L
#define SHMEM_MALLOC_SIGNAL_REMOTE 2L

/* pSync arrays: every active-set collective uses the same layout, so all sizes are equal. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_SYNC_SIZE 1024
#define SHMEM_BARRIER_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_BCAST_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_COLLECT_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALL_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 16
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_ALLTOALL_SYNC_SIZE SHMEM_ALLTOALL_SYNC_SIZE
#define _SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_ALLTOALLS_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

/* ---- Handles -------------------------------------------------------------------------- */
/* Team and context handles are small integers (index + 1) so they also work in kernels. */
typedef struct shoal_team_handle *shmem_team_t;
typedef struct shoal_ctx_handle *shmem_ctx_t;

typedef struct {
    int num_contexts;
} shmem_team_config_t;
#define SHMEM_TEAM_NUM_CONTEXTS 1L

#define SHMEM_TEAM_INVALID ((shmem_team_t)0)
#define SHMEM_TEAM_WORLD ((shmem_team_t)1)
#define SHMEM_TEAM_SHARED ((shmem_team_t)2)
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)
#define SHMEM_CTX_DEFAULT ((shmem_ctx_t)1)

/* ---- Setup, query, exit --------------------------------------------------------------- */
/** Start the runtime (collective). Safe to call once per shmem_finalize. */
void shmem_init(void);
/** Start with a thread level; *provided gets the level granted. Returns 0 on success. */
int shmem_init_thread(int requested, int *provided);
/** The thread level granted at init. */
void shmem_query_thread(int *provided);
/** Release everything (collective; implies a barrier). */
void shmem_finalize(void);
/** Stop every PE with this exit status. */
void shmem_global_exit(int status);
/** This PE's number in the world team. */
int shmem_my_pe(void);
/** Number of PEs in the job. */
int shmem_n_pes(void);
/** 1 if pe can be reached by RMA/AMOs from this PE. */
int shmem_pe_accessible(int pe);
/** 1 if addr is symmetric and reachable on pe. */
int shmem_addr_accessible(const void *addr, int pe);
/** A load/store pointer to addr on pe, or NULL where pe's memory is not mapped here. */
void *shmem_ptr(const void *addr, int pe);
/** The OpenSHMEM version this library implements. */
void shmem_info_get_version(int *major, int *minor);
/** The vendor string (at most SHMEM_MAX_NAME_LEN bytes with its NUL). */
void shmem_info_get_name(char *name);

/* ---- Symmetric heap (collective: identical calls on every PE give identical offsets) -- */
/** Allocate size bytes of symmetric memory; NULL with a message if the heap is exhausted. */
void *shmem_malloc(size_t size);
/** As shmem_malloc; hints (SHMEM_MALLOC_*) are accepted and need no special memory here, and
 *  unknown ones are ignored (shmemx.h: SHMEMX_MALLOC_DEVICE asks for the device heap). */
void *shmem_malloc_with_hints(size_t size, long hints);
/** Zeroed symmetric array of count elements of size bytes. */
void *shmem_calloc(size_t count, size_t size);
/** Symmetric memory aligned to alignment (a power of two). */
void *shmem_align(size_t alignment, size_t size);
/** Resize; contents kept up to the smaller size. */
void *shmem_realloc(void *ptr, size_t size);
/** Release symmetric memory (collective; NULL is a no-op). */
void shmem_free(void *ptr);

/* ---- Contexts ------------------------------------------------------------------------- */
/** Create a context on the world team; returns 0 on success, nonzero otherwise. */
int shmem_ctx_create(long options, shmem_ctx_t *ctx);
/** Create a context on team; returns 0 on success. */
int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx);
/** Destroy a context after completing its operations. */
void shmem_ctx_destroy(shmem_ctx_t ctx);
/** The team a context was created on; returns 0, or nonzero for an invalid context. */
int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team);

/* ---- RMA ------------------------------------------------------------------------------ */
/* Most routines exist twice: shmem_NAME(args) and shmem_ctx_NAME(ctx, args). */
#define SHOAL_UNPAREN(...) __VA_ARGS__
#define SHOAL_DECL_PAIR(RET, NAME, PARAMS)                                                       \
    RET shmem_##NAME(SHOAL_UNPAREN PARAMS);                                                      \
    RET shmem_ctx_##NAME(shmem_ctx_t ctx, SHOAL_UNPAREN PARAMS);

/* Block transfers of T, under the names given: the typed (shmem_int_put), SIZE
 * (shmem_put32: elements of 32 bits) and mem (shmem_putmem: bytes) families. put/get block
 * until done; the _nbi forms complete by shmem_quiet; put_signal updates *sig_addr on pe
 * (SHMEM_SIGNAL_SET or _ADD) once the data is delivered. Strides of iput/iget are in elements. */
#define SHOAL_DECL_BLOCK(T, PUT, GET, PUT_NBI, GET_NBI, IPUT, IGET, PUT_SIG, PUT_SIG_NBI)       \
    SHOAL_DECL_PAIR(void, PUT, (T * dest, const T *source, size_t nelems, int pe))               \
    SHOAL_DECL_PAIR(void, GET, (T * dest, const T *source, size_t nelems, int pe))               \
    SHOAL_DECL_PAIR(void, PUT_NBI, (T * dest, const T *source, size_t nelems, int pe))           \
    SHOAL_DECL_PAIR(void, GET_NBI, (T * dest, const T *source, size_t nelems, int pe))           \
    SHOAL_DECL_PAIR(void, IPUT, (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,        \
                                 size_t nelems, int pe))                                         \
    SHOAL_DECL_PAIR(void, IGET, (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,        \
                                 size_t nelems, int pe))                                         \
    SHOAL_DECL_PAIR(void, PUT_SIG, (T * dest, const T *source, size_t nelems,                    \
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe))    \
    SHOAL_DECL_PAIR(void, PUT_SIG_NBI, (T * dest, const T *source, size_t nelems,                \
                                        uint64_t *sig_addr, uint64_t signal, int sig_op, int pe))
/* Typed forms, plus p (store one element on pe) and g (load one element from pe). */
#define SHOAL_DECL_RMA(T, N, A)                                                                  \
    SHOAL_DECL_BLOCK(T, N##_put, N##_get, N##_put_nbi, N##_get_nbi, N##_iput, N##_iget,         \
                     N##_put_signal, N##_put_signal_nbi)                                         \
    SHOAL_DECL_PAIR(void, N##_p, (T * dest, T value, int pe))                                    \
    SHOAL_DECL_PAIR(T, N##_g, (const T *source, int pe))
SHOAL_RMA_TYPES(SHOAL_DECL_RMA, _)
#define SHOAL_DECL_RMA_SIZE(B, BYTES, A)                                                         \
    SHOAL_DECL_BLOCK(void, put##B, get##B, put##B##_nbi, get##B##_nbi, iput##B, iget##B,         \
                     put##B##_signal, put##B##_signal_nbi)
SHOAL_SIZES(SHOAL_DECL_RMA_SIZE, _)
SHOAL_DECL_RMA_SIZE(mem, 1, _)
#undef SHOAL_DECL_RMA
#undef SHOAL_DECL_RMA_SIZE
#undef SHOAL_DECL_BLOCK

/* ---- Signals -------------------------------------------------------------------------- */
/** Atomically read a signal word. */
uint64_t shmem_signal_fetch(const uint64_t *sig_addr);
/** Wait until *sig_addr compares true against cmp_value; returns the value seen. */
uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value);

/* ---- Atomic memory operations --------------------------------------------------------- */
/* Extended AMO types: fetch, set, swap, and the _nbi fetching forms (result into *fetch). */
#define SHOAL_DECL_AMO_EXT(T, N, A)                                                              \
    SHOAL_DECL_PAIR(T, N##_atomic_fetch, (const T *source, int pe))                              \
    SHOAL_DECL_PAIR(void, N##_atomic_set, (T * dest, T value, int pe))                           \
    SHOAL_DECL_PAIR(T, N##_atomic_swap, (T * dest, T value, int pe))                             \
    SHOAL_DECL_PAIR(void, N##_atomic_fetch_nbi, (T * fetch, const T *source, int pe))            \
    SHOAL_DECL_PAIR(void, N##_atomic_swap_nbi, (T * fetch, T * dest, T value, int pe))
/* Standard AMO types: compare_swap, fetch_inc, inc, fetch_add, add (+ _nbi). */
#define SHOAL_DECL_AMO_STD(T, N, A)                                                              \
    SHOAL_DECL_PAIR(T, N##_atomic_compare_swap, (T * dest, T cond, T value, int pe))             \
    SHOAL_DECL_PAIR(T, N##_atomic_fetch_inc, (T * dest, int pe))                                 \
    SHOAL_DECL_PAIR(void, N##_atomic_inc, (T * dest, int pe))                                    \
    SHOAL_DECL_PAIR(T, N##_atomic_fetch_add, (T * dest, T value, int pe))                        \
    SHOAL_DECL_PAIR(void, N##_atomic_add, (T * dest, T value, int pe))                           \
    SHOAL_DECL_PAIR(void, N##_atomic_compare_swap_nbi, (T * fetch, T * dest, T cond, T value,    \
                                                        int pe))                                 \
    SHOAL_DECL_PAIR(void, N##_atomic_fetch_inc_nbi, (T * fetch, T * dest, int pe))               \
    SHOAL_DECL_PAIR(void, N##_atomic_fetch_add_nbi, (T * fetch, T * dest, T value, int pe))
/* Bitwise AMO types: fetch_and/or/xor, and/or/xor (+ _nbi). */
#define SHOAL_DECL_AMO_BIT_OP(T, N, OP)                                                          \
    SHOAL_DECL_PAIR(T, N##_atomic_fetch_##OP, (T * dest, T value, int pe))                       \
    SHOAL_DECL_PAIR(void, N##_atomic_##OP, (T * dest, T value, int pe))                          \
    SHOAL_DECL_PAIR(void, N##_atomic_fetch_##OP##_nbi, (T * fetch, T * dest, T value, int pe))
#define SHOAL_DECL_AMO_BIT(T, N, A)                                                              \
    SHOAL_DECL_AMO_BIT_OP(T, N, and) SHOAL_DECL_AMO_BIT_OP(T, N, or) SHOAL_DECL_AMO_BIT_OP(T, N, xor)
SHOAL_AMO_EXT_TYPES(SHOAL_DECL_AMO_EXT, _)
SHOAL_AMO_STD_TYPES(SHOAL_DECL_AMO_STD, _)
SHOAL_AMO_BIT_TYPES(SHOAL_DECL_AMO_BIT, _)
#undef SHOAL_DECL_AMO_EXT
#undef SHOAL_DECL_AMO_STD
#undef SHOAL_DECL_AMO_BIT_OP
#undef SHOAL_DECL_AMO_BIT

/* ---- Ordering, point-to-point synchronisation, locks --------------------------------- */
/** Order puts/AMOs to each PE issued before against those issued after. */
void shmem_fence(void);
void shmem_ctx_fence(shmem_ctx_t ctx);
/** Complete every put, AMO and nbi operation issued so far. */
void shmem_quiet(void);
void shmem_ctx_quiet(shmem_ctx_t ctx);

#define SHOAL_DECL_P2P(TYPE, NAME, A)                                                               \
    void shmem_##NAME##_wait_until(TYPE *ivar, int cmp, TYPE cmp_value);                          \
    void shmem_##NAME##_wait_until_all(TYPE *ivars, size_t nelems, const int *status, int cmp,    \
                                       TYPE cmp_value);                                           \
    size_t shmem_##NAME##_wait_until_any(TYPE *ivars, size_t nelems, const int *status, int cmp,  \
                                         TYPE cmp_value);                                         \
    size_t shmem_##NAME##_wait_until_some(TYPE *ivars, size_t nelems, size_t *indices,            \
                                          const int *status, int cmp, TYPE cmp_value);            \
    void shmem_##NAME##_wait_until_all_vector(TYPE *ivars, size_t nelems, const int *status,      \
                                              int cmp, TYPE *cmp_values);                         \
    size_t shmem_##NAME##_wait_until_any_vector(TYPE *ivars, size_t nelems, const int *status,    \
                                                int cmp, TYPE *cmp_values);                       \
    size_t shmem_##NAME##_wait_until_some_vector(TYPE *ivars, size_t nelems, size_t *indices,     \
                                                 const int *status, int cmp, TYPE *cmp_values);   \
    int shmem_##NAME##_test(TYPE *ivar, int cmp, TYPE cmp_value);                                 \
    int shmem_##NAME##_test_all(TYPE *ivars, size_t nelems, const int *status, int cmp,           \
                                TYPE cmp_value);                                                  \
    size_t shmem_##NAME##_test_any(TYPE *ivars, size_t nelems, const int *status, int cmp,        \
                                   TYPE cmp_value);                                               \
    size_t shmem_##NAME##_test_some(TYPE *ivars, size_t nelems, size_t *indices,                  \
                                    const int *status, int cmp, TYPE cmp_value);                  \
    int shmem_##NAME##_test_all_vector(TYPE *ivars, size_t nelems, const int *status, int cmp,    \
                                       TYPE *cmp_values);                                         \
    size_t shmem_##NAME##_test_any_vector(TYPE *ivars, size_t nelems, const int *status, int cmp, \
                                          TYPE *cmp_values);                                      \
    size_t shmem_##NAME##_test_some_vector(TYPE *ivars, size_t nelems, size_t *indices,           \
                                           const int *status, int cmp, TYPE *cmp_values);
SHOAL_P2P_TYPES(SHOAL_DECL_P2P, _)
#undef SHOAL_DECL_P2P

/** Acquire a distributed lock (a symmetric long initialised to 0); fair under contention. */
void shmem_set_lock(long *lock);
/** Release the lock after completing this PE's puts and AMOs. */
void shmem_clear_lock(long *lock);
/** Take the lock if free: returns 0 if acquired, 1 if it is held elsewhere. */
int shmem_test_lock(long *lock);

/* ---- Teams ---------------------------------------------------------------------------- */
/** This PE's index in team, or -1 if it is not a member (or team is invalid). */
int shmem_team_my_pe(shmem_team_t team);
/** Number of PEs in team, or -1 for an invalid team. */
int shmem_team_n_pes(shmem_team_t team);
/** Copy the fields of team's configuration chosen by config_mask; nonzero on error. */
int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config);
/** pe_in_src_team's index in dest_team, or -1 where it is not a member. */
int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team);
/** shmem_ptr for team member pe: a load/store pointer to dest there, or NULL. */
void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe);
/** Collective over parent: members start, start+stride, ...; non-members get SHMEM_TEAM_INVALID. */
int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t *config, long config_mask,
                             shmem_team_t *new_team);
/** Collective over parent: a 2D grid of row teams (xrange wide) and column teams. */
int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t *xaxis_config, long xaxis_mask,
                        shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                        long yaxis_mask, shmem_team_t *yaxis_team);
/** Release a team (local: never blocks). */
void shmem_team_destroy(shmem_team_t team);

/* ---- Collectives: synchronisation ----------------------------------------------------- */
/** Complete all RMA/AMOs then wait for every PE. */
void shmem_barrier_all(void);
/** Wait for every PE (local stores visible; remote updates not completed). */
void shmem_sync_all(void);
/** Wait for every member of team; returns 0 on success. */
int shmem_team_sync(shmem_team_t team);
/** Active-set barrier over PE_start, 2^logPE_stride, PE_size with pSync. */
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
/** Active-set sync (no completion of remote updates). In C11, shmem_sync(team) is
 *  shmem_team_sync (shoal/shmem_generic.h picks by argument count). */
void(shmem_sync)(int PE_start, int logPE_stride, int PE_size, long *pSync);

/* ---- Collectives: data movement (team forms return 0 on success) --------------------- */
#define SHOAL_DECL_COLL(TYPE, NAME, A)                                                              \
    int shmem_##NAME##_broadcast(shmem_team_t team, TYPE *dest, const TYPE *source,               \
                                 size_t nelems, int PE_root);                                     \
    int shmem_##NAME##_collect(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems); \
    int shmem_##NAME##_fcollect(shmem_team_t team, TYPE *dest, const TYPE *source,                \
                                size_t nelems);                                                   \
    int shmem_##NAME##_alltoall(shmem_team_t team, TYPE *dest, const TYPE *source,                \
                                size_t nelems);                                                   \
    int shmem_##NAME##_alltoalls(shmem_team_t team, TYPE *dest, const TYPE *source,               \
                                 ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
SHOAL_RMA_TYPES(SHOAL_DECL_COLL, _)
#undef SHOAL_DECL_COLL
int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems,
                       int PE_root);
int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems);

#define SHOAL_DECL_COLL_ASET(BITS, BYTES, A)                                                        \
    void shmem_broadcast##BITS(void *dest, const void *source, size_t nelems, int PE_root,        \
                               int PE_start, int logPE_stride, int PE_size, long *pSync);         \
    void shmem_collect##BITS(void *dest, const void *source, size_t nelems, int PE_start,         \
                             int logPE_stride, int PE_size, long *pSync);                         \
    void shmem_fcollect##BITS(void *dest, const void *source, size_t nelems, int PE_start,        \
                              int logPE_stride, int PE_size, long *pSync);                        \
    void shmem_alltoall##BITS(void *dest, const void *source, size_t nelems, int PE_start,        \
                              int logPE_stride, int PE_size, long *pSync);                        \
    void shmem_alltoalls##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,      \
                               size_t nelems, int PE_start, int logPE_stride, int PE_size,        \
                               long *pSync);
SHOAL_DECL_COLL_ASET(32, 4, _)
SHOAL_DECL_COLL_ASET(64, 8, _)
#undef SHOAL_DECL_COLL_ASET

/* ---- Collectives: reductions ---------------------------------------------------------- */
#define SHOAL_DECL_REDUCE(TYPE, NAME, OP)                                                        \
    int shmem_##NAME##_##OP##_reduce(shmem_team_t team, TYPE *dest, const TYPE *source,           \
                                     size_t nreduce);
#define SHOAL_DECL_TOALL(TYPE, NAME, OP)                                                         \
    void shmem_##NAME##_##OP##_to_all(TYPE *dest, const TYPE *source, int nreduce, int PE_start,  \
                                      int logPE_stride, int PE_size, TYPE *pWrk, long *pSync);
#define SHOAL_DECL_REDUCE_BITWISE(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_DECL_REDUCE, OP)
#define SHOAL_DECL_REDUCE_MINMAX(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_DECL_REDUCE, OP)
#define SHOAL_DECL_TOALL_BITWISE(OP) SHOAL_TOALL_BITWISE_TYPES(SHOAL_DECL_TOALL, OP)
#define SHOAL_DECL_TOALL_MINMAX(OP) SHOAL_TOALL_MINMAX_TYPES(SHOAL_DECL_TOALL, OP)
SHOAL_BITWISE_OPS(SHOAL_DECL_REDUCE_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_DECL_REDUCE_MINMAX)
SHOAL_ARITH_OPS(SHOAL_DECL_REDUCE_MINMAX)
SHOAL_BITWISE_OPS(SHOAL_DECL_TOALL_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_DECL_TOALL_MINMAX)
SHOAL_ARITH_OPS(SHOAL_DECL_TOALL_MINMAX)
SHOAL_TOALL_FORTRAN_TYPES(SHOAL_DECL_TOALL, sum)
#if SHOAL_COMPLEX_OK
SHOAL_REDUCE_COMPLEX_TYPES(SHOAL_DECL_REDUCE, sum)
SHOAL_REDUCE_COMPLEX_TYPES(SHOAL_DECL_REDUCE, prod)
SHOAL_REDUCE_COMPLEX_TYPES(SHOAL_DECL_TOALL, sum)
SHOAL_REDUCE_COMPLEX_TYPES(SHOAL_DECL_TOALL, prod)
SHOAL_TOALL_FORTRAN_COMPLEX_TYPES(SHOAL_DECL_TOALL, sum)
#endif
#undef SHOAL_DECL_REDUCE_BITWISE
#undef SHOAL_DECL_REDUCE_MINMAX
#undef SHOAL_DECL_TOALL_BITWISE
#undef SHOAL_DECL_TOALL_MINMAX

/* ---- Deprecated names that existing programs still call ------------------------------ */
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
int my_pe(void);
int num_pes(void);
void *shmalloc(size_t size);
void shfree(void *ptr);
void *shrealloc(void *ptr, size_t size);
void *shmemalign(size_t alignment, size_t size);
void globalexit(int status);
void shmem_clear_cache_inv(void);
void shmem_set_cache_inv(void);
void shmem_clear_cache_line_inv(void *dest);
void shmem_set_cache_line_inv(void *dest);
void shmem_udcflush(void);
void shmem_udcflush_line(void *dest);
void (shmem_wait)(long *ivar, long cmp_value);
void (shmem_wait_until)(long *ivar, int cmp, long cmp_value);
#define SHOAL_DECL_OLD_WAIT(TYPE, NAME, A)                                                          \
    void shmem_##NAME##_wait(TYPE *ivar, TYPE cmp_value);
SHOAL_DECL_OLD_WAIT(short, short, _) SHOAL_DECL_OLD_WAIT(int, int, _) SHOAL_DECL_OLD_WAIT(long, long, _)
SHOAL_DECL_OLD_WAIT(long long, longlong, _)
#undef SHOAL_DECL_OLD_WAIT
#define SHOAL_DECL_OLD_AMO(TYPE, NAME, A)                                                           \
    TYPE shmem_##NAME##_fadd(TYPE *dest, TYPE value, int pe);                                     \
    TYPE shmem_##NAME##_finc(TYPE *dest, int pe);                                                 \
    TYPE shmem_##NAME##_cswap(TYPE *dest, TYPE cond, TYPE value, int pe);                         \
    void shmem_##NAME##_add(TYPE *dest, TYPE value, int pe);                                      \
    void shmem_##NAME##_inc(TYPE *dest, int pe);
#define SHOAL_DECL_OLD_AMO_EXT(TYPE, NAME, A)                                                       \
    TYPE shmem_##NAME##_swap(TYPE *dest, TYPE value, int pe);                                     \
    TYPE shmem_##NAME##_fetch(const TYPE *source, int pe);                                        \
    void shmem_##NAME##_set(TYPE *dest, TYPE value, int pe);
SHOAL_OLD_AMO_TYPES(SHOAL_DECL_OLD_AMO, _)
SHOAL_OLD_AMO_TYPES(SHOAL_DECL_OLD_AMO_EXT, _)
SHOAL_AMO_EXT_FLOAT_TYPES(SHOAL_DECL_OLD_AMO_EXT, _)
#undef SHOAL_DECL_OLD_AMO
#undef SHOAL_DECL_OLD_AMO_EXT
long (shmem_swap)(long *dest, long value, int pe);

#ifdef __cplusplus
}
#endif

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#include <shoal/shmem_generic.h>
#endif

#endif /* SHMEM_H */
