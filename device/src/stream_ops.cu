// The _on_stream API's kernels: each call is one or two kernel launches on the caller's
// stream (no host synchronisation, no allocation), so a CUDA graph captures it. The device
// API does the work (shoal/device/api.h) with the device heap's context passed by value.
// RMA: a grid of blocks, each moving its slice at block scope; collectives and reductions:
// one block; waits and barriers: one thread.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <shoal/device/api.h>

#include <cstring>
#include <type_traits>

#include "stream_ops.h"

namespace shoal_plugin {
namespace {

namespace d = shoal::device;
using ctx_t = shoal_device_context;

constexpr int rma_threads = 256;
constexpr int rma_max_blocks = 32;
constexpr std::size_t rma_slice = 64 << 10; // bytes a block moves, at least
constexpr int coll_threads = 256;

__global__ void rma_kernel(ctx_t c, bool get, char *dest, const char *src, std::size_t bytes, int pe)
{
    // Slices of 16-byte multiples, so every block's copy stays as wide as the whole one.
    const std::size_t per = (bytes / gridDim.x + 15) / 16 * 16;
    const std::size_t off = per * blockIdx.x;
    if (off >= bytes) return;
    const std::size_t len = bytes - off < per ? bytes - off : per;
    if (get)
        d::getmem<d::scope::block>(c, dest + off, src + off, len, pe);
    else
        d::putmem<d::scope::block>(c, dest + off, src + off, len, pe);
}

template <class E>
__global__ void strided_kernel(ctx_t c, bool get, E *dest, const E *src, std::ptrdiff_t dst, std::ptrdiff_t sst,
                               std::size_t n, int pe)
{
    if (get)
        d::iget<d::scope::block>(c, dest, src, dst, sst, n, pe);
    else
        d::iput<d::scope::block>(c, dest, src, dst, sst, n, pe);
}

__global__ void signal_kernel(ctx_t c, std::uint64_t *sig, std::uint64_t signal, int sig_op, int pe)
{
    d::fence(c);
    d::signal_op(c, sig, signal, sig_op, pe);
}

__global__ void wait_kernel(ctx_t c, std::uint64_t *sig, int cmp, std::uint64_t value)
{
    d::signal_wait_until(c, sig, cmp, value);
}

__global__ void sync_kernel(ctx_t c, shoal_stream_op op, shmem_team_t team)
{
    switch (op) {
    case SHOAL_STREAM_QUIET: d::quiet(c); break;
    case SHOAL_STREAM_BARRIER_ALL: d::barrier_all(c); break;
    case SHOAL_STREAM_SYNC_ALL: d::sync_all(c); break;
    case SHOAL_STREAM_BARRIER: d::barrier(c, team); break;
    default: d::team_sync(c, team); break;
    }
}

__global__ void coll_kernel(ctx_t c, shoal_stream_op op, shmem_team_t team, unsigned char *dest,
                            const unsigned char *src, std::size_t bytes, int root)
{
    using S = d::scope::block;
    switch (op) {
    case SHOAL_STREAM_ALLTOALL: d::alltoall<S>(c, team, dest, src, bytes); break;
    case SHOAL_STREAM_BROADCAST: d::broadcast<S>(c, team, dest, src, bytes, root); break;
    case SHOAL_STREAM_COLLECT: d::collect<S>(c, team, dest, src, bytes); break;
    default: d::fcollect<S>(c, team, dest, src, bytes); break;
    }
}

/** The members of a reduction: the team, or the active set when psync is set; scatter: a
 *  reduce-scatter over the team. */
struct reduce_set {
    shmem_team_t team;
    long *psync;
    int start, log_stride, size;
    int scatter;
};

template <class Op, class T>
__global__ void reduce_kernel(ctx_t c, reduce_set set, T *dest, const T *src, std::size_t n)
{
    using S = d::scope::block;
    if (set.psync)
        d::detail::reduce_over<Op, S>(c, d::detail::active_set<S>(c, set.start, set.log_stride, set.size, set.psync, "to_all"),
                                      dest, src, n);
    else if (set.scatter)
        d::reducescatter<Op, S>(c, set.team, dest, src, n);
    else
        d::reduce<Op, S>(c, set.team, dest, src, n);
}

int launched() { return static_cast<int>(cudaGetLastError()); }

template <class T> __global__ void p_kernel(ctx_t c, T *dest, T value, int pe) { d::p(c, dest, value, pe); }
template <class T> __global__ void g_kernel(ctx_t c, T *out, const T *src, int pe) { *out = d::g(c, src, pe); }

template <class T> int p_as(cudaStream_t s, const ctx_t &c, const shoal_stream_args &a)
{
    T v;
    std::memcpy(&v, &a.signal, sizeof v); // the value's bytes, first in the word
    p_kernel<T><<<1, 1, 0, s>>>(c, static_cast<T *>(a.dest), v, a.pe);
    return launched();
}

/** g: into a pinned word (kept for the next call), then the stream's end, then the caller's. */
template <class T> int g_as(cudaStream_t s, const ctx_t &c, const shoal_stream_args &a)
{
    static T *word = nullptr;
    if (!word) {
        void *w = nullptr;
        const cudaError_t e = cudaMallocHost(&w, 16);
        if (e != cudaSuccess) return static_cast<int>(e);
        word = static_cast<T *>(w);
    }
    g_kernel<T><<<1, 1, 0, s>>>(c, word, static_cast<const T *>(a.src), a.pe);
    int rc = launched();
    if (rc == 0) rc = static_cast<int>(cudaStreamSynchronize(s));
    if (rc == 0) std::memcpy(a.dest, word, sizeof(T));
    return rc;
}

template <class T>
__global__ void wait_until_kernel(T *ivars, std::size_t n, const int *status, int cmp, T value, const T *values)
{
    if (values)
        d::detail::wait_all_of(ivars, n, status, cmp, values);
    else
        d::detail::wait_all_of(ivars, n, status, cmp, d::detail::one_value<T>{value});
}

template <class T> int wait_as(cudaStream_t s, const shoal_stream_args &a)
{
    T v;
    std::memcpy(&v, &a.signal, sizeof v);
    wait_until_kernel<T><<<1, 1, 0, s>>>(static_cast<T *>(a.dest), a.nelems, a.status, a.sig_op, v,
                                         static_cast<const T *>(a.src));
    return launched();
}

/** The integer type of each wait code (kind << 8 | bytes). */
int wait_until(cudaStream_t s, const shoal_stream_args &a)
{
    switch (a.red_type) {
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_SIGNED, 2): return wait_as<std::int16_t>(s, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_SIGNED, 4): return wait_as<std::int32_t>(s, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_SIGNED, 8): return wait_as<std::int64_t>(s, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_UNSIGNED, 2): return wait_as<std::uint16_t>(s, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_UNSIGNED, 4): return wait_as<std::uint32_t>(s, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_UNSIGNED, 8): return wait_as<std::uint64_t>(s, a);
    default: return static_cast<int>(cudaErrorInvalidValue);
    }
}

/** p and g move 1, 2, 4 or 8 bytes. */
int p_or_g(cudaStream_t s, const ctx_t &c, const shoal_stream_args &a, bool get)
{
    switch (a.elem) {
    case 1: return get ? g_as<std::uint8_t>(s, c, a) : p_as<std::uint8_t>(s, c, a);
    case 2: return get ? g_as<std::uint16_t>(s, c, a) : p_as<std::uint16_t>(s, c, a);
    case 4: return get ? g_as<std::uint32_t>(s, c, a) : p_as<std::uint32_t>(s, c, a);
    case 8: return get ? g_as<std::uint64_t>(s, c, a) : p_as<std::uint64_t>(s, c, a);
    default: return static_cast<int>(cudaErrorInvalidValue);
    }
}

template <class T> int reduce_as(cudaStream_t s, const ctx_t &c, const shoal_stream_args &a)
{
    T *dest = static_cast<T *>(a.dest);
    const T *src = static_cast<const T *>(a.src);
    const reduce_set set{a.team, a.psync, a.pe_start, a.log_pe_stride, a.pe_size, a.scatter};
    switch (a.red_op) {
    case SHOAL_RED_MAX: reduce_kernel<d::detail::op_max><<<1, coll_threads, 0, s>>>(c, set, dest, src, a.nelems); break;
    case SHOAL_RED_MIN: reduce_kernel<d::detail::op_min><<<1, coll_threads, 0, s>>>(c, set, dest, src, a.nelems); break;
    case SHOAL_RED_SUM: reduce_kernel<d::detail::op_sum><<<1, coll_threads, 0, s>>>(c, set, dest, src, a.nelems); break;
    case SHOAL_RED_PROD: reduce_kernel<d::detail::op_prod><<<1, coll_threads, 0, s>>>(c, set, dest, src, a.nelems); break;
    default:
        if constexpr (std::is_integral_v<T>) {
            switch (a.red_op) {
            case SHOAL_RED_AND: reduce_kernel<d::detail::op_and><<<1, coll_threads, 0, s>>>(c, set, dest, src, a.nelems); break;
            case SHOAL_RED_OR: reduce_kernel<d::detail::op_or><<<1, coll_threads, 0, s>>>(c, set, dest, src, a.nelems); break;
            default: reduce_kernel<d::detail::op_xor><<<1, coll_threads, 0, s>>>(c, set, dest, src, a.nelems); break;
            }
        } else {
            return static_cast<int>(cudaErrorInvalidValue); // the runtime never asks this
        }
    }
    return launched();
}

int reduce(cudaStream_t s, const ctx_t &c, const shoal_stream_args &a)
{
    switch (a.red_type) {
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_SIGNED, 1): return reduce_as<std::int8_t>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_SIGNED, 2): return reduce_as<std::int16_t>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_SIGNED, 4): return reduce_as<std::int32_t>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_SIGNED, 8): return reduce_as<std::int64_t>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_UNSIGNED, 1): return reduce_as<std::uint8_t>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_UNSIGNED, 2): return reduce_as<std::uint16_t>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_UNSIGNED, 4): return reduce_as<std::uint32_t>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_UNSIGNED, 8): return reduce_as<std::uint64_t>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_FLOAT, 4): return reduce_as<float>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_FLOAT, 8): return reduce_as<double>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_HALF, 2): return reduce_as<__half>(s, c, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_BFLOAT16, 2): return reduce_as<__nv_bfloat16>(s, c, a);
    default: return static_cast<int>(cudaErrorInvalidValue);
    }
}

