/* SHMEM_CMP_* comparisons for wait/test. */
#ifndef SHOAL_SYNC_COMPARE_H
#define SHOAL_SYNC_COMPARE_H

#include <shmem.h>

#include "core/error.h"
#include "path/path.h"
#include "sync/backoff.h"

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

/* A wait on memory that is not symmetric would hang (no peer can write it): checked once,
 * only when the first poll fails, so a wait that is already satisfied costs nothing more. */
#define SHOAL_WAIT_ON(routine, addr, len, cond)                                                  \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            struct shoal_target shoal_wt_;                                                       \
            shoal_target_of(routine, addr, len, shoal_g.me, &shoal_wt_);                         \
            shoal_wait_at(routine);                                                              \
            SHOAL_WAIT_STORED(shoal_watch_of(shoal_wt_.seg, shoal_wt_.off, len), cond);          \
        }                                                                                        \
    } while (0)

#endif
