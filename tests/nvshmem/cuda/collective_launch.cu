// nvshmemx_collective_launch on a GPU: the kernel runs (every block, a device barrier across PEs),
// the grid-size query bounds the grid and a larger grid is refused. Exits 77 without a GPU.
#include <nvshmem.h>
#include <nvshmemx.h>

#include "nvshmem_gpu_check.h"

__global__ void ring(int *x, int *done)
{
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        nvshmem_int_p(x, me + 1, (me + 1) % npes);
        nvshmem_barrier_all();
    }
    if (threadIdx.x == 0) atomicAdd(done, 1);
}

int main()
{
    if (const int skip = gpu_or_skip()) return skip;
    nvshmem_init();
    int *x = static_cast<int *>(nvshmem_calloc(1, sizeof(int)));
    int *done = nullptr;
    CUDA_CHECK(cudaMalloc(&done, sizeof(int)));
    CUDA_CHECK(cudaMemset(done, 0, sizeof(int)));
    void *args[] = {&x, &done};
    int grid = 0;
    NVI_CHECK(nvshmemx_collective_launch_query_gridsize(reinterpret_cast<const void *>(ring), dim3(32), args, 0, &grid) ==
                  NVSHMEMX_SUCCESS && grid >= 1, "query_gridsize: %d", grid);
    const unsigned blocks = grid >= 2 ? 2 : 1;
    NVI_CHECK(nvshmemx_collective_launch(reinterpret_cast<const void *>(ring), dim3(blocks), dim3(32), args, 0, 0) ==
                  NVSHMEMX_SUCCESS, "collective launch");
    CUDA_CHECK(cudaDeviceSynchronize());
    int got = 0, ran = 0;
    CUDA_CHECK(cudaMemcpy(&got, x, sizeof got, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&ran, done, sizeof ran, cudaMemcpyDeviceToHost));
    const int left = (nvshmem_my_pe() + nvshmem_n_pes() - 1) % nvshmem_n_pes();
    NVI_CHECK(got == left + 1 && ran == static_cast<int>(blocks), "x %d (want %d), %d blocks ran", got, left + 1, ran);
    NVI_CHECK(nvshmemx_collective_launch(reinterpret_cast<const void *>(ring), dim3(grid + 1), dim3(32), args, 0, 0) ==
                  NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED, "a grid larger than the GPU holds is refused");
    nvshmem_barrier_all();
    cudaFree(done);
    nvshmem_free(x);
    nvshmem_finalize();
    return 0;
}
