// Every header a CUDA user's translation unit may include, under plain nvcc in C++17 (as
// NVSHMEM programs are built): nvshmem.h, nvshmemx.h, the device API, the on-stream kernel
// bodies and the host emulation's headers (nvcc's host pass sees them too). Built, not run.
#include <nvshmem.h>
#include <nvshmemx.h>

#include <shoal/device/api.h>
#include <shoal/device/emulate.h>
#include <shoal/device/emulate_cuda.h>
#include <shoal/device/stream_kernels.h>

__global__ void cxx17_headers_kernel(int *p, shoal::device::context c)
{
    nvshmem_int_p(p, 1, 0);
    nvshmemx_barrier_all_block();
    shoal::device::barrier_all<shoal::device::scope::warp>(c);
}
