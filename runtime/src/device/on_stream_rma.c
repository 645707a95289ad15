/* The _on_stream RMA (shmemx.h): put, get, their nbi forms, iput, iget and put_signal(_nbi),
 * typed (from the type table), SIZE and mem, enqueued on a stream. A put's or get's symmetric
 * side must be in the device heap; its local side is any memory the GPU reads or writes. The
 * nbi forms are the blocking ones: on a stream, both complete in stream order. */
#include <stdint.h>

#include <shmemx.h>
#include <shoal/typetable.h>

#include "core/error.h"
#include "device/on_stream.h"

static void rma(const char *routine, enum shoal_stream_op op, void *dest, const void *src, size_t nelems,
                size_t elem, int pe, void *stream)
{
    const int get = op == SHOAL_STREAM_GET;
    shoal_stream_check_rma(routine, pe, nelems, elem, get ? src : dest, get ? "source" : "dest",
                           get ? (const void *)dest : src, get ? "dest" : "source");
    struct shoal_stream_args a = {.op = op, .pe = pe, .dest = dest, .src = src, .nelems = nelems, .elem = elem};
    if (nelems) shoal_stream_enqueue(routine, stream, &a);
}

static void strided(const char *routine, enum shoal_stream_op op, void *dest, const void *src, ptrdiff_t dst,
                    ptrdiff_t sst, size_t nelems, size_t elem, int pe, void *stream)
{
    if (dst < 1 || sst < 1) shoal_fatal(routine, "strides dst %td and sst %td must be positive", dst, sst);
    const int get = op == SHOAL_STREAM_IGET;
    const ptrdiff_t sym_stride = get ? sst : dst, local_stride = get ? dst : sst;
    /* The span the strided elements cover: (nelems - 1) * stride + 1 elements. */
    const size_t sym_span = nelems ? (nelems - 1) * (size_t)sym_stride + 1 : 0;
    const size_t local_span = nelems ? (nelems - 1) * (size_t)local_stride + 1 : 0;
    shoal_stream_check_rma(routine, pe, sym_span, elem, get ? src : dest, get ? "source" : "dest",
                           get ? (const void *)dest : src, get ? "dest" : "source");
    shoal_stream_check_local(routine, get ? "dest" : "source", get ? (const void *)dest : src, local_span * elem);
    struct shoal_stream_args a = {.op = op, .pe = pe, .dest = dest, .src = src, .nelems = nelems, .elem = elem,
                                  .dst_stride = dst, .src_stride = sst};
    if (nelems) shoal_stream_enqueue(routine, stream, &a);
}

static void put_signal(const char *routine, void *dest, const void *src, size_t nelems, size_t elem,
                       uint64_t *sig_addr, uint64_t signal, int sig_op, int pe, void *stream)
{
    if (sig_op != SHMEM_SIGNAL_SET && sig_op != SHMEM_SIGNAL_ADD)
        shoal_fatal(routine, "sig_op %d is neither SHMEM_SIGNAL_SET nor SHMEM_SIGNAL_ADD", sig_op);
    shoal_stream_check_rma(routine, pe, nelems, elem, dest, "dest", src, "source");
    shoal_stream_check_device(routine, "sig_addr", sig_addr, sizeof *sig_addr);
    struct shoal_stream_args a = {.op = SHOAL_STREAM_PUT_SIGNAL, .pe = pe, .dest = dest, .src = src,
                                  .nelems = nelems, .elem = elem, .sig = sig_addr, .signal = signal,
                                  .sig_op = sig_op};
    shoal_stream_enqueue(routine, stream, &a);
}

/* "shmemx_" PFX OP BITS SFX "_on_stream": the routine's name, for its messages. */
#define SHOAL_SR_NAME(PFX, OP, BITS, SFX) "shmemx_" #PFX #OP #BITS #SFX "_on_stream"
/* The family on elements T of ELEM bytes, named shmemx_PFX{put,get,...}BITS..._on_stream:
 * shmemx_int_put_on_stream (PFX int_), shmemx_put32_on_stream (BITS 32), shmemx_putmem_on_stream. */
