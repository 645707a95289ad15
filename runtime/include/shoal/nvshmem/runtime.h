/* nvshmem.h: the NVSHMEM routines libshoal itself exports (the rest of nvshmem.h is inline code
 * over Shoal's OpenSHMEM API). Plain C, NVSHMEM's signatures (CUDA handles as the struct
 * pointers cuda.h typedefs them to, so no CUDA header is needed). */
#ifndef SHOAL_NVSHMEM_RUNTIME_H
#define SHOAL_NVSHMEM_RUNTIME_H

#include <shoal/nvshmem/types.h>

#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif
#ifdef __cplusplus
extern "C" {
#endif

struct CUmod_st;
struct CUlib_st;
struct CUstream_st;

/** NVSHMEM's start (nvshmem_init, nvshmemx_init_attr): shmem_init_thread unless the program
 *  started OpenSHMEM itself, checks of flags and attr (a unique id of this job, given the same to
 *  every PE with its rank), then the team kinds. No CUDA: the GPU is taken at its first use.
 *  Returns 0, or stops every PE with one line naming routine. */
int shmemx_nvshmem_init(const char *routine, int requested, int *provided, unsigned int flags,
                        const nvshmemx_init_attr_t *attr);
/** nvshmem_finalize: undoes shmemx_nvshmem_init (OpenSHMEM too, if it started it). */
void shmemx_nvshmem_finalize(void);
/** NVSHMEM_STATUS_IS_INITIALIZED between start and finalize, else NVSHMEM_STATUS_NOT_INITIALIZED. */
int nvshmemx_init_status(void);
/** Before start, on one process: an id that names this job; give it to every process, which
 *  passes it to nvshmemx_set_attr_uniqueid_args. Returns 0. */
int nvshmemx_get_uniqueid(nvshmemx_uniqueid_t *uniqueid);

/** Teams without a parent: the id (from one member) goes in config->uniqueid with
 *  NVSHMEM_TEAM_CONFIG_MASK_UNIQUEID; collective over the npes members. 0, or -1. */
int nvshmemx_team_get_uniqueid(nvshmemx_team_uniqueid_t *uniqueid);
int nvshmemx_team_init(nvshmem_team_t *team, nvshmem_team_config_t *config, long config_mask, int npes,
                       int pe_idx_in_team);
/** The team's configuration (num_contexts; uniqueid not kept). */
void nvshmem_team_get_config(nvshmem_team_t team, nvshmem_team_config_t *config);

/** Local buffers need no registration in Shoal (every path reaches any local memory): these
 *  check their arguments and return NVSHMEMX_SUCCESS or NVSHMEMX_ERROR_INVALID_VALUE. */
int nvshmemx_buffer_register(void *addr, size_t length);
int nvshmemx_buffer_unregister(void *addr);
void nvshmemx_buffer_unregister_all(void);
/** Collective: symmetric memory of size bytes holding buf_ptr's contents (device memory where a
 *  GPU is in use, else host memory) -- a copy, not an alias of buf_ptr; NULL on failure.
 *  unregister frees it (collective). */
void *nvshmemx_buffer_register_symmetric(void *buf_ptr, size_t size, int flags);
int nvshmemx_buffer_unregister_symmetric(void *mmap_ptr, size_t size);

/** num_qps queue-pair handles in *out_qp_array (freed at finalize); every one reaches every PE
 *  as NVSHMEMX_QP_DEFAULT does. 0, or NVSHMEMX_ERROR_INVALID_VALUE. */
int nvshmemx_qp_create(int num_qps, nvshmemx_qp_handle_t **out_qp_array);

/** Kernels in modules the program loads itself (cuModuleLoad, cuLibraryLoad*) cannot get a
 *  device context from Shoal: these say so on one line and return NVSHMEMX_ERROR_NOT_SUPPORTED.
 *  Build such kernels into the program with nvcc instead. */
int nvshmemx_cumodule_init(struct CUmod_st *module);
int nvshmemx_cumodule_finalize(struct CUmod_st *module);
int nvshmemx_culibrary_init(struct CUlib_st *library);
int nvshmemx_culibrary_finalize(struct CUlib_st *library);

/* Reductions OpenSHMEM lacks (NVSHMEM's reducescatter, and its half and bfloat16 rows), by
 * element type and operation. Types: the reduction rows of the type table and the two 16-bit
 * floating ones (which the C runtime handles as their bits and computes in float, rounding at
 * every step as a GPU does). */
#define SHOAL_NVR_TYPE_ENUM(T, NAME, A) SHMEMX_TYPE_##NAME,
enum shmemx_elem_type {
    SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NVR_TYPE_ENUM, ) SHOAL_HALF_TYPES(SHOAL_NVR_TYPE_ENUM, ) SHMEMX_TYPE_COUNT
};
#undef SHOAL_NVR_TYPE_ENUM
enum shmemx_reduce_op { SHMEMX_OP_AND, SHMEMX_OP_OR, SHMEMX_OP_XOR, SHMEMX_OP_MAX, SHMEMX_OP_MIN, SHMEMX_OP_SUM,
                        SHMEMX_OP_PROD };
