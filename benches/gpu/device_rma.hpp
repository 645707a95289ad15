// Device-initiated put/get latency and bandwidth (NVSHMEM perftest/device/pt-to-pt shape), one
// source for both builds: device_rma.cu launches the loop as a CUDA kernel over the device
// heap; device_rma_emu.cpp runs the same loop as the host emulation (host threads over the
// host heap: the CI smoke test, and the algorithm's CPU cost). BENCH_OP is 0 (put) or 1 (get),
// BENCH_BW 0 (latency: quiet after each call) or 1 (bandwidth: a window, then quiet).
//
// PE 0 drives PE npes/2 (itself at 1 PE); the others only join the barriers. One table per
// scope (thread: 1 thread, warp: 32, block: 128), rows "Size Latency(us)" or
// "Size Bandwidth(MB/s)"; the moved bytes are checked where they landed.
#ifndef SHOAL_BENCH_DEVICE_RMA_HPP
#define SHOAL_BENCH_DEVICE_RMA_HPP

#include <shmem.h>
#include <shmemx.h>
#include <shoal/device/api.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace bench {

namespace d = shoal::device;

/** The timed loop, run by every thread of the scope's group. */
template <class S>
SHOAL_HD void rma_loop(const d::context &c, char *remote, char *local, std::size_t size, int iters, int window,
                       int peer, bool get)
{
    for (int i = 0; i < iters; i++) {
        for (int w = 0; w < window; w++) {
            if (get)
                d::getmem<S>(c, local, remote, size, peer);
            else
                d::putmem<S>(c, remote, local, size, peer);
        }
        d::quiet(c);
        S::sync();
    }
}

struct options {
    std::size_t min_size = 8, max_size = std::size_t(16) << 20;
    int iters = 100, warmup = 10, window = 64;
    std::string scopes = "thread,warp,block";
};

inline std::size_t parse_bytes(const char *s)
{
    char *end;
    std::size_t v = std::strtoull(s, &end, 10);
    if (*end == 'K' || *end == 'k') v <<= 10;
    if (*end == 'M' || *end == 'm') v <<= 20;
    return v;
}

inline options parse(int argc, char **argv)
{
    options o;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : "";
        if (a == "-q") {
            o.max_size = 64 << 10;
            o.iters = 10;
            o.warmup = 2;
            o.window = 8;
        } else if (a == "-s") {
            const char *colon = std::strchr(next, ':');
            o.min_size = parse_bytes(next);
            o.max_size = colon ? parse_bytes(colon + 1) : o.min_size;
            i++;
        } else if (a == "-i") {
            o.iters = std::atoi(next);
            i++;
        } else if (a == "-W") {
            o.window = std::atoi(next);
            i++;
        } else if (a == "-S") {
            o.scopes = next;
            i++;
        } else {
            std::fprintf(stderr, "usage: %s [-q] [-s MIN:MAX] [-i N] [-W N] [-S thread,warp,block]\n", argv[0]);
            std::exit(2);
        }
    }
    return o;
}

inline unsigned char pattern(std::size_t size, std::size_t i) { return static_cast<unsigned char>((i * 7 + size) & 0xff); }

/** The launcher's run<S> for the scope named. */
template <class L, class... A> double run_scope(const std::string &scope, int threads, A... args)
{
    if (scope == "thread") return L::template run<d::scope::thread>(threads, args...);
    if (scope == "warp") return L::template run<d::scope::warp>(threads, args...);
    return L::template run<d::scope::block>(threads, args...);
}

/** L: the launcher (the build's): alloc/free symmetric memory, copy in and out, and
 *  template run<S>(threads, args...) -> microseconds of the whole loop. */
template <class L> int bench_main(int argc, char **argv, const char *name, bool get, bool bw)
{
    const options o = parse(argc, argv);
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes(), peer = npes / 2;
    const int window = bw ? o.window : 1;
    char *remote = static_cast<char *>(L::alloc(o.max_size));
    char *local = static_cast<char *>(L::alloc(o.max_size));
    if (!remote || !local) {
        std::fprintf(stderr, "%s: cannot allocate 2 x %zu bytes of symmetric memory\n", name, o.max_size);
        return 1;
    }
    d::context c{};
    shmemx_device_context(&c);
    int wrong = 0;
    if (me == 0) {
        std::printf("# %s: device %s %s (%s)\n", name, get ? "get" : "put", bw ? "bandwidth" : "latency",
                    L::where);
        std::printf("# library: Shoal, PEs: %d; PE 0 -> PE %d\n", npes, peer);
    }
    struct scope_row { const char *name; int threads; };
    const scope_row rows[] = {{"thread", 1}, {"warp", 32}, {"block", 128}};
    for (const scope_row &s : rows) {
        if (o.scopes.find(s.name) == std::string::npos) continue;
        if (me == 0) std::printf("# scope %s (%d threads)\n# Size  %s\n", s.name, s.threads, bw ? "Bandwidth(MB/s)" : "Latency(us)");
        for (std::size_t size = o.min_size; size <= o.max_size; size *= 2) {
            std::vector<unsigned char> pat(size);
            for (std::size_t i = 0; i < size; i++) pat[i] = pattern(size, i);
            // The source of the transfer holds the pattern: mine (put) or the peer's (get).
            if ((!get && me == 0) || (get && me == peer)) L::copy_in(get ? remote : local, pat.data(), size);
            shmem_barrier_all();
            const int iters = size > 8192 ? (o.iters + 9) / 10 : o.iters;
            const int warmup = size > 8192 ? (o.warmup + 9) / 10 : o.warmup;
            double us = 0;
            if (me == 0) {
                run_scope<L>(s.name, s.threads, c, remote, local, size, warmup, window, peer, get);
                us = run_scope<L>(s.name, s.threads, c, remote, local, size, iters, window, peer, get);
            }
            shmem_barrier_all();
            // Check where the bytes landed: the peer's remote (put) or my local (get).
            bool bad = false;
            if ((!get && me == peer) || (get && me == 0)) {
                std::vector<unsigned char> got(size);
                L::copy_out(got.data(), get ? local : remote, size);
                bad = std::memcmp(got.data(), pat.data(), size) != 0;
                if (bad) std::fprintf(stderr, "%s: PE %d: size %zu: wrong data\n", name, me, size);
            }
            wrong += bad;
            if (me == 0) {
                const double calls = static_cast<double>(iters) * window;
                if (bw)
                    std::printf("%-10zu%20.2f%s\n", size, static_cast<double>(size) * calls / us, bad ? " WRONG" : "");
                else
                    std::printf("%-10zu%20.3f%s\n", size, us / calls, bad ? " WRONG" : "");
            }
            shmem_barrier_all();
        }
    }
    L::free(local);
    L::free(remote);
    shmem_finalize();
    return wrong ? 1 : 0;
}

} // namespace bench

#endif
