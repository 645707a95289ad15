// Shoal device API: what every device header needs. Single source: nvcc compiles these
// headers for GPUs (SHOAL_HD = __host__ __device__), g++ for the host emulation, where a
// "kernel" is a group of host threads (emulate.h) working on the host heap of real PEs.
// Atomics and fences are libcu++'s system-scope ones on both (g++ needs
// -I<cuda>/include/cccl).
#ifndef SHOAL_DEVICE_CONFIG_H
#define SHOAL_DEVICE_CONFIG_H

#include <cstddef>
#include <cstdint>

#include <cuda/atomic>
#include <shmem.h>
#include <shoal/device_host/context.h>

#if defined(__CUDACC__)
#define SHOAL_HD __host__ __device__
#else
#define SHOAL_HD
#endif

// Heavy shared steps (a collective's body, its sync, its error path) stay calls instead of
// being inlined into every named form and kernel: ptxas is slow on one huge function.
#if defined(__CUDACC__)
#define SHOAL_DEV_NOINLINE __noinline__
#else
#define SHOAL_DEV_NOINLINE
#endif

// Fully unroll the loop that follows in device code (g++, nvcc's host pass included, unrolls
// short constant loops at -O2 by itself, and warns on a pragma it does not know).
#if defined(__CUDA_ARCH__)
#define SHOAL_UNROLL _Pragma("unroll")
#else
#define SHOAL_UNROLL
#endif

// Type-table filter: SHOAL_RMA_TYPES(SHOAL_DEV_ROWS, X) applies X to every row device code
// can have. nvcc's device pass has no long double (it would silently be a double), so its
// named forms exist for the host emulation only.
#define SHOAL_DEV_SECOND_(a, b, ...) b
#define SHOAL_DEV_SECOND(...) SHOAL_DEV_SECOND_(__VA_ARGS__)
#define SHOAL_DEV_KEEP(X, T, NAME) X(T, NAME, )
#define SHOAL_DEV_DROP(X, T, NAME)
#if defined(__CUDA_ARCH__)
#define SHOAL_DEV_HOST_ONLY_longdouble ~, SHOAL_DEV_DROP
#endif
#define SHOAL_DEV_ROWS(T, NAME, X) SHOAL_DEV_SECOND(SHOAL_DEV_HOST_ONLY_##NAME, SHOAL_DEV_KEEP, ~)(X, T, NAME)

namespace shoal::device {

/** What a kernel receives by value: every PE's heap as mapped here, my PE, the teams. */
using context = shoal_device_context;

/** This PE's number and the number of PEs, as the context says. */
SHOAL_HD inline int my_pe(const context &c) { return c.my_pe; }
SHOAL_HD inline int n_pes(const context &c) { return c.npes; }

namespace detail {

/** The peer's copy of symmetric address addr (an address in my heap), as mapped here. */
template <class T> SHOAL_HD inline T *peer(const context &c, T *addr, int pe)
{
    const auto off = reinterpret_cast<const char *>(addr) - c.heap_base;
    return reinterpret_cast<T *>(c.peer_base[pe] + off);
}

/** The system-scope atomic view every AMO, signal and wait goes through. */
template <class T> using atomic_ref = cuda::atomic_ref<T, cuda::thread_scope_system>;

} // namespace detail
} // namespace shoal::device

#endif
