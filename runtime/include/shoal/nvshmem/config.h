/* nvshmem.h's machinery: how one NVSHMEM name reaches Shoal's host API or its device API, and
 * where the device calls find their context (NVSHMEM's device calls take none).
 *
 * Three builds of the same source:
 *   - C, or C++ without the device headers (no <cuda/atomic>): host calls only.
 *   - nvcc: SHOAL_NVI_FN routines are __host__ __device__; the device pass calls
 *     shoal::device with this translation unit's context, a static __constant__ variable;
 *     the host pass calls shmem_*. Plain nvcc, no -rdc: every TU has its own copy.
 *   - g++ with the device headers (-I<cuda>/include/cccl): the host emulation. A call made
 *     inside shoal::device::emulate::launch (an emulated kernel) takes the device path over
 *     the TU's static host copy of the context; any other call is a host call.
 * Each TU registers a fill function before main (a static constructor); the runtime hands it
 * the context of now after every nvshmem call that changes what kernels see (allocations,
 * team split/destroy): shmemx_device_context_publish. A __constant__ copy is written only
 * once the PE's GPU is selected (its first device allocation or collective launch), so
 * nvshmem_init never touches CUDA.
 *
 * As NVSHMEM's nvshmem.h, this pulls in the CUDA runtime and driver headers and, in C++, the
 * half and bfloat16 types (cuda_fp16.h, cuda_bf16.h), wherever they are on the include path:
 * a C host program built without the CUDA toolkit still compiles, without those rows. */
#ifndef SHOAL_NVSHMEM_CONFIG_H
#define SHOAL_NVSHMEM_CONFIG_H

#include <shmem.h>
#include <shmemx.h>
#include <shoal/typetable.h>

#if defined(__has_include)
#if __has_include(<cuda_runtime.h>)
#include <cuda.h>
#include <cuda_runtime.h>
#define SHOAL_NVI_CUDA 1
#endif
#if defined(__cplusplus) && __has_include(<cuda_fp16.h>) && __has_include(<cuda_bf16.h>)
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#define SHOAL_NVI_HALF 1
#endif
#endif
#ifndef SHOAL_NVI_CUDA
#define SHOAL_NVI_CUDA 0
#endif
#ifndef SHOAL_NVI_HALF
#define SHOAL_NVI_HALF 0
#endif

#if defined(__cplusplus) && (defined(__CUDACC__) || (defined(__has_include) && __has_include(<cuda/atomic>)))
#define SHOAL_NVI_DEVICE 1
#else
#define SHOAL_NVI_DEVICE 0
#endif

#if SHOAL_NVI_DEVICE
#include <shoal/device/api.h>

#include <cstdio>
#include <type_traits>
#endif

/* SHOAL_NVI_FN: a routine of both sides. SHOAL_NVI_DEV_FN: device only (warp and block forms). */
#if defined(__CUDACC__)
#define SHOAL_NVI_FN static inline __host__ __device__
#define SHOAL_NVI_DEV_FN static inline __device__
#define SHOAL_NVI_HOST_FN static inline __host__
#else
#define SHOAL_NVI_FN static inline
#define SHOAL_NVI_DEV_FN static inline
#define SHOAL_NVI_HOST_FN static inline
#endif

/* SHOAL_NVI_BOTH(device call, host call): the call of this pass (see above).
 * SHOAL_NVI_BOTH_SYM(routine, symmetric pointer, device call, host call): the same, where the
 * emulation first checks that the pointer lies in the symmetric heap and is aligned for its
 * type (one line naming routine otherwise: a GPU would fault). */
