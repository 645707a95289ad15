// RMA from kernels: p, g, put, get, their nbi forms, iput, iget, each at thread, warp and
// block scope. A scope's threads share the elements (rank, rank + size, ...) and sync before
// returning, so the whole group's transfer is done when any member returns. A put's stores are
// issued when it returns; quiet or a signal's fence makes them visible (so put and put_nbi are
// the same work here). Contiguous copies move the widest words (up to 16 bytes) the addresses
// allow. A target PE of another node, whose heap no kernel here can reach, stops the program
// with one line naming it.
#ifndef SHOAL_DEVICE_RMA_H
#define SHOAL_DEVICE_RMA_H

#include <shoal/typetable.h>
#include <shoal/device/config.h>
#include <shoal/device/fail.h>
#include <shoal/device/scope.h>

namespace shoal::device {

namespace detail {

/** Loads each thread of a copy or a combine keeps in flight before it stores: one at a time
 *  waits a whole memory latency per element (a GPU block of 256 threads then moves ~4 GB/s). */
inline constexpr std::size_t in_flight = 4;

template <class S, class T> SHOAL_HD inline void copy(T *dst, const T *src, std::size_t n)
{
    const auto step = static_cast<std::size_t>(S::size());
    std::size_t i = static_cast<std::size_t>(S::rank());
    for (; i + (in_flight - 1) * step < n; i += in_flight * step) {
        T v[in_flight];
        SHOAL_UNROLL
        for (std::size_t u = 0; u < in_flight; u++) v[u] = src[i + u * step];
        SHOAL_UNROLL
        for (std::size_t u = 0; u < in_flight; u++) dst[i + u * step] = v[u];
    }
    for (; i < n; i += step) dst[i] = src[i];
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

/** The element of the SIZE forms (put8 ... put128), and the widest word a copy moves. */
template <int Bytes> struct sized;
template <> struct sized<1> { using type = std::uint8_t; };
template <> struct sized<2> { using type = std::uint16_t; };
template <> struct sized<4> { using type = std::uint32_t; };
template <> struct sized<8> { using type = std::uint64_t; };
struct alignas(16) u128 { std::uint64_t w[2]; };
template <> struct sized<16> { using type = u128; };

/** The host emulation counts the words each copy moved (emulate::copies); a GPU does not. */
template <class S> SHOAL_HD inline void count_words(int log2_width, std::size_t n)
{
#if !defined(__CUDA_ARCH__)
    if (S::rank() == 0 && n) emulate::copies.words[log2_width] += n;
#else
    (void)log2_width;
    (void)n;
#endif
}

/** len bytes as words of 2^L bytes where both addresses allow: the bytes before dst's first
 *  aligned word and after its last one singly. */
template <class S, int L> SHOAL_HD inline void copy_words(unsigned char *dst, const unsigned char *src, std::size_t len)
{
    using W = typename sized<(1 << L)>::type;
    constexpr std::size_t w = sizeof(W);
    std::size_t head = (w - reinterpret_cast<std::uintptr_t>(dst) % w) % w;
    if (head > len) head = len;
    const std::size_t words = (len - head) / w, tail = head + words * w;
    const auto r = static_cast<std::size_t>(S::rank()), step = static_cast<std::size_t>(S::size());
    for (std::size_t i = r; i < head; i += step) dst[i] = src[i];
    copy<S>(reinterpret_cast<W *>(dst + head), reinterpret_cast<const W *>(src + head), words);
    for (std::size_t i = tail + r; i < len; i += step) dst[i] = src[i];
    count_words<S>(L, words);
    if (L) count_words<S>(0, len - words * w);
}

/** Bytes, moved in the widest word (up to 16 bytes) that the two addresses' alignment relative
 *  to each other allows, whatever the length. A call, not inlined: every routine of a scope
 *  shares its five unrolled loops (ptxas was slow on them inlined into every routine). */
template <class S> SHOAL_HD SHOAL_DEV_NOINLINE inline void copy_bytes(void *dst, const void *src, std::size_t len)
{
    auto *d = static_cast<unsigned char *>(dst);
    const auto *s = static_cast<const unsigned char *>(src);
    const auto x = reinterpret_cast<std::uintptr_t>(d) ^ reinterpret_cast<std::uintptr_t>(s);
    if (x % 16 == 0)
        copy_words<S, 4>(d, s, len);
    else if (x % 8 == 0)
        copy_words<S, 3>(d, s, len);
    else if (x % 4 == 0)
        copy_words<S, 2>(d, s, len);
    else if (x % 2 == 0)
        copy_words<S, 1>(d, s, len);
    else
        copy_words<S, 0>(d, s, len);
}

/** n contiguous elements, as wide as copy_bytes moves them. */
template <class S, class T> SHOAL_HD inline void copy_elems(T *dst, const T *src, std::size_t n)
{
    copy_bytes<S>(dst, src, n * sizeof(T));
}

/** A put's or get's bytes. Two 16-byte aligned addresses, the usual case, copy inline: the call
 *  of copy_bytes cost a block's put or get of 16 B-16 KiB 13-20% of its bandwidth on an H200.
 *  Collectives keep the call (their syncs dwarf it). */
template <class S> SHOAL_HD inline void rma_bytes(void *dst, const void *src, std::size_t len)
{
    if ((reinterpret_cast<std::uintptr_t>(dst) | reinterpret_cast<std::uintptr_t>(src)) % 16 == 0)
        copy_words<S, 4>(static_cast<unsigned char *>(dst), static_cast<const unsigned char *>(src), len);
    else
        copy_bytes<S>(dst, src, len);
}

} // namespace detail

/** pe's copy of the symmetric addr as a pointer this thread may load and store through
 *  (nvshmem_ptr), or nullptr when pe's heap is not mapped here. */
template <class T> SHOAL_HD inline T *ptr(const context &c, T *addr, int pe)
{
    return pe >= 0 && pe < c.npes && c.peer_base[pe] ? detail::peer(c, addr, pe) : nullptr;
}

/** Store value at dest on pe. */
template <class T> SHOAL_HD inline void p(const context &c, T *dest, T value, int pe)
{
    *detail::remote<scope::thread>(c, dest, pe, "p") = value;
}

/** Load the value at src on pe. */
template <class T> SHOAL_HD inline T g(const context &c, const T *src, int pe)
{
    return *detail::remote<scope::thread>(c, src, pe, "g");
}

/** Copy nelems elements from src (any memory the kernel reads) to dest on pe. */
template <class S = scope::thread, class T>
SHOAL_HD inline void put(const context &c, T *dest, const T *src, std::size_t nelems, int pe)
{
    detail::rma_bytes<S>(detail::remote<S>(c, dest, pe, "put"), src, nelems * sizeof(T));
    S::sync();
}

/** Copy nelems elements from src on pe to dest. */
template <class S = scope::thread, class T>
SHOAL_HD inline void get(const context &c, T *dest, const T *src, std::size_t nelems, int pe)
{
    detail::rma_bytes<S>(dest, detail::remote<S>(c, src, pe, "get"), nelems * sizeof(T));
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
    detail::copy_strided<S>(detail::remote<S>(c, dest, pe, "iput"), dst, src, sst, nelems);
    S::sync();
}

template <class S = scope::thread, class T>
SHOAL_HD inline void iget(const context &c, T *dest, const T *src, std::ptrdiff_t dst, std::ptrdiff_t sst,
                          std::size_t nelems, int pe)
{
    detail::copy_strided<S>(dest, dst, detail::remote<S>(c, src, pe, "iget"), sst, nelems);
    S::sync();
}

/** Bytes: putmem / getmem. */
template <class S = scope::thread>
SHOAL_HD inline void putmem(const context &c, void *dest, const void *src, std::size_t nbytes, int pe)
{
    detail::rma_bytes<S>(detail::remote<S>(c, dest, pe, "putmem"), src, nbytes);
    S::sync();
}

template <class S = scope::thread>
SHOAL_HD inline void getmem(const context &c, void *dest, const void *src, std::size_t nbytes, int pe)
{
    detail::rma_bytes<S>(dest, detail::remote<S>(c, src, pe, "getmem"), nbytes);
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
