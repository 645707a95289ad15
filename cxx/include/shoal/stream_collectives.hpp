// shoal::StreamCollectives: collectives ordered on a CUDA stream over one team.
//
//     shoal::StreamCollectives coll(team, stream);   // world-collective: owns its scratch
//     coll.reduce(dest, source, shoal::sum);         // ordered after the work queued on stream
//
// Ownership rules:
//   - it owns its scratch and its sync counters (SymmetricBuffers) and borrows the team and the
//     stream, which must outlive it; they are allocated once and reused by every call;
//   - its destructor first synchronises the stream (nothing queued may still use the
//     scratch), then frees them (collective over the world, like any SymmetricBuffer);
//   - move-only, through the same UniqueHandle as every other owner.
// Two forms of the same class name, picked by the compiler of the translation unit (distinct
// classes underneath, so a program may hold both kinds of translation unit):
//   - nvcc (the kernel form): scratch and counters are device heap memory; every call enqueues
//     one kernel on the stream (the device API at block scope over the team's members) and
//     returns at once: stream order, no host synchronisation, capturable into a CUDA graph.
//     dest and source are device symmetric memory (SymmetricBuffer(n, shoal::on_device)).
//   - a host compiler (the fallback, for code built without nvcc): every call synchronises the
//     stream, then runs the host team collective on host symmetric memory: the same ordering,
//     with the host waiting.
//
// Declared only when CUDA is enabled (SHOAL_CXX_CUDA, set by the build, or compiling with
// nvcc). This header stays C++20 and free of range-v3, so .cu files can include it.
#ifndef SHOAL_CXX_STREAM_COLLECTIVES_HPP
#define SHOAL_CXX_STREAM_COLLECTIVES_HPP

#if defined(__CUDACC__) || (defined(SHOAL_CXX_CUDA) && SHOAL_CXX_CUDA)

#include <cuda_runtime_api.h>

#include <shoal/buffer.hpp>
#include <shoal/collectives.hpp>
#include <shoal/error.hpp>
#include <shoal/handle.hpp>
#include <shoal/reduce_ops.hpp>
#include <shoal/team.hpp>

#include <cstddef>
#include <cstdio>
#include <span>

namespace shoal {

namespace detail {
/// A CUDA call that must succeed: a failure becomes shoal::Error (a value in Shoal's category:
/// the CUDA error number plus 2000, so it cannot be read as a C routine's return code).
inline void check_cuda(cudaError_t rc, const char *routine)
{
    if (rc != cudaSuccess) [[unlikely]]
        throw Error(2000 + static_cast<int>(rc), routine);
}

/// The stream, borrowed; "releasing" it means waiting for everything queued on it.
struct StreamValue {
    cudaStream_t stream;
    bool engaged;
};
struct StreamSyncPolicy {
    using value_type = StreamValue;
    static constexpr StreamValue null() noexcept { return {nullptr, false}; }
    static constexpr bool is_null(const StreamValue &v) noexcept { return !v.engaged; }
    void operator()(StreamValue v) const noexcept
    {
        const cudaError_t rc = cudaStreamSynchronize(v.stream);
        if (rc != cudaSuccess)
            std::fprintf(stderr, "shoal: shoal::StreamCollectives::~StreamCollectives: PE %d: "
                                 "cudaStreamSynchronize failed (%s); freeing the scratch anyway\n",
                         shmem_my_pe(), cudaGetErrorString(rc));
    }
};

/// The host fallback (translation units not built by nvcc).
class HostStreamCollectives {
  public:
    static constexpr std::size_t default_scratch_bytes = 64 * 1024;

    /// Collective over the world (the scratch is symmetric). team and stream are borrowed.
    HostStreamCollectives(TeamRef team, cudaStream_t stream,
                          std::size_t scratch_bytes = default_scratch_bytes)
        : team_(team), scratch_(scratch_bytes), stream_(StreamValue{stream, true})
    {}

    HostStreamCollectives(const HostStreamCollectives &) = delete;
    HostStreamCollectives &operator=(const HostStreamCollectives &) = delete;
    HostStreamCollectives(HostStreamCollectives &&) noexcept = default;
    HostStreamCollectives &operator=(HostStreamCollectives &&) noexcept = default;
    /// Synchronises the stream (stream_ is declared after scratch_, so it is released first),
    /// then frees the scratch.
    ~HostStreamCollectives() = default;

    [[nodiscard]] TeamRef team() const noexcept { return team_; }
    [[nodiscard]] cudaStream_t stream() const noexcept { return stream_.get().stream; }
    [[nodiscard]] std::span<std::byte> scratch() const noexcept { return scratch_.local(); }
    [[nodiscard]] bool valid() const noexcept { return !stream_.empty(); }

    /// Wait for the work queued on the stream.
    void synchronize() const { detail::check_cuda(cudaStreamSynchronize(stream()), "cudaStreamSynchronize"); }

    void barrier() const
    {
        synchronize();
        shoal::barrier(team_);
    }
    void sync() const
    {
        synchronize();
        shoal::sync(team_);
    }
    template <class T>
    void broadcast(std::span<T> dest, detail::nd_span<T> source, int root) const
    {
        synchronize();
        shoal::broadcast(team_, dest, source, root);
    }
    template <class T>
    void fcollect(std::span<T> dest, detail::nd_span<T> source) const
    {
        synchronize();
        shoal::fcollect(team_, dest, source);
    }
    template <class T>
    void alltoall(std::span<T> dest, detail::nd_span<T> source) const
    {
        synchronize();
        shoal::alltoall(team_, dest, source);
    }
    template <class T, ReduceOp Op>
    void reduce(std::span<T> dest, detail::nd_span<T> source, Op op) const
    {
        synchronize();
        shoal::reduce(team_, dest, source, op);
    }

  private:
    TeamRef team_;
    SymmetricBuffer<std::byte> scratch_;
    UniqueHandle<StreamSyncPolicy> stream_;
};
} // namespace detail

} // namespace shoal

#if defined(__CUDACC__)
#include <shoal/detail/stream_kernels.hpp>
#endif

namespace shoal {

#if defined(__CUDACC__)
using StreamCollectives = detail::DeviceStreamCollectives;
#else
using StreamCollectives = detail::HostStreamCollectives;
#endif

} // namespace shoal

#endif // CUDA
#endif
