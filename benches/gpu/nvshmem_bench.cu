// GPU benchmarks written against the NVSHMEM API alone, so that one source builds against
// Shoal's nvshmem.h (plain nvcc; PEs started by shoalrun) and against NVSHMEM itself (nvcc
// -rdc=true -DBENCH_FORK; the program forks its PEs and initialises NVSHMEM from a unique id,
// so no mpirun is needed). benches/gpu/run.sh builds and runs both and puts them in one table.
//
//   nvshmem_bench [-n PES] [-m MAX_BYTES] [-i ITERS] OP...        (-n: with BENCH_FORK only)
//
// OP: put_lat, get_lat (one thread: a put or get of each size, then quiet; microseconds per
// call), put_bw, get_bw (one block of 256 threads: a window of 64 block-scope puts or gets,
// then quiet; GB/s), barrier (barrier_all on a stream; microseconds), allreduce (float sum
// reduce on a stream over the world team; microseconds). Sizes from 8 bytes to MAX_BYTES
// (default 64 MiB), doubling. PE 0 drives PE 1 for the point-to-point ops (itself at 1 PE);
// every PE joins the collectives. PE 0 prints one line a measurement:
//   RESULT <op> <bytes> <value> <unit>
// and checks what landed (a wrong value prints WRONG and the program exits 1).
#include <cuda_runtime.h>
#include <nvshmem.h>
#include <nvshmemx.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#if defined(BENCH_FORK)
#include "fork_pes.hpp"
#endif

