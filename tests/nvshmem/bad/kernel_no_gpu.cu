// A program that launches a kernel through Shoal (nvshmemx_collective_launch, or with
// "query" its grid-size query) on a machine without a usable GPU: one line naming the call and
// why, every PE stops. Exits 77 (skipped) where a GPU is usable: the gpu suite covers it there.
#include <cstdio>
#include <cstring>

#include <nvshmem.h>
#include <nvshmemx.h>

__global__ void ring(int *x)
{
    nvshmem_int_p(x, nvshmem_my_pe(), (nvshmem_my_pe() + 1) % nvshmem_n_pes());
    nvshmem_barrier_all();
}

int main(int argc, char **argv)
{
    nvshmem_init();
    if (shmemx_device_usable()) return 77;
    int *x = static_cast<int *>(nvshmem_malloc(sizeof(int))); // host memory: no GPU
    void *args[] = {&x};
    int rc = 0, grid = 0;
    if (argc > 1 && std::strcmp(argv[1], "query") == 0)
        rc = nvshmemx_collective_launch_query_gridsize(reinterpret_cast<const void *>(ring), dim3(1), args, 0, &grid);
    else
        rc = nvshmemx_collective_launch(reinterpret_cast<const void *>(ring), dim3(1), dim3(1), args, 0, nullptr);
    std::printf("returned %d: no line, no stop\n", rc);
    nvshmem_finalize();
    return 0;
}