#define SHOAL_STREAM_RMA(T, PFX, BITS, ELEM)                                                                      \
    void shmemx_##PFX##put##BITS##_on_stream(T *dest, const T *src, size_t n, int pe, struct CUstream_st *s)     \
    { rma(SHOAL_SR_NAME(PFX, put, BITS, ), SHOAL_STREAM_PUT, dest, src, n, ELEM, pe, s); }                       \
    void shmemx_##PFX##get##BITS##_on_stream(T *dest, const T *src, size_t n, int pe, struct CUstream_st *s)     \
    { rma(SHOAL_SR_NAME(PFX, get, BITS, ), SHOAL_STREAM_GET, dest, src, n, ELEM, pe, s); }                       \
    void shmemx_##PFX##put##BITS##_nbi_on_stream(T *dest, const T *src, size_t n, int pe, struct CUstream_st *s) \
    { rma(SHOAL_SR_NAME(PFX, put, BITS, _nbi), SHOAL_STREAM_PUT, dest, src, n, ELEM, pe, s); }                   \
    void shmemx_##PFX##get##BITS##_nbi_on_stream(T *dest, const T *src, size_t n, int pe, struct CUstream_st *s) \
    { rma(SHOAL_SR_NAME(PFX, get, BITS, _nbi), SHOAL_STREAM_GET, dest, src, n, ELEM, pe, s); }                   \
    void shmemx_##PFX##put##BITS##_signal_on_stream(T *dest, const T *src, size_t n, uint64_t *sig, uint64_t v,  \
                                                    int op, int pe, struct CUstream_st *s)                       \
    { put_signal(SHOAL_SR_NAME(PFX, put, BITS, _signal), dest, src, n, ELEM, sig, v, op, pe, s); }               \
    void shmemx_##PFX##put##BITS##_signal_nbi_on_stream(T *dest, const T *src, size_t n, uint64_t *sig,          \
                                                        uint64_t v, int op, int pe, struct CUstream_st *s)       \
    { put_signal(SHOAL_SR_NAME(PFX, put, BITS, _signal_nbi), dest, src, n, ELEM, sig, v, op, pe, s); }
/* iput / iget (no mem form). */
#define SHOAL_STREAM_STRIDED(T, PFX, BITS, ELEM)                                                                  \
    void shmemx_##PFX##iput##BITS##_on_stream(T *dest, const T *src, ptrdiff_t dst, ptrdiff_t sst, size_t n,     \
                                              int pe, struct CUstream_st *s)                                     \
    { strided(SHOAL_SR_NAME(PFX, iput, BITS, ), SHOAL_STREAM_IPUT, dest, src, dst, sst, n, ELEM, pe, s); }       \
    void shmemx_##PFX##iget##BITS##_on_stream(T *dest, const T *src, ptrdiff_t dst, ptrdiff_t sst, size_t n,     \
                                              int pe, struct CUstream_st *s)                                     \
    { strided(SHOAL_SR_NAME(PFX, iget, BITS, ), SHOAL_STREAM_IGET, dest, src, dst, sst, n, ELEM, pe, s); }
#define SHOAL_STREAM_RMA_TYPE(T, NAME, A) SHOAL_STREAM_RMA(T, NAME##_, , sizeof(T)) SHOAL_STREAM_STRIDED(T, NAME##_, , sizeof(T))
#define SHOAL_STREAM_RMA_SIZE(BITS, BYTES, A) SHOAL_STREAM_RMA(void, , BITS, BYTES) SHOAL_STREAM_STRIDED(void, , BITS, BYTES)
SHOAL_RMA_TYPES(SHOAL_STREAM_RMA_TYPE, )
SHOAL_SIZES(SHOAL_STREAM_RMA_SIZE, )
SHOAL_STREAM_RMA(void, , mem, 1)
