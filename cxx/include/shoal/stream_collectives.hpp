// shoal::StreamCollectives: collectives ordered on a CUDA stream over one team.
//
//     shoal::StreamCollectives coll(team, stream);   // world-collective: owns symmetric scratch
//     coll.reduce(dest, source, shoal::sum);         // ordered after the work queued on stream
//
// Ownership rules (settled now; the kernels come with the device library):
//   - it owns its scratch memory (a SymmetricBuffer) and borrows the team and the stream,
//     which must outlive it;
//   - its destructor first synchronises the stream (nothing queued may still use the
//     scratch), then frees the scratch (collective over the world, like any SymmetricBuffer);
//   - move-only, through the same UniqueHandle as every other owner.
// Until the device library provides the on-stream kernels, every operation synchronises the
// stream and then runs the host team collective on host symmetric memory, which gives the
// same ordering (the work queued before it has finished; the caller's later work follows).
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
} // namespace detail

class StreamCollectives {
    /// The stream, borrowed; "releasing" it means waiting for everything queued on it.
    struct StreamValue {
        cudaStream_t stream;
        bool engaged;
    };
    struct SyncPolicy {
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

  public:
    static constexpr std::size_t default_scratch_bytes = 64 * 1024;

    /// Collective over the world (the scratch is symmetric). team and stream are borrowed.
    StreamCollectives(TeamRef team, cudaStream_t stream,
                      std::size_t scratch_bytes = default_scratch_bytes)
        : team_(team), scratch_(scratch_bytes), stream_(StreamValue{stream, true})
    {}

    StreamCollectives(const StreamCollectives &) = delete;
    StreamCollectives &operator=(const StreamCollectives &) = delete;
    StreamCollectives(StreamCollectives &&) noexcept = default;
    StreamCollectives &operator=(StreamCollectives &&) noexcept = default;
    /// Synchronises the stream (stream_ is declared after scratch_, so it is released first),
    /// then frees the scratch.
    ~StreamCollectives() = default;

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
    UniqueHandle<SyncPolicy> stream_;
};

} // namespace shoal

#endif // CUDA
#endif
