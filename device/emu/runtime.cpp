// The emulated CUDA runtime of libshoal_cuda_emu.so (emulate_cuda.h says what it models).
// Streams are worker threads with a queue; a queued op may first wait for other streams to
// reach a count of completed ops (the legacy stream's implicit synchronisation). Device
// memory is memfd-backed shared memory that a peer maps through /proc/PID/fd (no name to
// leak); the copies of the emulated copy engine load and store atomically word by word, as a
// DMA engine makes aligned words appear whole to a kernel polling them.
#include "runtime.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

#include <shoal/device/emulate.h>

namespace ecuda = shoal::device::emulate::cuda;

struct CUstream_st {
    struct op {
        std::function<void()> run;
        std::vector<std::pair<CUstream_st *, unsigned long>> after; // streams' done counts to wait for
    };
    explicit CUstream_st(bool blocking_, bool legacy_) : blocking(blocking_), legacy(legacy_)
    {
        worker = std::thread([this] { serve(); });
    }
    void serve();
    void wait_done(unsigned long n)
    {
        std::unique_lock<std::mutex> l(m);
        cv.wait(l, [&] { return done >= n; });
    }
    unsigned long enqueued_now()
    {
        std::lock_guard<std::mutex> l(m);
        return enqueued;
    }

    const bool blocking, legacy;
    std::mutex m;
    std::condition_variable cv;
    std::deque<op> queue;
    unsigned long enqueued = 0, done = 0;
    bool stopping = false;
    ecuda::graph_st *capture = nullptr;
    std::vector<ecuda::launch_record> history;
    std::thread worker;
};

