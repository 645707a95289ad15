// C++ type -> C routine mapping, generated from the X-macro type tables in <shoal/typetable.h>.
//
// Every table entry X(TYPE, NAME, A) becomes one link of a first-match chain
//     if constexpr (std::is_same_v<T, TYPE>) { return shmem_NAME_<routine>(args); } else
// rather than one template specialisation per entry: the fixed-width aliases in the tables
// (int64_t, size_t, ptrdiff_t, ...) are the same types as standard ones (long, unsigned long)
// on every data model, so specialisations would collide, while a chain simply lets an alias
// resolve to the first entry of the same type. Some tables name a type only through its alias
// (the signed bitwise reductions and AMOs: int32_t/int64_t), so the chains use the complete
// tables. The chains are discarded at compile time: a call costs exactly one C call.
//
// The trait predicates (is_amo_standard<T>, is_reducible<Op, T>, ...) are generated from the
// same tables; the public headers static_assert on them with a readable message.
#ifndef SHOAL_CXX_DETAIL_TRAITS_HPP
#define SHOAL_CXX_DETAIL_TRAITS_HPP

#include <shmem.h>
#include <shoal/typetable.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace shoal::detail {

template <class...>
inline constexpr bool dependent_false = false;

// ---- Predicates --------------------------------------------------------------------------
#define SHOAL_DETAIL_IS(TYPE, NAME, A) std::is_same_v<T, TYPE> ||

/// RMA, p/g, put_signal and team data-movement collectives have a typed routine.
template <class T>
inline constexpr bool has_typed_rma = SHOAL_RMA_TYPES(SHOAL_DETAIL_IS, _) false;
/// compare_swap, fetch_inc, inc, fetch_add, add (OpenSHMEM 1.5 standard AMO types).
template <class T>
inline constexpr bool is_amo_standard = SHOAL_AMO_STD_TYPES(SHOAL_DETAIL_IS, _) false;
/// fetch, set, swap (extended AMO types: the standard ones plus float and double).
template <class T>
inline constexpr bool is_amo_extended = SHOAL_AMO_EXT_TYPES(SHOAL_DETAIL_IS, _) false;
/// fetch_and/or/xor, and/or/xor (bitwise AMO types).
template <class T>
inline constexpr bool is_amo_bitwise = SHOAL_AMO_BIT_TYPES(SHOAL_DETAIL_IS, _) false;
/// wait_until, test and their forms (point-to-point synchronisation types).
template <class T>
inline constexpr bool is_p2p = SHOAL_P2P_TYPES(SHOAL_DETAIL_IS, _) false;
/// Team reductions, by operation class (OpenSHMEM 1.5 Table 10; complex types have no C++
/// declaration in shmem.h, so they are not reducible from C++).
template <class T>
inline constexpr bool is_reduce_bitwise = SHOAL_REDUCE_BITWISE_TYPES(SHOAL_DETAIL_IS, _) false;
template <class T>
inline constexpr bool is_reduce_minmax = SHOAL_REDUCE_MINMAX_TYPES(SHOAL_DETAIL_IS, _) false;
template <class T>
inline constexpr bool is_reduce_arith = is_reduce_minmax<T>;
/// Active-set reductions (TYPENAME_OP_to_all), by operation class.
template <class T>
inline constexpr bool is_toall_bitwise = SHOAL_TOALL_BITWISE_TYPES(SHOAL_DETAIL_IS, _) false;
template <class T>
inline constexpr bool is_toall_minmax = SHOAL_TOALL_MINMAX_TYPES(SHOAL_DETAIL_IS, _) false;
template <class T>
inline constexpr bool is_toall_arith = is_toall_minmax<T>;

#undef SHOAL_DETAIL_IS

// ---- Dispatch chains ---------------------------------------------------------------------
// One macro per argument shape; A carries the routine suffix (_put, _atomic_fetch_add, ...).
#define SHOAL_DETAIL_IF(TYPE, CALL)                                                           \
    if constexpr (std::is_same_v<T, TYPE>) {                                                 \
        return CALL;                                                                          \
    } else
