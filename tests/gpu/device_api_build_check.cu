// Build check (CUDA builds): every named device routine is called from a kernel, so nvcc's
// device pass generates code for all of them (types from the type table, every scope). Not
// run: code generation problems (an atomic width, a type the GPU lacks) show up here at build
// time, on any machine.
//
// One kernel per type row, and the file is compiled once per part (SHOAL_CHECK_FAMILY, and
// SHOAL_CHECK_SCOPE 0/1/2 = thread/warp/block for the scoped families; tests/gpu/meson.build):
// nvcc's optimiser and ptxas grow faster than linearly with a kernel's size, so one kernel
// holding every call took 413 s and 9 GB in one process, while the parts run side by side.
#include <shoal/device/api.h>

namespace d = shoal::device;

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
#define CALL_REDUCE_SCOPED(T, NAME, OP, SFX)                                                   \
    (void)d::NAME##_##OP##_reduce##SFX(c, team, static_cast<T *>(sym), static_cast<const T *>(loc), n);
#define CALL_TOALL_SCOPED(T, NAME, OP, SFX)                                                    \
    (void)d::NAME##_##OP##_to_all##SFX(c, static_cast<T *>(sym), static_cast<const T *>(loc), 4, 0, 0, 2, \
                                       static_cast<T *>(sym), psync);
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

// The kernel's parameters, as locals named as the CALL_ macros expect.
struct check_args {
    d::context c;
    void *sym;
    void *loc;
    std::uint64_t *sig;
    std::size_t n;
    int pe;
    int *status;
    std::size_t *idx;
    shmem_team_t team;
    long *psync;
};
#define CHECK_UNPACK                                                                           \
    [[maybe_unused]] d::context c = a.c;                                                       \
    [[maybe_unused]] void *sym = a.sym;                                                        \
    [[maybe_unused]] void *loc = a.loc;                                                        \
    [[maybe_unused]] std::uint64_t *sig = a.sig;                                               \
    [[maybe_unused]] std::size_t n = a.n;                                                      \
    [[maybe_unused]] int pe = a.pe;                                                            \
    [[maybe_unused]] int *status = a.status;                                                   \
    [[maybe_unused]] std::size_t *idx = a.idx;                                                 \
    [[maybe_unused]] shmem_team_t team = a.team;                                               \
    [[maybe_unused]] long *psync = a.psync;
// Kernels have external linkage, so the device pass keeps every one without a reference.
#define CHECK_KERNEL(NAME) __global__ void NAME(check_args a)

// The rows device code has: long double is host-only (SHOAL_DEV_ROWS drops it in the device
// pass only; a kernel must exist in both passes, so it is dropped from both here).
#define CHECK_SKIP_longdouble ~, SHOAL_DEV_DROP
#define CHECK_ROWS(T, NAME, X) SHOAL_DEV_SECOND(CHECK_SKIP_##NAME, SHOAL_DEV_KEEP, ~)(X, T, NAME)

#if !defined(SHOAL_CHECK_SCOPE) || SHOAL_CHECK_SCOPE == 0
#define CHECK_SFX
#elif SHOAL_CHECK_SCOPE == 1
#define CHECK_SFX _warp
#elif SHOAL_CHECK_SCOPE == 2
#define CHECK_SFX _block
#else
#error "SHOAL_CHECK_SCOPE is 0 (thread), 1 (warp) or 2 (block)"
#endif
// One more expansion, so CHECK_SFX becomes its suffix before the CALL_ macros paste it.
#define CHECK_AT(M, ...) M(__VA_ARGS__)

// A reduction kernel per type and operation, for families 5 and 6.
#define K_RED(F, T, NAME, OP) CHECK_KERNEL(F##_##OP##_##NAME) { CHECK_UNPACK CHECK_AT(F, T, NAME, OP, CHECK_SFX) }
#define K_BITWISE(F, T, NAME) K_RED(F, T, NAME, and) K_RED(F, T, NAME, or) K_RED(F, T, NAME, xor)
#define K_ARITH(F, T, NAME) K_RED(F, T, NAME, max) K_RED(F, T, NAME, min) K_RED(F, T, NAME, sum) K_RED(F, T, NAME, prod)