namespace shoal::device::emulate::cuda {

struct graph_st {
    std::vector<std::function<void()>> ops;
    bool invalidated = false;
};

namespace {

std::mutex streams_lock;
std::vector<CUstream_st *> streams; // every live stream, the legacy one included
std::vector<CUstream_st *> capturing;

CUstream_st *legacy_stream()
{
    static CUstream_st *legacy = [] {
        auto *s = new CUstream_st(true, true); // lives as long as the process
        std::lock_guard<std::mutex> l(streams_lock);
        streams.push_back(s);
        return s;
    }();
    return legacy;
}

/** A synchronous call while a global-mode capture runs: the capture is lost, the call fails. */
bool unsafe_during_capture()
{
    std::lock_guard<std::mutex> l(streams_lock);
    if (capturing.empty()) return false;
    for (CUstream_st *s : capturing) {
        std::lock_guard<std::mutex> sl(s->m);
        if (s->capture) s->capture->invalidated = true;
    }
    return true;
}

int enqueue(CUstream_st *s, std::function<void()> run)
{
    if (!s) s = legacy_stream();
    {
        std::lock_guard<std::mutex> l(s->m);
        if (s->capture) {
            s->capture->ops.push_back(std::move(run));
            return success;
        }
    }
    CUstream_st::op o{std::move(run), {}};
    if (s->legacy) {
        std::vector<CUstream_st *> others;
        {
            std::lock_guard<std::mutex> l(streams_lock);
            for (CUstream_st *b : streams)
                if (b != s && b->blocking) others.push_back(b);
        }
        for (CUstream_st *b : others) o.after.emplace_back(b, b->enqueued_now());
    } else if (s->blocking) {
        CUstream_st *l = legacy_stream();
        o.after.emplace_back(l, l->enqueued_now());
    }
    {
        std::lock_guard<std::mutex> l(s->m);
        s->queue.push_back(std::move(o));
        s->enqueued++;
    }
    s->cv.notify_all();
    return success;
}

/** Copy as a DMA engine does: aligned words land whole (atomically, so a kernel polling one
 *  reads the old or the new value), the rest byte by byte. */
void dma_copy(void *dst, const void *src, std::size_t n)
{
    auto *d = static_cast<unsigned char *>(dst);
    const auto *s = static_cast<const unsigned char *>(src);
    std::size_t i = 0;
    if (((reinterpret_cast<std::uintptr_t>(d) | reinterpret_cast<std::uintptr_t>(s)) & 7) == 0)
        for (; i + 8 <= n; i += 8)
            __atomic_store_n(reinterpret_cast<std::uint64_t *>(d + i),
                             __atomic_load_n(reinterpret_cast<const std::uint64_t *>(s + i), __ATOMIC_RELAXED),
                             __ATOMIC_RELAXED);
    for (; i < n; i++) __atomic_store_n(d + i, __atomic_load_n(s + i, __ATOMIC_RELAXED), __ATOMIC_RELAXED);
}

void dma_set(void *dst, int value, std::size_t n)
{
    auto *d = static_cast<unsigned char *>(dst);
    std::size_t i = 0;
    if ((reinterpret_cast<std::uintptr_t>(d) & 7) == 0) {
        std::uint64_t w;
        std::memset(&w, value, sizeof w);
        for (; i + 8 <= n; i += 8) __atomic_store_n(reinterpret_cast<std::uint64_t *>(d + i), w, __ATOMIC_RELAXED);
    }
    for (; i < n; i++) __atomic_store_n(d + i, static_cast<unsigned char>(value), __ATOMIC_RELAXED);
}

/** Memory the emulated GPU knows: its allocations, peers' mapped ones, pinned host memory. */
struct region {
    std::size_t size;
    int fd;        // device memory of this process: its memfd; else -1
    bool device;   // device memory (own or mapped); else pinned host memory
    bool owned;    // allocated here (else mapped from a peer)
};
std::mutex regions_lock;
std::map<std::uintptr_t, region> regions;

std::map<std::uintptr_t, region>::iterator find_region(const void *p)
{
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    auto it = regions.upper_bound(a);
    if (it == regions.begin()) return regions.end();
    --it;
    return a < it->first + it->second.size ? it : regions.end();
}

struct ipc_handle {
    std::uint32_t magic;
    std::int32_t pid, fd;
    std::uint64_t size;
};
constexpr std::uint32_t ipc_magic = 0x53454d55; // "SEMU"

/** The emulated GPUs: as many as CUDA_VISIBLE_DEVICES lists (one when it is unset; none when
 *  it is empty), as the CUDA runtime shows the devices listed there. */
int device_count_value()
{
    const char *env = std::getenv("CUDA_VISIBLE_DEVICES");
    if (!env) return 1;
    int n = 0;
    for (const char *p = env; *p;) {
        while (*p == ',' || *p == ' ') p++;
        if (!*p) break;
        n++;
        while (*p && *p != ',') p++;
    }
    return n;
}

} // namespace

const char *error_string(int code)
{
    switch (code) {
    case success: return "no error";
    case invalid_value: return "invalid argument";
    case memory_allocation: return "out of memory";
    case invalid_configuration: return "invalid configuration argument";
    case invalid_device: return "invalid device ordinal";
    case capture_unsupported: return "operation not permitted when stream is capturing";
    case capture_invalidated: return "operation failed due to a previous error during capture";
    default: return "unknown error";
    }
}

stream_t stream_create(bool non_blocking)
{
    auto *s = new CUstream_st(!non_blocking, false);
    std::lock_guard<std::mutex> l(streams_lock);
    streams.push_back(s);
    return s;
}

int stream_destroy(stream_t s)
{
    if (!s) return invalid_value;
    s->wait_done(s->enqueued_now());
    {
        std::lock_guard<std::mutex> l(streams_lock);
        for (auto it = streams.begin(); it != streams.end(); ++it)
            if (*it == s) {
                streams.erase(it);
                break;
            }
    }
    {
        std::lock_guard<std::mutex> l(s->m);
        s->stopping = true;
    }
    s->cv.notify_all();
    s->worker.join();
    delete s;
    return success;
}

int stream_synchronize(stream_t s)
{
    if (!s) s = legacy_stream();
    {
        std::lock_guard<std::mutex> l(s->m);
        if (s->capture) {
            s->capture->invalidated = true;
            return capture_unsupported;
        }
    }
    s->wait_done(s->enqueued_now());
    return success;
}

int device_synchronize()
{
    if (unsafe_during_capture()) return capture_unsupported;
    std::vector<CUstream_st *> all;
    {
        std::lock_guard<std::mutex> l(streams_lock);
        all = streams;
    }
    for (CUstream_st *s : all) s->wait_done(s->enqueued_now());
    return success;
}

int launch(stream_t s, extent grid, extent block, std::function<void()> body, bool cooperative)
{
    if (grid.count() == 0 || block.count() == 0 || block.count() > 1024) return invalid_configuration;
    if (cooperative && grid.count() * block.count() > max_cooperative_threads) return invalid_configuration;
    CUstream_st *target = s ? s : legacy_stream();
    return enqueue(s, [grid, block, cooperative, target, body = std::move(body)] {
        {
            std::lock_guard<std::mutex> l(target->m);
            target->history.push_back({grid, block, cooperative});
        }
        emulate::launch(grid, block, body, launch_options{cooperative, 2});
    });
}

std::vector<launch_record> launches(stream_t s)
{
    if (!s) s = legacy_stream();
    std::lock_guard<std::mutex> l(s->m);
    return s->history;
}

int malloc(void **ptr, std::size_t size)
{
    if (unsafe_during_capture()) return capture_unsupported;
    if (!ptr) return invalid_value;
    const std::size_t len = size ? size : 1;
    const int fd = ::memfd_create("shoal-emu-gpu", MFD_CLOEXEC);
    if (fd < 0) return memory_allocation;
    void *p = MAP_FAILED;
    if (::ftruncate(fd, static_cast<off_t>(len)) == 0)
        p = ::mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
        ::close(fd);
        return memory_allocation;
    }
    std::lock_guard<std::mutex> l(regions_lock);
    regions[reinterpret_cast<std::uintptr_t>(p)] = region{len, fd, true, true};
    *ptr = p;
    return success;
}