#if defined(__CUDA_ARCH__)
#define SHOAL_NVI_BOTH(dev, host) (dev)
#define SHOAL_NVI_BOTH_SYM(routine, sym, dev, host) (dev)
#elif SHOAL_NVI_DEVICE && !defined(__CUDACC__)
#define SHOAL_NVI_BOTH(dev, host) (::shoal::device::emulate::self.g ? (dev) : (host))
#define SHOAL_NVI_BOTH_SYM(routine, sym, dev, host)                                                \
    (::shoal::device::emulate::self.g ? (shoal_nvi_emu_sym(routine, #sym, sym), (dev)) : (host))
#else
#define SHOAL_NVI_BOTH(dev, host) (host)
#define SHOAL_NVI_BOTH_SYM(routine, sym, dev, host) (host)
#endif

/* This translation unit's device context and its registration. */
#if SHOAL_NVI_DEVICE
#if defined(__CUDACC__)
static __constant__ shoal_device_context shoal_nvi_ctx;
static int shoal_nvi_fill(const shoal_device_context *c)
{
    shoal_device_context mine = *c;
    mine.flags |= SHOAL_DEVICE_CTX_ONE_CALL_PER_PE; /* NVSHMEM: a collective is one call per PE */
    return static_cast<int>(cudaMemcpyToSymbol(shoal_nvi_ctx, &mine, sizeof mine));
}
#define SHOAL_NVI_FILL_KIND SHMEMX_DEVICE_FILL_CUDA
#else
static shoal_device_context shoal_nvi_ctx;
static int shoal_nvi_fill(const shoal_device_context *c)
{
    shoal_nvi_ctx = *c;
    shoal_nvi_ctx.flags |= SHOAL_DEVICE_CTX_ONE_CALL_PER_PE; /* NVSHMEM: a collective is one call per PE */
    return 0;
}
#define SHOAL_NVI_FILL_KIND SHMEMX_DEVICE_FILL_HOST
#endif
namespace {
/* Before main: the runtime learns where this TU keeps its context. */
struct shoal_nvi_registrar {
    shoal_nvi_registrar()
    {
        if (shmemx_device_context_register_kind(&shoal_nvi_fill, SHOAL_NVI_FILL_KIND) != 0) __builtin_trap(); /* out of memory before main */
    }
};
[[maybe_unused]] const shoal_nvi_registrar shoal_nvi_registered{};
} // namespace
#define SHOAL_NVI_CTX shoal_nvi_ctx
#define SHOAL_NVI_PUBLISH(routine) shmemx_device_context_publish(routine)
#if !defined(__CUDACC__)
/* The emulation's check of a device call's symmetric argument (SHOAL_NVI_BOTH_SYM). */
static void shoal_nvi_emu_bad(const char *routine, const char *what, const void *p, const char *why)
{
    static int reported; /* every thread of the kernel may get here: one line */
    if (!__atomic_exchange_n(&reported, 1, __ATOMIC_ACQ_REL)) {
        fprintf(stderr, "shoal: %s: PE %d: %s %p %s\n", routine, shoal_nvi_ctx.my_pe, what, p, why);
        fflush(stderr);
        shmem_global_exit(1);
    }
    /* The reporting thread takes the process down; one that exited here first could end it
     * before the line is written. */
    for (unsigned polls = 0;;) shoal::device::detail::backoff(polls);
}
template <class T> static void shoal_nvi_emu_sym(const char *routine, const char *what, const T *p)
{
    const char *b = shoal_nvi_ctx.heap_base, *a = reinterpret_cast<const char *>(p);
    if (!b) return; /* no context yet: the device call reports it */
    if (!p || a < b || a >= b + shoal_nvi_ctx.heap_size)
        shoal_nvi_emu_bad(routine, what, p, "is not in the symmetric heap (nvshmem_malloc)");
    if (reinterpret_cast<std::uintptr_t>(p) % alignof(typename std::conditional<std::is_void<T>::value, char, T>::type))
        shoal_nvi_emu_bad(routine, what, p, "is not aligned for its type");
}
#endif
#else
#define SHOAL_NVI_PUBLISH(routine) ((void)0)
#endif

/* Type-table rows NVSHMEM names: all but long double (no such row in NVSHMEM, none on GPUs);
 * SHOAL_NVI_HALF_ROWS(X): the half and bfloat16 rows where this build has those types. */
#define SHOAL_NVI_ROWS SHOAL_NO_LONGDOUBLE
#if SHOAL_NVI_HALF
#define SHOAL_NVI_HALF_ROWS(X) SHOAL_HALF_TYPES(X, )
#else
#define SHOAL_NVI_HALF_ROWS(X)
#endif

/* Every reduction NVSHMEM names, one SHOAL_NVI_EACH(T, NAME, OP) per row and operation:
 * SHOAL_NVI_REDUCTIONS the bitwise rows with and/or/xor and the others with max/min/sum/prod
 * (no long double, no complex), SHOAL_NVI_REDUCTIONS16 the half and bfloat16 rows with
 * max/min/sum/prod. The includer defines SHOAL_NVI_EACH, expands, then undefines it. */
#define SHOAL_NVI_ON_and(T, NAME, A) SHOAL_NVI_EACH(T, NAME, and)
#define SHOAL_NVI_ON_or(T, NAME, A) SHOAL_NVI_EACH(T, NAME, or)
#define SHOAL_NVI_ON_xor(T, NAME, A) SHOAL_NVI_EACH(T, NAME, xor)
#define SHOAL_NVI_ON_max(T, NAME, A) SHOAL_NVI_EACH(T, NAME, max)
#define SHOAL_NVI_ON_min(T, NAME, A) SHOAL_NVI_EACH(T, NAME, min)
#define SHOAL_NVI_ON_sum(T, NAME, A) SHOAL_NVI_EACH(T, NAME, sum)
#define SHOAL_NVI_ON_prod(T, NAME, A) SHOAL_NVI_EACH(T, NAME, prod)
#define SHOAL_NVI_BITWISE_ON(OP) SHOAL_REDUCE_BITWISE_TYPES(SHOAL_NVI_ROWS, SHOAL_NVI_ON_##OP)
#define SHOAL_NVI_MINMAX_ON(OP) SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NVI_ROWS, SHOAL_NVI_ON_##OP)
#define SHOAL_NVI_HALF_ON(OP) SHOAL_NVI_HALF_ROWS(SHOAL_NVI_ON_##OP)
#define SHOAL_NVI_REDUCTIONS                                                                       \
    SHOAL_BITWISE_OPS(SHOAL_NVI_BITWISE_ON) SHOAL_MINMAX_OPS(SHOAL_NVI_MINMAX_ON) SHOAL_ARITH_OPS(SHOAL_NVI_MINMAX_ON)
#define SHOAL_NVI_REDUCTIONS16 SHOAL_MINMAX_OPS(SHOAL_NVI_HALF_ON) SHOAL_ARITH_OPS(SHOAL_NVI_HALF_ON)

#endif
