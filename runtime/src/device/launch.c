/* nvshmemx_collective_launch and its grid-size query, host side: every block of the grid is
 * resident at once (a cooperative launch through libshoal_cuda.so), so a kernel may wait
 * across blocks (device barriers, collectives). nvshmemx.h resolves the kernel with the
 * program's own CUDA runtime between prepare and the launch; libshoal links no CUDA. */
#include <stdint.h>

#include <shmemx.h>
#include <shoal/nvshmem/runtime.h>

#include "core/check.h"
#include "core/error.h"
#include "device/device.h"

void shmemx_collective_launch_prepare(const char *routine)
{
    SHOAL_CHECK_INIT(routine);
    shoal_cuda_require(routine, "launches a kernel");
    shoal_gpu_select(routine);
    shmemx_device_context_publish(routine);
}

static void check_func(const char *routine, const void *func, const char *lookup_error)
{
    if (!func)
        shoal_fatal(routine, "func is not a kernel of this program (cudaGetFuncBySymbol: %s)",
                    lookup_error && *lookup_error ? lookup_error : "no such function");
}

int shmemx_collective_launch_query_gridsize(const char *routine, void *func, const char *lookup_error,
                                            const unsigned block[3], size_t shared_mem, int *gridsize)
{
    SHOAL_CHECK_INIT(routine);
    check_func(routine, func, lookup_error);
    if (!gridsize) shoal_fatal(routine, "gridsize is NULL");
    const uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
    if (threads == 0 || threads > 1024)
        shoal_fatal(routine, "block %ux%ux%u has %llu threads (1 to 1024)", block[0], block[1], block[2],
                    (unsigned long long)threads);
    const struct shoal_cuda_iface *cu = shoal_cuda(routine);
    const int rc = cu->coop_max_blocks(func, (unsigned)threads, shared_mem, gridsize);
    if (rc) {
        shoal_warn(routine, "cannot tell how many blocks fit at once: %s", cu->error(rc));
        return NVSHMEMX_ERROR_INTERNAL;
    }
    return NVSHMEMX_SUCCESS;
}

int shmemx_collective_launch(const char *routine, void *func, const char *lookup_error, const unsigned grid[3],
                             const unsigned block[3], void **args, size_t shared_mem, struct CUstream_st *stream)
{
    SHOAL_CHECK_INIT(routine);
    check_func(routine, func, lookup_error);
    const uint64_t blocks = (uint64_t)grid[0] * grid[1] * grid[2];
    if (blocks == 0) shoal_fatal(routine, "grid %ux%ux%u has no block", grid[0], grid[1], grid[2]);
    int fit = 0;
    const int q = shmemx_collective_launch_query_gridsize(routine, func, lookup_error, block, shared_mem, &fit);
    if (q) return NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED;
    if (blocks > (uint64_t)fit) {
        shoal_warn(routine, "grid %ux%ux%u has %llu blocks, but only %d of %u threads fit on the GPU at once "
                   "(nvshmemx_collective_launch_query_gridsize); not launched", grid[0], grid[1], grid[2],
                   (unsigned long long)blocks, fit, block[0] * block[1] * block[2]);
        return NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED;
    }
    const struct shoal_cuda_iface *cu = shoal_cuda(routine);
    const int rc = cu->coop_launch(func, grid, block, args, shared_mem, stream);
    if (rc) {
        shoal_warn(routine, "the cooperative launch failed: %s", cu->error(rc));
        return NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED;
    }
    return NVSHMEMX_SUCCESS;
}
