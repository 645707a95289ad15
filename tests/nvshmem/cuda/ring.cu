// An NVSHMEM CUDA program: a ring where a kernel hands a block to the right neighbour with
// nvshmemx_long_put_signal_block and waits for the left one's with nvshmem_signal_wait_until
// (device calls, no context argument), then the same ring from the host in stream order
// (nvshmemx_*_on_stream), and a strided get on the stream. Plain nvcc, no -rdc.
#include <nvshmem.h>
#include <nvshmemx.h>

#include <vector>

#include "nvshmem_gpu_check.h"

constexpr int rounds = 4;
constexpr std::size_t n = 4096;

__global__ void ring_round(long *slots, const long *mine, uint64_t *sig, int round)
{
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    nvshmemx_long_put_signal_block(slots + round * n, mine, n, sig, 1, NVSHMEM_SIGNAL_ADD, (me + 1) % npes);
    if (threadIdx.x == 0) nvshmem_signal_wait_until(sig, NVSHMEM_CMP_GE, static_cast<uint64_t>(round + 1));
    __syncthreads();
}

static void check_round(const long *slots, int round, int left, const char *how)
{
    std::vector<long> got(n);
    CUDA_CHECK(cudaMemcpy(got.data(), slots + round * n, n * sizeof(long), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < n; i++)
        NVI_CHECK(got[i] == left * 1000000L + round * 10000L + static_cast<long>(i), "%s round %d element %zu is %ld",
                  how, round, i, got[i]);
}

int main()
{
    if (const int rc = gpu_or_skip()) return rc;
    nvshmem_init();
    const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
    const int left = (me + npes - 1) % npes, right = (me + 1) % npes;
    long *slots = static_cast<long *>(nvshmem_malloc(rounds * n * sizeof(long)));
    long *mine = static_cast<long *>(nvshmem_malloc(n * sizeof(long)));
    uint64_t *sig = static_cast<uint64_t *>(nvshmem_calloc(2, sizeof(uint64_t)));
    NVI_CHECK(slots && mine && sig, "nvshmem_malloc returned NULL");
    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    std::vector<long> v(n);

    for (int r = 0; r < rounds; r++) { // device-initiated
        for (std::size_t i = 0; i < n; i++) v[i] = me * 1000000L + r * 10000L + static_cast<long>(i);
        CUDA_CHECK(cudaMemcpy(mine, v.data(), n * sizeof(long), cudaMemcpyHostToDevice));
        ring_round<<<1, 256, 0, stream>>>(slots, mine, sig, r);
        CUDA_CHECK(cudaStreamSynchronize(stream));
        check_round(slots, r, left, "kernel");
        nvshmem_barrier_all(); // mine is rewritten next round
    }
    for (int r = 0; r < rounds; r++) { // host-initiated, stream-ordered
        for (std::size_t i = 0; i < n; i++) v[i] = me * 1000000L + r * 10000L + static_cast<long>(i);
        CUDA_CHECK(cudaMemcpyAsync(mine, v.data(), n * sizeof(long), cudaMemcpyHostToDevice, stream));
        nvshmemx_long_put_signal_on_stream(slots + r * n, mine, n, sig + 1, 1, NVSHMEM_SIGNAL_ADD, right, stream);
        nvshmemx_signal_wait_until_on_stream(sig + 1, NVSHMEM_CMP_GE, static_cast<uint64_t>(r + 1), stream);
        CUDA_CHECK(cudaStreamSynchronize(stream));
        check_round(slots, r, left, "on_stream");
        nvshmemx_barrier_all_on_stream(stream);
        CUDA_CHECK(cudaStreamSynchronize(stream));
    }
    // Every other element of the right neighbour's last round, fetched in stream order.
    long *got = static_cast<long *>(nvshmem_malloc(n * sizeof(long)));
    nvshmemx_long_iget_on_stream(got, slots + (rounds - 1) * n, 1, 2, n / 2, right, stream);
    nvshmemx_quiet_on_stream(stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaMemcpy(v.data(), got, n / 2 * sizeof(long), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < n / 2; i++)
        NVI_CHECK(v[i] == me * 1000000L + (rounds - 1) * 10000L + static_cast<long>(2 * i), "iget element %zu is %ld",
                  i, v[i]); // right's slots hold what I sent it
    nvshmem_barrier_all();

    CUDA_CHECK(cudaStreamDestroy(stream));
    nvshmem_free(got);
    nvshmem_free(sig);
    nvshmem_free(mine);
    nvshmem_free(slots);
    nvshmem_finalize();
    return 0;
}
