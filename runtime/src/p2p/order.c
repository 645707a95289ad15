/* fence and quiet. Mapped memory completes every store before the call returns, so for it
 * ordering and completion are CPU fences; an off-node transport and device memory can hold
 * operations in flight, and fence/quiet reach them here (contexts share the one queue). */
#include <shmem.h>

#include "core/check.h"
#include "core/error.h"
#include "ctx/ctx.h"
#include "transport/transport.h"

static void remote_done(const char *routine, int rc)
{
    if (SHOAL_UNLIKELY(rc))
        shoal_fatal(routine, "the %s transport failed: %s", shoal_g.remote->name,
                    shoal_status_string(rc));
}

static void in_flight_quiet(const char *routine)
{
    if (shoal_g.remote) remote_done(routine, shoal_g.remote->quiet());
    for (int s = 0; s < SHOAL_MAX_SEGS; s++)
        if (shoal_g.seg[s].mem && shoal_g.seg[s].mem->quiet) shoal_g.seg[s].mem->quiet();
}

static inline void fence(const char *routine)
{
    __atomic_thread_fence(__ATOMIC_RELEASE);
    if (SHOAL_UNLIKELY(shoal_g.remote != NULL)) remote_done(routine, shoal_g.remote->fence());
}

static inline void quiet(const char *routine)
{
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (SHOAL_UNLIKELY(shoal_g.remote != NULL || shoal_g.seg[SHOAL_SEG_DEVICE].base != NULL))
        in_flight_quiet(routine);
}

void shmem_fence(void) { fence("shmem_fence"); }
void shmem_quiet(void) { quiet("shmem_quiet"); }

void shmem_ctx_fence(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_INVALID) return; /* the spec: no effect */
    shoal_ctx_check("shmem_ctx_fence", ctx);
    fence("shmem_ctx_fence");
}

void shmem_ctx_quiet(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_INVALID) return; /* the spec: no effect */
    shoal_ctx_check("shmem_ctx_quiet", ctx);
    quiet("shmem_ctx_quiet");
}
