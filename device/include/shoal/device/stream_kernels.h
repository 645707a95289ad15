// The kernels of the _on_stream calls and of the host's atomics on device memory: every body,
// and the launch each operation gets (dispatch), single source for the CUDA plugin's two
// builds: CUDA launches (device/src/cuda_plugin.cu wraps each body in one __global__ template)
// and the host emulation's (libshoal_cuda_emu.so). A launcher L has
//     template <class Body, class... A> int launch(const geometry::plan &, A... args);
// which enqueues Body::run(args...) on every thread of the plan's grid, in stream order, and
// L::invalid, the error code of a request the plugin has no kernel for.
//
// Each on-stream collective runs on up to SHOAL_DEVICE_STREAM_BLOCKS blocks. Block b handles
// the same part of the data on every member and syncs only with its counterparts, over
// counters of its own in the team slot's sync words (the pSync's, for an active set): blocks
// never wait for each other, so a plain launch is enough.
#ifndef SHOAL_DEVICE_STREAM_KERNELS_H
#define SHOAL_DEVICE_STREAM_KERNELS_H

#include <shoal/device/api.h>
#include <shoal/device/geometry.h>
#include <shoal/device_host/stream.h>

#include <cstring>
#include <type_traits>

// The 16-bit floating rows (SHOAL_STREAM_HALF, _BFLOAT16) where CUDA's types are on the include
// path: always under nvcc; for the emulation, beside libcu++ in the toolkit.
#if defined(__has_include)
#if __has_include(<cuda_fp16.h>) && __has_include(<cuda_bf16.h>)
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#define SHOAL_DEVICE_STREAM_HALF 1
#endif
#endif

// The element types of the on-stream reductions, X(KIND, BYTES, T), in pairs: dispatch's switch,
// the loaders' walk and the CUDA plugin's reduction parts (device/src/reduce_parts.hpp, one
// pair a part) all read this one list.
#define SHOAL_STREAM_REDUCE_TYPES_0(X) X(SHOAL_STREAM_SIGNED, 1, std::int8_t) X(SHOAL_STREAM_UNSIGNED, 1, std::uint8_t)
#define SHOAL_STREAM_REDUCE_TYPES_1(X) X(SHOAL_STREAM_SIGNED, 2, std::int16_t) X(SHOAL_STREAM_UNSIGNED, 2, std::uint16_t)
#define SHOAL_STREAM_REDUCE_TYPES_2(X) X(SHOAL_STREAM_SIGNED, 4, std::int32_t) X(SHOAL_STREAM_UNSIGNED, 4, std::uint32_t)
#define SHOAL_STREAM_REDUCE_TYPES_3(X) X(SHOAL_STREAM_SIGNED, 8, std::int64_t) X(SHOAL_STREAM_UNSIGNED, 8, std::uint64_t)
#define SHOAL_STREAM_REDUCE_TYPES_4(X) X(SHOAL_STREAM_FLOAT, 4, float) X(SHOAL_STREAM_FLOAT, 8, double)
#ifdef SHOAL_DEVICE_STREAM_HALF
#define SHOAL_STREAM_REDUCE_TYPES_5(X) X(SHOAL_STREAM_HALF, 2, __half) X(SHOAL_STREAM_BFLOAT16, 2, __nv_bfloat16)
#else
#define SHOAL_STREAM_REDUCE_TYPES_5(X)
#endif
#define SHOAL_STREAM_REDUCE_TYPES(X)                                                                    \
    SHOAL_STREAM_REDUCE_TYPES_0(X) SHOAL_STREAM_REDUCE_TYPES_1(X) SHOAL_STREAM_REDUCE_TYPES_2(X)         \
    SHOAL_STREAM_REDUCE_TYPES_3(X) SHOAL_STREAM_REDUCE_TYPES_4(X) SHOAL_STREAM_REDUCE_TYPES_5(X)

