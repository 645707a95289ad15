// The kernel form of shoal::StreamCollectives (nvcc only, included by stream_collectives.hpp,
// which defines check_cuda and StreamSyncPolicy first, and says what it
// promises). The kernels are the device API's collective bodies at block scope over the team's
// members as a strided set, with this object's own symmetric counters (so concurrent objects
// and the context's own collectives never share a sync area) and its own scratch.
#ifndef SHOAL_CXX_DETAIL_STREAM_KERNELS_HPP
#define SHOAL_CXX_DETAIL_STREAM_KERNELS_HPP

#include <cuda_runtime_api.h>

#include <shoal/buffer.hpp>
#include <shoal/device.hpp>
#include <shoal/error.hpp>
#include <shoal/handle.hpp>
#include <shoal/reduce_ops.hpp>
#include <shoal/team.hpp>

#include <cstddef>
#include <span>

namespace shoal::detail {

inline constexpr int stream_block_threads = 256;

/// The device API's operation for a facade reduction tag.
template <class Op> struct device_op;
template <> struct device_op<ops::sum_t> { using type = device::detail::op_sum; };
template <> struct device_op<ops::prod_t> { using type = device::detail::op_prod; };
template <> struct device_op<ops::min_t> { using type = device::detail::op_min; };
template <> struct device_op<ops::max_t> { using type = device::detail::op_max; };
template <> struct device_op<ops::bit_and_t> { using type = device::detail::op_and; };
template <> struct device_op<ops::bit_or_t> { using type = device::detail::op_or; };
template <> struct device_op<ops::bit_xor_t> { using type = device::detail::op_xor; };

enum class stream_coll { barrier, sync, broadcast, fcollect, alltoall };

template <class T>
__global__ void stream_coll_kernel(device::Context c, device::detail::members m, stream_coll what, T *dest,
                                   const T *source, std::size_t n, int root)
{
    using S = device::scope::block;
    switch (what) {
    case stream_coll::barrier: device::quiet(c); device::detail::group_sync<S>(c, m); break;
    case stream_coll::sync: device::detail::group_sync<S>(c, m); break;
    case stream_coll::broadcast: device::detail::broadcast_over<S>(c, m, dest, source, n, root, true, "broadcast"); break;
    case stream_coll::fcollect: device::detail::fcollect_over<S>(c, m, dest, source, n); break;
    case stream_coll::alltoall: device::detail::alltoall_over<S>(c, m, dest, source, n); break;
    }
}

template <class Op, class T>
__global__ void stream_reduce_kernel(device::Context c, device::detail::members m, T *dest, const T *source,
                                     std::size_t n)
{
    device::detail::reduce_over<Op, device::scope::block>(c, m, dest, source, n);
}

class DeviceStreamCollectives {
  public:
    static constexpr std::size_t default_scratch_bytes = 64 * 1024;

    /// Collective over the world (scratch and counters are symmetric device memory). team and
    /// stream are borrowed. Throws shoal::Error when this PE is not a member or the team is not
    /// a strided set of world PEs.
    DeviceStreamCollectives(TeamRef team, cudaStream_t stream, std::size_t scratch_bytes = default_scratch_bytes)
        : team_(team), scratch_(scratch_bytes, on_device),
          sync_(SHOAL_DEVICE_BARRIER_WORDS, on_device), stream_(StreamValue{stream, true})
    {
        const char *routine = "shoal::StreamCollectives";
        const int n = team.n_pes(), me = team.my_pe();
        if (me < 0 || n < 1) throw Error(errc::invalid_argument, routine);
        const int start = team.world_pe(0), stride = n > 1 ? team.world_pe(1) - start : 1;
        for (int i = 0; i < n; i++)
            if (team.world_pe(i) != start + i * stride) throw Error(errc::invalid_argument, routine);
        members_ = {me, n, start, stride, nullptr, sync_.data()};
        ctx_ = device::Context::current(); // after the allocations: the device heap exists
        ctx_.scratch = reinterpret_cast<char *>(scratch_.data());
        ctx_.scratch_size = scratch_bytes;
    }

    DeviceStreamCollectives(const DeviceStreamCollectives &) = delete;
    DeviceStreamCollectives &operator=(const DeviceStreamCollectives &) = delete;
    DeviceStreamCollectives(DeviceStreamCollectives &&) noexcept = default;
    DeviceStreamCollectives &operator=(DeviceStreamCollectives &&) noexcept = default;
    /// Synchronises the stream (stream_ is declared last, so it is released first), then frees
    /// the counters and the scratch.
    ~DeviceStreamCollectives() = default;

    [[nodiscard]] TeamRef team() const noexcept { return team_; }
    [[nodiscard]] cudaStream_t stream() const noexcept { return stream_.get().stream; }
    [[nodiscard]] std::span<std::byte> scratch() const noexcept { return scratch_.local(); }
    [[nodiscard]] bool valid() const noexcept { return !stream_.empty(); }

    /// Wait for the work queued on the stream.
    void synchronize() const { check_cuda(cudaStreamSynchronize(stream()), "cudaStreamSynchronize"); }

    /// Each call below enqueues one kernel on the stream and returns.
    void barrier() const { launch<std::byte>(stream_coll::barrier, nullptr, nullptr, 0, 0); }
    void sync() const { launch<std::byte>(stream_coll::sync, nullptr, nullptr, 0, 0); }
    template <class T> void broadcast(std::span<T> dest, nd_span<T> source, int root) const
    {
        launch(stream_coll::broadcast, dest.data(), source.data(), source.size(), root);
    }
    template <class T> void fcollect(std::span<T> dest, nd_span<T> source) const
    {
        launch(stream_coll::fcollect, dest.data(), source.data(), source.size(), 0);
    }
    /// source holds n_pes blocks; each member's block goes to that member.
    template <class T> void alltoall(std::span<T> dest, nd_span<T> source) const
    {
        launch(stream_coll::alltoall, dest.data(), source.data(), source.size() / static_cast<std::size_t>(members_.n), 0);
    }
    template <class T, ReduceOp Op> void reduce(std::span<T> dest, nd_span<T> source, Op) const
    {
        static_assert(is_reducible<Op, T>, "shoal::StreamCollectives::reduce: no such reduction for T");
        stream_reduce_kernel<typename device_op<Op>::type, T><<<1, stream_block_threads, 0, stream()>>>(
            ctx_, members_, dest.data(), source.data(), source.size() < dest.size() ? source.size() : dest.size());
        check_cuda(cudaGetLastError(), "shoal::StreamCollectives::reduce");
    }

  private:
    template <class T> void launch(stream_coll what, T *dest, const T *source, std::size_t n, int root) const
    {
        stream_coll_kernel<T><<<1, stream_block_threads, 0, stream()>>>(ctx_, members_, what, dest, source, n, root);
        check_cuda(cudaGetLastError(), "shoal::StreamCollectives");
    }

    TeamRef team_;
    SymmetricBuffer<std::byte> scratch_;
    SymmetricBuffer<std::uint64_t> sync_;
    device::Context ctx_{};
    device::detail::members members_{};
    UniqueHandle<StreamSyncPolicy> stream_;
};

} // namespace shoal::detail

#endif
