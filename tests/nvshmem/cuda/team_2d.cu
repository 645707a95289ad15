// An NVSHMEM CUDA program: the world split into a 2D grid on the host, the teams used inside a
// kernel (queries, translate_pe, a warp-scope reduction along the row) and on a stream (a
// reduction along the column), then destroyed.
#include <nvshmem.h>
#include <nvshmemx.h>

#include "nvshmem_gpu_check.h"

constexpr int xrange = 2;

__global__ void use_teams(nvshmem_team_t xt, nvshmem_team_t yt, int *out, int *v)
{
    if (threadIdx.x == 0) {
        out[0] = nvshmem_team_my_pe(xt);
        out[1] = nvshmem_team_n_pes(xt);
        out[2] = nvshmem_team_my_pe(yt);
        out[3] = nvshmem_team_translate_pe(yt, 0, NVSHMEM_TEAM_WORLD);
    }
    nvshmemx_int_sum_reduce_warp(xt, v + 1, v, 1);
}

int main()
{
    if (const int rc = gpu_or_skip()) return rc;
    nvshmem_init();
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    nvshmem_team_t xt = NVSHMEM_TEAM_INVALID, yt = NVSHMEM_TEAM_INVALID;
    NVI_CHECK(nvshmem_team_split_2d(NVSHMEM_TEAM_WORLD, xrange, nullptr, 0, &xt, nullptr, 0, &yt) == 0, "split_2d");
    const int x = me % xrange, y = me / xrange;
    const int xsize = npes - y * xrange < xrange ? npes - y * xrange : xrange;
    const int ysize = (npes - x + xrange - 1) / xrange;

    int *v = static_cast<int *>(nvshmem_malloc(3 * sizeof(int)));
    int *out = static_cast<int *>(nvshmem_malloc(4 * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(v, &me, sizeof me, cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    use_teams<<<1, 32>>>(xt, yt, out, v);
    CUDA_CHECK(cudaDeviceSynchronize());
    int h[4], row = 0;
    CUDA_CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    NVI_CHECK(h[0] == x && h[1] == xsize && h[2] == y && h[3] == x, "kernel saw x %d of %d, y %d, y0 %d", h[0], h[1],
              h[2], h[3]);
    CUDA_CHECK(cudaMemcpy(&row, v + 1, sizeof row, cudaMemcpyDeviceToHost));
    int want = 0;
    for (int i = 0; i < xsize; i++) want += y * xrange + i;
    NVI_CHECK(row == want, "row sum %d, expected %d", row, want);

    NVI_CHECK(nvshmemx_int_max_reduce_on_stream(yt, v + 2, v, 1, nullptr) == 0, "column reduce"); // default stream
    CUDA_CHECK(cudaStreamSynchronize(nullptr));
    int col = -1;
    CUDA_CHECK(cudaMemcpy(&col, v + 2, sizeof col, cudaMemcpyDeviceToHost));
    NVI_CHECK(col == x + (ysize - 1) * xrange, "column max %d", col);

    nvshmem_team_destroy(xt);
    nvshmem_team_destroy(yt);
    nvshmem_free(out);
    nvshmem_free(v);
    nvshmem_finalize();
    return 0;
}
