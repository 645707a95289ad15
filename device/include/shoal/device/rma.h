// RMA from kernels: p, g, put, get, their nbi forms, iput, iget, each at thread, warp and
// block scope. A scope's threads share the elements (rank, rank + size, ...) and sync before
// returning, so the whole group's transfer is done when any member returns. A put's stores are
// issued when it returns; quiet or a signal's fence makes them visible (so put and put_nbi are
// the same work here).
#ifndef SHOAL_DEVICE_RMA_H
#define SHOAL_DEVICE_RMA_H

#include <shoal/typetable.h>
#include <shoal/device/config.h>
#include <shoal/device/scope.h>

namespace shoal::device {

namespace detail {

template <class S, class T> SHOAL_HD inline void copy(T *dst, const T *src, std::size_t n)
{
    for (std::size_t i = static_cast<std::size_t>(S::rank()); i < n; i += static_cast<std::size_t>(S::size()))
        dst[i] = src[i];
}

template <class S, class T>
SHOAL_HD inline void copy_strided(T *dst, std::ptrdiff_t dst_stride, const T *src, std::ptrdiff_t src_stride,
                                  std::size_t n)
{
    for (std::size_t i = static_cast<std::size_t>(S::rank()); i < n; i += static_cast<std::size_t>(S::size())) {
        const auto k = static_cast<std::ptrdiff_t>(i);
        dst[k * dst_stride] = src[k * src_stride];
    }
}

/** Bytes, moved in the widest word both addresses and the length allow. */
template <class S> SHOAL_HD inline void copy_bytes(void *dst, const void *src, std::size_t len)
{
    const auto a = reinterpret_cast<std::uintptr_t>(dst) | reinterpret_cast<std::uintptr_t>(src) | len;
    if (a % 8 == 0)
        copy<S>(static_cast<std::uint64_t *>(dst), static_cast<const std::uint64_t *>(src), len / 8);
    else if (a % 4 == 0)
        copy<S>(static_cast<std::uint32_t *>(dst), static_cast<const std::uint32_t *>(src), len / 4);
    else
        copy<S>(static_cast<unsigned char *>(dst), static_cast<const unsigned char *>(src), len);
}

/** The element of the SIZE forms (put8 ... put128). */
template <int Bytes> struct sized;
template <> struct sized<1> { using type = std::uint8_t; };
template <> struct sized<2> { using type = std::uint16_t; };
template <> struct sized<4> { using type = std::uint32_t; };
template <> struct sized<8> { using type = std::uint64_t; };
struct alignas(16) u128 { std::uint64_t w[2]; };
template <> struct sized<16> { using type = u128; };

} // namespace detail

/** pe's copy of the symmetric addr as a pointer this thread may load and store through
 *  (nvshmem_ptr), or nullptr when pe's heap is not mapped here. */
template <class T> SHOAL_HD inline T *ptr(const context &c, T *addr, int pe)
{
    return c.peer_base[pe] ? detail::peer(c, addr, pe) : nullptr;
}

/** Store value at dest on pe. */
template <class T> SHOAL_HD inline void p(const context &c, T *dest, T value, int pe)
{
    *detail::peer(c, dest, pe) = value;
}

/** Load the value at src on pe. */
template <class T> SHOAL_HD inline T g(const context &c, const T *src, int pe)
{
    return *detail::peer(c, src, pe);
}

/** Copy nelems elements from src (any memory the kernel reads) to dest on pe. */
template <class S = scope::thread, class T>
SHOAL_HD inline void put(const context &c, T *dest, const T *src, std::size_t nelems, int pe)
{
    detail::copy<S>(detail::peer(c, dest, pe), src, nelems);
    S::sync();
}

/** Copy nelems elements from src on pe to dest. */
template <class S = scope::thread, class T>
SHOAL_HD inline void get(const context &c, T *dest, const T *src, std::size_t nelems, int pe)
{
    detail::copy<S>(dest, detail::peer(c, src, pe), nelems);
    S::sync();
}

template <class S = scope::thread, class T>
SHOAL_HD inline void put_nbi(const context &c, T *dest, const T *src, std::size_t nelems, int pe)
{
    put<S>(c, dest, src, nelems, pe);
}

template <class S = scope::thread, class T>
SHOAL_HD inline void get_nbi(const context &c, T *dest, const T *src, std::size_t nelems, int pe)
{
    get<S>(c, dest, src, nelems, pe);
}

/** Strided put: element i of src (stride sst) to element i of dest on pe (stride dst). */
template <class S = scope::thread, class T>
SHOAL_HD inline void iput(const context &c, T *dest, const T *src, std::ptrdiff_t dst, std::ptrdiff_t sst,
                          std::size_t nelems, int pe)
{
    detail::copy_strided<S>(detail::peer(c, dest, pe), dst, src, sst, nelems);
    S::sync();
}

template <class S = scope::thread, class T>
SHOAL_HD inline void iget(const context &c, T *dest, const T *src, std::ptrdiff_t dst, std::ptrdiff_t sst,
                          std::size_t nelems, int pe)
{
    detail::copy_strided<S>(dest, dst, detail::peer(c, src, pe), sst, nelems);
    S::sync();
}

/** Bytes: putmem / getmem. */
template <class S = scope::thread>
SHOAL_HD inline void putmem(const context &c, void *dest, const void *src, std::size_t nbytes, int pe)
{
    detail::copy_bytes<S>(detail::peer(c, dest, pe), src, nbytes);
    S::sync();
}

template <class S = scope::thread>
SHOAL_HD inline void getmem(const context &c, void *dest, const void *src, std::size_t nbytes, int pe)
{
    detail::copy_bytes<S>(dest, detail::peer(c, src, pe), nbytes);
    S::sync();
}

// Named forms, as in NVSHMEM (nvshmem_int_put, nvshmemx_int_put_warp, ...), generated from the
// type table: TYPENAME_p, _g, and for each scope suffix ("", _warp, _block) TYPENAME_put,
// _get, _put_nbi, _get_nbi, _iput, _iget; SIZE forms put8 ... iget128 (void pointers);
// putmem/getmem(_nbi). long double is for the host emulation only (no device long double).
// One routine per operation for element E (parameters D: E itself or void for the SIZE
// forms): PFX##op##BITS##SFX, e.g. int_put_warp, put64_nbi_block.
#define SHOAL_DEV_RMA_SCOPED(E, D, PFX, BITS, SFX, S) \
    SHOAL_HD inline void PFX##put##BITS##SFX(const context &c, D *d, const D *s, std::size_t n, int pe) \
    { put<S>(c, static_cast<E *>(d), static_cast<const E *>(s), n, pe); } \
    SHOAL_HD inline void PFX##get##BITS##SFX(const context &c, D *d, const D *s, std::size_t n, int pe) \
    { get<S>(c, static_cast<E *>(d), static_cast<const E *>(s), n, pe); } \
    SHOAL_HD inline void PFX##put##BITS##_nbi##SFX(const context &c, D *d, const D *s, std::size_t n, int pe) \
    { put_nbi<S>(c, static_cast<E *>(d), static_cast<const E *>(s), n, pe); } \
    SHOAL_HD inline void PFX##get##BITS##_nbi##SFX(const context &c, D *d, const D *s, std::size_t n, int pe) \
    { get_nbi<S>(c, static_cast<E *>(d), static_cast<const E *>(s), n, pe); } \
    SHOAL_HD inline void PFX##iput##BITS##SFX(const context &c, D *d, const D *s, std::ptrdiff_t dst, std::ptrdiff_t sst, std::size_t n, int pe) \
    { iput<S>(c, static_cast<E *>(d), static_cast<const E *>(s), dst, sst, n, pe); } \
    SHOAL_HD inline void PFX##iget##BITS##SFX(const context &c, D *d, const D *s, std::ptrdiff_t dst, std::ptrdiff_t sst, std::size_t n, int pe) \
    { iget<S>(c, static_cast<E *>(d), static_cast<const E *>(s), dst, sst, n, pe); }

#define SHOAL_DEV_RMA_ALL_SCOPES(E, D, PFX, BITS)                                              \
    SHOAL_DEV_RMA_SCOPED(E, D, PFX, BITS, , scope::thread)                                         \
    SHOAL_DEV_RMA_SCOPED(E, D, PFX, BITS, _warp, scope::warp)                                      \
    SHOAL_DEV_RMA_SCOPED(E, D, PFX, BITS, _block, scope::block)
#define SHOAL_DEV_RMA_TYPE(T, NAME, A)                                                         \
    SHOAL_HD inline void NAME##_p(const context &c, T *d, T v, int pe) { p(c, d, v, pe); }       \
    SHOAL_HD inline T NAME##_g(const context &c, const T *s, int pe) { return g(c, s, pe); }     \
    SHOAL_DEV_RMA_ALL_SCOPES(T, T, NAME##_, )
#define SHOAL_DEV_RMA_SIZE(BITS, BYTES, A) SHOAL_DEV_RMA_ALL_SCOPES(detail::sized<BYTES>::type, void, , BITS)
SHOAL_RMA_TYPES(SHOAL_DEV_ROWS, SHOAL_DEV_RMA_TYPE)
SHOAL_SIZES(SHOAL_DEV_RMA_SIZE, )
#define SHOAL_DEV_MEM(SFX, S)                                                                  \
    SHOAL_HD inline void putmem##SFX(const context &c, void *d, const void *s, std::size_t n, int pe) \
    { putmem<S>(c, d, s, n, pe); }                                                             \
    SHOAL_HD inline void getmem##SFX(const context &c, void *d, const void *s, std::size_t n, int pe) \
    { getmem<S>(c, d, s, n, pe); }                                                             \
    SHOAL_HD inline void putmem_nbi##SFX(const context &c, void *d, const void *s, std::size_t n, int pe) \
    { putmem<S>(c, d, s, n, pe); }                                                             \
    SHOAL_HD inline void getmem_nbi##SFX(const context &c, void *d, const void *s, std::size_t n, int pe) \
    { getmem<S>(c, d, s, n, pe); }
SHOAL_DEV_MEM(, scope::thread)
SHOAL_DEV_MEM(_warp, scope::warp)
SHOAL_DEV_MEM(_block, scope::block)
#undef SHOAL_DEV_MEM
#undef SHOAL_DEV_RMA_SIZE
#undef SHOAL_DEV_RMA_TYPE
#undef SHOAL_DEV_RMA_ALL_SCOPES
#undef SHOAL_DEV_RMA_SCOPED

} // namespace shoal::device

#endif
