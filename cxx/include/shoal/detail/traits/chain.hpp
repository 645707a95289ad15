// How the facade reaches the C API's typed routines: a first-match chain over the X-macro type
// tables of <shoal/typetable.h>. Every table entry X(TYPE, NAME, A) becomes one link
//     if constexpr (std::is_same_v<T, TYPE>) { return shmem_NAME_<routine>(args); } else
// rather than one template specialisation per entry: the fixed-width aliases in the tables
// (int64_t, size_t, ptrdiff_t, ...) are the same types as standard ones (long, unsigned long)
// on every data model, so specialisations would collide, while a chain simply lets an alias
// resolve to the first entry of the same type. Some tables name a type only through its alias
// (the signed bitwise reductions and AMOs: int32_t/int64_t), so the chains use the complete
// tables. The chains are discarded at compile time: a call costs exactly one C call.
//
// Each piece beside this file (rma.hpp, signal.hpp, amo.hpp, p2p.hpp, coll.hpp, reduce.hpp)
// includes it first and chain_end.hpp last. Between them it defines the argument shapes of its
// routines over SHOAL_DETAIL_IF (a shape names the arguments of one routine form) and #undefs
// them again. The macros below are defined at every inclusion and chain_end.hpp #undefs them,
// so no macro outlives the facade's headers.
#ifndef SHOAL_CXX_DETAIL_TRAITS_CHAIN_HPP
#define SHOAL_CXX_DETAIL_TRAITS_CHAIN_HPP

#include <type_traits>

namespace shoal::detail {

template <class...>
inline constexpr bool dependent_false = false;

} // namespace shoal::detail

#endif

#define SHOAL_DETAIL_IF(TYPE, CALL)                                                           \
    if constexpr (std::is_same_v<T, TYPE>) {                                                 \
        return CALL;                                                                          \
    } else

// Shapes rma.hpp and amo.hpp share: a value to one PE, one element read from a PE.
#define SHOAL_DETAIL_DVP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, value, pe))
#define SHOAL_DETAIL_C_DVP(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, dest, value, pe))
#define SHOAL_DETAIL_SP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(source, pe))
#define SHOAL_DETAIL_C_SP(TYPE, NAME, S)                                                      \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, source, pe))
