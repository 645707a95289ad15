// What the GPU suite's programs share: CHECK counts a failed condition (one line naming the PE,
// the place and the condition) and goes on; CUDA checks a CUDA call. main returns
// gpu_check::skipped at once when gpu_check::no_gpu(), else gpu_check::exit_status(its PE
// number, saved before shmem_finalize).
#ifndef SHOAL_TESTS_GPU_CHECK_HPP
#define SHOAL_TESTS_GPU_CHECK_HPP

#include <cuda_runtime.h>
#include <shmem.h>

#include <cstdio>

namespace gpu_check {
/** meson's exit status of a skipped test. */
inline constexpr int skipped = 77;
/** Whether there is no GPU here (then says so: main returns skipped). */
inline bool no_gpu()
{
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) == cudaSuccess && gpus > 0) return false;
    std::printf("no CUDA GPU: skipped\n");
    return true;
}
inline int failures = 0;
/** 1 (and a line) when a CHECK failed on PE me, else 0. */
inline int exit_status(int me)
{
    if (failures) std::fprintf(stderr, "PE %d: %d checks failed\n", me, failures);
    return failures ? 1 : 0;
}
} // namespace gpu_check

#define CHECK(cond)                                                                                      \
    do {                                                                                                 \
        if (!(cond)) {                                                                                   \
            std::fprintf(stderr, "PE %d: %s:%d: CHECK(%s) failed\n", shmem_my_pe(), __FILE__, __LINE__, #cond); \
            gpu_check::failures++;                                                                       \
        }                                                                                                \
    } while (0)
#define CUDA(call) CHECK((call) == cudaSuccess)

#endif
