/* fence and quiet. Every path completes its stores before returning, so ordering and
 * completion come down to CPU fences here; a transport that queues work would add its own. */
#include <shmem.h>

#include "core/check.h"
#include "ctx/ctx.h"

void shmem_fence(void) { __atomic_thread_fence(__ATOMIC_RELEASE); }
void shmem_quiet(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

void shmem_ctx_fence(shmem_ctx_t ctx)
{
    shoal_ctx_check("shmem_ctx_fence", ctx);
    __atomic_thread_fence(__ATOMIC_RELEASE);
}

void shmem_ctx_quiet(shmem_ctx_t ctx)
{
    shoal_ctx_check("shmem_ctx_quiet", ctx);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
