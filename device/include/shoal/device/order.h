// Ordering and waiting: fence and quiet (system-scope fences: every store and atomic is issued
// by this thread itself, so a fence is completion), and the back-off of every waiting loop.
#ifndef SHOAL_DEVICE_ORDER_H
#define SHOAL_DEVICE_ORDER_H

#include <shoal/device/config.h>
#if !defined(__CUDA_ARCH__)
#include <sched.h>
#include <time.h>
#endif

namespace shoal::device {

/** Order this thread's earlier puts and AMOs before its later ones, to every PE. */
SHOAL_HD inline void fence(const context &)
{
    cuda::atomic_thread_fence(cuda::std::memory_order_seq_cst, cuda::thread_scope_system);
}

/** Complete this thread's earlier puts and AMOs (visible to every PE). */
SHOAL_HD inline void quiet(const context &)
{
    cuda::atomic_thread_fence(cuda::std::memory_order_seq_cst, cuda::thread_scope_system);
}

namespace detail {

/** Failed polls after which a wait has lasted about 10 s (backoff's pace). */
#if defined(__CUDA_ARCH__)
inline constexpr unsigned stall_polls = 10000000;
#else
inline constexpr unsigned stall_polls = 200000;
#endif

/** One failed poll of a waiting loop: spin briefly, then sleep (GPU) or yield and sleep (host:
 *  the writer may be a PE sharing this core). */
SHOAL_HD inline void backoff(unsigned &polls)
{
    ++polls;
#if defined(__CUDA_ARCH__)
    __nanosleep(polls < 64 ? 32u : 1024u);
#else
    if (polls < 64) return;
    if (polls < 1024) {
        sched_yield();
        return;
    }
    const timespec ts{0, 20000};
    nanosleep(&ts, nullptr);
#endif
}

} // namespace detail
} // namespace shoal::device

#endif
