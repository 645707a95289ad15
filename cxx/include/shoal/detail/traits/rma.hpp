// Put and get (blocking, nbi, p/g, strided) from C++ types: rma<T>. The shapes over
// SHOAL_DETAIL_IF (chain.hpp) each name the arguments of one routine form.
#ifndef SHOAL_CXX_DETAIL_TRAITS_RMA_HPP
#define SHOAL_CXX_DETAIL_TRAITS_RMA_HPP

#include <shmem.h>
#include <shoal/typetable.h>

#include <cstddef>
#include <cstdint>

#include <shoal/detail/traits/chain.hpp>
#include <shoal/detail/traits/predicates.hpp>

namespace shoal::detail {

#define SHOAL_DETAIL_DSNP(TYPE, NAME, S) SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, source, nelems, pe))
#define SHOAL_DETAIL_C_DSNP(TYPE, NAME, S)                                                    \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, dest, source, nelems, pe))
#define SHOAL_DETAIL_STRIDED(TYPE, NAME, S)                                                   \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, source, dst, sst, nelems, pe))
#define SHOAL_DETAIL_C_STRIDED(TYPE, NAME, S)                                                 \
    SHOAL_DETAIL_IF(TYPE, shmem_ctx_##NAME##S(ctx, dest, source, dst, sst, nelems, pe))

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
};

#undef SHOAL_DETAIL_DSNP
#undef SHOAL_DETAIL_C_DSNP
#undef SHOAL_DETAIL_STRIDED
#undef SHOAL_DETAIL_C_STRIDED

} // namespace shoal::detail

#include <shoal/detail/traits/chain_end.hpp>

#endif
