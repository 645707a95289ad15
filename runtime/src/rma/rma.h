/* The RMA cores every typed entry point calls: argument checks, the context's PE, then the
 * data-path funnel (path/path.h). flags: SHOAL_XFER_NBI for the _nbi forms (complete at
 * quiet; on mapped memory every form completes at return). */
#ifndef SHOAL_RMA_H
#define SHOAL_RMA_H

#include <string.h>

#include "core/check.h"
#include "core/remote.h"
#include "ctx/ctx.h"
#include "path/path.h"

SHOAL_HOT_INLINE void shoal_put(const char *routine, shmem_ctx_t ctx, void *dest, const void *src,
                             size_t nelems, size_t elem, int pe, int flags)
{
    SHOAL_CHECK_LEN(routine, nelems, elem);
    pe = shoal_ctx_pe(routine, ctx, pe);
    shoal_path_put(routine, dest, src, nelems * elem, pe, flags);
}

SHOAL_HOT_INLINE void shoal_get(const char *routine, shmem_ctx_t ctx, void *dest, const void *src,
                             size_t nelems, size_t elem, int pe, int flags)
{
    SHOAL_CHECK_LEN(routine, nelems, elem);
    pe = shoal_ctx_pe(routine, ctx, pe);
    shoal_path_get(routine, dest, src, nelems * elem, pe, flags);
}

/* Strided forms: element i goes from source[i*sst] to dest[i*dst] (strides in elements). */
void shoal_iput(const char *routine, shmem_ctx_t ctx, void *dest, const void *src, ptrdiff_t dst,
                ptrdiff_t sst, size_t nelems, size_t elem, int pe);
void shoal_iget(const char *routine, shmem_ctx_t ctx, void *dest, const void *src, ptrdiff_t dst,
                ptrdiff_t sst, size_t nelems, size_t elem, int pe);

/* put, then the signal update ordered after it. */
void shoal_put_signal(const char *routine, shmem_ctx_t ctx, void *dest, const void *src,
                      size_t nelems, size_t elem, uint64_t *sig_addr, uint64_t signal, int sig_op,
                      int pe, int flags);

#endif