namespace shoal::device::stream {

using args = shoal_stream_args;

/** The members of an on-stream collective, as this block of the kernel sees them (counters:
 *  whether the block syncs, over the counters of its number). */
SHOAL_HD inline detail::members members_of(const context &c, const args &a, bool counters = true)
{
    std::uint64_t *base;
    detail::members m{};
    if (a.psync) {
        base = reinterpret_cast<std::uint64_t *>(a.psync);
        m.me = (c.my_pe - a.pe_start) >> a.log_pe_stride;
        m.n = a.pe_size;
        m.start = a.pe_start;
        m.stride = 1 << a.log_pe_stride;
    } else {
        base = c.team_sync + static_cast<std::size_t>(a.team_slot) * SHOAL_DEVICE_SYNC_WORDS;
        m.me = a.team.my_pe;
        m.n = a.team.size;
        m.start = a.team.start;
        m.stride = a.team.stride;
        m.scratch = c.scratch + static_cast<std::size_t>(a.team_slot) * c.scratch_size;
        m.scratch_bytes = static_cast<std::size_t>(c.scratch_size);
    }
    m.list = nullptr;
    m.sync = counters ? base + SHOAL_DEVICE_SYNC_BLOCKS + static_cast<std::size_t>(grid::rank()) * SHOAL_DEVICE_BARRIER_WORDS
                      : nullptr;
    m.count = base + SHOAL_DEVICE_SYNC_COUNT;
    detail::check_reach<scope::block>(c, m, "on-stream collective");
    return m;
}

/** put / get: each block moves its slice of the bytes (a multiple of 16 bytes, so every
 *  slice copies as wide as the whole would), at block scope. */
struct rma_body {
    SHOAL_HD static void run(const context &c, bool get, char *dest, const char *src, std::size_t bytes, int pe)
    {
        const geometry::range part = geometry::slice(bytes, grid::size(), grid::rank(), geometry::rma_align);
        if (!part.size()) return;
        if (get)
            getmem<scope::block>(c, dest + part.begin, src + part.begin, part.size(), pe);
        else
            putmem<scope::block>(c, dest + part.begin, src + part.begin, part.size(), pe);
    }
};

/** iput / iget of n elements E: each block its slice of the elements. */
template <class E> struct strided_body {
    SHOAL_HD static void run(const context &c, bool get, E *dest, const E *src, std::ptrdiff_t dst, std::ptrdiff_t sst,
                             std::size_t n, int pe)
    {
        const geometry::range part = geometry::slice(n, grid::size(), grid::rank());
        if (!part.size()) return;
        const auto k = static_cast<std::ptrdiff_t>(part.begin);
        if (get)
            iget<scope::block>(c, dest + k * dst, src + k * sst, dst, sst, part.size(), pe);
        else
            iput<scope::block>(c, dest + k * dst, src + k * sst, dst, sst, part.size(), pe);
    }
};

/** put_signal's signal, after the data kernel (stream order: its stores are done). */
struct signal_body {
    SHOAL_HD static void run(const context &c, std::uint64_t *sig, std::uint64_t signal, int sig_op, int pe)
    {
        fence(c);
        signal_op(c, sig, signal, sig_op, pe);
    }
};

struct wait_body {
    SHOAL_HD static void run(const context &c, std::uint64_t *sig, int cmp, std::uint64_t value)
    {
        signal_wait_until(c, sig, cmp, value);
    }
};

/** quiet, and the barriers and syncs (on a team; barrier_all and sync_all on the world's). */
struct sync_body {
    SHOAL_HD static void run(const context &c, const args &a)
    {
        fence(c);
        if (a.op != SHOAL_STREAM_QUIET) detail::group_sync<scope::block>(c, members_of(c, a));
    }
};

/** alltoall, broadcast, fcollect, collect (bytes per member). */
struct coll_body {
    SHOAL_HD static void run(const context &c, const args &a)
    {
        using S = scope::block;
        const detail::members m = members_of(c, a);
        auto *dest = static_cast<unsigned char *>(a.dest);
        const auto *src = static_cast<const unsigned char *>(a.src);
        const std::size_t bytes = a.nelems * a.elem;
        switch (a.op) {
        case SHOAL_STREAM_ALLTOALL: detail::alltoall_over<S>(c, m, dest, src, bytes); break;
        case SHOAL_STREAM_BROADCAST: detail::broadcast_over<S>(c, m, dest, src, bytes, a.pe, true, "broadcast"); break;
        case SHOAL_STREAM_COLLECT: detail::collect_over<S>(c, m, dest, src, bytes); break;
        default: detail::fcollect_over<S>(c, m, dest, src, bytes); break;
        }
    }
};

/** A reduction (on a team, or on the active set when psync is set); a reduce-scatter on a team
 *  when scatter is set. */
template <class Op, class T> struct reduce_body {
    SHOAL_HD static void run(const context &c, const args &a)
    {
        if (a.scatter)
            detail::reducescatter_over<Op, scope::block>(c, members_of(c, a), static_cast<T *>(a.dest),
                                                         static_cast<const T *>(a.src), a.nelems);
        else
            detail::reduce_over<Op, scope::block>(c, members_of(c, a), static_cast<T *>(a.dest),
                                                  static_cast<const T *>(a.src), a.nelems, static_cast<T *>(a.pwrk));
    }
};

/** A large reduction in one pass with no sync inside (geometry::push): the elements are cut into
 *  a part per member, and member me's blocks combine part me of every member's source, in member
 *  order, into part me of every member's dest. Each element is read and written by one PE only,
 *  so dest may be source. The sync kernels around it make the sources ready and the dests free
 *  before, and every dest whole after. (A team of one copies instead: launch_reduce.) */
template <class Op, class T> struct push_body {
    SHOAL_HD static void run(const context &c, const args &a)
    {
        const detail::members m = members_of(c, a, false);
        constexpr std::size_t align = sizeof(T) < 16 ? 16 / sizeof(T) : 1; // parts stay 16-byte aligned
        const geometry::range part = geometry::slice(a.nelems, static_cast<unsigned>(m.n), static_cast<unsigned>(m.me), align);
        const geometry::range mine = geometry::slice(part.size(), grid::size(), grid::rank(), align);
        if (!mine.size()) return;
        detail::combine<Op, scope::block>(c, m, static_cast<T *>(a.dest), static_cast<const T *>(a.src),
                                          part.begin + mine.begin, part.begin + mine.end, true);
    }
};

/** p: one value of E to dest on pe. */
template <class E> struct p_body {
    SHOAL_HD static void run(const context &c, E *dest, E value, int pe) { p(c, dest, value, pe); }
};

/** g: one value of E from src on pe into out (memory the GPU writes: the plugin's pinned word). */
template <class E> struct g_body {
    SHOAL_HD static void run(const context &c, E *out, const E *src, int pe) { *out = g(c, src, pe); }
};

/** wait_until(_all)(_vector): until every ivar not masked by status holds cmp against value, or
 *  against values[i] where values is set. */
template <class T> struct wait_until_body {
    SHOAL_HD static void run(T *ivars, std::size_t n, const int *status, int cmp, T value, const T *values)
    {
        if (values)
            detail::wait_all_of(ivars, n, status, cmp, values);
        else
            detail::wait_all_of(ivars, n, status, cmp, detail::one_value<T>{value});
    }
};

/** The host's atomics on device memory (host_amo op codes: the runtime's shoal_amo_op). */
enum host_amo { amo_fetch, amo_set, amo_swap, amo_cswap, amo_add, amo_and, amo_or, amo_xor };

template <class T> struct host_amo_body {
    SHOAL_HD static void run(int op, T *p, T v, T cond, T *out)
    {
        detail::atomic_ref<T> a(*p);
        T r = 0;
        switch (op) {
        case amo_fetch: r = a.load(); break;
        case amo_set: a.store(v); break;
        case amo_swap: r = a.exchange(v); break;
        case amo_cswap: r = cond; a.compare_exchange_strong(r, v); break;
        case amo_add: r = a.fetch_add(v); break;
        case amo_and: r = a.fetch_and(v); break;
        case amo_or: r = a.fetch_or(v); break;
        case amo_xor: r = a.fetch_xor(v); break;
        }
        *out = r;
    }
};

/** The members of an on-stream collective, as the host sees them. */
inline int members_count(const args &a) { return a.psync ? a.pe_size : a.team.size; }

/** Whether a reduction takes the push path: not a reduce-scatter; source and dest symmetric,
 *  dest source itself or apart from it; one member, or push_min_bytes and more. */
template <class T> inline bool pushed(const context &c, const args &a)
{
    const auto *src = static_cast<const T *>(a.src);
    const auto *dest = static_cast<const T *>(a.dest);
    return !a.scatter && (members_count(a) == 1 || a.nelems * sizeof(T) >= geometry::push_min_bytes) &&
           detail::symmetric(c, src, a.nelems) && detail::symmetric(c, dest, a.nelems) &&
           (dest == src || !detail::overlaps(dest, src, a.nelems));
}

template <class L, class Op, class T> int launch_reduce(L &launch, const context &c, const args &a)
{
    const std::size_t bytes = a.nelems * sizeof(T);
    if (!pushed<T>(c, a)) return launch.template launch<reduce_body<Op, T>>(geometry::collective(bytes), c, a);
    const int n = members_count(a);
    // One member: source itself, a copy; combine's loads of one element each would keep a
    // quarter of the bytes in flight that a copy's 16-byte words do (an H200 at 64 MiB: 2 TB/s
    // against NVSHMEM's and NCCL's 3.5).
    if (n == 1)
        return a.dest == a.src ? 0
                               : launch.template launch<rma_body>(geometry::push(bytes), c, false, static_cast<char *>(a.dest),
                                                                  static_cast<const char *>(a.src), bytes, c.my_pe);
    int rc = launch.template launch<sync_body>(geometry::one_thread(), c, a);
    if (!rc) rc = launch.template launch<push_body<Op, T>>(geometry::push(bytes / static_cast<std::size_t>(n)), c, a);
    if (!rc) rc = launch.template launch<sync_body>(geometry::one_thread(), c, a);
    return rc;
}

template <class L, class T> int reduce_as(L &launch, const context &c, const args &a)
{
    switch (a.red_op) {
    case SHOAL_RED_MAX: return launch_reduce<L, detail::op_max, T>(launch, c, a);
    case SHOAL_RED_MIN: return launch_reduce<L, detail::op_min, T>(launch, c, a);
    case SHOAL_RED_SUM: return launch_reduce<L, detail::op_sum, T>(launch, c, a);
    case SHOAL_RED_PROD: return launch_reduce<L, detail::op_prod, T>(launch, c, a);
    default: break;
    }
    if constexpr (std::is_integral_v<T>) {
        switch (a.red_op) {
        case SHOAL_RED_AND: return launch_reduce<L, detail::op_and, T>(launch, c, a);
        case SHOAL_RED_OR: return launch_reduce<L, detail::op_or, T>(launch, c, a);
        case SHOAL_RED_XOR: return launch_reduce<L, detail::op_xor, T>(launch, c, a);
        default: break;
        }
    }
    return L::invalid; // the runtime never asks this
}

template <class L> int reduce(L &launch, const context &c, const args &a)
{
#define SHOAL_STREAM_REDUCE_CASE(KIND, BYTES, T)                                                        \
    case SHOAL_STREAM_TYPE(KIND, BYTES): return reduce_as<L, T>(launch, c, a);
    switch (a.red_type) {
        SHOAL_STREAM_REDUCE_TYPES(SHOAL_STREAM_REDUCE_CASE)
    default: return L::invalid;
    }
#undef SHOAL_STREAM_REDUCE_CASE
}

/** p and g of one E (1, 2, 4 or 8 bytes: the value's bytes, first in a.signal). */
template <class L, class E> int p_or_g(L &launch, const context &c, const args &a)
{
    if (a.op == SHOAL_STREAM_G)
        return launch.template launch<g_body<E>>(geometry::one_thread(), c, static_cast<E *>(a.dest),
                                                 static_cast<const E *>(a.src), a.pe);
    E v;
    std::memcpy(&v, &a.signal, sizeof v);
    return launch.template launch<p_body<E>>(geometry::one_thread(), c, static_cast<E *>(a.dest), v, a.pe);
}

template <class L, class T> int wait_until_as(L &launch, const args &a)
{
    T v;
    std::memcpy(&v, &a.signal, sizeof v);
    return launch.template launch<wait_until_body<T>>(geometry::one_thread(), static_cast<T *>(a.dest), a.nelems,
                                                      a.status, a.sig_op, v, static_cast<const T *>(a.src));
}

/** The integer rows of the waits, by type code. */
template <class L> int wait_until(L &launch, const args &a)
{
    switch (a.red_type) {
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_SIGNED, 2): return wait_until_as<L, std::int16_t>(launch, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_SIGNED, 4): return wait_until_as<L, std::int32_t>(launch, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_SIGNED, 8): return wait_until_as<L, std::int64_t>(launch, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_UNSIGNED, 2): return wait_until_as<L, std::uint16_t>(launch, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_UNSIGNED, 4): return wait_until_as<L, std::uint32_t>(launch, a);
    case SHOAL_STREAM_TYPE(SHOAL_STREAM_UNSIGNED, 8): return wait_until_as<L, std::uint64_t>(launch, a);
    default: return L::invalid;
    }
}

