// Reduction operation tags: shoal::sum, prod, min, max, bit_and, bit_or, bit_xor.
//
//     shoal::reduce(team, dest, source, shoal::sum);
//
// Each tag knows which element types OpenSHMEM defines it for (Table 10 for the team forms,
// the *_to_all tables for the active-set forms) and maps (tag, T) to the C routine. An
// illegal pair (shoal::bit_xor on double, shoal::sum on a struct) fails to compile with a
// static_assert naming the operation and the types it allows.
#ifndef SHOAL_CXX_REDUCE_OPS_HPP
#define SHOAL_CXX_REDUCE_OPS_HPP

#include <shmem.h>
#include <shoal/detail/traits.hpp>

#include <cstddef>
#include <type_traits>

namespace shoal {

namespace detail {
#define SHOAL_DETAIL_ARITH_TYPES_TEXT                                                          \
    "char, signed char, short, int, long, long long, their unsigned forms, float, double, "    \
    "long double and fixed-width aliases of these"
#define SHOAL_DETAIL_BITWISE_TYPES_TEXT                                                        \
    "unsigned char/short/int/long/long long, int8_t, int16_t, int32_t, int64_t, uint8_t, "     \
    "uint16_t, uint32_t, uint64_t, size_t"
#define SHOAL_DETAIL_TOALL_ARITH_TEXT "short, int, long, long long, float, double, long double"
#define SHOAL_DETAIL_TOALL_BITWISE_TEXT "short, int, long, long long"

#define SHOAL_DETAIL_REDUCE_OP(TAG, C, TEAM_OK, TEAM_TEXT, TOALL_OK, TOALL_TEXT)              \
    struct TAG##_t {                                                                          \
        static constexpr const char *name = #TAG;                                             \
        template <class T>                                                                    \
        static constexpr bool team_ok = ::shoal::detail::TEAM_OK<T>;                          \
        template <class T>                                                                    \
        static constexpr bool active_set_ok = ::shoal::detail::TOALL_OK<T>;                   \
        template <class T>                                                                    \
        static int team(shmem_team_t team, T *dest, const T *source, std::size_t n) noexcept  \
        {                                                                                     \
            static_assert(team_ok<T>, "shoal::" #TAG ": OpenSHMEM defines this team "          \
                                      "reduction only for " TEAM_TEXT);                       \
            if constexpr (team_ok<T>)                                                         \
                return ::shoal::detail::reduce<T>::C##_reduce(team, dest, source, n);         \
            else                                                                              \
                return -1;                                                                    \
        }                                                                                     \
        template <class T>                                                                    \
        static void active_set(T *dest, const T *source, int n, int start, int log_stride,    \
                               int size, T *pwrk, long *psync) noexcept                       \
        {                                                                                     \
            static_assert(active_set_ok<T>, "shoal::" #TAG ": OpenSHMEM defines this "         \
                                            "active-set reduction (_to_all) only for "        \
                                            TOALL_TEXT);                                      \
            if constexpr (active_set_ok<T>)                                                   \
                ::shoal::detail::to_all<T>::C##_to_all(dest, source, n, start, log_stride,    \
                                                       size, pwrk, psync);                    \
        }                                                                                     \
    };
} // namespace detail

/// The tag types (shoal::sum is an ops::sum_t).
namespace ops {
SHOAL_DETAIL_REDUCE_OP(sum, sum, is_reduce_arith, SHOAL_DETAIL_ARITH_TYPES_TEXT, is_toall_arith,
                       SHOAL_DETAIL_TOALL_ARITH_TEXT)
SHOAL_DETAIL_REDUCE_OP(prod, prod, is_reduce_arith, SHOAL_DETAIL_ARITH_TYPES_TEXT, is_toall_arith,
                       SHOAL_DETAIL_TOALL_ARITH_TEXT)
SHOAL_DETAIL_REDUCE_OP(min, min, is_reduce_minmax, SHOAL_DETAIL_ARITH_TYPES_TEXT,
                       is_toall_minmax, SHOAL_DETAIL_TOALL_ARITH_TEXT)
SHOAL_DETAIL_REDUCE_OP(max, max, is_reduce_minmax, SHOAL_DETAIL_ARITH_TYPES_TEXT,
                       is_toall_minmax, SHOAL_DETAIL_TOALL_ARITH_TEXT)
SHOAL_DETAIL_REDUCE_OP(bit_and, and, is_reduce_bitwise, SHOAL_DETAIL_BITWISE_TYPES_TEXT,
                       is_toall_bitwise, SHOAL_DETAIL_TOALL_BITWISE_TEXT)
SHOAL_DETAIL_REDUCE_OP(bit_or, or, is_reduce_bitwise, SHOAL_DETAIL_BITWISE_TYPES_TEXT,
                       is_toall_bitwise, SHOAL_DETAIL_TOALL_BITWISE_TEXT)
SHOAL_DETAIL_REDUCE_OP(bit_xor, xor, is_reduce_bitwise, SHOAL_DETAIL_BITWISE_TYPES_TEXT,
                       is_toall_bitwise, SHOAL_DETAIL_TOALL_BITWISE_TEXT)
} // namespace ops
#undef SHOAL_DETAIL_REDUCE_OP

inline constexpr ops::sum_t sum{};
inline constexpr ops::prod_t prod{};
inline constexpr ops::min_t min{};
inline constexpr ops::max_t max{};
inline constexpr ops::bit_and_t bit_and{};
inline constexpr ops::bit_or_t bit_or{};
inline constexpr ops::bit_xor_t bit_xor{};

/// A reduction operation tag.
template <class Op>
concept ReduceOp = requires { Op::name; } && std::is_empty_v<Op>;

/// True when OpenSHMEM defines team reduction Op for element type T (Table 10).
template <class Op, class T>
inline constexpr bool is_reducible = Op::template team_ok<std::remove_cv_t<T>>;
/// True when an active-set (_to_all) reduction Op exists for T.
template <class Op, class T>
inline constexpr bool is_reducible_active_set = Op::template active_set_ok<std::remove_cv_t<T>>;

} // namespace shoal

#endif
