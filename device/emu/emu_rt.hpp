// The emulated CUDA runtime under libshoal_cuda_emu.so: namespace rt, the calls plugin.hpp
// makes (its header says which), over runtime.cpp. Shared by the plugin's main file
// (plugin.cpp) and its reduction parts (reduce.cpp), as cuda_rt.hpp is by libshoal_cuda.so's.
#ifndef SHOAL_DEVICE_EMU_EMU_RT_HPP
#define SHOAL_DEVICE_EMU_EMU_RT_HPP

#include "runtime.hpp"

#include <shoal/device/emulate.h>

namespace shoal_plugin::rt {

namespace e = shoal::device::emulate::cuda;

using stream_t = CUstream_st *;
inline constexpr int invalid = e::invalid_value;

inline const char *error_string(int code) { return e::error_string(code); }
inline int device_count(int *count) { return e::device_count(count); }
inline int set_device(int device) { return e::set_device(device); }
inline int device_uuid(int device, unsigned char out[16]) { return e::device_uuid(device, out); }
inline int malloc(void **ptr, std::size_t size) { return e::malloc(ptr, size); }
inline int free(void *ptr) { return e::free(ptr); }
inline int host_alloc(void **ptr, std::size_t size) { return e::host_alloc(ptr, size); }
inline int host_free(void *ptr) { return e::host_free(ptr); }
inline int ipc_get(void *handle, void *base) { return e::ipc_get(handle, base); }
inline int ipc_open(void **mapped, const void *handle) { return e::ipc_open(mapped, handle); }
inline int ipc_close(void *mapped) { return e::ipc_close(mapped); }
inline int stream_create_nonblocking(stream_t *s)
{
    *s = e::stream_create(true);
    return e::success;
}
inline int stream_sync(stream_t s) { return e::stream_synchronize(s); }
inline int memcpy_async(void *d, const void *s, std::size_t n, stream_t st) { return e::memcpy_async(d, s, n, st); }
inline int memset_async(void *d, int v, std::size_t n, stream_t st) { return e::memset_async(d, v, n, st); }
inline bool reachable(const void *p) { return e::reachable(p); }

inline int current_device(int *device) { return e::current_device(device); }
inline int coop_max_blocks(void *, unsigned block_threads, std::size_t, int *blocks)
{
    if (block_threads == 0 || block_threads > 1024) return e::invalid_configuration;
    *blocks = static_cast<int>(shoal::device::emulate::max_cooperative_threads / block_threads);
    return e::success;
}
/** func: an e::kernel_fn (the emulation has no CUfunction); every block at once. */
inline int coop_launch(void *func, const unsigned grid[3], const unsigned block[3], void **args, std::size_t,
                       stream_t stream)
{
    if (!func) return e::invalid_value;
    const auto fn = reinterpret_cast<e::kernel_fn>(func);
    return e::launch(stream, {grid[0], grid[1], grid[2]}, {block[0], block[1], block[2]}, [fn, args] { fn(args); },
                     true);
}

struct launcher {
    stream_t stream;
    static constexpr int invalid = rt::invalid;
    template <class Body, class... A> int launch(const shoal::device::geometry::plan &p, A... args)
    {
        return e::launch(stream, p.grid, p.block, [args...] { Body::run(args...); });
    }
    /** Nothing to load ahead: the emulation's kernels are host code. */
    template <class Body, class... A> static int preload() { return 0; }
};

} // namespace shoal_plugin::rt

#endif
