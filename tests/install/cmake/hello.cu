// CUDA through shoal::cuda: a kernel on the device API stores into the next PE's device heap.
// Without a GPU it checks what links (the device library's interface version) and says so.
#include <cuda_runtime.h>
#include <shmem.h>
#include <shmemx.h>
#include <shoal/device.cuh>

#include <cstdio>

__global__ void put_right(shoal::device::context c, long *dest, int me, int n)
{
    shoal::device::p(c, dest, static_cast<long>(me), (me + 1) % n);
}

int main()
{
    if (shoal::device::built_interface_version() != shoal::device::interface_version) {
        std::printf("hello_cuda: device library %d, headers %d\n",
                    shoal::device::built_interface_version(), shoal::device::interface_version);
        return 1;
    }
    int gpus = 0;
    const bool gpu = cudaGetDeviceCount(&gpus) == cudaSuccess && gpus > 0;
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    int bad = 0;
    if (gpu) {
        auto *dest = static_cast<long *>(shmemx_device_calloc(1, sizeof(long)));
        shoal::device::context c;
        shmemx_device_context(&c);
        put_right<<<1, 1>>>(c, dest, me, n);
        cudaDeviceSynchronize();
        shmem_barrier_all();
        long got = -1;
        cudaMemcpy(&got, dest, sizeof got, cudaMemcpyDeviceToHost);
        bad = got != (me + n - 1) % n;
        shmemx_device_free(dest);
    }
    std::printf("hello_cuda: PE %d of %d: %s\n", me, n,
                !gpu ? "no GPU here: built, kernel not run" : bad ? "WRONG" : "ok");
    shmem_finalize();
    return bad;
}
