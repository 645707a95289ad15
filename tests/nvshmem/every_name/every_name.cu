// Every public identifier of NVSHMEM 3.4's nvshmem.h and nvshmemx.h (and what they include),
// with NVSHMEM's signature, from Shoal's headers under plain nvcc -std=c++17: a name Shoal
// lacks, or declares differently, fails the build. The lists below are NVSHMEM's (its type
// tables and its routine families, facts of its public headers), kept apart from Shoal's own
// type table on purpose. To extend: add a row or a family line; compare.py checks this list
// against an NVSHMEM include directory (see there).
//
// Left out, on purpose: NVSHMEM's internals (nvshmemi_*, NVSHMEMI_* but the error macros and
// the team spelling programs use, unprefixed implementation names: rdxn_ops_t, SYNC_SIZE, ...),
// its build-option macros, the complex-number rows (only in NVSHMEM builds with
// NVSHMEM_COMPLEX_SUPPORT), nvshmemx_put6_signal(_nbi)_warp/_block (NVSHMEM's misspelling of
// the 16-bit forms, which move nelems*6/8 bytes there: Shoal has put16_signal_*), and the
// tile API of nvshmemx.h (nvshmemx::tile_*, Tensor, Layout: NVLink-SHARP tile collectives).
#if !defined(EVERY_NAME_LIST)
#include <nvshmem.h>
#include <nvshmemx.h>

#include <type_traits>
#endif

// ---- NVSHMEM's type tables: X(TYPENAME, TYPE) ---------------------------------------------
#define NV_RMA_TYPES(X)                                                                            \
    X(bfloat16, __nv_bfloat16) X(half, half) X(float, float) X(double, double) X(char, char)      \
    X(short, short) X(schar, signed char) X(int, int) X(long, long) X(longlong, long long)        \
    X(uchar, unsigned char) X(ushort, unsigned short) X(uint, unsigned int) X(ulong, unsigned long) \
    X(ulonglong, unsigned long long) X(int8, int8_t) X(int16, int16_t) X(int32, int32_t)          \
    X(int64, int64_t) X(uint8, uint8_t) X(uint16, uint16_t) X(uint32, uint32_t) X(uint64, uint64_t) \
    X(size, size_t) X(ptrdiff, ptrdiff_t)
#define NV_SIZES(X) X(8) X(16) X(32) X(64) X(128)
#define NV_AMO_BITWISE(X)                                                                          \
    X(uint, unsigned int) X(ulong, unsigned long) X(ulonglong, unsigned long long) X(int32, int32_t) \
    X(uint32, uint32_t) X(int64, int64_t) X(uint64, uint64_t)
#define NV_AMO_STANDARD(X) X(int, int) X(long, long) X(longlong, long long) X(size, size_t) X(ptrdiff, ptrdiff_t)
#define NV_AMO_EXTENDED(X) X(float, float) X(double, double)
#define NV_WAIT_TYPES(X)                                                                           \
    X(short, short) X(int, int) X(long, long) X(longlong, long long) X(ushort, unsigned short)     \
    X(uint, unsigned int) X(ulong, unsigned long) X(ulonglong, unsigned long long) X(int32, int32_t) \
    X(int64, int64_t) X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t) X(ptrdiff, ptrdiff_t)
// Reductions: X(TYPENAME, TYPE, OP).
#define NV_RED_BITWISE(X, OP)                                                                      \
    X(uchar, unsigned char, OP) X(ushort, unsigned short, OP) X(uint, unsigned int, OP)            \
    X(ulong, unsigned long, OP) X(ulonglong, unsigned long long, OP) X(int8, int8_t, OP)           \
    X(int16, int16_t, OP) X(int32, int32_t, OP) X(int64, int64_t, OP) X(uint8, uint8_t, OP)        \
    X(uint16, uint16_t, OP) X(uint32, uint32_t, OP) X(uint64, uint64_t, OP) X(size, size_t, OP)
#define NV_RED_STANDARD(X, OP)                                                                     \
    NV_RED_BITWISE(X, OP) X(char, char, OP) X(schar, signed char, OP) X(short, short, OP)          \
    X(int, int, OP) X(long, long, OP) X(longlong, long long, OP) X(bfloat16, __nv_bfloat16, OP)    \
    X(half, half, OP) X(float, float, OP) X(double, double, OP)
#define NV_RED_ALL(X) NV_RED_BITWISE(X, and) NV_RED_BITWISE(X, or) NV_RED_BITWISE(X, xor)          \
    NV_RED_STANDARD(X, max) NV_RED_STANDARD(X, min) NV_RED_STANDARD(X, sum) NV_RED_STANDARD(X, prod)

