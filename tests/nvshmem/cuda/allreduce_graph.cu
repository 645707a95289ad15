// An NVSHMEM CUDA program: all-reduce on a stream (nvshmemx_int_sum_reduce_on_stream; and
// Shoal's active-set shmemx_int_max_to_all_on_stream, collect on a stream), a
// block-scope all-reduce inside a kernel (nvshmemx_double_max_reduce_block), and a CUDA graph
// that captures barrier + reduce + a user kernel once and is replayed: each replay must reduce
// the values the previous replay's kernel left.
#include <nvshmem.h>
#include <nvshmemx.h>

#include <vector>

#include "nvshmem_gpu_check.h"

constexpr std::size_t n = 10000;

__global__ void add_one(float *x, std::size_t count)
{
    for (std::size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x) x[i] += 1.0f;
}

__global__ void block_max(double *dest, const double *src, std::size_t count)
{
    nvshmemx_double_max_reduce_block(NVSHMEM_TEAM_WORLD, dest, src, count);
}

int main()
{
    if (const int rc = gpu_or_skip()) return rc;
    nvshmem_init();
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    int *isrc = static_cast<int *>(nvshmem_malloc(n * sizeof(int)));
    int *idst = static_cast<int *>(nvshmem_malloc(n * sizeof(int)));
    double *dsrc = static_cast<double *>(nvshmem_malloc(n * sizeof(double)));
    double *ddst = static_cast<double *>(nvshmem_malloc(n * sizeof(double)));
    float *fsrc = static_cast<float *>(nvshmem_malloc(n * sizeof(float)));
    float *fdst = static_cast<float *>(nvshmem_malloc(n * sizeof(float)));
    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));

    std::vector<int> iv(n);
    std::vector<double> dv(n);
    std::vector<float> fv(n);
    for (std::size_t i = 0; i < n; i++) {
        iv[i] = me + static_cast<int>(i);
        dv[i] = 0.5 * me - static_cast<double>(i);
        fv[i] = static_cast<float>(me);
    }
    CUDA_CHECK(cudaMemcpy(isrc, iv.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dsrc, dv.data(), n * sizeof(double), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(fsrc, fv.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    nvshmem_barrier_all();

    NVI_CHECK(nvshmemx_int_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, idst, isrc, n, stream) == 0, "reduce failed");
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaMemcpy(iv.data(), idst, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < n; i++)
        NVI_CHECK(iv[i] == npes * (npes - 1) / 2 + npes * static_cast<int>(i), "on-stream sum[%zu] = %d", i, iv[i]);

    // The active-set form (Shoal keeps it; NVSHMEM 3 dropped it): max over every PE.
    long *psync = static_cast<long *>(nvshmem_calloc(SHMEM_REDUCE_SYNC_SIZE, sizeof(long)));
    shmemx_int_max_to_all_on_stream(idst, isrc, static_cast<int>(n), 0, 0, npes, nullptr, psync, stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaMemcpy(iv.data(), idst, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < n; i++)
        NVI_CHECK(iv[i] == npes - 1 + static_cast<int>(i), "on-stream max_to_all[%zu] = %d", i, iv[i]);
    // collect: member p contributes p + 1 elements.
    int *coll = static_cast<int *>(nvshmem_malloc(npes * (npes + 1) / 2 * sizeof(int)));
    NVI_CHECK(nvshmemx_int_collect_on_stream(NVSHMEM_TEAM_WORLD, coll, isrc, me + 1, stream) == 0, "collect");
    CUDA_CHECK(cudaStreamSynchronize(stream));
    std::vector<int> cv(npes * (npes + 1) / 2);
    CUDA_CHECK(cudaMemcpy(cv.data(), coll, cv.size() * sizeof(int), cudaMemcpyDeviceToHost));
    for (int p = 0, k = 0; p < npes; p++)
        for (int i = 0; i <= p; i++, k++) NVI_CHECK(cv[k] == p + i, "collect[%d] = %d, expected %d", k, cv[k], p + i);
    nvshmem_barrier_all();
    nvshmem_free(coll);
    nvshmem_free(psync);

    block_max<<<1, 256, 0, stream>>>(ddst, dsrc, n);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaMemcpy(dv.data(), ddst, n * sizeof(double), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < n; i++)
        NVI_CHECK(dv[i] == 0.5 * (npes - 1) - static_cast<double>(i), "block max[%zu] = %g", i, dv[i]);

    // Capture once, replay several times.
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
    nvshmemx_barrier_all_on_stream(stream);
    nvshmemx_float_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, fdst, fsrc, n, stream);
    add_one<<<8, 256, 0, stream>>>(fsrc, n);
    CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
    CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
    for (int replay = 0; replay < 3; replay++) {
        CUDA_CHECK(cudaGraphLaunch(exec, stream));
        CUDA_CHECK(cudaStreamSynchronize(stream));
        CUDA_CHECK(cudaMemcpy(fv.data(), fdst, n * sizeof(float), cudaMemcpyDeviceToHost));
        const float want = static_cast<float>(npes * (npes - 1) / 2 + npes * replay);
        for (std::size_t i = 0; i < n; i++) NVI_CHECK(fv[i] == want, "replay %d: sum[%zu] = %g, expected %g", replay, i, fv[i], want);
    }
    CUDA_CHECK(cudaGraphExecDestroy(exec));
    CUDA_CHECK(cudaGraphDestroy(graph));
    nvshmem_barrier_all();

    CUDA_CHECK(cudaStreamDestroy(stream));
    nvshmem_free(fdst);
    nvshmem_free(fsrc);
    nvshmem_free(ddst);
    nvshmem_free(dsrc);
    nvshmem_free(idst);
    nvshmem_free(isrc);
    nvshmem_finalize();
    return 0;
}