#define SHOAL_DETAIL_DSNP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, source, nelems, pe))
#define SHOAL_DETAIL_C_DSNP(TYPE, NAME, S)                                                    \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, dest, source, nelems, pe))
#define SHOAL_DETAIL_DVP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, value, pe))
#define SHOAL_DETAIL_C_DVP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, dest, value, pe))
#define SHOAL_DETAIL_SP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(source, pe))
#define SHOAL_DETAIL_C_SP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, source, pe))
#define SHOAL_DETAIL_STRIDED(TYPE, NAME, S)                                                   \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, source, dst, sst, nelems, pe))
#define SHOAL_DETAIL_C_STRIDED(TYPE, NAME, S)                                                 \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, dest, source, dst, sst, nelems, pe))
#define SHOAL_DETAIL_SIGNAL(TYPE, NAME, S)                                                    \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, source, nelems, sig_addr, signal, sig_op, pe))
#define SHOAL_DETAIL_C_SIGNAL(TYPE, NAME, S)                                                  \
    SHOAL_DETAIL_IF(TYPE,                                                                     \
                    shmem_ctx_##NAME##S(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe))
// AMOs
#define SHOAL_DETAIL_DP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, pe))
#define SHOAL_DETAIL_C_DP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, dest, pe))
#define SHOAL_DETAIL_DCVP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, cond, value, pe))
#define SHOAL_DETAIL_C_DCVP(TYPE, NAME, S)                                                    \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, dest, cond, value, pe))
#define SHOAL_DETAIL_FSP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(fetch, source, pe))
#define SHOAL_DETAIL_C_FSP(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, fetch, source, pe))
#define SHOAL_DETAIL_FDP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(fetch, dest, pe))
#define SHOAL_DETAIL_C_FDP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, fetch, dest, pe))
#define SHOAL_DETAIL_FDVP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(fetch, dest, value, pe))
#define SHOAL_DETAIL_C_FDVP(TYPE, NAME, S)                                                    \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, fetch, dest, value, pe))
#define SHOAL_DETAIL_FDCVP(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(fetch, dest, cond, value, pe))
#define SHOAL_DETAIL_C_FDCVP(TYPE, NAME, S)                                                   \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, fetch, dest, cond, value, pe))
// Point-to-point synchronisation
#define SHOAL_DETAIL_WAIT1(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(ivar, cmp, value))
#define SHOAL_DETAIL_WAITN(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(ivars, nelems, status, cmp, value))
#define SHOAL_DETAIL_WAITS(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(ivars, nelems, indices, status, cmp, value))
// Team collectives
#define SHOAL_DETAIL_BCAST(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(team, dest, source, nelems, root))
#define SHOAL_DETAIL_TDSN(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(team, dest, source, nelems))
#define SHOAL_DETAIL_TSTRIDED(TYPE, NAME, S)                                                  \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(team, dest, source, dst, sst, nelems))
#define SHOAL_DETAIL_TOALL(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, source, nreduce, start, log_stride, size, pwrk, psync))

/// Typed RMA: the typed routine for the standard C types (fixed-width aliases resolve to them),
/// the byte-counting mem / SIZE forms for any other trivially copyable T.
template <class T>
struct rma {
    static constexpr std::size_t bits = sizeof(T) * 8;
    static constexpr bool strided_ok =
        has_typed_rma<T> || sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 ||
        sizeof(T) == 16;

    // put / get / put_nbi / get_nbi
#define SHOAL_DETAIL_RMA4(FN, SFX, MEMFN)                                                      \
    static void FN(T *dest, const T *source, std::size_t nelems, int pe) noexcept             \
    {                                                                                         \
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_DSNP, SFX)                                           \
        {                                                                                     \
            return shmem_##MEMFN(dest, source, nelems * sizeof(T), pe);                               \
        }                                                                                     \
    }                                                                                         \
    static void FN(shmem_ctx_t ctx, T *dest, const T *source, std::size_t nelems, int pe) noexcept \
    {                                                                                         \
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_C_DSNP, SFX)                                         \
        {                                                                                     \
            return shmem_ctx_##MEMFN(ctx, dest, source, nelems * sizeof(T), pe);              \
        }                                                                                     \
    }
    SHOAL_DETAIL_RMA4(put, _put, putmem)
    SHOAL_DETAIL_RMA4(get, _get, getmem)
    SHOAL_DETAIL_RMA4(put_nbi, _put_nbi, putmem_nbi)
    SHOAL_DETAIL_RMA4(get_nbi, _get_nbi, getmem_nbi)
