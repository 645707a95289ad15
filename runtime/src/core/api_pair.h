/* Most API routines exist as shmem_NAME(args) and shmem_ctx_NAME(ctx, args). SHOAL_API_PAIR
 * defines both from one BODY, which sees `routine` (the name for error lines) and `ctx`
 * (SHMEM_CTX_DEFAULT in the first form). */
#ifndef SHOAL_CORE_API_PAIR_H
#define SHOAL_CORE_API_PAIR_H

#include <shmem.h>

#define SHOAL_API_PAIR(RET, NAME, PARAMS, BODY)                                                  \
    RET shmem_ctx_##NAME(shmem_ctx_t ctx, SHOAL_UNPAREN PARAMS)                                  \
    {                                                                                            \
        const char *routine = "shmem_ctx_" #NAME;                                                \
        (void)routine;                                                                           \
        BODY                                                                                     \
    }                                                                                            \
    RET shmem_##NAME(SHOAL_UNPAREN PARAMS)                                                       \
    {                                                                                            \
        const char *routine = "shmem_" #NAME;                                                    \
        const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                               \
        (void)routine;                                                                           \
        BODY                                                                                     \
    }

#endif
