// shoal::Runtime: the init/finalize guard, and the unwinding agreement that collective
// destructors use.
//
//     int main() {
//         shoal::Runtime runtime;              // shmem_init_thread
//         ...                                  // every owner declared after it dies before it
//     }                                        // shmem_finalize, exactly once
//
// A destructor that must run a collective (SymmetricBuffer frees, the Runtime finalizes) can
// be reached while an exception unwinds the stack. If every PE unwinds the same way (heap
// exhaustion throws on every PE, since allocation is deterministic) the collective is fine; if
// only this PE unwinds, the others never reach it and the job would hang. So such a destructor
// first announces "I am unwinding" to every PE and waits (SHOAL_UNWIND_TIMEOUT seconds,
// default 10) for every PE to announce the same; when one does not, it prints one line and
// stops every PE (shmem_global_exit) instead of deadlocking.
#ifndef SHOAL_CXX_RUNTIME_HPP
#define SHOAL_CXX_RUNTIME_HPP

#include <shmem.h>
#include <shmemx.h>
#include <shoal/error.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <thread>

namespace shoal {

/// OpenSHMEM thread levels (shmem_init_thread).
enum class ThreadLevel : int {
    single = SHMEM_THREAD_SINGLE,
    funneled = SHMEM_THREAD_FUNNELED,
    serialized = SHMEM_THREAD_SERIALIZED,
    multiple = SHMEM_THREAD_MULTIPLE,
};

namespace detail {

/// Per-process facade state, alive while a Runtime is.
struct RuntimeState {
    long *unwind_slots = nullptr; // symmetric, n_pes entries: [q] = unwind epoch PE q announced
    long unwind_epoch = 0;        // collective destructors this PE ran while unwinding
    int me = 0;
    int npes = 1;
};

inline RuntimeState *&runtime_state() noexcept
{
    static RuntimeState *state = nullptr;
    return state;
}

inline std::atomic<bool> &runtime_alive() noexcept
{
    static std::atomic<bool> alive{false};
    return alive;
}

inline double unwind_timeout_seconds() noexcept
{
    const char *env = std::getenv("SHOAL_UNWIND_TIMEOUT");
    if (env != nullptr) {
        char *end = nullptr;
        const double v = std::strtod(env, &end);
        if (end != env && v > 0)
            return v;
    }
    return 10.0;
}

/// Called by a destructor that is about to run a collective while an exception unwinds this
/// PE. Returns when every PE is unwinding too (so the collective will complete); otherwise
/// stops every PE with a message naming routine.
inline void agree_on_unwinding(const char *routine) noexcept
{
    RuntimeState *st = runtime_state();
    if (st == nullptr) {
        if (shmem_n_pes() > 1)
            fatal(routine, "destroyed while an exception unwinds this PE (and no shoal::Runtime "
                           "can check whether the other PEs unwind too): stopping every PE "
                           "instead of waiting in a collective the others may never reach");
        return;
    }
    if (st->npes == 1)
        return;
    const long epoch = ++st->unwind_epoch;
    for (int q = 0; q < st->npes; ++q)
        if (q != st->me)
            shmem_long_atomic_set(&st->unwind_slots[st->me], epoch, q);
    shmem_quiet();
    const double timeout = unwind_timeout_seconds();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout);
    for (int q = 0; q < st->npes; ++q) {
        if (q == st->me)
            continue;
        while (shmem_long_atomic_fetch(&st->unwind_slots[q], st->me) < epoch) {
            if (std::chrono::steady_clock::now() > deadline) {
                char msg[320];
                std::snprintf(msg, sizeof msg,
                              "destroyed while an exception unwinds this PE, but PE %d did not "
                              "unwind to the same collective within %.1f s "
                              "(SHOAL_UNWIND_TIMEOUT): stopping every PE instead of "
                              "deadlocking in a collective only this PE reached",
                              q, timeout);
                fatal(routine, msg);
            }
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
    }
}

/// The collective free of a symmetric block (used by SymmetricBuffer's handle policy).
/// exceptions_at_alloc is std::uncaught_exceptions() when the block was allocated: more now
/// means this destructor runs because an exception unwinds this PE.
inline void collective_free(void *ptr, int exceptions_at_alloc, const char *routine) noexcept
{
    if (std::uncaught_exceptions() > exceptions_at_alloc) [[unlikely]]
        agree_on_unwinding(routine);
    shmem_free(ptr);
}

} // namespace detail

/// Init/finalize guard. Exactly one may be alive; shmem_finalize runs exactly once, from the
/// destructor, also when an exception leaves the guard's scope (see the unwinding agreement
/// above). Neither copyable nor movable: it is the scope of the runtime.
class Runtime {
  public:
    /// Collective: start the runtime with the requested thread level (shmem_init_thread).
    explicit Runtime(ThreadLevel requested = ThreadLevel::single)
        : exceptions_at_init_(std::uncaught_exceptions())
    {
        if (detail::runtime_alive().exchange(true))
            throw Error(errc::already_initialized, "shoal::Runtime");
        int provided = 0;
        const int rc = shmem_init_thread(static_cast<int>(requested), &provided);
        if (rc != 0) {
            detail::runtime_alive() = false;
            throw Error(rc, "shmem_init_thread");
        }
        provided_ = static_cast<ThreadLevel>(provided);
        state_.me = shmem_my_pe();
        state_.npes = shmem_n_pes();
        state_.unwind_slots = static_cast<long *>(shmem_calloc(static_cast<std::size_t>(state_.npes),
                                                               sizeof(long)));
        if (state_.unwind_slots == nullptr) {
            shmem_finalize();
            detail::runtime_alive() = false;
            throw HeapExhausted(sizeof(long) * static_cast<std::size_t>(state_.npes),
                                0);
        }
        detail::runtime_state() = &state_;
    }

    Runtime(const Runtime &) = delete;
    Runtime &operator=(const Runtime &) = delete;
    Runtime(Runtime &&) = delete;
    Runtime &operator=(Runtime &&) = delete;

    /// Collective: shmem_finalize (after the unwinding agreement when an exception unwinds).
    ~Runtime()
    {
        if (std::uncaught_exceptions() > exceptions_at_init_) [[unlikely]]
            detail::agree_on_unwinding("shoal::Runtime::~Runtime");
        detail::runtime_state() = nullptr;
        shmem_free(state_.unwind_slots);
        shmem_finalize();
        detail::runtime_alive() = false;
    }

    /// The thread level granted (may be below the one requested).
    [[nodiscard]] ThreadLevel thread_level() const noexcept { return provided_; }
    /// This PE's number in the world team.
    [[nodiscard]] int my_pe() const noexcept { return state_.me; }
    /// Number of PEs in the job.
    [[nodiscard]] int n_pes() const noexcept { return state_.npes; }
    /// True while a Runtime is alive in this process.
    [[nodiscard]] static bool alive() noexcept { return detail::runtime_alive(); }

  private:
    detail::RuntimeState state_{};
    ThreadLevel provided_ = ThreadLevel::single;
    int exceptions_at_init_;
};

/// This PE's number in the world team (shmem_my_pe).
[[nodiscard]] inline int my_pe() noexcept { return shmem_my_pe(); }
/// Number of PEs in the job (shmem_n_pes).
[[nodiscard]] inline int n_pes() noexcept { return shmem_n_pes(); }

} // namespace shoal

#endif
