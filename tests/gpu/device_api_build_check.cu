// Build check (CUDA builds): every named device routine is called from a kernel, so nvcc's
// device pass generates code for all of them (types from the type table, every scope). Not
// run: code generation problems (an atomic width, a type the GPU lacks) show up here at build
// time, on any machine.
#include <shoal/device/api.h>

namespace d = shoal::device;

namespace {

#define CALL_RMA(T, NAME, A)                                                                   \
    d::NAME##_p(c, static_cast<T *>(sym), static_cast<T>(0), pe);                                            \
    (void)d::NAME##_g(c, static_cast<const T *>(sym), pe);                                     \
    CALL_RMA_SCOPED(T, NAME, )                                                                 \
    CALL_RMA_SCOPED(T, NAME, _warp)                                                            \
    CALL_RMA_SCOPED(T, NAME, _block)
#define CALL_RMA_SCOPED(T, NAME, SFX)                                                          \
    d::NAME##_put##SFX(c, static_cast<T *>(sym), static_cast<const T *>(loc), n, pe);            \
    d::NAME##_get##SFX(c, static_cast<T *>(loc), static_cast<const T *>(sym), n, pe);            \
    d::NAME##_put_nbi##SFX(c, static_cast<T *>(sym), static_cast<const T *>(loc), n, pe);        \
    d::NAME##_get_nbi##SFX(c, static_cast<T *>(loc), static_cast<const T *>(sym), n, pe);        \
    d::NAME##_iput##SFX(c, static_cast<T *>(sym), static_cast<const T *>(loc), 2, 1, n, pe);     \
    d::NAME##_iget##SFX(c, static_cast<T *>(loc), static_cast<const T *>(sym), 1, 2, n, pe);     \
    d::NAME##_put_signal##SFX(c, static_cast<T *>(sym), static_cast<const T *>(loc), n, sig, 1, \
                              SHMEM_SIGNAL_ADD, pe);
#define CALL_SIZE(BITS, BYTES, A)                                                              \
    d::put##BITS(c, sym, loc, n, pe);                                                          \
    d::get##BITS##_nbi_warp(c, loc, sym, n, pe);                                               \
    d::put##BITS##_signal_block(c, sym, loc, n, sig, 1, SHMEM_SIGNAL_SET, pe);                 \
    d::iput##BITS##_block(c, sym, loc, 1, 1, n, pe);
#define CALL_AMO_EXT(T, NAME, A)                                                               \
    (void)d::NAME##_atomic_fetch(c, static_cast<const T *>(sym), pe);                          \
    d::NAME##_atomic_set(c, static_cast<T *>(sym), static_cast<T>(0), pe);                                   \
    (void)d::NAME##_atomic_swap(c, static_cast<T *>(sym), static_cast<T>(0), pe);
#define CALL_AMO_STD(T, NAME, A)                                                               \
    (void)d::NAME##_atomic_compare_swap(c, static_cast<T *>(sym), static_cast<T>(0), static_cast<T>(1), pe);              \
    (void)d::NAME##_atomic_fetch_add(c, static_cast<T *>(sym), static_cast<T>(1), pe);                      \
    d::NAME##_atomic_add(c, static_cast<T *>(sym), static_cast<T>(1), pe);                                  \
    (void)d::NAME##_atomic_fetch_inc(c, static_cast<T *>(sym), pe);                            \
    d::NAME##_atomic_inc(c, static_cast<T *>(sym), pe);
#define CALL_AMO_BIT(T, NAME, A)                                                               \
    (void)d::NAME##_atomic_fetch_and(c, static_cast<T *>(sym), static_cast<T>(1), pe);                      \
    (void)d::NAME##_atomic_fetch_or(c, static_cast<T *>(sym), static_cast<T>(1), pe);                       \
    (void)d::NAME##_atomic_fetch_xor(c, static_cast<T *>(sym), static_cast<T>(1), pe);                      \
    d::NAME##_atomic_and(c, static_cast<T *>(sym), static_cast<T>(1), pe);                                  \
    d::NAME##_atomic_or(c, static_cast<T *>(sym), static_cast<T>(1), pe);                                   \
    d::NAME##_atomic_xor(c, static_cast<T *>(sym), static_cast<T>(1), pe);
