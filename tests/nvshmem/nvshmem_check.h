/* What the NVSHMEM-style test programs share: a failed check prints one line naming the
 * program, the PE and what differed, then stops every PE non-zero. */
#ifndef SHOAL_TESTS_NVSHMEM_CHECK_H
#define SHOAL_TESTS_NVSHMEM_CHECK_H

#include <stdio.h>

#include <nvshmem.h>

#define NVI_CHECK(cond, ...)                                                           \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s: PE %d: ", __FILE__, nvshmem_my_pe());                 \
            fprintf(stderr, __VA_ARGS__);                                              \
            fprintf(stderr, "\n");                                                     \
            fflush(stderr);                                                            \
            nvshmem_global_exit(1);                                                    \
        }                                                                              \
    } while (0)

#endif
