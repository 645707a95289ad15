// The CUDA plugin's table (runtime/src/device/cuda_iface.h), single source for its two builds:
// over the CUDA runtime (cuda_plugin.cu) and over the host emulation of it (emu/plugin.cpp).
// The includer first defines namespace shoal_plugin::rt, the runtime calls this file makes:
//   stream_t; invalid; error_string(rc); device_count(&n); set_device(d); device_uuid(d, out16);
//   malloc/free (device), host_alloc/host_free (pinned); ipc_get/ipc_open/ipc_close;
//   stream_create_nonblocking(&s); stream_sync(s); memcpy_async(d, s, n, stream);
//   memset_async(d, v, n, stream); reachable(p) (device or pinned memory: the GPU reads it);
//   launcher{stream} with launch<Body>(plan, args...) (stream_kernels.h);
//   current_device(&d) (-1: no current context); coop_max_blocks(func, threads, shared, &n) and
//   coop_launch(func, grid, block, args, shared, stream): a program's kernel, every block at once.
//
// The host's copies and atomics on device memory go through a stream of the plugin's own,
// created non-blocking (never ordered after work of the legacy stream or of user streams),
// with pageable memory staged through a pinned buffer, and wait for that stream only: a user
// kernel spinning until the host writes a word cannot hold the host call up.
#ifndef SHOAL_DEVICE_SRC_PLUGIN_HPP
#define SHOAL_DEVICE_SRC_PLUGIN_HPP

#include <sys/stat.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include <shoal/device/stream_kernels.h>

#include "loader.hpp"

extern "C" {
#include "device/cuda_iface.h"
}

