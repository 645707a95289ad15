// Put-with-signal from C++ types: rma_signal<T>.
#ifndef SHOAL_CXX_DETAIL_TRAITS_SIGNAL_HPP
#define SHOAL_CXX_DETAIL_TRAITS_SIGNAL_HPP

#include <shmem.h>
#include <shoal/typetable.h>

#include <cstddef>
#include <cstdint>

#include <shoal/detail/traits/chain.hpp>

namespace shoal::detail {

#define SHOAL_DETAIL_SIGNAL(TYPE, NAME, S)                                                    \
    SHOAL_DETAIL_IF(TYPE, shmem_##NAME##S(dest, source, nelems, sig_addr, signal, sig_op, pe))
#define SHOAL_DETAIL_C_SIGNAL(TYPE, NAME, S)                                                  \
    SHOAL_DETAIL_IF(TYPE,                                                                     \
                    shmem_ctx_##NAME##S(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe))

/// Put-with-signal: the typed routine for the standard C types, the mem routine for any other
/// trivially copyable T.
template <class T>
struct rma_signal {
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

#undef SHOAL_DETAIL_SIGNAL
#undef SHOAL_DETAIL_C_SIGNAL

} // namespace shoal::detail

#include <shoal/detail/traits/chain_end.hpp>

#endif