/** Collective over team: every member's source combined by op over elements of type, in member
 *  order. scatter 0: nreduce results into dest (TYPENAME_OP_reduce); scatter 1: source holds
 *  nreduce elements per member, and dest gets the results of this member's block
 *  (TYPENAME_OP_reducescatter). source and dest symmetric (host or device heap; dest may be
 *  source). 0, or -1 for NVSHMEM_TEAM_INVALID; bad input stops every PE with one line naming
 *  routine. The host form reads every member's block (one get each), the stream form enqueues
 *  a kernel (device heap only). */
int shmemx_reduce_typed(const char *routine, nvshmem_team_t team, void *dest, const void *source, size_t nreduce,
                        int type, int op, int scatter);
int shmemx_reduce_typed_on_stream(const char *routine, nvshmem_team_t team, void *dest, const void *source,
                                  size_t nreduce, int type, int op, int scatter, struct CUstream_st *stream);

/* Stream-ordered forms NVSHMEM has and shmemx.h lacks (the rest of nvshmemx_*_on_stream goes to
 * shmemx_*_on_stream). p: value's elem bytes (1, 2, 4 or 8) to dest on pe. g: waits for the
 * stream, then stores src's elem bytes on pe in *value. wait_until: until each of the n ivars
 * (type: a SHMEMX_TYPE_* integer row) not masked by status[i] != 0 holds cmp against *value, or
 * values[i] where values is set (device memory, as status). signal_op: the signal update of
 * put_signal without data. Each enqueues kernels (g also waits); the symmetric arguments are in
 * the device heap; bad input stops every PE with one line naming routine. */
void shmemx_p_on_stream_bytes(const char *routine, void *dest, const void *value, size_t elem, int pe,
                              struct CUstream_st *stream);
void shmemx_g_on_stream_bytes(const char *routine, void *value, const void *src, size_t elem, int pe,
                              struct CUstream_st *stream);
void shmemx_wait_until_on_stream_typed(const char *routine, void *ivars, size_t n, const int *status, int cmp,
                                       int type, const void *value, const void *values, struct CUstream_st *stream);
void shmemx_signal_op_on_stream(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe, struct CUstream_st *stream);

/** nvshmemx_collective_launch's two halves (nvshmemx.h calls them around its own CUDA runtime's
 *  cudaGetFuncBySymbol): prepare selects this PE's GPU and hands every translation unit its
 *  context there, or stops every PE with one line naming routine where no GPU is usable. Then
 *  func is the kernel's CUfunction (NULL when the lookup failed: lookup_error says why). */
void shmemx_collective_launch_prepare(const char *routine);
int shmemx_collective_launch(const char *routine, void *func, const char *lookup_error, const unsigned grid[3],
                             const unsigned block[3], void **args, size_t shared_mem, struct CUstream_st *stream);
int shmemx_collective_launch_query_gridsize(const char *routine, void *func, const char *lookup_error,
                                            const unsigned block[3], size_t shared_mem, int *gridsize);

#ifdef __cplusplus
}
#endif
#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
