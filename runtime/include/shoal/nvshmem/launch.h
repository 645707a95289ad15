/* nvshmemx.h: nvshmemx_collective_launch and nvshmemx_collective_launch_query_gridsize, for
 * kernels that wait across blocks (device barriers and collectives): every block is resident
 * at once (a cooperative launch). This PE's GPU is selected first (shoal/nvshmem/runtime.h),
 * then the kernel is resolved by the program's own CUDA runtime (the one that registered it),
 * then libshoal launches it through libshoal_cuda.so. Without a usable GPU: one line naming the
 * call and why, and every PE stops. Needs the CUDA runtime headers (C or C++). */
#ifndef SHOAL_NVSHMEM_LAUNCH_H
#define SHOAL_NVSHMEM_LAUNCH_H

#include <shoal/nvshmem/host.h>

#if SHOAL_NVI_CUDA

/* The kernel's CUfunction in the program's CUDA runtime, or NULL and why in *why. */
SHOAL_NVI_HOST_FN void *shoal_nvi_kernel(const void *func, const char **why)
{
    cudaFunction_t f = NULL;
    const cudaError_t e = cudaGetFuncBySymbol(&f, func);
    *why = e == cudaSuccess ? "" : cudaGetErrorString(e);
    return e == cudaSuccess ? (void *)f : NULL;
}

/** Launch func (a __global__ function of this program) with every block resident at once, on
 *  stream; args as cudaLaunchKernel takes them. NVSHMEMX_SUCCESS, or
 *  NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED with one line saying why (grid too large: see the
 *  query below). */
SHOAL_NVI_HOST_FN int nvshmemx_collective_launch(const void *func, dim3 gridDims, dim3 blockDims, void **args,
                                                 size_t sharedMem, cudaStream_t stream)
{
    const char *routine = "nvshmemx_collective_launch", *why = "";
    shmemx_collective_launch_prepare(routine);
    void *f = shoal_nvi_kernel(func, &why);
    const unsigned grid[3] = {gridDims.x, gridDims.y, gridDims.z};
    const unsigned block[3] = {blockDims.x, blockDims.y, blockDims.z};
    return shmemx_collective_launch(routine, f, why, grid, block, args, sharedMem, stream);
}
/** *gridsize: the most blocks of blockDims that can be resident at once for func (the largest
 *  grid nvshmemx_collective_launch accepts). NVSHMEMX_SUCCESS or NVSHMEMX_ERROR_INTERNAL. */
SHOAL_NVI_HOST_FN int nvshmemx_collective_launch_query_gridsize(const void *func, dim3 blockDims, void **args,
                                                                size_t sharedMem, int *gridsize)
{
    const char *routine = "nvshmemx_collective_launch_query_gridsize", *why = "";
    (void)args;
    shmemx_collective_launch_prepare(routine);
    void *f = shoal_nvi_kernel(func, &why);
    const unsigned block[3] = {blockDims.x, blockDims.y, blockDims.z};
    return shmemx_collective_launch_query_gridsize(routine, f, why, block, sharedMem, gridsize);
}

#endif
#endif
