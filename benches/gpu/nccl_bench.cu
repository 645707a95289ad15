// NCCL's all-reduce (float sum, on a stream) for benches/gpu/run.sh's table, in the shape of
// nvshmem_bench.cu's allreduce rows. No launcher: the program forks its ranks (rank 0 makes
// the unique id and hands it over through shared memory), each on GPU rank % GPUs.
//
//   nccl_bench [-n RANKS] [-m MAX_BYTES] [-i ITERS]
//
// Rank 0 prints `RESULT allreduce <bytes> <us> us` per size (8 bytes to MAX_BYTES, doubling),
// or `SKIP allreduce <reason>` when NCCL will not build the communicator (it refuses two ranks
// on one GPU).
#include <cuda_runtime.h>
#include <nccl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "fork_pes.hpp"

namespace {

int fail(const char *what, const char *why)
{
    std::fprintf(stderr, "nccl_bench: %s: %s\n", what, why);
    return 2;
}

int rank_main(int rank, int ranks, const ncclUniqueId &id, std::size_t most, int iters)
{
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0) return fail("cudaGetDeviceCount", "no GPU");
    cudaSetDevice(rank % gpus);
    ncclComm_t comm;
    const ncclResult_t r = ncclCommInitRank(&comm, ranks, id, rank);
    if (r != ncclSuccess) {
        if (rank == 0) std::printf("SKIP allreduce %s\n", ncclGetErrorString(r));
        return 0;
    }
    float *src = nullptr, *dst = nullptr;
    cudaStream_t s;
    cudaEvent_t t0, t1;
    if (cudaMalloc(&src, most) != cudaSuccess || cudaMalloc(&dst, most) != cudaSuccess)
        return fail("cudaMalloc", "out of device memory");
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaEventCreate(&t0);
    cudaEventCreate(&t1);
    std::vector<float> ones(most / sizeof(float), 1.0f);
    cudaMemcpy(src, ones.data(), most, cudaMemcpyHostToDevice);
    int wrong = 0;
    for (std::size_t size = 8; size <= most; size *= 2) {
        const std::size_t n = size / sizeof(float);
        int it = iters;
        for (std::size_t b = size; b > (std::size_t(64) << 10) && it > 2; b >>= 2) it /= 2;
        ncclAllReduce(src, dst, n, ncclFloat, ncclSum, comm, s);
        cudaStreamSynchronize(s);
        cudaEventRecord(t0, s);
        for (int i = 0; i < it; i++) ncclAllReduce(src, dst, n, ncclFloat, ncclSum, comm, s);
        cudaEventRecord(t1, s);
        cudaEventSynchronize(t1);
        float ms = 0;
        cudaEventElapsedTime(&ms, t0, t1);
        std::vector<float> got(n);
        cudaMemcpy(got.data(), dst, size, cudaMemcpyDeviceToHost);
        bool bad = false;
        for (std::size_t i = 0; i < n && !bad; i++) bad = got[i] != static_cast<float>(ranks);
        wrong += bad;
        if (rank == 0) std::printf("RESULT allreduce %zu %.3f us%s\n", size, 1000.0 * ms / it, bad ? " WRONG" : "");
        std::fflush(stdout);
    }
    ncclCommDestroy(comm);
    return wrong ? 1 : 0;
}

} // namespace

int main(int argc, char **argv)
{
    int ranks = 1, iters = 50;
    std::size_t most = std::size_t(64) << 20;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "-n")) ranks = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "-m")) most = static_cast<std::size_t>(std::atol(argv[i + 1]));
        else if (!std::strcmp(argv[i], "-i")) iters = std::atoi(argv[i + 1]);
        else return fail("usage", "nccl_bench [-n RANKS] [-m MAX_BYTES] [-i ITERS]");
    }
    if (ranks < 1 || iters < 1 || most < 8) return fail("usage", "nccl_bench [-n RANKS] [-m MAX_BYTES] [-i ITERS]");
    ncclUniqueId id;
    const bench::forked pes = bench::fork_pes(ranks, &id, [](ncclUniqueId *out) { ncclGetUniqueId(out); });
    return bench::join_pes(pes, rank_main(pes.rank, ranks, id, most, iters));
}
