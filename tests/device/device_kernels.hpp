// Kernel bodies shared by the device tests: each is a SHOAL_HD function over a scope, run by
// the host emulation (device_emu_test.cpp: host threads over the host heap) and wrapped in
// __global__ kernels by the GPU tests (tests/gpu/), so both check the same algorithm.
#ifndef SHOAL_TESTS_DEVICE_KERNELS_HPP
#define SHOAL_TESTS_DEVICE_KERNELS_HPP

#include <shoal/device/api.h>

namespace device_kernels {

using shoal::device::context;

SHOAL_HD inline int right(const context &c) { return (c.my_pe + 1) % c.npes; }
SHOAL_HD inline int left(const context &c) { return (c.my_pe + c.npes - 1) % c.npes; }

/** The value PE pe puts at index i in round r: tells PEs, indices and rounds apart. */
SHOAL_HD inline long value(int pe, std::size_t i, int r) { return 1000000L * (pe + 1) + 1000L * r + static_cast<long>(i); }

/** The group puts n longs to its right neighbour, then barrier_all at the same scope. */
template <class S> SHOAL_HD void put_right(const context &c, long *dest, const long *src, std::size_t n)
{
    shoal::device::put<S>(c, dest, src, n, right(c));
    shoal::device::barrier_all<S>(c);
}

/** The group gets n longs from its left neighbour's src into dest. */
template <class S> SHOAL_HD void get_left(const context &c, long *dest, const long *src, std::size_t n)
{
    shoal::device::get<S>(c, dest, src, n, left(c));
}

/** A token goes round the ring `rounds` times: each PE waits for its signal, adds 1, p()s it to
 *  the right neighbour and signals it (fence between). PE 0 starts; returns PE 0's last token. */
SHOAL_HD inline long ring(const context &c, long *token, std::uint64_t *sig, int rounds)
{
    namespace d = shoal::device;
    long last = 0;
    for (int r = 0; r < rounds; r++) {
        long t = 0;
        if (c.my_pe != 0 || r > 0) {
            d::signal_wait_until(c, sig, SHMEM_CMP_GE, static_cast<std::uint64_t>(c.my_pe == 0 ? r : r + 1));
            t = d::atomic_fetch(c, token, c.my_pe);
        }
        if (c.my_pe == 0 && r > 0) last = t;
        d::p(c, token, t + 1, right(c));
        d::fence(c);
        d::signal_op(c, sig, 1, SHMEM_SIGNAL_ADD, right(c));
    }
    if (c.my_pe == 0) {
        d::signal_wait_until(c, sig, SHMEM_CMP_GE, static_cast<std::uint64_t>(rounds));
        last = d::atomic_fetch(c, token, 0);
    }
    return last;
}

/** The group put_signal()s n longs to the right neighbour (signal set to round + 1), then waits
 *  for its own and counts the elements that are not the left neighbour's values. */
template <class S>
SHOAL_HD int put_signal_round(const context &c, long *dest, const long *src, std::size_t n, std::uint64_t *sig, int r)
{
    shoal::device::put_signal<S>(c, dest, src, n, sig, static_cast<std::uint64_t>(r + 1), SHMEM_SIGNAL_SET, right(c));
    shoal::device::signal_wait_until(c, sig, SHMEM_CMP_EQ, static_cast<std::uint64_t>(r + 1));
    int bad = 0;
    for (std::size_t i = 0; i < n; i++) bad += dest[i] != value(left(c), i, r);
    return bad;
}

/** Every thread adds 1 to PE 0's counter `times` times and xors its own bit into PE 0's mask. */
SHOAL_HD inline void amo_hammer(const context &c, long *counter, unsigned long long *mask, int rank, int times)
{
    for (int k = 0; k < times; k++) shoal::device::long_atomic_fetch_add(c, counter, 1L, 0);
    shoal::device::ulonglong_atomic_fetch_xor(c, mask, 1ull << ((c.my_pe * 7 + rank) % 64), 0);
}

/** `iters` rounds: the group's rank 0 p()s a round value to the right neighbour, barrier_all,
 *  check what the left one wrote, barrier_all again. Returns the number of wrong reads. */
template <class S> SHOAL_HD int barrier_rounds(const context &c, long *slot, int iters)
{
    int bad = 0;
    for (int it = 0; it < iters; it++) {
        if (S::rank() == 0) shoal::device::p(c, slot, value(c.my_pe, 0, it), right(c));
        shoal::device::barrier_all<S>(c);
        bad += *slot != value(left(c), 0, it);
        shoal::device::barrier_all<S>(c);
    }
    return bad;
}

} // namespace device_kernels

#endif
