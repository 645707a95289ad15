/* Communication contexts. Handles are small integers (index + 1); SHMEM_CTX_DEFAULT == 1 is
 * the world context. PE numbers given to a context's routines are relative to its team, so
 * a context caches its team's world PE numbers. All transport paths complete operations
 * immediately, so contexts carry no queues of their own. */
#ifndef SHOAL_CTX_H
#define SHOAL_CTX_H

#include <stdint.h>
#include <shmem.h>

#include "core/state.h"

void shoal_ctx_init(void);
void shoal_ctx_fini(void);

/* World PE of pe in ctx's team; fatal one-line error on a bad ctx or pe. */
int shoal_ctx_pe_slow(const char *routine, shmem_ctx_t ctx, int pe);

SHOAL_HOT_INLINE int shoal_ctx_pe(const char *routine, shmem_ctx_t ctx, int pe)
{
    if (SHOAL_LIKELY(ctx == SHMEM_CTX_DEFAULT)) return pe;
    return shoal_ctx_pe_slow(routine, ctx, pe);
}

/* Check ctx is a live context (fence/quiet on it). */
void shoal_ctx_check(const char *routine, shmem_ctx_t ctx);

#endif