#define CALL_WAIT(T, NAME, A)                                                                  \
    {                                                                                          \
        T *iv = static_cast<T *>(sym);                                                         \
        const T *vs = static_cast<const T *>(loc);                                             \
        d::NAME##_wait_until(c, iv, SHMEM_CMP_NE, static_cast<T>(0));                                        \
        (void)d::NAME##_test(c, iv, SHMEM_CMP_EQ, static_cast<T>(0));                                        \
        d::NAME##_wait_until_all(c, iv, n, status, SHMEM_CMP_GE, static_cast<T>(0));                         \
        (void)d::NAME##_wait_until_any(c, iv, n, status, SHMEM_CMP_GT, static_cast<T>(0));                   \
        (void)d::NAME##_wait_until_some(c, iv, n, idx, status, SHMEM_CMP_LT, static_cast<T>(0));             \
        d::NAME##_wait_until_all_vector(c, iv, n, status, SHMEM_CMP_LE, vs);                   \
        (void)d::NAME##_wait_until_any_vector(c, iv, n, status, SHMEM_CMP_EQ, vs);             \
        (void)d::NAME##_wait_until_some_vector(c, iv, n, idx, status, SHMEM_CMP_NE, vs);       \
        (void)d::NAME##_test_all(c, iv, n, status, SHMEM_CMP_EQ, static_cast<T>(0));                         \
        (void)d::NAME##_test_any(c, iv, n, status, SHMEM_CMP_EQ, static_cast<T>(0));                         \
        (void)d::NAME##_test_some(c, iv, n, idx, status, SHMEM_CMP_EQ, static_cast<T>(0));                   \
        (void)d::NAME##_test_all_vector(c, iv, n, status, SHMEM_CMP_EQ, vs);                   \
        (void)d::NAME##_test_any_vector(c, iv, n, status, SHMEM_CMP_EQ, vs);                   \
        (void)d::NAME##_test_some_vector(c, iv, n, idx, status, SHMEM_CMP_EQ, vs);             \
    }

#define CALL_COLL_SCOPED(T, NAME, SFX)                                                         \
    (void)d::NAME##_alltoall##SFX(c, team, static_cast<T *>(sym), static_cast<const T *>(loc), n); \
    (void)d::NAME##_broadcast##SFX(c, team, static_cast<T *>(sym), static_cast<const T *>(loc), n, 0); \
    (void)d::NAME##_fcollect##SFX(c, team, static_cast<T *>(sym), static_cast<const T *>(loc), n); \
    (void)d::NAME##_collect##SFX(c, team, static_cast<T *>(sym), static_cast<const T *>(loc), n);
#define CALL_COLL(T, NAME, A) CALL_COLL_SCOPED(T, NAME, ) CALL_COLL_SCOPED(T, NAME, _warp) CALL_COLL_SCOPED(T, NAME, _block)
#define CALL_REDUCE_SCOPED(T, NAME, OP, SFX)                                                   \
    (void)d::NAME##_##OP##_reduce##SFX(c, team, static_cast<T *>(sym), static_cast<const T *>(loc), n);
#define CALL_TOALL_SCOPED(T, NAME, OP, SFX)                                                    \
    (void)d::NAME##_##OP##_to_all##SFX(c, static_cast<T *>(sym), static_cast<const T *>(loc), 4, 0, 0, 2, \
                                       static_cast<T *>(sym), psync);
#define CALL_RED_SCOPES(FORM, T, NAME, OP) FORM(T, NAME, OP, ) FORM(T, NAME, OP, _warp) FORM(T, NAME, OP, _block)
#define CALL_BITWISE(F, T, NAME)                                                               \
    CALL_RED_SCOPES(F, T, NAME, and) CALL_RED_SCOPES(F, T, NAME, or) CALL_RED_SCOPES(F, T, NAME, xor)
#define CALL_ARITH(F, T, NAME)                                                                 \
    CALL_RED_SCOPES(F, T, NAME, max) CALL_RED_SCOPES(F, T, NAME, min) CALL_RED_SCOPES(F, T, NAME, sum) \
    CALL_RED_SCOPES(F, T, NAME, prod)
#define CALL_BITWISE_REDUCE(T, NAME, A) CALL_BITWISE(CALL_REDUCE_SCOPED, T, NAME)
#define CALL_ARITH_REDUCE(T, NAME, A) CALL_ARITH(CALL_REDUCE_SCOPED, T, NAME)
#define CALL_BITWISE_TOALL(T, NAME, A) CALL_BITWISE(CALL_TOALL_SCOPED, T, NAME)
#define CALL_ARITH_TOALL(T, NAME, A) CALL_ARITH(CALL_TOALL_SCOPED, T, NAME)
#define CALL_ASET_SCOPED(BITS, SFX)                                                            \
    d::alltoall##BITS##SFX(c, sym, loc, n, 0, 0, 2, psync);                                    \
    d::broadcast##BITS##SFX(c, sym, loc, n, 0, 0, 0, 2, psync);                                \
    d::fcollect##BITS##SFX(c, sym, loc, n, 0, 0, 2, psync);                                    \
    d::collect##BITS##SFX(c, sym, loc, n, 0, 0, 2, psync);