int free(void *ptr)
{
    if (unsafe_during_capture()) return capture_unsupported;
    if (!ptr) return success;
    std::lock_guard<std::mutex> l(regions_lock);
    auto it = regions.find(reinterpret_cast<std::uintptr_t>(ptr));
    if (it == regions.end() || !it->second.owned || !it->second.device) return invalid_value;
    ::munmap(ptr, it->second.size);
    ::close(it->second.fd);
    regions.erase(it);
    return success;
}

int host_alloc(void **ptr, std::size_t size)
{
    if (unsafe_during_capture()) return capture_unsupported;
    void *p = std::calloc(1, size ? size : 1);
    if (!p) return memory_allocation;
    std::lock_guard<std::mutex> l(regions_lock);
    regions[reinterpret_cast<std::uintptr_t>(p)] = region{size ? size : 1, -1, false, true};
    *ptr = p;
    return success;
}

int host_free(void *ptr)
{
    std::lock_guard<std::mutex> l(regions_lock);
    regions.erase(reinterpret_cast<std::uintptr_t>(ptr));
    std::free(ptr);
    return success;
}

bool reachable(const void *p)
{
    std::lock_guard<std::mutex> l(regions_lock);
    return find_region(p) != regions.end();
}

int ipc_get(void *handle, void *base)
{
    std::lock_guard<std::mutex> l(regions_lock);
    auto it = regions.find(reinterpret_cast<std::uintptr_t>(base));
    if (it == regions.end() || !it->second.owned || !it->second.device) return invalid_value;
    const ipc_handle h{ipc_magic, static_cast<std::int32_t>(::getpid()), it->second.fd, it->second.size};
    std::memcpy(handle, &h, sizeof h);
    return success;
}

