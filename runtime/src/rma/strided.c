/* Strided put/get (iput/iget): the range is checked once, then each element takes the
 * data-path funnel (one memcpy per element on mapped memory). */
#include "rma/rma.h"

/* Bytes from the first to the last element touched, for the bounds check. */
static size_t span(size_t nelems, ptrdiff_t stride, size_t elem, const char *routine)
{
    if (stride < 1) shoal_fatal(routine, "stride %td must be at least 1", stride);
    SHOAL_CHECK_LEN(routine, nelems - 1, (size_t)stride);
    SHOAL_CHECK_LEN(routine, (nelems - 1) * (size_t)stride + 1, elem);
    return ((nelems - 1) * (size_t)stride + 1) * elem;
}

void shoal_iput(const char *routine, shmem_ctx_t ctx, void *dest, const void *src, ptrdiff_t dst,
                ptrdiff_t sst, size_t nelems, size_t elem, int pe)
{
    if (nelems == 0) return;
    pe = shoal_ctx_pe(routine, ctx, pe);
    size_t len = span(nelems, dst, elem, routine);
    span(nelems, sst, elem, routine);
    shoal_path_look(nelems * elem);
    char *r = shoal_remote(routine, dest, len, pe);
    const char *s = src;
    for (size_t i = 0; i < nelems; i++) {
        const size_t d = i * (size_t)dst * elem, o = i * (size_t)sst * elem;
        if (SHOAL_LIKELY(r != NULL)) memcpy(r + d, s + o, elem);
        else shoal_path_put_slow(routine, (char *)dest + d, s + o, elem, pe, SHOAL_XFER_NBI);
    }
    if (r == NULL) shoal_path_complete(routine, pe); /* complete at return, as a blocking put */
    else shoal_ring_store(pe, dest, len);
}

void shoal_iget(const char *routine, shmem_ctx_t ctx, void *dest, const void *src, ptrdiff_t dst,
                ptrdiff_t sst, size_t nelems, size_t elem, int pe)
{
    if (nelems == 0) return;
    pe = shoal_ctx_pe(routine, ctx, pe);
    span(nelems, dst, elem, routine);
    size_t len = span(nelems, sst, elem, routine);
    shoal_path_look(nelems * elem);
    const char *r = shoal_remote(routine, src, len, pe);
    char *d = dest;
    for (size_t i = 0; i < nelems; i++) {
        const size_t o = i * (size_t)dst * elem, s = i * (size_t)sst * elem;
        if (SHOAL_LIKELY(r != NULL)) memcpy(d + o, r + s, elem);
        else shoal_path_get_slow(routine, d + o, (const char *)src + s, elem, pe, SHOAL_XFER_NBI);
    }
    if (r == NULL) shoal_path_complete(routine, pe); /* the values are here at return */
}
