/* SHMEM_CMP_* comparisons for wait/test. */
#ifndef SHOAL_SYNC_COMPARE_H
#define SHOAL_SYNC_COMPARE_H

#include <shmem.h>

#include "core/error.h"

#define SHOAL_COMPARE(cmp, a, b)                                                                 \
    ((cmp) == SHMEM_CMP_EQ   ? (a) == (b)                                                        \
     : (cmp) == SHMEM_CMP_NE ? (a) != (b)                                                        \
     : (cmp) == SHMEM_CMP_GT ? (a) > (b)                                                         \
     : (cmp) == SHMEM_CMP_GE ? (a) >= (b)                                                        \
     : (cmp) == SHMEM_CMP_LT ? (a) < (b)                                                         \
                             : (a) <= (b))

static inline void shoal_check_cmp(const char *routine, int cmp)
{
    if (cmp < SHMEM_CMP_EQ || cmp > SHMEM_CMP_GE)
        shoal_fatal(routine, "comparison %d is not a SHMEM_CMP_* value", cmp);
}

#endif