namespace {

#define BENCH_CUDA(call)                                                                                   \
    do {                                                                                                   \
        const cudaError_t e_ = (call);                                                                     \
        if (e_ != cudaSuccess) {                                                                           \
            std::fprintf(stderr, "nvshmem_bench: %s: %s\n", #call, cudaGetErrorString(e_));                \
            std::exit(2);                                                                                  \
        }                                                                                                  \
    } while (0)

constexpr int bw_threads = 256;
constexpr int bw_window = 64;

__global__ void put_get_latency(char *remote, char *local, std::size_t size, int iters, int peer, bool get)
{
    for (int i = 0; i < iters; i++) {
        if (get)
            nvshmem_getmem(local, remote, size, peer);
        else
            nvshmem_putmem(remote, local, size, peer);
        nvshmem_quiet();
    }
}

__global__ void put_get_bandwidth(char *remote, char *local, std::size_t size, int iters, int peer, bool get)
{
    for (int i = 0; i < iters; i++) {
        for (int w = 0; w < bw_window; w++) {
            if (get)
                nvshmemx_getmem_nbi_block(local, remote, size, peer);
            else
                nvshmemx_putmem_nbi_block(remote, local, size, peer);
        }
        nvshmem_quiet();
        __syncthreads();
    }
}

struct options {
    std::size_t max_bytes = std::size_t(64) << 20;
    int iters = 50;
    int pes = 1;
    std::vector<std::string> ops;
};

int iters_for(const options &o, std::size_t size)
{
    int it = o.iters;
    for (std::size_t s = size; s > (std::size_t(64) << 10) && it > 2; s >>= 2) it /= 2;
    return it;
}

double elapsed_us(cudaEvent_t a, cudaEvent_t b)
{
    float ms = 0;
    BENCH_CUDA(cudaEventElapsedTime(&ms, a, b));
    return 1000.0 * ms;
}

void result(const char *op, std::size_t bytes, double value, const char *unit, bool wrong)
{
    std::printf("RESULT %s %zu %.3f %s%s\n", op, bytes, value, unit, wrong ? " WRONG" : "");
    std::fflush(stdout);
}

int run(const options &o)
{
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes(), peer = npes > 1 ? 1 : 0;
    const std::size_t most = o.max_bytes;
    char *remote = static_cast<char *>(nvshmem_malloc(most));
    char *local = static_cast<char *>(nvshmem_malloc(most));
    auto *fsrc = static_cast<float *>(nvshmem_malloc(most));
    auto *fdst = static_cast<float *>(nvshmem_malloc(most));
    if (!remote || !local || !fsrc || !fdst) {
        std::fprintf(stderr, "nvshmem_bench: PE %d: cannot allocate 4 x %zu bytes of symmetric memory\n", me, most);
        return 2;
    }
    cudaStream_t s;
    BENCH_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaEvent_t t0, t1;
    BENCH_CUDA(cudaEventCreate(&t0));
    BENCH_CUDA(cudaEventCreate(&t1));
    std::vector<float> ones(most / sizeof(float), 1.0f);
    BENCH_CUDA(cudaMemcpy(fsrc, ones.data(), most, cudaMemcpyHostToDevice));
    std::vector<char> pattern(most);
    for (std::size_t i = 0; i < most; i++) pattern[i] = static_cast<char>((i * 7 + static_cast<std::size_t>(me)) & 0x7f);
    BENCH_CUDA(cudaMemcpy(local, pattern.data(), most, cudaMemcpyHostToDevice));
    BENCH_CUDA(cudaMemcpy(remote, pattern.data(), most, cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    int wrong = 0;
    for (const std::string &op : o.ops) {
        const bool p2p = op == "put_lat" || op == "get_lat" || op == "put_bw" || op == "get_bw";
        const bool get = op[0] == 'g', bw = op.size() > 3 && op.compare(op.size() - 2, 2, "bw") == 0;
        for (std::size_t size = 8; size <= most; size *= 2) {
            const int iters = iters_for(o, size);
            double us = 0;
            bool bad = false;
            if (p2p) {
                if (me == 0) {
                    // One untimed run, then the timed one.
                    for (int pass = 0; pass < 2; pass++) {
                        BENCH_CUDA(cudaEventRecord(t0, s));
                        if (bw)
                            put_get_bandwidth<<<1, bw_threads, 0, s>>>(remote, local, size, pass ? iters : 1, peer, get);
                        else
                            put_get_latency<<<1, 1, 0, s>>>(remote, local, size, pass ? iters : 1, peer, get);
                        BENCH_CUDA(cudaEventRecord(t1, s));
                        BENCH_CUDA(cudaEventSynchronize(t1));
                    }
                    us = elapsed_us(t0, t1);
                    if (get) { // what came back is the peer's pattern
                        std::vector<char> back(size);
                        BENCH_CUDA(cudaMemcpy(back.data(), local, size, cudaMemcpyDeviceToHost));
                        for (std::size_t i = 0; i < size && !bad; i++)
                            bad = back[i] != static_cast<char>((i * 7 + static_cast<std::size_t>(peer)) & 0x7f);
                    }
                }
                nvshmem_barrier_all();
                if (!get && me == peer) { // what landed is PE 0's pattern
                    std::vector<char> got(size);
                    BENCH_CUDA(cudaMemcpy(got.data(), remote, size, cudaMemcpyDeviceToHost));
                    for (std::size_t i = 0; i < size && !bad; i++) bad = got[i] != static_cast<char>((i * 7) & 0x7f);
                    if (bad) std::fprintf(stderr, "nvshmem_bench: %s %zu: wrong data on PE %d\n", op.c_str(), size, me);
                }
                // Restore the patterns the next size expects.
                BENCH_CUDA(cudaMemcpy(local, pattern.data(), size, cudaMemcpyHostToDevice));
                BENCH_CUDA(cudaMemcpy(remote, pattern.data(), size, cudaMemcpyHostToDevice));
                nvshmem_barrier_all();
                const double calls = static_cast<double>(iters) * (bw ? bw_window : 1);
                if (me == 0) {
                    if (bw)
                        result(op.c_str(), size, static_cast<double>(size) * calls / us / 1000.0, "GB/s", bad);
                    else
                        result(op.c_str(), size, us / calls, "us", bad);
                }
            } else if (op == "barrier") {
                if (size > 8) break; // no payload: one row
                nvshmemx_barrier_all_on_stream(s);
                BENCH_CUDA(cudaStreamSynchronize(s));
                BENCH_CUDA(cudaEventRecord(t0, s));
                for (int i = 0; i < iters; i++) nvshmemx_barrier_all_on_stream(s);
                BENCH_CUDA(cudaEventRecord(t1, s));
                BENCH_CUDA(cudaEventSynchronize(t1));
                if (me == 0) result("barrier", 0, elapsed_us(t0, t1) / iters, "us", false);
            } else if (op == "allreduce") {
                const std::size_t n = size / sizeof(float);
                if (n == 0) continue;
                nvshmemx_float_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, fdst, fsrc, n, s);
                BENCH_CUDA(cudaStreamSynchronize(s));
                BENCH_CUDA(cudaEventRecord(t0, s));
                for (int i = 0; i < iters; i++) nvshmemx_float_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, fdst, fsrc, n, s);
                BENCH_CUDA(cudaEventRecord(t1, s));
                BENCH_CUDA(cudaEventSynchronize(t1));
                us = elapsed_us(t0, t1) / iters;
                std::vector<float> got(n);
                BENCH_CUDA(cudaMemcpy(got.data(), fdst, size, cudaMemcpyDeviceToHost));
                for (std::size_t i = 0; i < n && !bad; i++) bad = got[i] != static_cast<float>(npes);
                nvshmem_barrier_all();
                if (me == 0) result("allreduce", size, us, "us", bad);
            } else {
                if (me == 0) std::fprintf(stderr, "nvshmem_bench: unknown op %s\n", op.c_str());
                return 2;
            }
            wrong += bad;
        }
    }
    nvshmem_free(fdst);
    nvshmem_free(fsrc);
    nvshmem_free(local);
    nvshmem_free(remote);
    return wrong ? 1 : 0;
}

options parse(int argc, char **argv)
{
    options o;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        if ((a == "-m" || a == "-i" || a == "-n") && i + 1 < argc) {
            const long v = std::atol(argv[++i]);
            if (a == "-m") o.max_bytes = static_cast<std::size_t>(v);
            if (a == "-i") o.iters = static_cast<int>(v);
            if (a == "-n") o.pes = static_cast<int>(v);
        } else {
            o.ops.push_back(a);
        }
    }
    if (o.ops.empty() || o.max_bytes < 8 || o.iters < 1 || o.pes < 1) {
        std::fprintf(stderr, "usage: %s [-n PES] [-m MAX_BYTES] [-i ITERS] "
                             "put_lat|get_lat|put_bw|get_bw|barrier|allreduce...\n", argv[0]);
        std::exit(2);
    }
    return o;
}

} // namespace

int main(int argc, char **argv)
{
    const options o = parse(argc, argv);
#if defined(BENCH_FORK)
    // NVSHMEM without a launcher: forked PEs, initialised from PE 0's unique id.
    nvshmemx_uniqueid_t id = NVSHMEMX_UNIQUEID_INITIALIZER;
    const bench::forked pes = bench::fork_pes(o.pes, &id, [](nvshmemx_uniqueid_t *out) { nvshmemx_get_uniqueid(out); });
    BENCH_CUDA(cudaSetDevice(0));
    nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
    nvshmemx_set_attr_uniqueid_args(pes.rank, o.pes, &id, &attr);
    nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr);
#else
    nvshmem_init();
#endif
    const int rc = run(o);
    nvshmem_finalize();
#if defined(BENCH_FORK)
    return bench::join_pes(pes, rc);
#else
    return rc;
#endif
}