namespace shoal_plugin {

namespace sk = shoal::device::stream;

static_assert(static_cast<int>(SHOAL_AMO_FETCH) == sk::amo_fetch && static_cast<int>(SHOAL_AMO_SET) == sk::amo_set &&
                  static_cast<int>(SHOAL_AMO_SWAP) == sk::amo_swap && static_cast<int>(SHOAL_AMO_CSWAP) == sk::amo_cswap &&
                  static_cast<int>(SHOAL_AMO_ADD) == sk::amo_add && static_cast<int>(SHOAL_AMO_AND) == sk::amo_and &&
                  static_cast<int>(SHOAL_AMO_OR) == sk::amo_or && static_cast<int>(SHOAL_AMO_XOR) == sk::amo_xor,
              "the AMO kernel's op codes are the runtime's");

/** The plugin's own stream and its pinned staging (the AMO result slot at its start). */
struct own_state {
    std::mutex lock;
    rt::stream_t stream{};
    unsigned char *staging = nullptr;
    bool ready = false;
};
inline own_state own;

constexpr std::size_t staging_bytes = std::size_t(1) << 20;
constexpr std::size_t result_bytes = 64; // the AMO result, before the staged bytes

/** The host AMO kernel's instance for T: launched by amo_of, loaded ahead by make_own. */
template <class T> struct amo_kernel {
    static int launch(rt::launcher &l, int op, T *mapped, T v, T c, T *out)
    {
        return l.template launch<sk::host_amo_body<T>, int, T *, T, T, T *>(shoal::device::geometry::one_thread(), op,
                                                                             mapped, v, c, out);
    }
    static int preload() { return rt::launcher::template preload<sk::host_amo_body<T>, int, T *, T, T, T *>(); }
};

inline int make_own()
{
    if (own.ready) return 0;
    int rc = rt::stream_create_nonblocking(&own.stream);
    if (!rc) rc = rt::host_alloc(reinterpret_cast<void **>(&own.staging), result_bytes + staging_bytes);
    // The plugin's kernels are loaded now, not at their first launch: under CUDA's lazy loading
    // (the default) a first launch loads the kernel under the context lock and waits for the
    // GPU's queue to drain, so a host atomic or an on-stream put that a running user kernel
    // spins for would wait for ever (seen on an H200: gpu_shape_test's host calls while a
    // kernel waits).
    if (!rc) rc = amo_kernel<unsigned long long>::preload();
    if (!rc) rc = amo_kernel<unsigned int>::preload();
    if (!rc) {
        loader l;
        sk::for_every_kernel(l);
        rc = l.rc;
    }
    own.ready = rc == 0;
    return rc;
}

inline const char *error(int code) { return rt::error_string(code); }
inline int device_count(int *count) { return rt::device_count(count); }

inline int set_device(int device)
{
    const int rc = rt::set_device(device);
    if (rc) return rc;
    std::lock_guard<std::mutex> g(own.lock);
    return make_own();
}

inline int dmalloc(void **ptr, std::size_t size) { return rt::malloc(ptr, size); }
inline int dfree(void *ptr) { return rt::free(ptr); }
inline int ipc_get(void *handle, void *base) { return rt::ipc_get(handle, base); }
inline int ipc_open(void **mapped, const void *handle) { return rt::ipc_open(mapped, handle); }
inline int ipc_close(void *mapped) { return rt::ipc_close(mapped); }

/** dest <- src on the own stream, then wait for it. Pageable memory on either side goes
 *  through the staging buffer a chunk at a time. */
inline int copy(void *dest, const void *src, std::size_t len)
{
    std::lock_guard<std::mutex> g(own.lock);
    int rc = make_own();
    if (rc || len == 0) return rc;
    auto *d = static_cast<unsigned char *>(dest);
    const auto *s = static_cast<const unsigned char *>(src);
    const bool dr = rt::reachable(d), sr = rt::reachable(s);
    if (dr && sr) {
        rc = rt::memcpy_async(d, s, len, own.stream);
        return rc ? rc : rt::stream_sync(own.stream);
    }
    unsigned char *stage = own.staging + result_bytes;
    for (std::size_t off = 0; off < len && !rc; off += staging_bytes) {
        const std::size_t n = len - off < staging_bytes ? len - off : staging_bytes;
        if (sr) { // device -> pageable host
            rc = rt::memcpy_async(stage, s + off, n, own.stream);
            if (!rc) rc = rt::stream_sync(own.stream);
            if (!rc) std::memcpy(d + off, stage, n);
        } else { // pageable host -> device (or host: the same path)
            std::memcpy(stage, s + off, n);
            rc = rt::memcpy_async(d + off, stage, n, own.stream);
            if (!rc) rc = rt::stream_sync(own.stream);
        }
    }
    return rc;
}

inline int dmemset(void *dest, int value, std::size_t len)
{
    std::lock_guard<std::mutex> g(own.lock);
    int rc = make_own();
    if (!rc) rc = rt::memset_async(dest, value, len, own.stream);
    return rc ? rc : rt::stream_sync(own.stream);
}

inline int synchronize()
{
    std::lock_guard<std::mutex> g(own.lock);
    return own.ready ? rt::stream_sync(own.stream) : 0;
}

template <class T> int amo_of(enum shoal_amo_op op, void *mapped, const void *operand, const void *cond, void *result)
{
    T v = 0, c = 0;
    if (operand) std::memcpy(&v, operand, sizeof v);
    if (cond) std::memcpy(&c, cond, sizeof c);
    std::lock_guard<std::mutex> g(own.lock);
    int rc = make_own();
    if (rc) return rc;
    T *out = reinterpret_cast<T *>(own.staging);
    rt::launcher l{own.stream};
    rc = amo_kernel<T>::launch(l, static_cast<int>(op), static_cast<T *>(mapped), v, c, out);
    if (!rc) rc = rt::stream_sync(own.stream);
    if (!rc && result) std::memcpy(result, out, sizeof *out);
    return rc;
}

inline int amo(enum shoal_amo_op op, void *mapped, std::size_t size, const void *operand, const void *cond, void *result)
{
    return size == 8 ? amo_of<unsigned long long>(op, mapped, operand, cond, result)
                     : amo_of<unsigned int>(op, mapped, operand, cond, result);
}

/** g on a stream: the kernel stores the value in a pinned word of this thread's (kept for its
 *  later calls), the stream is waited for, then the value goes to the caller's memory. */
inline int fetch_one(rt::launcher &l, const shoal_device_context &ctx, shoal_stream_args a)
{
    thread_local unsigned char *word = nullptr;
    if (!word) {
        const int rc = rt::host_alloc(reinterpret_cast<void **>(&word), 16);
        if (rc) return rc;
    }
    void *out = a.dest;
    a.dest = word;
    int rc = sk::dispatch(l, ctx, a);
    if (!rc) rc = rt::stream_sync(l.stream);
    if (!rc) std::memcpy(out, word, a.elem);
    return rc;
}

inline int stream_launch(void *stream, const shoal_device_context *ctx, const shoal_stream_args *args)
{
    rt::launcher l{static_cast<rt::stream_t>(stream)};
    if (args->op == SHOAL_STREAM_G) return fetch_one(l, *ctx, *args);
    return sk::dispatch(l, *ctx, *args);
}

/** Whether MPS serves this process: its control daemon's pipe is where clients look for it
 *  (CUDA_MPS_PIPE_DIRECTORY, by default /tmp/nvidia-mps). */
inline bool mps_running()
{
    const char *dir = std::getenv("CUDA_MPS_PIPE_DIRECTORY");
    const std::string pipe = std::string(dir && *dir ? dir : "/tmp/nvidia-mps") + "/control";
    struct stat st;
    return ::stat(pipe.c_str(), &st) == 0;
}

inline int gpu_share(int device, unsigned char uuid[16], int *mps)
{
    const int rc = rt::device_uuid(device, uuid);
    *mps = mps_running() ? 1 : 0;
    return rc;
}

inline int current_device(int *device) { return rt::current_device(device); }

inline int coop_max_blocks(void *func, unsigned block_threads, std::size_t shared_mem, int *blocks)
{
    return rt::coop_max_blocks(func, block_threads, shared_mem, blocks);
}

inline int coop_launch(void *func, const unsigned grid[3], const unsigned block[3], void **args, std::size_t shared_mem,
                       void *stream)
{
    return rt::coop_launch(func, grid, block, args, shared_mem, static_cast<rt::stream_t>(stream));
}

inline const shoal_cuda_iface table = {
    SHOAL_CUDA_IFACE_VERSION, sizeof(shoal_cuda_iface), error, device_count, set_device, dmalloc, dfree,
    ipc_get, ipc_open, ipc_close, copy, dmemset, amo, synchronize, stream_launch, gpu_share,
    current_device, coop_max_blocks, coop_launch,
};

} // namespace shoal_plugin

extern "C" __attribute__((visibility("default"))) const shoal_cuda_iface *shoal_cuda_plugin(uint32_t version)
{
    return version == SHOAL_CUDA_IFACE_VERSION ? &shoal_plugin::table : nullptr;
}

#endif
