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
 * the context of now at nvshmem_init and after every nvshmem call that changes what kernels
 * see (allocations, team split/destroy): shmemx_device_context_publish. */
#ifndef SHOAL_NVSHMEM_CONFIG_H
#define SHOAL_NVSHMEM_CONFIG_H

#include <shmem.h>
#include <shmemx.h>
#include <shoal/typetable.h>

#if defined(__cplusplus) && (defined(__CUDACC__) || (defined(__has_include) && __has_include(<cuda/atomic>)))
#define SHOAL_NVI_DEVICE 1
#else
#define SHOAL_NVI_DEVICE 0
#endif

#if SHOAL_NVI_DEVICE
#include <shoal/device/api.h>
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

/* SHOAL_NVI_BOTH(device call, host call): the call of this pass (see above). */
#if defined(__CUDA_ARCH__)
#define SHOAL_NVI_BOTH(dev, host) (dev)
#elif SHOAL_NVI_DEVICE && !defined(__CUDACC__)
#define SHOAL_NVI_BOTH(dev, host) (::shoal::device::emulate::self.g ? (dev) : (host))
#else
#define SHOAL_NVI_BOTH(dev, host) (host)
#endif

/* This translation unit's device context and its registration. */
#if SHOAL_NVI_DEVICE
#if defined(__CUDACC__)
static __constant__ shoal_device_context shoal_nvi_ctx;
static int shoal_nvi_fill(const shoal_device_context *c)
{
    return static_cast<int>(cudaMemcpyToSymbol(shoal_nvi_ctx, c, sizeof *c));
}
#else
static shoal_device_context shoal_nvi_ctx;
static int shoal_nvi_fill(const shoal_device_context *c)
{
    shoal_nvi_ctx = *c;
    return 0;
}
#endif
namespace {
/* Before main: the runtime learns where this TU keeps its context. */
struct shoal_nvi_registrar {
    shoal_nvi_registrar()
    {
        if (shmemx_device_context_register(&shoal_nvi_fill) != 0) __builtin_trap(); /* out of memory before main */
    }
};
[[maybe_unused]] const shoal_nvi_registrar shoal_nvi_registered{};
} // namespace
#define SHOAL_NVI_CTX shoal_nvi_ctx
#define SHOAL_NVI_PUBLISH(routine) shmemx_device_context_publish(routine)
#else
#define SHOAL_NVI_PUBLISH(routine) ((void)0)
#endif

/* Type-table rows NVSHMEM names: all but long double (no such row in NVSHMEM, none on GPUs). */
#define SHOAL_NVI_ROWS SHOAL_NO_LONGDOUBLE

#endif