int ipc_open(void **mapped, const void *handle)
{
    ipc_handle h;
    std::memcpy(&h, handle, sizeof h);
    if (h.magic != ipc_magic) return invalid_value;
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/fd/%d", static_cast<int>(h.pid), static_cast<int>(h.fd));
    const int fd = ::open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return invalid_value;
    void *p = ::mmap(nullptr, h.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    ::close(fd);
    if (p == MAP_FAILED) return memory_allocation;
    std::lock_guard<std::mutex> l(regions_lock);
    regions[reinterpret_cast<std::uintptr_t>(p)] = region{h.size, -1, true, false};
    *mapped = p;
    return success;
}

int ipc_close(void *mapped)
{
    std::lock_guard<std::mutex> l(regions_lock);
    auto it = regions.find(reinterpret_cast<std::uintptr_t>(mapped));
    if (it == regions.end() || it->second.owned) return invalid_value;
    ::munmap(mapped, it->second.size);
    regions.erase(it);
    return success;
}

int memcpy(void *dst, const void *src, std::size_t n)
{
    if (unsafe_during_capture()) return capture_unsupported;
    CUstream_st *l = legacy_stream();
    enqueue(l, [dst, src, n] { dma_copy(dst, src, n); });
    l->wait_done(l->enqueued_now());
    return success;
}

int memcpy_async(void *dst, const void *src, std::size_t n, stream_t s)
{
    return enqueue(s, [dst, src, n] { dma_copy(dst, src, n); });
}

int memset_async(void *dst, int value, std::size_t n, stream_t s)
{
    return enqueue(s, [dst, value, n] { dma_set(dst, value, n); });
}

int device_count(int *count)
{
    *count = device_count_value();
    return success;
}

int set_device(int device) { return device >= 0 && device < device_count_value() ? success : invalid_device; }

int device_uuid(int device, unsigned char out[16])
{
    if (device < 0 || device >= device_count_value()) return invalid_device;
    std::memset(out, 0, 16);
    std::memcpy(out, "shoal-emu-gpu", 13);
    out[15] = static_cast<unsigned char>(device);
    return success;
}

int begin_capture(stream_t s)
{
    if (!s) return invalid_value; // the legacy stream cannot be captured
    std::lock_guard<std::mutex> l(streams_lock);
    std::lock_guard<std::mutex> sl(s->m);
    if (s->capture) return invalid_value;
    s->capture = new graph_st;
    capturing.push_back(s);
    return success;
}

int end_capture(stream_t s, graph_t *graph)
{
    if (!s || !graph) return invalid_value;
    std::lock_guard<std::mutex> l(streams_lock);
    std::lock_guard<std::mutex> sl(s->m);
    graph_st *g = s->capture;
    if (!g) return invalid_value;
    s->capture = nullptr;
    for (auto it = capturing.begin(); it != capturing.end(); ++it)
        if (*it == s) {
            capturing.erase(it);
            break;
        }
    if (g->invalidated) {
        delete g;
        *graph = nullptr;
        return capture_invalidated;
    }
    *graph = g;
    return success;
}

int graph_launch(graph_t graph, stream_t s)
{
    if (!graph) return invalid_value;
    for (const auto &op : graph->ops) enqueue(s, op);
    return success;
}

void graph_destroy(graph_t graph) { delete graph; }

} // namespace shoal::device::emulate::cuda

void CUstream_st::serve()
{
    for (;;) {
        op o;
        {
            std::unique_lock<std::mutex> l(m);
            cv.wait(l, [&] { return !queue.empty() || stopping; });
            if (queue.empty()) return;
            o = std::move(queue.front());
            queue.pop_front();
        }
        for (auto &[s, n] : o.after) s->wait_done(n);
        o.run();
        {
            std::lock_guard<std::mutex> l(m);
            done++;
        }
        cv.notify_all();
    }
}
