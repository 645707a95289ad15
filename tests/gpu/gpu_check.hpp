// What the GPU suite's programs share: CHECK counts a failed condition (one line naming the PE,
// the place and the condition) and goes on; CUDA checks a CUDA call. main returns
// gpu_check::exit_status(its PE number, saved before shmem_finalize).
#ifndef SHOAL_TESTS_GPU_CHECK_HPP
#define SHOAL_TESTS_GPU_CHECK_HPP

#include <shmem.h>

#include <cstdio>

namespace gpu_check {
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
