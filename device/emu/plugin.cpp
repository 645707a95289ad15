// libshoal_cuda_emu.so's plugin table: plugin.hpp over the emulated CUDA runtime (runtime.cpp),
// so the device heap, the host API on it and the _on_stream kernels run without a GPU, with the
// same source as libshoal_cuda.so and the same kernel bodies, launched in emulated grids.
#include "runtime.hpp"

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

struct launcher {
    stream_t stream;
    static constexpr int invalid = rt::invalid;
    template <class Body, class... A> int launch(const shoal::device::geometry::plan &p, A... args)
    {
        return e::launch(stream, p.grid, p.block, [args...] { Body::run(args...); });
    }
};

} // namespace shoal_plugin::rt

#include "../src/plugin.hpp"