template <class E> int strided(cudaStream_t s, const ctx_t &c, const shoal_stream_args &a)
{
    strided_kernel<E><<<1, rma_threads, 0, s>>>(c, a.op == SHOAL_STREAM_IGET, static_cast<E *>(a.dest),
                                                static_cast<const E *>(a.src), a.dst_stride, a.src_stride,
                                                a.nelems, a.pe);
    return launched();
}

int rma(cudaStream_t s, const ctx_t &c, const shoal_stream_args &a, bool get)
{
    const std::size_t bytes = a.nelems * a.elem;
    if (bytes == 0) return 0;
    std::size_t blocks = (bytes + rma_slice - 1) / rma_slice;
    if (blocks > rma_max_blocks) blocks = rma_max_blocks;
    rma_kernel<<<static_cast<unsigned>(blocks), rma_threads, 0, s>>>(c, get, static_cast<char *>(a.dest),
                                                                   static_cast<const char *>(a.src), bytes, a.pe);
    return launched();
}

} // namespace

int stream_launch(void *stream, const shoal_device_context *ctx, const shoal_stream_args *args)
{
    const auto s = static_cast<cudaStream_t>(stream);
    const ctx_t &c = *ctx;
    const shoal_stream_args &a = *args;
    switch (a.op) {
    case SHOAL_STREAM_PUT: return rma(s, c, a, false);
    case SHOAL_STREAM_GET: return rma(s, c, a, true);
    case SHOAL_STREAM_IPUT:
    case SHOAL_STREAM_IGET:
        switch (a.elem) {
        case 1: return strided<std::uint8_t>(s, c, a);
        case 2: return strided<std::uint16_t>(s, c, a);
        case 4: return strided<std::uint32_t>(s, c, a);
        case 8: return strided<std::uint64_t>(s, c, a);
        case 16: return strided<d::detail::u128>(s, c, a);
        default: return static_cast<int>(cudaErrorInvalidValue);
        }
    case SHOAL_STREAM_PUT_SIGNAL: {
        const int rc = rma(s, c, a, false); // stream order: the data kernel ends before the signal's starts
        if (rc) return rc;
        signal_kernel<<<1, 1, 0, s>>>(c, a.sig, a.signal, a.sig_op, a.pe);
        return launched();
    }
    case SHOAL_STREAM_SIGNAL_WAIT:
        wait_kernel<<<1, 1, 0, s>>>(c, a.sig, a.sig_op, a.signal);
        return launched();
    case SHOAL_STREAM_QUIET:
    case SHOAL_STREAM_BARRIER_ALL:
    case SHOAL_STREAM_SYNC_ALL:
    case SHOAL_STREAM_BARRIER:
    case SHOAL_STREAM_TEAM_SYNC:
        sync_kernel<<<1, 1, 0, s>>>(c, a.op, a.team);
        return launched();
    case SHOAL_STREAM_ALLTOALL:
    case SHOAL_STREAM_BROADCAST:
    case SHOAL_STREAM_FCOLLECT:
    case SHOAL_STREAM_COLLECT:
        coll_kernel<<<1, coll_threads, 0, s>>>(c, a.op, a.team, static_cast<unsigned char *>(a.dest),
                                               static_cast<const unsigned char *>(a.src), a.nelems * a.elem, a.pe);
        return launched();
    case SHOAL_STREAM_REDUCE: return reduce(s, c, a);
    case SHOAL_STREAM_P: return p_or_g(s, c, a, false);
    case SHOAL_STREAM_G: return p_or_g(s, c, a, true);
    case SHOAL_STREAM_WAIT_UNTIL: return wait_until(s, a);
    }
    return static_cast<int>(cudaErrorInvalidValue);
}

} // namespace shoal_plugin