// NAME has exactly NVSHMEM's function type (parameter names dropped; top-level const ignored).
// H: a host routine, HD: host and device, D: device only. every_name_host.cpp builds this list
// with g++ and no device headers, where only H and HD routines exist: they must be there.
#define SIG(RET, NAME, ...)                                                                        \
    static_assert(std::is_same<decltype(&NAME), RET (*)(__VA_ARGS__)>::value, #NAME ": NVSHMEM's signature");
#define H SIG
#define HD SIG
#if defined(EVERY_NAME_HOST_SIDE)
#define D(...)
#else
#define D SIG
#endif
#if defined(EVERY_NAME_LIST) /* compare.py: the names alone */
#undef SIG
#define SIG(RET, NAME, ...) every_name NAME
#endif
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define S_ nvshmem_team_t
#define STREAM cudaStream_t

// ---- Start, stop, queries, memory --------------------------------------------------------
H(void, nvshmem_init, void)
H(int, nvshmem_init_thread, int, int *)
H(void, nvshmem_query_thread, int *)
H(void, nvshmem_finalize, void)
HD(void, nvshmem_global_exit, int)
HD(int, nvshmem_my_pe, void)
HD(int, nvshmem_n_pes, void)
HD(void, nvshmem_info_get_version, int *, int *)
HD(void, nvshmem_info_get_name, char *)
HD(void, nvshmemx_vendor_get_version_info, int *, int *, int *)
H(void *, nvshmem_malloc, size_t)
H(void *, nvshmem_calloc, size_t, size_t)
H(void *, nvshmem_align, size_t, size_t)
H(void, nvshmem_free, void *)
HD(void *, nvshmem_ptr, const void *, int)
HD(void *, nvshmemx_mc_ptr, S_, const void *)
H(int, nvshmemx_init_status, void)
H(int, nvshmemx_init_attr, unsigned int, nvshmemx_init_attr_t *)
H(int, nvshmemx_hostlib_init_attr, unsigned int, nvshmemx_init_attr_t *)
H(void, nvshmemx_hostlib_finalize, void)
H(int, nvshmemx_set_attr_uniqueid_args, const int, const int, const nvshmemx_uniqueid_t *, nvshmemx_init_attr_t *)
H(int, nvshmemx_set_attr_mpi_comm_args, void *, nvshmemx_init_attr_t *)
H(int, nvshmemx_get_uniqueid, nvshmemx_uniqueid_t *)
H(int, nvshmemx_cumodule_init, CUmodule)
H(int, nvshmemx_cumodule_finalize, CUmodule)
H(int, nvshmemx_culibrary_init, CUlibrary)
H(int, nvshmemx_culibrary_finalize, CUlibrary)
H(int, nvshmemx_buffer_register, void *, size_t)
H(int, nvshmemx_buffer_unregister, void *)
H(void, nvshmemx_buffer_unregister_all, void)
H(void *, nvshmemx_buffer_register_symmetric, void *, size_t, int)
H(int, nvshmemx_buffer_unregister_symmetric, void *, size_t)
H(int, nvshmemx_qp_create, int, nvshmemx_qp_handle_t **)
H(int, nvshmemx_collective_launch, const void *, dim3, dim3, void **, size_t, STREAM)
H(int, nvshmemx_collective_launch_query_gridsize, const void *, dim3, void **, size_t, int *)

// ---- Teams -------------------------------------------------------------------------------
HD(int, nvshmem_team_my_pe, S_)
HD(int, nvshmem_team_n_pes, S_)
H(void, nvshmem_team_get_config, S_, nvshmem_team_config_t *)
HD(int, nvshmem_team_translate_pe, S_, int, S_)
H(int, nvshmem_team_split_strided, S_, int, int, int, const nvshmem_team_config_t *, long, S_ *)
H(int, nvshmem_team_split_2d, S_, int, const nvshmem_team_config_t *, long, S_ *, const nvshmem_team_config_t *, long, S_ *)
H(int, nvshmemx_team_get_uniqueid, nvshmemx_team_uniqueid_t *)
H(int, nvshmemx_team_init, S_ *, nvshmem_team_config_t *, long, int, int)
H(void, nvshmem_team_destroy, S_)

// ---- RMA, signals, ordering (typed rows, SIZE forms, mem forms) -------------------------------
#define RMA_TYPE(N, T)                                                                             \
    HD(void, nvshmem_##N##_p, T *, const T, int)                                                  \
    HD(T, nvshmem_##N##_g, const T *, int)                                                        \
    HD(void, nvshmem_##N##_put, T *, const T *, size_t, int)                                      \
    HD(void, nvshmem_##N##_get, T *, const T *, size_t, int)                                      \
    HD(void, nvshmem_##N##_put_nbi, T *, const T *, size_t, int)                                  \
    HD(void, nvshmem_##N##_get_nbi, T *, const T *, size_t, int)                                  \
    HD(void, nvshmem_##N##_iput, T *, const T *, ptrdiff_t, ptrdiff_t, size_t, int)               \
    HD(void, nvshmem_##N##_iget, T *, const T *, ptrdiff_t, ptrdiff_t, size_t, int)               \
    D(void, nvshmem_##N##_put_signal, T *, const T *, size_t, uint64_t *, uint64_t, int, int)    \
    D(void, nvshmem_##N##_put_signal_nbi, T *, const T *, size_t, uint64_t *, uint64_t, int, int)
NV_RMA_TYPES(RMA_TYPE)
#define RMA_SIZE(B)                                                                                \
    HD(void, nvshmem_put##B, void *, const void *, size_t, int)                                   \
    HD(void, nvshmem_get##B, void *, const void *, size_t, int)                                   \
    HD(void, nvshmem_put##B##_nbi, void *, const void *, size_t, int)                             \
    HD(void, nvshmem_get##B##_nbi, void *, const void *, size_t, int)                             \
    HD(void, nvshmem_iput##B, void *, const void *, ptrdiff_t, ptrdiff_t, size_t, int)            \
    HD(void, nvshmem_iget##B, void *, const void *, ptrdiff_t, ptrdiff_t, size_t, int)            \
    D(void, nvshmem_put##B##_signal, void *, const void *, size_t, uint64_t *, uint64_t, int, int) \
    D(void, nvshmem_put##B##_signal_nbi, void *, const void *, size_t, uint64_t *, uint64_t, int, int)
NV_SIZES(RMA_SIZE)
HD(void, nvshmem_putmem, void *, const void *, size_t, int)
HD(void, nvshmem_getmem, void *, const void *, size_t, int)
HD(void, nvshmem_putmem_nbi, void *, const void *, size_t, int)
HD(void, nvshmem_getmem_nbi, void *, const void *, size_t, int)
D(void, nvshmem_putmem_signal, void *, const void *, size_t, uint64_t *, uint64_t, int, int)
D(void, nvshmem_putmem_signal_nbi, void *, const void *, size_t, uint64_t *, uint64_t, int, int)
HD(uint64_t, nvshmem_signal_fetch, uint64_t *)
D(uint64_t, nvshmem_signal_wait_until, uint64_t *, int, uint64_t)
HD(void, nvshmemx_signal_op, uint64_t *, uint64_t, int, int)
HD(void, nvshmem_quiet, void)
HD(void, nvshmem_fence, void)

// ---- Atomics -----------------------------------------------------------------------------
#define AMO_INC(N, T) HD(void, nvshmem_##N##_atomic_inc, T *, int) SIG(T, nvshmem_##N##_atomic_fetch_inc, T *, int)
#define AMO_FETCH(N, T) HD(T, nvshmem_##N##_atomic_fetch, const T *, int)
#define AMO_SET(N, T) HD(void, nvshmem_##N##_atomic_set, T *, T, int) SIG(T, nvshmem_##N##_atomic_swap, T *, T, int)
#define AMO_ADD(N, T)                                                                              \
    HD(void, nvshmem_##N##_atomic_add, T *, T, int) SIG(T, nvshmem_##N##_atomic_fetch_add, T *, T, int) \
    HD(T, nvshmem_##N##_atomic_compare_swap, T *, T, T, int)
#define AMO_BIT(N, T)                                                                              \
    HD(void, nvshmem_##N##_atomic_and, T *, T, int) SIG(void, nvshmem_##N##_atomic_or, T *, T, int) \
    HD(void, nvshmem_##N##_atomic_xor, T *, T, int) SIG(T, nvshmem_##N##_atomic_fetch_and, T *, T, int) \
    HD(T, nvshmem_##N##_atomic_fetch_or, T *, T, int) SIG(T, nvshmem_##N##_atomic_fetch_xor, T *, T, int)
#define AMO_STD(N, T) AMO_INC(N, T) AMO_FETCH(N, T) AMO_SET(N, T) AMO_ADD(N, T)
NV_AMO_BITWISE(AMO_STD)
NV_AMO_STANDARD(AMO_STD)
NV_AMO_EXTENDED(AMO_FETCH)
NV_AMO_EXTENDED(AMO_SET)
NV_AMO_BITWISE(AMO_BIT)

// ---- Point-to-point waits ----------------------------------------------------------------
#define WAIT(N, T)                                                                                 \
    D(void, nvshmem_##N##_wait_until, T *, int, T)                                               \
    D(void, nvshmem_##N##_wait_until_all, T *, size_t, const int *, int, T)                      \
    D(size_t, nvshmem_##N##_wait_until_any, T *, size_t, const int *, int, T)                    \
    D(size_t, nvshmem_##N##_wait_until_some, T *, size_t, size_t *, const int *, int, T)         \
    D(void, nvshmem_##N##_wait_until_all_vector, T *, size_t, const int *, int, T *)             \
    D(size_t, nvshmem_##N##_wait_until_any_vector, T *, size_t, const int *, int, T *)           \
    D(size_t, nvshmem_##N##_wait_until_some_vector, T *, size_t, size_t *, const int *, int, T *) \
    D(int, nvshmem_##N##_test, T *, int, T)                                                      \
    D(int, nvshmem_##N##_test_all, T *, size_t, const int *, int, T)                             \
    D(size_t, nvshmem_##N##_test_any, T *, size_t, const int *, int, T)                          \
    D(size_t, nvshmem_##N##_test_some, T *, size_t, size_t *, const int *, int, T)               \
    D(int, nvshmem_##N##_test_all_vector, T *, size_t, const int *, int, T *)                    \
    D(size_t, nvshmem_##N##_test_any_vector, T *, size_t, const int *, int, T *)                 \
    D(size_t, nvshmem_##N##_test_some_vector, T *, size_t, size_t *, const int *, int, T *)
NV_WAIT_TYPES(WAIT)

// ---- Collectives -------------------------------------------------------------------------
HD(int, nvshmem_barrier, S_)
HD(void, nvshmem_barrier_all, void)
HD(int, nvshmem_team_sync, S_)
HD(int, nvshmem_sync, S_)
HD(void, nvshmem_sync_all, void)
HD(int, nvshmem_alltoallmem, S_, void *, const void *, size_t)
HD(int, nvshmem_broadcastmem, S_, void *, const void *, size_t, int)
HD(int, nvshmem_fcollectmem, S_, void *, const void *, size_t)
#define COLL_TYPE(N, T)                                                                            \
    HD(int, nvshmem_##N##_alltoall, S_, T *, const T *, size_t)                                   \
    HD(int, nvshmem_##N##_broadcast, S_, T *, const T *, size_t, int)                             \
    HD(int, nvshmem_##N##_fcollect, S_, T *, const T *, size_t)
NV_RMA_TYPES(COLL_TYPE)
#define RED(N, T, OP)                                                                              \
    HD(int, nvshmem_##N##_##OP##_reduce, S_, T *, const T *, size_t)                              \
    HD(int, nvshmem_##N##_##OP##_reducescatter, S_, T *, const T *, size_t)
NV_RED_ALL(RED)

// ---- Warp and block forms (device) -------------------------------------------------------
#define SCOPED_TYPE(N, T, SC)                                                                      \
    D(void, nvshmemx_##N##_put##SC, T *, const T *, size_t, int)                                 \
    D(void, nvshmemx_##N##_get##SC, T *, const T *, size_t, int)                                 \
    D(void, nvshmemx_##N##_put_nbi##SC, T *, const T *, size_t, int)                             \
    D(void, nvshmemx_##N##_get_nbi##SC, T *, const T *, size_t, int)                             \
    D(void, nvshmemx_##N##_iput##SC, T *, const T *, ptrdiff_t, ptrdiff_t, size_t, int)          \
    D(void, nvshmemx_##N##_iget##SC, T *, const T *, ptrdiff_t, ptrdiff_t, size_t, int)          \
    D(void, nvshmemx_##N##_put_signal##SC, T *, const T *, size_t, uint64_t *, uint64_t, int, int) \
    D(void, nvshmemx_##N##_put_signal_nbi##SC, T *, const T *, size_t, uint64_t *, uint64_t, int, int) \
    D(int, nvshmemx_##N##_alltoall##SC, S_, T *, const T *, size_t)                              \
    D(int, nvshmemx_##N##_broadcast##SC, S_, T *, const T *, size_t, int)                        \
    D(int, nvshmemx_##N##_fcollect##SC, S_, T *, const T *, size_t)
#define SCOPED_TYPE_W(N, T) SCOPED_TYPE(N, T, _warp)
#define SCOPED_TYPE_B(N, T) SCOPED_TYPE(N, T, _block)
NV_RMA_TYPES(SCOPED_TYPE_W)
NV_RMA_TYPES(SCOPED_TYPE_B)
#define SCOPED_SIZE(B, SC)                                                                         \
    D(void, nvshmemx_put##B##SC, void *, const void *, size_t, int)                              \
    D(void, nvshmemx_get##B##SC, void *, const void *, size_t, int)                              \
    D(void, nvshmemx_put##B##_nbi##SC, void *, const void *, size_t, int)                        \
    D(void, nvshmemx_get##B##_nbi##SC, void *, const void *, size_t, int)                        \
    D(void, nvshmemx_iput##B##SC, void *, const void *, ptrdiff_t, ptrdiff_t, size_t, int)       \
    D(void, nvshmemx_iget##B##SC, void *, const void *, ptrdiff_t, ptrdiff_t, size_t, int)       \
    D(void, nvshmemx_put##B##_signal##SC, void *, const void *, size_t, uint64_t *, uint64_t, int, int) \
    D(void, nvshmemx_put##B##_signal_nbi##SC, void *, const void *, size_t, uint64_t *, uint64_t, int, int)
#define SCOPED_SIZE_W(B) SCOPED_SIZE(B, _warp)
#define SCOPED_SIZE_B(B) SCOPED_SIZE(B, _block)
NV_SIZES(SCOPED_SIZE_W)
NV_SIZES(SCOPED_SIZE_B)
#define SCOPED(SC)                                                                                 \
    D(void, nvshmemx_putmem##SC, void *, const void *, size_t, int)                              \
    D(void, nvshmemx_getmem##SC, void *, const void *, size_t, int)                              \
    D(void, nvshmemx_putmem_nbi##SC, void *, const void *, size_t, int)                          \
    D(void, nvshmemx_getmem_nbi##SC, void *, const void *, size_t, int)                          \
    D(void, nvshmemx_putmem_signal##SC, void *, const void *, size_t, uint64_t *, uint64_t, int, int) \
    D(void, nvshmemx_putmem_signal_nbi##SC, void *, const void *, size_t, uint64_t *, uint64_t, int, int) \
    D(int, nvshmemx_alltoallmem##SC, S_, void *, const void *, size_t)                           \
    D(int, nvshmemx_broadcastmem##SC, S_, void *, const void *, size_t, int)                     \
    D(int, nvshmemx_fcollectmem##SC, S_, void *, const void *, size_t)                           \
    D(int, nvshmemx_barrier##SC, S_)                                                             \
    D(void, nvshmemx_barrier_all##SC, void)                                                      \
    D(int, nvshmemx_team_sync##SC, S_)                                                           \
    D(void, nvshmemx_sync_all##SC, void)
SCOPED(_warp)
SCOPED(_block)
D(int, nvshmemx_barrier_warpgroup, S_)
#define RED_SCOPED(N, T, OP)                                                                       \
    D(int, nvshmemx_##N##_##OP##_reduce_warp, S_, T *, const T *, size_t)                        \
    D(int, nvshmemx_##N##_##OP##_reduce_block, S_, T *, const T *, size_t)                       \
    D(int, nvshmemx_##N##_##OP##_reducescatter_warp, S_, T *, const T *, size_t)                 \
    D(int, nvshmemx_##N##_##OP##_reducescatter_block, S_, T *, const T *, size_t)
NV_RED_ALL(RED_SCOPED)
D(int, nvshmemx_double2_maxloc_reduce_block, S_, double2 *, const double2 *, size_t)

// ---- Stream-ordered forms (host) ---------------------------------------------------------
#define STREAM_TYPE(N, T)                                                                          \
    H(void, nvshmemx_##N##_p_on_stream, T *, const T, int, STREAM)                               \
    H(T, nvshmemx_##N##_g_on_stream, const T *, int, STREAM)                                     \
    H(void, nvshmemx_##N##_put_on_stream, T *, const T *, size_t, int, STREAM)                   \
    H(void, nvshmemx_##N##_get_on_stream, T *, const T *, size_t, int, STREAM)                   \
    H(void, nvshmemx_##N##_put_nbi_on_stream, T *, const T *, size_t, int, STREAM)               \
    H(void, nvshmemx_##N##_get_nbi_on_stream, T *, const T *, size_t, int, STREAM)               \
    H(void, nvshmemx_##N##_iput_on_stream, T *, const T *, ptrdiff_t, ptrdiff_t, size_t, int, STREAM) \
    H(void, nvshmemx_##N##_iget_on_stream, T *, const T *, ptrdiff_t, ptrdiff_t, size_t, int, STREAM) \
    H(void, nvshmemx_##N##_put_signal_on_stream, T *, const T *, size_t, uint64_t *, uint64_t, int, int, STREAM) \
    H(void, nvshmemx_##N##_put_signal_nbi_on_stream, T *, const T *, size_t, uint64_t *, uint64_t, int, int, STREAM) \
    H(int, nvshmemx_##N##_alltoall_on_stream, S_, T *, const T *, size_t, STREAM)                \
    H(int, nvshmemx_##N##_broadcast_on_stream, S_, T *, const T *, size_t, int, STREAM)          \
    H(int, nvshmemx_##N##_fcollect_on_stream, S_, T *, const T *, size_t, STREAM)
NV_RMA_TYPES(STREAM_TYPE)
#define STREAM_SIZE(B)                                                                             \
    H(void, nvshmemx_put##B##_on_stream, void *, const void *, size_t, int, STREAM)              \
    H(void, nvshmemx_get##B##_on_stream, void *, const void *, size_t, int, STREAM)              \
    H(void, nvshmemx_put##B##_nbi_on_stream, void *, const void *, size_t, int, STREAM)          \
    H(void, nvshmemx_get##B##_nbi_on_stream, void *, const void *, size_t, int, STREAM)          \
    H(void, nvshmemx_iput##B##_on_stream, void *, const void *, ptrdiff_t, ptrdiff_t, size_t, int, STREAM) \
    H(void, nvshmemx_iget##B##_on_stream, void *, const void *, ptrdiff_t, ptrdiff_t, size_t, int, STREAM) \
    H(void, nvshmemx_put##B##_signal_on_stream, void *, const void *, size_t, uint64_t *, uint64_t, int, int, STREAM) \
    H(void, nvshmemx_put##B##_signal_nbi_on_stream, void *, const void *, size_t, uint64_t *, uint64_t, int, int, STREAM)
NV_SIZES(STREAM_SIZE)
H(void, nvshmemx_putmem_on_stream, void *, const void *, size_t, int, STREAM)
H(void, nvshmemx_getmem_on_stream, void *, const void *, size_t, int, STREAM)
H(void, nvshmemx_putmem_nbi_on_stream, void *, const void *, size_t, int, STREAM)
H(void, nvshmemx_getmem_nbi_on_stream, void *, const void *, size_t, int, STREAM)
H(void, nvshmemx_putmem_signal_on_stream, void *, const void *, size_t, uint64_t *, uint64_t, int, int, STREAM)
H(void, nvshmemx_putmem_signal_nbi_on_stream, void *, const void *, size_t, uint64_t *, uint64_t, int, int, STREAM)
H(int, nvshmemx_alltoallmem_on_stream, S_, void *, const void *, size_t, STREAM)
H(int, nvshmemx_broadcastmem_on_stream, S_, void *, const void *, size_t, int, STREAM)
H(int, nvshmemx_fcollectmem_on_stream, S_, void *, const void *, size_t, STREAM)
H(void, nvshmemx_quiet_on_stream, STREAM)
H(void, nvshmemx_signal_op_on_stream, uint64_t *, uint64_t, int, int, STREAM)
H(void, nvshmemx_signal_wait_until_on_stream, uint64_t *, int, uint64_t, STREAM)
H(int, nvshmemx_barrier_on_stream, S_, STREAM)
H(void, nvshmemx_barrier_all_on_stream, STREAM)
H(int, nvshmemx_team_sync_on_stream, S_, STREAM)
H(void, nvshmemx_sync_all_on_stream, STREAM)
#define STREAM_WAIT(N, T)                                                                          \
    H(void, nvshmemx_##N##_wait_until_on_stream, T *, int, T, STREAM)                            \
    H(void, nvshmemx_##N##_wait_until_all_on_stream, T *, size_t, const int *, int, T, STREAM)   \
    H(void, nvshmemx_##N##_wait_until_all_vector_on_stream, T *, size_t, const int *, int, T *, STREAM)
NV_WAIT_TYPES(STREAM_WAIT)
#define STREAM_RED(N, T, OP)                                                                       \
    H(int, nvshmemx_##N##_##OP##_reduce_on_stream, S_, T *, const T *, size_t, STREAM)           \
    H(int, nvshmemx_##N##_##OP##_reducescatter_on_stream, S_, T *, const T *, size_t, STREAM)
NV_RED_ALL(STREAM_RED)

// ---- Queue-pair forms (device) -----------------------------------------------------------
#define QP_RMA(N, T, SC)                                                                           \
    D(void, nvshmemx_qp_##N##_put##SC, T *, const T *, size_t, int, nvshmemx_qp_handle_t)        \
    D(void, nvshmemx_qp_##N##_get##SC, T *, const T *, size_t, int, nvshmemx_qp_handle_t)        \
    D(void, nvshmemx_qp_##N##_put_nbi##SC, T *, const T *, size_t, int, nvshmemx_qp_handle_t)    \
    D(void, nvshmemx_qp_##N##_get_nbi##SC, T *, const T *, size_t, int, nvshmemx_qp_handle_t)    \
    D(void, nvshmemx_qp_##N##_put_signal##SC, T *, const T *, size_t, uint64_t *, uint64_t, int, int, nvshmemx_qp_handle_t) \
    D(void, nvshmemx_qp_##N##_put_signal_nbi##SC, T *, const T *, size_t, uint64_t *, uint64_t, int, int, nvshmemx_qp_handle_t)
#define QP_TYPE(N, T)                                                                              \
    D(void, nvshmemx_qp_##N##_p, T *, const T, int, nvshmemx_qp_handle_t)                        \
    D(T, nvshmemx_qp_##N##_g, const T *, int, nvshmemx_qp_handle_t)                              \
    QP_RMA(N, T, ) QP_RMA(N, T, _warp) QP_RMA(N, T, _block)
NV_RMA_TYPES(QP_TYPE)
D(void, nvshmemx_qp_signal_op, uint64_t *, uint64_t, int, int, nvshmemx_qp_handle_t)
#define QP_ORDER(SC)                                                                               \
    D(void, nvshmemx_qp_quiet##SC, int, nvshmemx_qp_handle_t *, int)                             \
    D(void, nvshmemx_qp_fence##SC, int, nvshmemx_qp_handle_t *, int)
QP_ORDER()
QP_ORDER(_warp)
QP_ORDER(_block)

// ---- Types -------------------------------------------------------------------------------
static_assert(std::is_same<nvshmemx_team_t, nvshmem_team_t>::value, "nvshmemx_team_t");
static_assert(sizeof(nvshmem_team_config_t) == 64 && sizeof(nvshmem_team_config_v1) == 64 &&
                  sizeof(nvshmem_team_config_v2) == 64, "team config");
static_assert(sizeof(nvshmemx_uniqueid_t) == 128 && sizeof(nvshmemx_uniqueid_v1) == 128, "unique id");
static_assert(sizeof(nvshmemx_uniqueid_args_t) == 24 && sizeof(nvshmemx_uniqueid_args_v1) == 24, "unique id args");
static_assert(sizeof(nvshmemx_init_args_t) == 128 && sizeof(nvshmemx_init_args_v1) == 128 &&
                  sizeof(nvshmemx_init_args_v2) == 128, "init args");
static_assert(sizeof(nvshmemx_init_attr_t) == 144 && sizeof(nvshmemx_init_attr_v1) == 144 &&
                  sizeof(nvshmemx_init_attr_v2) == 144, "init attr");
static_assert(std::is_same<nvshmemx_team_uniqueid_t, uint64_t>::value, "team unique id");
static_assert(std::is_same<nvshmemx_qp_handle_t, int>::value, "queue-pair handle");
static_assert(std::is_enum<nvshmemx_cmp_type_t>::value && std::is_enum<nvshmemx_thread_support_t>::value &&
                  std::is_enum<nvshmemx_signal_op_t>::value && std::is_enum<nvshmemx_init_status_t>::value &&
                  std::is_enum<nvshmemx_proxy_status_t>::value && std::is_enum<nvshmemx_qp_handle_index_t>::value &&
                  std::is_enum<nvshmem_pe_index_t>::value && std::is_enum<nvshmem_team_id_t>::value &&
                  std::is_enum<nvshmemx_status>::value,
              "NVSHMEM's enumerations");
static_assert(std::is_same<nvshmemx_device_lib_init_cb, void (*)(void **, void **)>::value, "device lib callback");
static_assert(sizeof(((nvshmemx_init_attr_t *)nullptr)->args.uid_args.id) == sizeof(void *) &&
                  sizeof(((nvshmemx_init_args_v2 *)nullptr)->cuda_device_id) == sizeof(int) &&
                  sizeof(((nvshmem_team_config_t *)nullptr)->uniqueid) == 8,
              "fields programs set");

// ---- Enumerators and constants -------------------------------------------------------------
#define CONSTANT(NAME) static_assert(sizeof(NAME) > 0, #NAME);
#define NV_CONSTANTS(X)                                                                            \
    X(NVSHMEMX_SUCCESS) X(NVSHMEMX_ERROR_INVALID_VALUE) X(NVSHMEMX_ERROR_OUT_OF_MEMORY)            \
    X(NVSHMEMX_ERROR_NOT_SUPPORTED) X(NVSHMEMX_ERROR_SYMMETRY) X(NVSHMEMX_ERROR_GPU_NOT_SELECTED)   \
    X(NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED) X(NVSHMEMX_ERROR_INTERNAL) X(NVSHMEMX_ERROR_SENTINEL) \
    X(NVSHMEM_CMP_EQ) X(NVSHMEM_CMP_NE) X(NVSHMEM_CMP_GT) X(NVSHMEM_CMP_LE) X(NVSHMEM_CMP_LT)     \
    X(NVSHMEM_CMP_GE) X(NVSHMEM_CMP_SENTINEL) X(NVSHMEM_SIGNAL_SET) X(NVSHMEM_SIGNAL_ADD)          \
    X(NVSHMEM_THREAD_SINGLE) X(NVSHMEM_THREAD_FUNNELED) X(NVSHMEM_THREAD_SERIALIZED)              \
    X(NVSHMEM_THREAD_MULTIPLE) X(NVSHMEM_THREAD_TYPE_SENTINEL) X(NVSHMEM_STATUS_NOT_INITIALIZED)   \
    X(NVSHMEM_STATUS_IS_BOOTSTRAPPED) X(NVSHMEM_STATUS_IS_INITIALIZED) X(NVSHMEM_STATUS_LIMITED_MPG) \
    X(NVSHMEM_STATUS_FULL_MPG) X(NVSHMEM_STATUS_INVALID) X(NVSHMEMX_QP_HOST) X(NVSHMEMX_QP_DEFAULT) \
    X(NVSHMEMX_QP_ANY) X(NVSHMEMX_QP_ALL) X(NVSHMEM_PE_INVALID) X(NVSHMEMX_PE_ANY) X(NVSHMEMX_PE_ALL) \
    X(NVSHMEM_TEAM_INVALID) X(NVSHMEM_TEAM_WORLD) X(NVSHMEM_TEAM_SHARED) X(NVSHMEMX_TEAM_NODE)      \
    X(NVSHMEMX_TEAM_SAME_MYPE_NODE) X(NVSHMEMI_TEAM_SAME_GPU) X(NVSHMEM_TEAM_WORLD_INDEX)           \
    X(NVSHMEM_TEAM_SHARED_INDEX) X(NVSHMEM_TEAM_NODE_INDEX) X(NVSHMEM_TEAM_SAME_MYPE_NODE_INDEX)   \
    X(NVSHMEM_TEAM_SAME_GPU_INDEX) X(NVSHMEM_TEAM_GPU_LEADERS_INDEX) X(NVSHMEM_TEAMS_MIN)          \
    X(NVSHMEM_TEAM_INDEX_MAX) X(NVSHMEMX_INIT_THREAD_PES) X(NVSHMEMX_INIT_WITH_MPI_COMM)           \
    X(NVSHMEMX_INIT_WITH_SHMEM) X(NVSHMEMX_INIT_WITH_UNIQUEID) X(NVSHMEMX_INIT_MAX)               \
    X(PROXY_GLOBAL_EXIT_NOT_REQUESTED) X(PROXY_GLOBAL_EXIT_INIT) X(PROXY_GLOBAL_EXIT_REQUESTED)     \
    X(PROXY_GLOBAL_EXIT_FINISHED) X(PROXY_GLOBAL_EXIT_MAX_STATE) X(NVSHMEM_MAJOR_VERSION)           \
    X(NVSHMEM_MINOR_VERSION) X(NVSHMEM_VENDOR_MAJOR_VERSION) X(NVSHMEM_VENDOR_MINOR_VERSION)       \
    X(NVSHMEM_VENDOR_PATCH_VERSION) X(NVSHMEM_VENDOR_PACKAGE_VERSION) X(NVSHMEM_VENDOR_VERSION)    \
    X(NVSHMEM_VENDOR_STRING) X(NVSHMEM_MAX_NAME_LEN) X(NVSHMEM_TRANSPORT_PLUGIN_MAJOR_VERSION)      \
    X(NVSHMEM_TRANSPORT_PLUGIN_MINOR_VERSION) X(NVSHMEM_TRANSPORT_PLUGIN_PATCH_VERSION)            \
    X(NVSHMEM_BOOTSTRAP_PLUGIN_MAJOR_VERSION) X(NVSHMEM_BOOTSTRAP_PLUGIN_MINOR_VERSION)            \
    X(NVSHMEM_BOOTSTRAP_PLUGIN_PATCH_VERSION) X(NVSHMEM_BUILD_VARS) X(NVSHMEM_INIT_ATTR_VER)       \
    X(NVSHMEM_INIT_ARGS_V2_IDENTIFIER) X(NVSHMEM_INIT_ATTR_V2_IDENTIFIER) X(NVSHMEM_INIT_ATTR_V1_IDENTIFIER) \
    X(NVSHMEM_TEAM_UNIQUID_INITIALIZER) X(NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS)                   \
    X(NVSHMEM_TEAM_CONFIG_MASK_UNIQUEID)
NV_CONSTANTS(CONSTANT)
static_assert(NVSHMEMX_SUCCESS == 0 && NVSHMEMX_ERROR_INTERNAL == 7 && NVSHMEM_STATUS_IS_INITIALIZED == 2,
              "NVSHMEM's status values");
static_assert(NVSHMEM_TEAM_SAME_GPU_INDEX == 4 && NVSHMEMX_INIT_WITH_UNIQUEID == 8, "NVSHMEM's values");

// The initializers and the version-stamping macro, as programs use them.
[[maybe_unused]] static void initializers()
{
    [[maybe_unused]] nvshmemx_init_attr_t a = NVSHMEMX_INIT_ATTR_INITIALIZER, a1 = NVSHMEMX_INIT_ATTR_V1_INITIALIZER;
    [[maybe_unused]] nvshmemx_init_args_t g = NVSHMEMX_INIT_ARGS_INITIALIZER, g2 = NVSHMEMX_INIT_ARGS_V2_INITIALIZER;
    [[maybe_unused]] nvshmemx_uniqueid_t u = NVSHMEMX_UNIQUEID_INITIALIZER;
    [[maybe_unused]] nvshmemx_uniqueid_args_t ua = NVSHMEMX_UNIQUEID_ARGS_INITIALIZER;
    [[maybe_unused]] nvshmem_team_config_t c = NVSHMEM_TEAM_CONFIG_INITIALIZER;
    nvshmemx_init_init_attr_ver_only(a);
}

// The error macros NVSHMEM's headers give programs (its perftests use them).
[[maybe_unused]] static int error_macros(int status, void *p)
{
    NVSHMEMI_ERROR_PRINT("%d", status);
    NVSHMEMI_WARN_PRINT("%d", status);
    NVSHMEMI_NZ_ERROR_JMP(status, NVSHMEMX_ERROR_INTERNAL, out, "%d", status);
    NVSHMEMI_NULL_ERROR_JMP(p, status, NVSHMEMX_ERROR_INTERNAL, out, "NULL");
    NVSHMEMI_EQ_ERROR_JMP(status, 1, NVSHMEMX_ERROR_INTERNAL, out, "1");
    NVSHMEMI_NE_ERROR_JMP(status, 0, NVSHMEMX_ERROR_INTERNAL, out, "not 0");
    NVSHMEMI_CHECK_ERROR_JMP(status < 0, status, NVSHMEMX_ERROR_INTERNAL, out, "negative");
    if (status > 1) NVSHMEMI_ERROR_JMP(status, NVSHMEMX_ERROR_INTERNAL, out, "large");
    if (status > 2) NVSHMEMI_ERROR_EXIT("%d", status);
    NVSHMEMI_NZ_EXIT(status, "%d", status);
    NVSHMEMI_NZ_SYSCHECK_EXIT(status, "%d", status);
out:
    return status;
}

int main() { return 0; }
