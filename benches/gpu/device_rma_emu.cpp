// Host-emulation build of device_rma.hpp: the loop on groups of host threads over the host
// heap. Built once; each program's main (device_rma_main.cpp) picks the operation.
#include <chrono>
#include <cstring>

#include <shoal/device/emulate.h>

#include "device_rma.hpp"

namespace {

struct emulated {
    static constexpr const char *where = "host emulation, host heap";
    static void *alloc(std::size_t n) { return shmem_malloc(n); }
    static void free(void *p) { shmem_free(p); }
    static void copy_in(void *dst, const void *src, std::size_t n) { std::memcpy(dst, src, n); }
    static void copy_out(void *dst, const void *src, std::size_t n) { std::memcpy(dst, src, n); }
    template <class S, class... A> static double run(int threads, A... args)
    {
        const auto t0 = std::chrono::steady_clock::now();
        shoal::device::emulate::launch(threads, [&] { bench::rma_loop<S>(args...); });
        return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    }
};

} // namespace

int bench_device_main(int argc, char **argv, const char *name, bool get, bool bw)
{
    return bench::bench_main<emulated>(argc, argv, name, get, bw);
}