namespace shoal_device_api_build_check {

#if SHOAL_CHECK_FAMILY == 1 // RMA: put/get/nbi/iput/iget/put_signal per type; p/g, sizes, mem
#define K_RMA(T, NAME, A)                                                                      \
    CHECK_KERNEL(rma_##NAME) { CHECK_UNPACK CHECK_AT(CALL_RMA_SCOPED, T, NAME, CHECK_SFX) }
SHOAL_RMA_TYPES(CHECK_ROWS, K_RMA)
#if SHOAL_CHECK_SCOPE == 0
#define K_PG(T, NAME, A)                                                                       \
    CHECK_KERNEL(pg_##NAME)                                                                    \
    {                                                                                          \
        CHECK_UNPACK d::NAME##_p(c, static_cast<T *>(sym), static_cast<T>(0), pe);             \
        (void)d::NAME##_g(c, static_cast<const T *>(sym), pe);                                 \
    }
SHOAL_RMA_TYPES(CHECK_ROWS, K_PG)
#define K_SIZE(BITS, BYTES, A) CHECK_KERNEL(size_##BITS) { CHECK_UNPACK CALL_SIZE(BITS, BYTES, A) }
SHOAL_SIZES(K_SIZE, )
CHECK_KERNEL(mem_forms)
{
    CHECK_UNPACK
    d::putmem_block(c, sym, loc, n, pe);
    *static_cast<char *>(d::ptr(c, sym, pe)) = 1;
    d::getmem_nbi_warp(c, loc, sym, n, pe);
    d::putmem_signal_nbi_warp(c, sym, loc, n, sig, 2, SHMEM_SIGNAL_SET, pe);
}
#endif

#elif SHOAL_CHECK_FAMILY == 2 // atomics
#define K_AMO(GROUP, T, NAME) CHECK_KERNEL(GROUP##_##NAME) { CHECK_UNPACK CALL_AMO_##GROUP(T, NAME, ) }
#define K_AMO_EXT(T, NAME, A) K_AMO(EXT, T, NAME)
#define K_AMO_STD(T, NAME, A) K_AMO(STD, T, NAME)
#define K_AMO_BIT(T, NAME, A) K_AMO(BIT, T, NAME)
SHOAL_AMO_EXT_TYPES(K_AMO_EXT, )
SHOAL_AMO_STD_TYPES(K_AMO_STD, )
SHOAL_AMO_BIT_TYPES(K_AMO_BIT, )

#elif SHOAL_CHECK_FAMILY == 3 // waits, signals, ordering, barriers, team queries
#define K_WAIT(T, NAME, A) CHECK_KERNEL(wait_##NAME) { CHECK_UNPACK CALL_WAIT(T, NAME, A) }
SHOAL_P2P_TYPES(K_WAIT, )
CHECK_KERNEL(sync_forms)
{
    CHECK_UNPACK
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

#elif SHOAL_CHECK_FAMILY == 4 // typed collectives, active-set and mem forms, team barriers
#define K_COLL(T, NAME, A) CHECK_KERNEL(coll_##NAME) { CHECK_UNPACK CHECK_AT(CALL_COLL_SCOPED, T, NAME, CHECK_SFX) }
SHOAL_RMA_TYPES(CHECK_ROWS, K_COLL)
CHECK_KERNEL(coll_forms) { CHECK_UNPACK CHECK_AT(CALL_COLL_SCOPE, CHECK_SFX) }

#elif SHOAL_CHECK_FAMILY == 5 // team reductions: and, or, xor
#define K_BITWISE_REDUCE(T, NAME, A) K_BITWISE(CALL_REDUCE_SCOPED, T, NAME)
SHOAL_REDUCE_BITWISE_TYPES(CHECK_ROWS, K_BITWISE_REDUCE)

#elif SHOAL_CHECK_FAMILY == 7 // team reductions: max, min, sum, prod
#define K_ARITH_REDUCE(T, NAME, A) K_ARITH(CALL_REDUCE_SCOPED, T, NAME)
SHOAL_REDUCE_MINMAX_TYPES(CHECK_ROWS, K_ARITH_REDUCE)

#elif SHOAL_CHECK_FAMILY == 6 // active-set reductions (TYPENAME_OP_to_all)
#define K_BITWISE_TOALL(T, NAME, A) K_BITWISE(CALL_TOALL_SCOPED, T, NAME)
#define K_ARITH_TOALL(T, NAME, A) K_ARITH(CALL_TOALL_SCOPED, T, NAME)
SHOAL_TOALL_BITWISE_TYPES(CHECK_ROWS, K_BITWISE_TOALL)
SHOAL_TOALL_MINMAX_TYPES(CHECK_ROWS, K_ARITH_TOALL)

#else
#error "SHOAL_CHECK_FAMILY is 1 (RMA), 2 (atomics), 3 (waits), 4 (collectives), 5 and 7 (reductions) or 6 (to_all)"
#endif

} // namespace shoal_device_api_build_check
