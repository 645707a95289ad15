// What the NVSHMEM-style CUDA programs share: skip (exit 77) without a GPU, select this PE's
// GPU before nvshmem_init (as NVSHMEM programs do), and fail with one line.
#ifndef SHOAL_TESTS_NVSHMEM_GPU_CHECK_H
#define SHOAL_TESTS_NVSHMEM_GPU_CHECK_H

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>
#include <nvshmem.h>

#include "../nvshmem_check.h"

#define CUDA_CHECK(call)                                                                              \
    do {                                                                                              \
        const cudaError_t e_ = (call);                                                                \
        if (e_ != cudaSuccess) {                                                                      \
            std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            std::exit(1);                                                                             \
        }                                                                                             \
    } while (0)

/** 0 when a GPU is here (and selected: node-local rank modulo the GPU count), else 77. */
inline int gpu_or_skip()
{
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0) {
        std::fprintf(stderr, "no CUDA GPU: skipped\n");
        return 77;
    }
    const char *local = std::getenv("SHOAL_LOCAL_PE") /* shoalrun: one node */;
    if (!local) local = std::getenv("OMPI_COMM_WORLD_LOCAL_RANK");
    CUDA_CHECK(cudaSetDevice(local ? std::atoi(local) % gpus : 0));
    return 0;
}

#endif
