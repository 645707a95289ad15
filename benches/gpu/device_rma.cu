// CUDA build of device_rma.hpp: the loop as one kernel (1, 32 or 128 threads) over the device
// heap, timed with CUDA events around the launch. Built once; each program's main
// (device_rma_main.cpp) picks the operation. Exits 77 without a GPU.
#include <cuda_runtime.h>

#include "device_rma.hpp"

namespace {

template <class S>
__global__ void rma_kernel(shoal::device::context c, char *remote, char *local, std::size_t size, int iters, int window,
                           int peer, bool get)
{
    bench::rma_loop<S>(c, remote, local, size, iters, window, peer, get);
}

struct on_gpu {
    static constexpr const char *where = "CUDA kernel, device heap";
    static void *alloc(std::size_t n) { return shmemx_device_malloc(n); }
    static void free(void *p) { shmemx_device_free(p); }
    static void copy_in(void *dst, const void *src, std::size_t n) { cudaMemcpy(dst, src, n, cudaMemcpyDefault); }
    static void copy_out(void *dst, const void *src, std::size_t n) { cudaMemcpy(dst, src, n, cudaMemcpyDefault); }
    template <class S, class... A> static double run(int threads, A... args)
    {
        cudaEvent_t t0, t1;
        cudaEventCreate(&t0);
        cudaEventCreate(&t1);
        cudaEventRecord(t0);
        rma_kernel<S><<<1, threads>>>(args...);
        cudaEventRecord(t1);
        cudaEventSynchronize(t1);
        float ms = 0;
        cudaEventElapsedTime(&ms, t0, t1);
        cudaEventDestroy(t0);
        cudaEventDestroy(t1);
        return 1000.0 * ms;
    }
};

} // namespace

int bench_device_main(int argc, char **argv, const char *name, bool get, bool bw)
{
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0) {
        std::printf("no CUDA GPU: skipped\n");
        return 77;
    }
    return bench::bench_main<on_gpu>(argc, argv, name, get, bw);
}