#undef SHOAL_DETAIL_RMA4

    static void p(T *dest, T value, int pe) noexcept
    {
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_DVP, _p) { return shmem_putmem(dest, &value, sizeof(T), pe); }
    }
    static void p(shmem_ctx_t ctx, T *dest, T value, int pe) noexcept
    {
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_C_DVP, _p)
        {
            return shmem_ctx_putmem(ctx, dest, &value, sizeof(T), pe);
        }
    }
    static T g(const T *source, int pe) noexcept
    {
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_SP, _g)
        {
            T value;
            shmem_getmem(&value, source, sizeof(T), pe);
            return value;
        }
    }
    static T g(shmem_ctx_t ctx, const T *source, int pe) noexcept
    {
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_C_SP, _g)
        {
            T value;
            shmem_ctx_getmem(ctx, &value, source, sizeof(T), pe);
            return value;
        }
    }

    // iput / iget: strides in elements. Untyped T of 1, 2, 4, 8 or 16 bytes uses the SIZE forms.
#define SHOAL_DETAIL_RMA_STRIDED(FN, SFX)                                                      \
    static void FN(T *dest, const T *source, std::ptrdiff_t dst, std::ptrdiff_t sst,          \
                   std::size_t nelems, int pe) noexcept                                       \
    {                                                                                         \
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_STRIDED, SFX)                                        \
        if constexpr (bits == 8) { return shmem_##FN##8(dest, source, dst, sst, nelems, pe); } \
        else if constexpr (bits == 16) { return shmem_##FN##16(dest, source, dst, sst, nelems, pe); } \
        else if constexpr (bits == 32) { return shmem_##FN##32(dest, source, dst, sst, nelems, pe); } \
        else if constexpr (bits == 64) { return shmem_##FN##64(dest, source, dst, sst, nelems, pe); } \
        else { return shmem_##FN##128(dest, source, dst, sst, nelems, pe); }                  \
    }                                                                                         \
    static void FN(shmem_ctx_t ctx, T *dest, const T *source, std::ptrdiff_t dst,             \
                   std::ptrdiff_t sst, std::size_t nelems, int pe) noexcept                   \
    {                                                                                         \
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_C_STRIDED, SFX)                                      \
        if constexpr (bits == 8) { return shmem_ctx_##FN##8(ctx, dest, source, dst, sst, nelems, pe); } \
        else if constexpr (bits == 16) { return shmem_ctx_##FN##16(ctx, dest, source, dst, sst, nelems, pe); } \
        else if constexpr (bits == 32) { return shmem_ctx_##FN##32(ctx, dest, source, dst, sst, nelems, pe); } \
        else if constexpr (bits == 64) { return shmem_ctx_##FN##64(ctx, dest, source, dst, sst, nelems, pe); } \
        else { return shmem_ctx_##FN##128(ctx, dest, source, dst, sst, nelems, pe); }         \
    }
    SHOAL_DETAIL_RMA_STRIDED(iput, _iput)
    SHOAL_DETAIL_RMA_STRIDED(iget, _iget)
#undef SHOAL_DETAIL_RMA_STRIDED

    // put_signal / put_signal_nbi
#define SHOAL_DETAIL_RMA_SIGNAL(FN, SFX, MEM)                                                       \
    static void FN(T *dest, const T *source, std::size_t nelems, std::uint64_t *sig_addr,     \
                   std::uint64_t signal, int sig_op, int pe) noexcept                         \
    {                                                                                         \
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_SIGNAL, SFX)                                         \
        {                                                                                     \
            return shmem_##MEM(dest, source, nelems * sizeof(T), sig_addr, signal, sig_op, pe); \
        }                                                                                     \
    }                                                                                         \
    static void FN(shmem_ctx_t ctx, T *dest, const T *source, std::size_t nelems,             \
                   std::uint64_t *sig_addr, std::uint64_t signal, int sig_op, int pe) noexcept \
    {                                                                                         \
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_C_SIGNAL, SFX)                                       \
        {                                                                                     \
            return shmem_ctx_##MEM(ctx, dest, source, nelems * sizeof(T), sig_addr, signal, \
                                         sig_op, pe);                                         \
        }                                                                                     \
    }
    SHOAL_DETAIL_RMA_SIGNAL(put_signal, _put_signal, putmem_signal)
    SHOAL_DETAIL_RMA_SIGNAL(put_signal_nbi, _put_signal_nbi, putmem_signal_nbi)
#undef SHOAL_DETAIL_RMA_SIGNAL
};

/// Atomic memory operations; only the types of the matching table have a chain link, and the
/// public functions static_assert on the predicate before reaching the chain's end.
template <class T>
struct amo {
#define SHOAL_DETAIL_AMO_END                                                                   \
    {                                                                                          \
        static_assert(dependent_false<T>, "no C atomic routine for this type");                 \
    }
#define SHOAL_DETAIL_AMO(RET, FN, TABLE, SHAPE, SFX, PARAMS, ...)                               \
    static RET FN(__VA_ARGS__) noexcept { TABLE(SHOAL_DETAIL_##SHAPE, SFX) SHOAL_DETAIL_AMO_END } \
    static RET FN(shmem_ctx_t ctx, __VA_ARGS__) noexcept                                       \
    {                                                                                          \
        TABLE(SHOAL_DETAIL_C_##SHAPE, SFX) SHOAL_DETAIL_AMO_END                                \
    }
    // extended: fetch, set, swap
    SHOAL_DETAIL_AMO(T, fetch, SHOAL_AMO_EXT_TYPES, SP, _atomic_fetch, _, const T *source, int pe)
    SHOAL_DETAIL_AMO(void, set, SHOAL_AMO_EXT_TYPES, DVP, _atomic_set, _, T *dest, T value, int pe)
    SHOAL_DETAIL_AMO(T, swap, SHOAL_AMO_EXT_TYPES, DVP, _atomic_swap, _, T *dest, T value, int pe)
    SHOAL_DETAIL_AMO(void, fetch_nbi, SHOAL_AMO_EXT_TYPES, FSP, _atomic_fetch_nbi, _, T *fetch,
                     const T *source, int pe)
    SHOAL_DETAIL_AMO(void, swap_nbi, SHOAL_AMO_EXT_TYPES, FDVP, _atomic_swap_nbi, _, T *fetch,
                     T *dest, T value, int pe)
    // standard: compare_swap, fetch_inc, inc, fetch_add, add
    SHOAL_DETAIL_AMO(T, compare_swap, SHOAL_AMO_STD_TYPES, DCVP, _atomic_compare_swap, _, T *dest,
                     T cond, T value, int pe)
    SHOAL_DETAIL_AMO(T, fetch_inc, SHOAL_AMO_STD_TYPES, DP, _atomic_fetch_inc, _, T *dest, int pe)
    SHOAL_DETAIL_AMO(void, inc, SHOAL_AMO_STD_TYPES, DP, _atomic_inc, _, T *dest, int pe)
    SHOAL_DETAIL_AMO(T, fetch_add, SHOAL_AMO_STD_TYPES, DVP, _atomic_fetch_add, _, T *dest,
                     T value, int pe)
    SHOAL_DETAIL_AMO(void, add, SHOAL_AMO_STD_TYPES, DVP, _atomic_add, _, T *dest, T value, int pe)
    SHOAL_DETAIL_AMO(void, compare_swap_nbi, SHOAL_AMO_STD_TYPES, FDCVP, _atomic_compare_swap_nbi,
                     _, T *fetch, T *dest, T cond, T value, int pe)
    SHOAL_DETAIL_AMO(void, fetch_inc_nbi, SHOAL_AMO_STD_TYPES, FDP, _atomic_fetch_inc_nbi, _,
                     T *fetch, T *dest, int pe)
    SHOAL_DETAIL_AMO(void, fetch_add_nbi, SHOAL_AMO_STD_TYPES, FDVP, _atomic_fetch_add_nbi, _,
                     T *fetch, T *dest, T value, int pe)
    // bitwise
#define SHOAL_DETAIL_AMO_BIT(OP)                                                               \
    SHOAL_DETAIL_AMO(T, fetch_##OP, SHOAL_AMO_BIT_TYPES, DVP, _atomic_fetch_##OP, _, T *dest,   \
                     T value, int pe)                                                          \
    SHOAL_DETAIL_AMO(void, OP##_, SHOAL_AMO_BIT_TYPES, DVP, _atomic_##OP, _, T *dest, T value, int pe) \
    SHOAL_DETAIL_AMO(void, fetch_##OP##_nbi, SHOAL_AMO_BIT_TYPES, FDVP, _atomic_fetch_##OP##_nbi, \
                     _, T *fetch, T *dest, T value, int pe)
    SHOAL_DETAIL_AMO_BIT(and)
    SHOAL_DETAIL_AMO_BIT(or)
    SHOAL_DETAIL_AMO_BIT(xor)
#undef SHOAL_DETAIL_AMO_BIT
#undef SHOAL_DETAIL_AMO
#undef SHOAL_DETAIL_AMO_END
};

/// Point-to-point synchronisation (wait_until, test and the all/any/some/vector forms).
template <class T>
struct p2p {
#define SHOAL_DETAIL_P2P(RET, FN, SHAPE, ...)                                                  \
    static RET FN(__VA_ARGS__) noexcept                                                        \
    {                                                                                          \
        SHOAL_P2P_TYPES(SHOAL_DETAIL_##SHAPE, _##FN)                                           \
        {                                                                                      \
            static_assert(dependent_false<T>, "no C wait/test routine for this type");          \
        }                                                                                      \
    }
    SHOAL_DETAIL_P2P(void, wait_until, WAIT1, T *ivar, int cmp, T value)
    SHOAL_DETAIL_P2P(int, test, WAIT1, T *ivar, int cmp, T value)
    SHOAL_DETAIL_P2P(void, wait_until_all, WAITN, T *ivars, std::size_t nelems, const int *status,
                     int cmp, T value)
    SHOAL_DETAIL_P2P(std::size_t, wait_until_any, WAITN, T *ivars, std::size_t nelems,
                     const int *status, int cmp, T value)
    SHOAL_DETAIL_P2P(std::size_t, wait_until_some, WAITS, T *ivars, std::size_t nelems,
                     std::size_t *indices, const int *status, int cmp, T value)
    SHOAL_DETAIL_P2P(int, test_all, WAITN, T *ivars, std::size_t nelems, const int *status,
                     int cmp, T value)
    SHOAL_DETAIL_P2P(std::size_t, test_any, WAITN, T *ivars, std::size_t nelems, const int *status,
                     int cmp, T value)
    SHOAL_DETAIL_P2P(std::size_t, test_some, WAITS, T *ivars, std::size_t nelems,
                     std::size_t *indices, const int *status, int cmp, T value)
    SHOAL_DETAIL_P2P(void, wait_until_all_vector, WAITN, T *ivars, std::size_t nelems,
                     const int *status, int cmp, T *value)
    SHOAL_DETAIL_P2P(std::size_t, wait_until_any_vector, WAITN, T *ivars, std::size_t nelems,
                     const int *status, int cmp, T *value)
    SHOAL_DETAIL_P2P(std::size_t, wait_until_some_vector, WAITS, T *ivars, std::size_t nelems,
                     std::size_t *indices, const int *status, int cmp, T *value)
#undef SHOAL_DETAIL_P2P
};

/// Team-based data-movement collectives (OpenSHMEM 1.5): the typed routine for the standard C
/// types, the *mem routine (counting bytes) for any other trivially copyable T.
template <class T>
struct coll {
    static int broadcast(shmem_team_t team, T *dest, const T *source, std::size_t nelems,
                         int root) noexcept
    {
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_BCAST, _broadcast)
        {
            return shmem_broadcastmem(team, dest, source, nelems * sizeof(T), root);
        }
    }
#define SHOAL_DETAIL_COLL(FN)                                                                  \
    static int FN(shmem_team_t team, T *dest, const T *source, std::size_t nelems) noexcept    \
    {                                                                                          \
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_TDSN, _##FN)                                          \
        {                                                                                      \
            return shmem_##FN##mem(team, dest, source, nelems * sizeof(T));                    \
        }                                                                                      \
    }
    SHOAL_DETAIL_COLL(collect)
    SHOAL_DETAIL_COLL(fcollect)
    SHOAL_DETAIL_COLL(alltoall)
#undef SHOAL_DETAIL_COLL
    /// Strided alltoall needs element strides, so an untyped T cannot use the byte form: the
    /// public API requires a typed T here.
    static int alltoalls(shmem_team_t team, T *dest, const T *source, std::ptrdiff_t dst,
                         std::ptrdiff_t sst, std::size_t nelems) noexcept
    {
        SHOAL_RMA_STD_TYPES(SHOAL_DETAIL_TSTRIDED, _alltoalls)
        {
            if constexpr (sizeof(T) == 1)
                return shmem_alltoallsmem(team, dest, source, dst, sst, nelems);
            else
                static_assert(dependent_false<T>, "no C alltoalls routine for this type");
        }
    }
};

/// Team reductions, one function per operation: OP_reduce(team, dest, source, nreduce).
template <class T>
struct reduce {
#define SHOAL_DETAIL_REDUCE(OP, TABLE)                                                         \
    static int OP##_reduce(shmem_team_t team, T *dest, const T *source, std::size_t nreduce) noexcept \
    {                                                                                          \
        TABLE(SHOAL_DETAIL_REDUCE_IF, OP)                                                      \
        {                                                                                      \
            static_assert(dependent_false<T>, "no C reduction routine for this type");         \
        }                                                                                      \
    }
#define SHOAL_DETAIL_REDUCE_IF(TYPE, NAME, OP)                                                 \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##_##OP##_reduce(team, dest, source, nreduce))
    SHOAL_DETAIL_REDUCE(and, SHOAL_REDUCE_BITWISE_TYPES)
    SHOAL_DETAIL_REDUCE(or, SHOAL_REDUCE_BITWISE_TYPES)
    SHOAL_DETAIL_REDUCE(xor, SHOAL_REDUCE_BITWISE_TYPES)
    SHOAL_DETAIL_REDUCE(max, SHOAL_REDUCE_MINMAX_TYPES)
    SHOAL_DETAIL_REDUCE(min, SHOAL_REDUCE_MINMAX_TYPES)
    SHOAL_DETAIL_REDUCE(sum, SHOAL_REDUCE_MINMAX_TYPES)
    SHOAL_DETAIL_REDUCE(prod, SHOAL_REDUCE_MINMAX_TYPES)
#undef SHOAL_DETAIL_REDUCE
#undef SHOAL_DETAIL_REDUCE_IF
};

/// Active-set reductions (TYPENAME_OP_to_all with pWrk and pSync).
template <class T>
struct to_all {
#define SHOAL_DETAIL_TOALL_FN(OP, TABLE)                                                       \
    static void OP##_to_all(T *dest, const T *source, int nreduce, int start, int log_stride,   \
                            int size, T *pwrk, long *psync) noexcept                           \
    {                                                                                          \
        TABLE(SHOAL_DETAIL_TOALL, _##OP##_to_all)                                              \
        {                                                                                      \
            static_assert(dependent_false<T>, "no C to_all routine for this type");            \
        }                                                                                      \
    }
    SHOAL_DETAIL_TOALL_FN(and, SHOAL_TOALL_BITWISE_TYPES)
    SHOAL_DETAIL_TOALL_FN(or, SHOAL_TOALL_BITWISE_TYPES)
    SHOAL_DETAIL_TOALL_FN(xor, SHOAL_TOALL_BITWISE_TYPES)
    SHOAL_DETAIL_TOALL_FN(max, SHOAL_TOALL_MINMAX_TYPES)
    SHOAL_DETAIL_TOALL_FN(min, SHOAL_TOALL_MINMAX_TYPES)
    SHOAL_DETAIL_TOALL_FN(sum, SHOAL_TOALL_MINMAX_TYPES)
    SHOAL_DETAIL_TOALL_FN(prod, SHOAL_TOALL_MINMAX_TYPES)
#undef SHOAL_DETAIL_TOALL_FN
};

#undef SHOAL_DETAIL_IF
#undef SHOAL_DETAIL_DSNP
#undef SHOAL_DETAIL_C_DSNP
#undef SHOAL_DETAIL_DVP
#undef SHOAL_DETAIL_C_DVP
#undef SHOAL_DETAIL_SP
#undef SHOAL_DETAIL_C_SP
#undef SHOAL_DETAIL_STRIDED
#undef SHOAL_DETAIL_C_STRIDED
#undef SHOAL_DETAIL_SIGNAL
#undef SHOAL_DETAIL_C_SIGNAL
#undef SHOAL_DETAIL_DP
#undef SHOAL_DETAIL_C_DP
#undef SHOAL_DETAIL_DCVP
#undef SHOAL_DETAIL_C_DCVP
#undef SHOAL_DETAIL_FSP
#undef SHOAL_DETAIL_C_FSP
#undef SHOAL_DETAIL_FDP
#undef SHOAL_DETAIL_C_FDP
#undef SHOAL_DETAIL_FDVP
#undef SHOAL_DETAIL_C_FDVP
#undef SHOAL_DETAIL_FDCVP
#undef SHOAL_DETAIL_C_FDCVP
#undef SHOAL_DETAIL_WAIT1
#undef SHOAL_DETAIL_WAITN
#undef SHOAL_DETAIL_WAITS
#undef SHOAL_DETAIL_BCAST
#undef SHOAL_DETAIL_TDSN
#undef SHOAL_DETAIL_TSTRIDED
#undef SHOAL_DETAIL_TOALL

} // namespace shoal::detail

#endif