template <class L, class E> int strided(L &launch, const context &c, const args &a)
{
    return launch.template launch<strided_body<E>>(geometry::rma(a.nelems * sizeof(E)), c, a.op == SHOAL_STREAM_IGET,
                                                   static_cast<E *>(a.dest), static_cast<const E *>(a.src),
                                                   a.dst_stride, a.src_stride, a.nelems, a.pe);
}

template <class L> int rma(L &launch, const context &c, const args &a, bool get)
{
    const std::size_t bytes = a.nelems * a.elem;
    if (bytes == 0) return 0;
    return launch.template launch<rma_body>(geometry::rma(bytes), c, get, static_cast<char *>(a.dest),
                                            static_cast<const char *>(a.src), bytes, a.pe);
}

/** Enqueue the kernels of one on-stream call. */
template <class L> int dispatch(L &launch, const context &c, const args &a)
{
    switch (a.op) {
    case SHOAL_STREAM_PUT: return rma(launch, c, a, false);
    case SHOAL_STREAM_GET: return rma(launch, c, a, true);
    case SHOAL_STREAM_IPUT:
    case SHOAL_STREAM_IGET:
        switch (a.elem) {
        case 1: return strided<L, std::uint8_t>(launch, c, a);
        case 2: return strided<L, std::uint16_t>(launch, c, a);
        case 4: return strided<L, std::uint32_t>(launch, c, a);
        case 8: return strided<L, std::uint64_t>(launch, c, a);
        case 16: return strided<L, detail::u128>(launch, c, a);
        default: return L::invalid;
        }
    case SHOAL_STREAM_PUT_SIGNAL: {
        const int rc = rma(launch, c, a, false); // stream order: the data kernel ends before the signal's starts
        if (rc) return rc;
        return launch.template launch<signal_body>(geometry::one_thread(), c, a.sig, a.signal, a.sig_op, a.pe);
    }
    case SHOAL_STREAM_SIGNAL_WAIT:
        return launch.template launch<wait_body>(geometry::one_thread(), c, a.sig, a.sig_op, a.signal);
    case SHOAL_STREAM_QUIET:
    case SHOAL_STREAM_BARRIER_ALL:
    case SHOAL_STREAM_SYNC_ALL:
    case SHOAL_STREAM_BARRIER:
    case SHOAL_STREAM_TEAM_SYNC: return launch.template launch<sync_body>(geometry::one_thread(), c, a);
    case SHOAL_STREAM_ALLTOALL:
    case SHOAL_STREAM_BROADCAST:
    case SHOAL_STREAM_FCOLLECT:
        return launch.template launch<coll_body>(geometry::collective(a.nelems * a.elem), c, a);
    case SHOAL_STREAM_COLLECT: // the members' counts differ, so their parts would: one block
        return launch.template launch<coll_body>(geometry::one_block(), c, a);
    case SHOAL_STREAM_REDUCE: return reduce(launch, c, a);
    case SHOAL_STREAM_P:
    case SHOAL_STREAM_G: // a.dest: memory the GPU writes (the plugin's pinned word, then the caller's)
        switch (a.elem) {
        case 1: return p_or_g<L, std::uint8_t>(launch, c, a);
        case 2: return p_or_g<L, std::uint16_t>(launch, c, a);
        case 4: return p_or_g<L, std::uint32_t>(launch, c, a);
        case 8: return p_or_g<L, std::uint64_t>(launch, c, a);
        default: return L::invalid;
        }
    case SHOAL_STREAM_WAIT_UNTIL: return wait_until(launch, a);
    }
    return L::invalid;
}

