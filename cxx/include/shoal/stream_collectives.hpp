// shoal::StreamCollectives: collectives ordered on a CUDA stream over one team.
//
//     shoal::StreamCollectives coll(team, stream);   // borrows both
//     coll.reduce(dest, source, shoal::sum);         // ordered after the work queued on stream
//
// One class whatever compiles the translation unit (nvcc or a host compiler): it launches no
// kernel itself, it goes through the C ABI's stream-ordered calls (shmemx_*_on_stream), whose
// kernels live in libshoal_cuda.so. So a program may pass the same object between .cu and .cpp
// files. What a call does depends on where its memory is:
//   - device symmetric memory (SymmetricBuffer(n, shoal::on_device)): the call enqueues its
//     kernels on the stream and returns at once: stream order, no host synchronisation,
//     capturable into a CUDA graph. Calls of one team on several streams at once share what the
//     _on_stream API shares (shmemx.h); the team must be a strided set of world PEs.
//   - host symmetric memory: the call synchronises the stream, then runs the host team
//     collective: the same ordering, with the host waiting.
// Ownership: it borrows the team and the stream, which must outlive it; its destructor
// synchronises the stream (nothing queued may still use the caller's buffers); move-only,
// through the same UniqueHandle as every other owner. Where no GPU is usable nothing can be
// queued, so it never calls CUDA there: host code on host memory runs on any machine.
//
// Declared only when CUDA is enabled (SHOAL_CXX_CUDA, set by the build, or compiling with
// nvcc). This header stays free of range-v3, so .cu files can include it.
#ifndef SHOAL_CXX_STREAM_COLLECTIVES_HPP
#define SHOAL_CXX_STREAM_COLLECTIVES_HPP

#if defined(__CUDACC__) || (defined(SHOAL_CXX_CUDA) && SHOAL_CXX_CUDA)

#include <cuda_runtime_api.h>

#include <shmemx.h>
#include <shoal/collectives.hpp>
#include <shoal/error.hpp>
#include <shoal/handle.hpp>
#include <shoal/reduce_ops.hpp>
#include <shoal/team.hpp>
#include <shoal/typetable.h>

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
        if (!shmemx_device_usable()) return; // no GPU: nothing can be queued on any stream
        const cudaError_t rc = cudaStreamSynchronize(v.stream);
        if (rc != cudaSuccess)
            std::fprintf(stderr, "shoal: shoal::StreamCollectives::~StreamCollectives: PE %d: "
                                 "cudaStreamSynchronize failed (%s)\n",
                         shmem_my_pe(), cudaGetErrorString(rc));
    }
};

/// The stream-ordered reductions of the C ABI, one overload per (operation, type): the type
/// table's reduction rows that GPUs have (no long double, no complex). Standard C types only:
/// the fixed-width ones are the same types.
#define SHOAL_SC_REDUCE(T, NAME, OP, TAG)                                                          \
    inline int stream_reduce(ops::TAG, shmem_team_t team, T *dest, const T *source, std::size_t n, \
                             cudaStream_t stream)                                                  \
    {                                                                                              \
        return shmemx_##NAME##_##OP##_reduce_on_stream(team, dest, source, n, stream);            \
    }
#define SHOAL_SC_REDUCE_and(T, NAME, A) SHOAL_SC_REDUCE(T, NAME, and, bit_and_t)
#define SHOAL_SC_REDUCE_or(T, NAME, A) SHOAL_SC_REDUCE(T, NAME, or, bit_or_t)
#define SHOAL_SC_REDUCE_xor(T, NAME, A) SHOAL_SC_REDUCE(T, NAME, xor, bit_xor_t)
#define SHOAL_SC_REDUCE_max(T, NAME, A) SHOAL_SC_REDUCE(T, NAME, max, max_t)
#define SHOAL_SC_REDUCE_min(T, NAME, A) SHOAL_SC_REDUCE(T, NAME, min, min_t)
#define SHOAL_SC_REDUCE_sum(T, NAME, A) SHOAL_SC_REDUCE(T, NAME, sum, sum_t)
#define SHOAL_SC_REDUCE_prod(T, NAME, A) SHOAL_SC_REDUCE(T, NAME, prod, prod_t)
#define SHOAL_SC_BITWISE(OP) SHOAL_REDUCE_BITWISE_GENERIC_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_SC_REDUCE_##OP)
#define SHOAL_SC_MINMAX(OP) SHOAL_REDUCE_MINMAX_GENERIC_TYPES(SHOAL_NO_LONGDOUBLE, SHOAL_SC_REDUCE_##OP)
SHOAL_BITWISE_OPS(SHOAL_SC_BITWISE)
SHOAL_MINMAX_OPS(SHOAL_SC_MINMAX)
SHOAL_ARITH_OPS(SHOAL_SC_MINMAX)
#undef SHOAL_SC_BITWISE
#undef SHOAL_SC_MINMAX
#undef SHOAL_SC_REDUCE_and
#undef SHOAL_SC_REDUCE_or
#undef SHOAL_SC_REDUCE_xor
#undef SHOAL_SC_REDUCE_max
#undef SHOAL_SC_REDUCE_min
#undef SHOAL_SC_REDUCE_sum
#undef SHOAL_SC_REDUCE_prod
#undef SHOAL_SC_REDUCE
} // namespace detail

