// shoal::StreamCollectives, kernel form (nvcc): one persistent object interleaved with user
// kernels on the same stream (no host wait between them), every collective checked across PEs,
// then the same sequence captured into a CUDA graph once and replayed. Exits 77 without a GPU.
// Compiled as C++20 on purpose: it includes the C++ facade (shoal/shoal.hpp).
#include <shoal/shoal.hpp>

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

#define CHECK(cond, ...)                                                                            \
    do {                                                                                            \
        if (!(cond)) {                                                                              \
            std::fprintf(stderr, "stream_collectives_gpu: PE %d: ", shmem_my_pe());                 \
            std::fprintf(stderr, __VA_ARGS__);                                                      \
            std::fprintf(stderr, "\n");                                                             \
            shmem_global_exit(1);                                                                   \
        }                                                                                           \
    } while (0)

__global__ void fill(float *x, std::size_t n, float v)
{
    for (std::size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] = v + static_cast<float>(i);
}

__global__ void scale(float *x, std::size_t n, float f)
{
    for (std::size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) x[i] *= f;
}

std::vector<float> to_host(const shoal::SymmetricBuffer<float> &b)
{
    std::vector<float> v(b.size());
    if (cudaMemcpy(v.data(), b.data(), b.size() * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess)
        CHECK(false, "cudaMemcpy failed");
    return v;
}

} // namespace

int main()
{
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0) {
        std::fprintf(stderr, "no CUDA GPU: skipped\n");
        return 77;
    }
    shoal::Runtime rt;
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    constexpr std::size_t n = 5000;
    cudaStream_t stream;
    CHECK(cudaStreamCreate(&stream) == cudaSuccess, "cudaStreamCreate");
    {
        shoal::StreamCollectives coll(shoal::world(), stream);
        shoal::SymmetricBuffer<float> x(n, shoal::on_device), y(n, shoal::on_device);
        shoal::SymmetricBuffer<float> all(n * static_cast<std::size_t>(npes), shoal::on_device);
        shoal::SymmetricBuffer<float> src(n * static_cast<std::size_t>(npes), shoal::on_device);
        const float base = static_cast<float>(npes * (npes - 1) / 2);

        // Interleaved: user kernel, reduce, user kernel, ... with one wait at the end.
        for (int it = 0; it < 3; it++) {
            fill<<<8, 256, 0, stream>>>(x.data(), n, static_cast<float>(me + it));
            coll.reduce(y.local(), std::span<const float>(x.local()), shoal::sum);
            scale<<<8, 256, 0, stream>>>(y.data(), n, 2.0f);
            coll.barrier();
        }
        coll.synchronize();
        std::vector<float> v = to_host(y);
        for (std::size_t i = 0; i < n; i++)
            CHECK(v[i] == 2.0f * (base + npes * (2.0f + static_cast<float>(i))), "interleaved sum[%zu] = %g", i, v[i]);
        // Every PE has read its results before the next collective writes into them: broadcast,
        // fcollect and alltoall put into the members' dest without waiting (the caller makes
        // sure dest is ready, as OpenSHMEM requires).
        shmem_barrier_all();

        coll.broadcast(y.local(), std::span<const float>(x.local()), npes - 1);
        coll.fcollect(all.local(), std::span<const float>(x.local()));
        coll.synchronize();
        v = to_host(y);
        for (std::size_t i = 0; i < n; i++) CHECK(v[i] == static_cast<float>(npes - 1 + 2) + i, "broadcast[%zu] = %g", i, v[i]);
        v = to_host(all);
        for (int p = 0; p < npes; p++)
            for (std::size_t i = 0; i < n; i++)
                CHECK(v[p * n + i] == static_cast<float>(p + 2) + i, "fcollect[%d][%zu] = %g", p, i, v[p * n + i]);
        shmem_barrier_all();
        for (int p = 0; p < npes; p++) fill<<<8, 256, 0, stream>>>(src.data() + p * n, n, static_cast<float>(100 * me + p));
        coll.alltoall(all.local(), std::span<const float>(src.local()));
        coll.synchronize();
        v = to_host(all);
        for (int p = 0; p < npes; p++)
            for (std::size_t i = 0; i < n; i++)
                CHECK(v[p * n + i] == static_cast<float>(100 * p + me) + i, "alltoall[%d][%zu] = %g", p, i, v[p * n + i]);

        // Captured once, replayed.
        cudaGraph_t graph;
        cudaGraphExec_t exec;
        CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal) == cudaSuccess, "begin capture");
        scale<<<8, 256, 0, stream>>>(x.data(), n, 2.0f);
        coll.reduce(y.local(), std::span<const float>(x.local()), shoal::max);
        coll.sync();
        CHECK(cudaStreamEndCapture(stream, &graph) == cudaSuccess, "end capture");
        CHECK(cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess, "instantiate");
        float f = 1.0f;
        for (int replay = 0; replay < 3; replay++) {
            f *= 2.0f;
            CHECK(cudaGraphLaunch(exec, stream) == cudaSuccess, "graph launch");
            coll.synchronize();
            v = to_host(y);
            for (std::size_t i = 0; i < n; i++)
                CHECK(v[i] == f * (static_cast<float>(npes - 1 + 2) + i), "replay %d: max[%zu] = %g", replay, i, v[i]);
        }
        cudaGraphExecDestroy(exec);
        cudaGraphDestroy(graph);
    }
    CHECK(cudaStreamDestroy(stream) == cudaSuccess, "cudaStreamDestroy");
    return 0;
}