/** A context and the arguments that send a reduction down the push path (a heap holding source
 *  and dest, one member), for the loaders and their test: nothing is ever launched with them. */
inline context push_context()
{
    static char heap[64];
    context c{};
    c.heap_base = heap;
    c.heap_size = sizeof heap;
    return c;
}
inline args push_args(args a)
{
    const context c = push_context();
    a.src = c.heap_base;
    a.dest = c.heap_base + 32;
    a.nelems = 1;
    a.psync = nullptr;
    a.team.size = 1;
    return a;
}

/** Every kernel dispatch can enqueue, each handed once or more to loader.launch<Body>(plan,
 *  args...) through dispatch itself: the arguments only choose the branch (a loader loads the
 *  kernel and never runs it). The CUDA plugin loads them all when it starts, since a kernel
 *  loaded at its first launch waits for the GPU's queue to drain, which a user kernel spinning
 *  for that launch's write never does. */
template <class L> void for_every_kernel(L &loader)
{
    const context c{};
    const context push_ctx = push_context();
    args a{};
    a.nelems = 1;
    a.elem = 1;
#define SHOAL_STREAM_REDUCE_CODE(KIND, BYTES, T) SHOAL_STREAM_TYPE(KIND, BYTES),
    const int types[] = {SHOAL_STREAM_REDUCE_TYPES(SHOAL_STREAM_REDUCE_CODE)};
#undef SHOAL_STREAM_REDUCE_CODE
    for (int op = SHOAL_STREAM_PUT; op <= SHOAL_STREAM_WAIT_UNTIL; op++) {
        a.op = static_cast<shoal_stream_op>(op);
        switch (a.op) {
        case SHOAL_STREAM_IPUT:
        case SHOAL_STREAM_IGET:
        case SHOAL_STREAM_P:
        case SHOAL_STREAM_G: // by element size
            for (std::size_t elem = 1; elem <= 16; elem *= 2) {
                a.elem = elem;
                (void)dispatch(loader, c, a);
            }
            a.elem = 1;
            break;
        case SHOAL_STREAM_REDUCE: // by type and operation, on both paths
            for (int t : types) {
                a.red_type = t;
                for (int r = SHOAL_RED_AND; r <= SHOAL_RED_PROD; r++) {
                    a.red_op = r;
                    (void)dispatch(loader, c, a);
                    (void)dispatch(loader, push_ctx, push_args(a));
                }
            }
            break;
        case SHOAL_STREAM_WAIT_UNTIL: // by type
            for (int t : types) {
                a.red_type = t;
                (void)dispatch(loader, c, a);
            }
            break;
        default: (void)dispatch(loader, c, a);
        }
    }
}

} // namespace shoal::device::stream

#endif