class StreamCollectives {
  public:
    /// team and stream are borrowed (local: no collective, no allocation).
    StreamCollectives(TeamRef team, cudaStream_t stream) : team_(team), stream_(detail::StreamValue{stream, true}) {}

    StreamCollectives(const StreamCollectives &) = delete;
    StreamCollectives &operator=(const StreamCollectives &) = delete;
    StreamCollectives(StreamCollectives &&) noexcept = default;
    StreamCollectives &operator=(StreamCollectives &&) noexcept = default;
    /// Synchronises the stream.
    ~StreamCollectives() = default;

    [[nodiscard]] TeamRef team() const noexcept { return team_; }
    [[nodiscard]] cudaStream_t stream() const noexcept { return stream_.get().stream; }
    [[nodiscard]] bool valid() const noexcept { return !stream_.empty(); }

    /// Wait for the work queued on the stream (none where no GPU is usable: no CUDA call then).
    void synchronize() const
    {
        if (shmemx_device_usable()) detail::check_cuda(cudaStreamSynchronize(stream()), "cudaStreamSynchronize");
    }

    /// Barrier and sync: enqueued when the team's memory lives on the GPU (a device heap
    /// exists), else after waiting for the stream.
    void barrier() const
    {
        if (shmemx_device_heap_size() > 0) return checked(shmemx_barrier_on_stream(handle(), stream()), "barrier");
        synchronize();
        shoal::barrier(team_);
    }
    void sync() const
    {
        if (shmemx_device_heap_size() > 0) return checked(shmemx_team_sync_on_stream(handle(), stream()), "sync");
        synchronize();
        shoal::sync(team_);
    }
    template <class T> void broadcast(std::span<T> dest, detail::nd_span<T> source, int root) const
    {
        if (on_device(dest, source))
            return checked(shmemx_broadcastmem_on_stream(handle(), dest.data(), source.data(), source.size_bytes(), root,
                                                         stream()),
                           "broadcast");
        synchronize();
        shoal::broadcast(team_, dest, source, root);
    }
    template <class T> void fcollect(std::span<T> dest, detail::nd_span<T> source) const
    {
        if (on_device(dest, source))
            return checked(shmemx_fcollectmem_on_stream(handle(), dest.data(), source.data(), source.size_bytes(), stream()),
                           "fcollect");
        synchronize();
        shoal::fcollect(team_, dest, source);
    }
    /// source holds n_pes blocks; each member's block goes to that member.
    template <class T> void alltoall(std::span<T> dest, detail::nd_span<T> source) const
    {
        if (on_device(dest, source))
            return checked(shmemx_alltoallmem_on_stream(handle(), dest.data(), source.data(),
                                                        source.size_bytes() / static_cast<std::size_t>(team_.n_pes()),
                                                        stream()),
                           "alltoall");
        synchronize();
        shoal::alltoall(team_, dest, source);
    }
    template <class T, ReduceOp Op> void reduce(std::span<T> dest, detail::nd_span<T> source, Op op) const
    {
        static_assert(is_reducible<Op, T>, "shoal::StreamCollectives::reduce: no such reduction for T");
        if (on_device(dest, source)) {
            if constexpr (requires { detail::stream_reduce(op, handle(), dest.data(), source.data(), std::size_t{}, stream()); })
                return checked(detail::stream_reduce(op, handle(), dest.data(), source.data(),
                                                     source.size() < dest.size() ? source.size() : dest.size(), stream()),
                               "reduce");
            else
                throw Error(errc::invalid_argument, "shoal::StreamCollectives::reduce: GPUs have no such type");
        }
        synchronize();
        shoal::reduce(team_, dest, source, op);
    }

  private:
    [[nodiscard]] shmem_team_t handle() const noexcept { return team_.native_handle(); }
    template <class T> static bool on_device(std::span<T> dest, detail::nd_span<T> source)
    {
        return shmemx_device_addr(dest.data(), dest.size_bytes()) && shmemx_device_addr(source.data(), source.size_bytes());
    }
    static void checked(int rc, const char *what)
    {
        if (rc != 0) throw Error(errc::invalid_team, what); // the C calls return -1 for NVSHMEM_TEAM_INVALID alone
    }

    TeamRef team_;
    UniqueHandle<detail::StreamSyncPolicy> stream_;
};

} // namespace shoal

#endif // CUDA
#endif
