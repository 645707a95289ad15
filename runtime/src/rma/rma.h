/* The RMA paths every typed entry point funnels into. A put to a mapped peer is a memcpy
 * into its segment; other peers go through their transport's ops table. All forms complete
 * at return on these paths, so the _nbi forms share them. */
#ifndef SHOAL_RMA_H
#define SHOAL_RMA_H

#include <string.h>

#include "core/check.h"
#include "core/remote.h"
#include "ctx/ctx.h"
#include "transport/transport.h"

static inline void shoal_put(const char *routine, shmem_ctx_t ctx, void *dest, const void *src,
                             size_t nelems, size_t elem, int pe)
{
    SHOAL_CHECK_LEN(routine, nelems, elem);
    pe = shoal_ctx_pe(routine, ctx, pe);
    size_t len = nelems * elem;
    void *r = shoal_remote(routine, dest, len, pe);
    if (SHOAL_LIKELY(r != NULL)) memcpy(r, src, len);
    else if (len) shoal_g.peers[pe].ops->put(dest, src, len, pe);
}

static inline void shoal_get(const char *routine, shmem_ctx_t ctx, void *dest, const void *src,
                             size_t nelems, size_t elem, int pe)
{
    SHOAL_CHECK_LEN(routine, nelems, elem);
    pe = shoal_ctx_pe(routine, ctx, pe);
    size_t len = nelems * elem;
    const void *r = shoal_remote(routine, src, len, pe);
    if (SHOAL_LIKELY(r != NULL)) memcpy(dest, r, len);
    else if (len) shoal_g.peers[pe].ops->get(dest, src, len, pe);
}

/* Strided forms: element i goes from source[i*sst] to dest[i*dst] (strides in elements). */
void shoal_iput(const char *routine, shmem_ctx_t ctx, void *dest, const void *src, ptrdiff_t dst,
                ptrdiff_t sst, size_t nelems, size_t elem, int pe);
void shoal_iget(const char *routine, shmem_ctx_t ctx, void *dest, const void *src, ptrdiff_t dst,
                ptrdiff_t sst, size_t nelems, size_t elem, int pe);

/* put, then the signal update ordered after it. */
void shoal_put_signal(const char *routine, shmem_ctx_t ctx, void *dest, const void *src,
                      size_t nelems, size_t elem, uint64_t *sig_addr, uint64_t signal, int sig_op,
                      int pe);

#endif
