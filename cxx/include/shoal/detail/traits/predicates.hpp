// Which C++ types have a C routine, per family of routines, from the same type tables as the C
// API (<shoal/typetable.h>). The public headers static_assert on these with a readable message.
#ifndef SHOAL_CXX_DETAIL_TRAITS_PREDICATES_HPP
#define SHOAL_CXX_DETAIL_TRAITS_PREDICATES_HPP

#include <shmem.h>
#include <shoal/typetable.h>

#include <type_traits>

namespace shoal::detail {

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

} // namespace shoal::detail

#endif
