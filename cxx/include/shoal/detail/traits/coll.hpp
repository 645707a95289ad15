// Team-based data-movement collectives from C++ types: coll<T>.
#ifndef SHOAL_CXX_DETAIL_TRAITS_COLL_HPP
#define SHOAL_CXX_DETAIL_TRAITS_COLL_HPP

#include <shmem.h>
#include <shoal/typetable.h>

#include <cstddef>
#include <cstdint>

#include <shoal/detail/traits/chain.hpp>

namespace shoal::detail {

#define SHOAL_DETAIL_BCAST(TYPE, NAME, S)                                                     \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(team, dest, source, nelems, root))
#define SHOAL_DETAIL_TDSN(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(team, dest, source, nelems))
#define SHOAL_DETAIL_TSTRIDED(TYPE, NAME, S)                                                  \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(team, dest, source, dst, sst, nelems))

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

#undef SHOAL_DETAIL_BCAST
#undef SHOAL_DETAIL_TDSN
#undef SHOAL_DETAIL_TSTRIDED

} // namespace shoal::detail

#include <shoal/detail/traits/chain_end.hpp>

#endif