#define CALL_COLL_SCOPE(SFX)                                                                   \
    CALL_ASET_SCOPED(32, SFX) CALL_ASET_SCOPED(64, SFX)                                        \
    (void)d::alltoallmem##SFX(c, team, sym, loc, n);                                           \
    (void)d::broadcastmem##SFX(c, team, sym, loc, n, 0);                                       \
    (void)d::fcollectmem##SFX(c, team, sym, loc, n);                                           \
    (void)d::collectmem##SFX(c, team, sym, loc, n);                                            \
    (void)d::barrier##SFX(c, team);                                                            \
    (void)d::team_sync##SFX(c, team);                                                          \
    d::barrier##SFX(c, 0, 0, 2, psync);                                                        \
    d::sync##SFX(c, 0, 0, 2, psync);

__global__ void rma_all(d::context c, void *sym, void *loc, std::uint64_t *sig, std::size_t n, int pe)
{
    SHOAL_RMA_TYPES(SHOAL_DEV_ROWS, CALL_RMA)
    SHOAL_SIZES(CALL_SIZE, )
    d::putmem_block(c, sym, loc, n, pe);
    *static_cast<char *>(d::ptr(c, sym, pe)) = 1;
    d::getmem_nbi_warp(c, loc, sym, n, pe);
    d::putmem_signal_nbi_warp(c, sym, loc, n, sig, 2, SHMEM_SIGNAL_SET, pe);
}

__global__ void amo_all(d::context c, void *sym, int pe)
{
    SHOAL_AMO_EXT_TYPES(CALL_AMO_EXT, )
    SHOAL_AMO_STD_TYPES(CALL_AMO_STD, )
    SHOAL_AMO_BIT_TYPES(CALL_AMO_BIT, )
}

__global__ void sync_all_forms(d::context c, void *sym, const void *loc, std::uint64_t *sig, std::size_t n,
                               const int *status, std::size_t *idx, shmem_team_t team)
{
    SHOAL_P2P_TYPES(CALL_WAIT, )
    d::signal_op(c, sig, 1, SHMEM_SIGNAL_ADD, 0);
    (void)d::signal_fetch(c, sig);
    (void)d::signal_wait_until(c, sig, SHMEM_CMP_GE, 1);
    d::fence(c);
    d::quiet(c);
    d::barrier_all(c);
    d::barrier_all_warp(c);
    d::barrier_all_block(c);
    d::sync_all(c);
    d::sync_all_warp(c);
    d::sync_all_block(c);
    (void)d::team_my_pe(c, team);
    (void)d::team_n_pes(c, team);
    (void)d::team_translate_pe(c, team, 0, SHMEM_TEAM_WORLD);
}

__global__ void coll_all(d::context c, void *sym, const void *loc, std::size_t n, shmem_team_t team, long *psync)
{
    SHOAL_RMA_TYPES(SHOAL_DEV_ROWS, CALL_COLL)
    SHOAL_REDUCE_BITWISE_TYPES(SHOAL_DEV_ROWS, CALL_BITWISE_REDUCE)
    SHOAL_REDUCE_MINMAX_TYPES(SHOAL_DEV_ROWS, CALL_ARITH_REDUCE)
    CALL_COLL_SCOPE()
    CALL_COLL_SCOPE(_warp)
    CALL_COLL_SCOPE(_block)
}

__global__ void to_all_forms(d::context c, void *sym, const void *loc, long *psync)
{
    SHOAL_TOALL_BITWISE_TYPES(SHOAL_DEV_ROWS, CALL_BITWISE_TOALL)
    SHOAL_TOALL_MINMAX_TYPES(SHOAL_DEV_ROWS, CALL_ARITH_TOALL)
}

} // namespace

// Referenced, so the kernels are kept.
void *shoal_device_api_build_check[] = {reinterpret_cast<void *>(&rma_all), reinterpret_cast<void *>(&amo_all),
                                        reinterpret_cast<void *>(&sync_all_forms), reinterpret_cast<void *>(&coll_all),
                                        reinterpret_cast<void *>(&to_all_forms)};
