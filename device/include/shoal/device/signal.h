// Signals from kernels: put_signal(_nbi) at every scope (the group's data, moved as wide as
// its alignment allows, then one thread's fence and signal update), signal_op (a relaxed
// atomic, as every device AMO), signal_fetch and signal_wait_until.
#ifndef SHOAL_DEVICE_SIGNAL_H
#define SHOAL_DEVICE_SIGNAL_H

#include <shoal/device/amo.h>
#include <shoal/device/order.h>
#include <shoal/device/rma.h>
#include <shoal/device/wait.h>

namespace shoal::device {

/** Set (SHMEM_SIGNAL_SET) or add (SHMEM_SIGNAL_ADD) signal to *sig_addr on pe, atomically. */
SHOAL_HD inline void signal_op(const context &c, std::uint64_t *sig_addr, std::uint64_t signal, int sig_op, int pe)
{
    detail::atomic_ref<std::uint64_t> r = detail::amo_at(c, sig_addr, pe, "signal_op");
    if (sig_op == SHMEM_SIGNAL_ADD)
        r.fetch_add(signal, detail::amo_order);
    else
        r.store(signal, detail::amo_order);
}

/** The value of a local signal variable. */
SHOAL_HD inline std::uint64_t signal_fetch(const context &, const std::uint64_t *sig_addr)
{
    return detail::load_acquire(const_cast<std::uint64_t *>(sig_addr));
}

/** Wait until the local signal compares true with value; returns the value that did. */
SHOAL_HD inline std::uint64_t signal_wait_until(const context &, std::uint64_t *sig_addr, int cmp, std::uint64_t value)
{
    unsigned polls = 0;
    std::uint64_t v;
    while (!detail::compare(v = detail::load_acquire(sig_addr), cmp, value)) detail::backoff(polls);
    return v;
}

/** Put, then update the signal on pe once the data is visible there. */
template <class S = scope::thread, class T>
SHOAL_HD inline void put_signal(const context &c, T *dest, const T *src, std::size_t nelems, std::uint64_t *sig_addr,
                                std::uint64_t signal, int sig_op, int pe)
{
    detail::rma_bytes<S>(detail::remote<S>(c, dest, pe, "put_signal"), src, nelems * sizeof(T));
    S::sync();
    if (S::rank() == 0) {
        fence(c);
        signal_op(c, sig_addr, signal, sig_op, pe);
    }
    S::sync();
}

template <class S = scope::thread, class T>
SHOAL_HD inline void put_signal_nbi(const context &c, T *dest, const T *src, std::size_t nelems,
                                    std::uint64_t *sig_addr, std::uint64_t signal, int sig_op, int pe)
{
    put_signal<S>(c, dest, src, nelems, sig_addr, signal, sig_op, pe);
}

// Named forms: TYPENAME_put_signal(_nbi)(_warp/_block), put8_signal ... put128_signal(...),
// putmem_signal(...): PFX##put##MID##_signal##SFX.
#define SHOAL_DEV_SIGNAL_SCOPED(E, D, PFX, MID, SFX, S)                                                   \
    SHOAL_HD inline void PFX##put##MID##_signal##SFX(const context &c, D *d, const D *s, std::size_t n,     \
                                                     std::uint64_t *sig, std::uint64_t v, int op, int pe)   \
    { put_signal<S>(c, static_cast<E *>(d), static_cast<const E *>(s), n, sig, v, op, pe); }               \
    SHOAL_HD inline void PFX##put##MID##_signal_nbi##SFX(const context &c, D *d, const D *s, std::size_t n, \
                                                         std::uint64_t *sig, std::uint64_t v, int op, int pe) \
    { put_signal_nbi<S>(c, static_cast<E *>(d), static_cast<const E *>(s), n, sig, v, op, pe); }
#define SHOAL_DEV_SIGNAL_ALL(E, D, PFX, MID)                                                              \
    SHOAL_DEV_SIGNAL_SCOPED(E, D, PFX, MID, , scope::thread)                                              \
    SHOAL_DEV_SIGNAL_SCOPED(E, D, PFX, MID, _warp, scope::warp)                                           \
    SHOAL_DEV_SIGNAL_SCOPED(E, D, PFX, MID, _block, scope::block)
#define SHOAL_DEV_SIGNAL_TYPE(T, NAME, A) SHOAL_DEV_SIGNAL_ALL(T, T, NAME##_, )
#define SHOAL_DEV_SIGNAL_SIZE(BITS, BYTES, A) SHOAL_DEV_SIGNAL_ALL(detail::sized<BYTES>::type, void, , BITS)
SHOAL_RMA_TYPES(SHOAL_DEV_ROWS, SHOAL_DEV_SIGNAL_TYPE)
SHOAL_SIZES(SHOAL_DEV_SIGNAL_SIZE, )
SHOAL_DEV_SIGNAL_ALL(unsigned char, void, , mem)
#undef SHOAL_DEV_SIGNAL_SIZE
#undef SHOAL_DEV_SIGNAL_TYPE
#undef SHOAL_DEV_SIGNAL_ALL
#undef SHOAL_DEV_SIGNAL_SCOPED

} // namespace shoal::device

#endif
