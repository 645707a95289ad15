// Bad input in a kernel: one line `shoal: ROUTINE: PE n: message` (printed once however many
// threads and blocks find it), then the program stops: the GPU traps, the host emulation stops
// every PE (shmem_global_exit).
#ifndef SHOAL_DEVICE_FAIL_H
#define SHOAL_DEVICE_FAIL_H

#include <shoal/device/order.h>
#include <shoal/device/scope.h>
#include <atomic>
#include <cstdio>

namespace shoal::device::detail {

#if defined(__CUDACC__)
// One per translation unit (no -rdc): enough to keep a kernel's blocks from each printing.
static __device__ unsigned failed_once_gpu, noted_once_gpu;
#endif
inline std::atomic<bool> failed_once{false}, noted_once{false}; // the host emulation's



/** Report routine's bad value (fmt takes up to three longs) and stop; never returns. */
template <class S>
SHOAL_HD SHOAL_DEV_NOINLINE inline void fail(const context &c, const char *routine, const char *fmt, long a, long b = 0,
                                             long e = 0)
{
#if defined(__CUDA_ARCH__)
    if (S::rank() == 0 && atomicExch(&failed_once_gpu, 1u) == 0) {
        printf("shoal: %s: PE %d: ", routine, c.my_pe);
        printf(fmt, a, b, e);
        printf("\n");
    }
    __trap();
#else
    if (S::rank() == 0 && !failed_once.exchange(true)) {
        char msg[320];
        std::snprintf(msg, sizeof msg, fmt, a, b, e);
        std::fprintf(stderr, "shoal: %s: PE %d: %s\n", routine, c.my_pe, msg);
        std::fflush(stderr);
        shmem_global_exit(1);
    }
    for (unsigned polls = 0;;) backoff(polls); // the reporting thread takes the process down
#endif
}

/** A line in the same format (fmt takes one long), printed once, and the kernel goes on: for a
 *  wait that has lasted suspiciously long. */
SHOAL_HD SHOAL_DEV_NOINLINE inline void note_once(const context &c, const char *routine, const char *fmt, long a)
{
#if defined(__CUDA_ARCH__)
    if (atomicExch(&noted_once_gpu, 1u) == 0) {
        printf("shoal: %s: PE %d: ", routine, c.my_pe);
        printf(fmt, a);
        printf("\n");
    }
#else
    if (!noted_once.exchange(true)) {
        char msg[320];
        std::snprintf(msg, sizeof msg, fmt, a);
        std::fprintf(stderr, "shoal: %s: PE %d: %s\n", routine, c.my_pe, msg);
        std::fflush(stderr);
    }
#endif
}

/** pe's copy of the symmetric addr, after checking that a kernel can reach it: pe is a PE, and
 *  its heap is mapped here (PEs of other nodes are not). */
template <class S, class T> SHOAL_HD inline T *remote(const context &c, T *addr, int pe, const char *routine)
{
    if (pe < 0 || pe >= c.npes) fail<S>(c, routine, "pe %ld is not a PE (there are %ld)", pe, c.npes);
    if (!c.peer_base[pe])
        fail<S>(c, routine, "PE %ld is on another node: kernels reach only the PEs of their own node "
                            "(reach it from the host instead)", pe);
    return peer(c, addr, pe);
}

} // namespace shoal::device::detail

#endif
