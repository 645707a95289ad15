/* Every typed, sized and mem put/get/p/g/iput/iget/nbi/put_signal entry point, with and
 * without a context, generated from the type table. */
#include <shmem.h>

#include "core/api_pair.h"
#include "rma/rma.h"

/* The block forms over elements of SIZE bytes, under the names the caller gives: shared by
 * the typed (shmem_int_put), SIZE (shmem_put32) and mem (shmem_putmem) routines. */
#define SHOAL_DEF_BLOCK(T, SIZE, PUT, GET, PUT_NBI, GET_NBI, IPUT, IGET, PUT_SIG, PUT_SIG_NBI)   \
    SHOAL_API_PAIR(void, PUT, (T * dest, const T *source, size_t nelems, int pe),                \
                   { shoal_put(routine, ctx, dest, source, nelems, SIZE, pe, 0); })              \
    SHOAL_API_PAIR(void, GET, (T * dest, const T *source, size_t nelems, int pe),                \
                   { shoal_get(routine, ctx, dest, source, nelems, SIZE, pe, 0); })              \
    SHOAL_API_PAIR(void, PUT_NBI, (T * dest, const T *source, size_t nelems, int pe),            \
                   { shoal_put(routine, ctx, dest, source, nelems, SIZE, pe, SHOAL_XFER_NBI); }) \
    SHOAL_API_PAIR(void, GET_NBI, (T * dest, const T *source, size_t nelems, int pe),            \
                   { shoal_get(routine, ctx, dest, source, nelems, SIZE, pe, SHOAL_XFER_NBI); }) \
    SHOAL_API_PAIR(void, IPUT,                                                                   \
                   (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,      \
                    int pe),                                                                     \
                   { shoal_iput(routine, ctx, dest, source, dst, sst, nelems, SIZE, pe); })      \
    SHOAL_API_PAIR(void, IGET,                                                                   \
                   (T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,      \
                    int pe),                                                                     \
                   { shoal_iget(routine, ctx, dest, source, dst, sst, nelems, SIZE, pe); })      \
    SHOAL_API_PAIR(void, PUT_SIG,                                                                \
                   (T * dest, const T *source, size_t nelems, uint64_t *sig_addr,                \
                    uint64_t signal, int sig_op, int pe),                                        \
                   { shoal_put_signal(routine, ctx, dest, source, nelems, SIZE, sig_addr,        \
                                      signal, sig_op, pe, 0); })                                 \
    SHOAL_API_PAIR(void, PUT_SIG_NBI,                                                            \
                   (T * dest, const T *source, size_t nelems, uint64_t *sig_addr,                \
                    uint64_t signal, int sig_op, int pe),                                        \
                   { shoal_put_signal(routine, ctx, dest, source, nelems, SIZE, sig_addr,        \
                                      signal, sig_op, pe, SHOAL_XFER_NBI); })

/* Typed: shmem_int_put, shmem_int_p, shmem_int_g ... */
#define SHOAL_DEF_TYPED(T, N, A)                                                                 \
    SHOAL_DEF_BLOCK(T, sizeof(T), N##_put, N##_get, N##_put_nbi, N##_get_nbi, N##_iput,         \
                    N##_iget, N##_put_signal, N##_put_signal_nbi)                                \
    SHOAL_API_PAIR(void, N##_p, (T * dest, T value, int pe), {                                   \
        int wpe = shoal_ctx_pe(routine, ctx, pe);                                                \
        T *r = (T *)shoal_heap_on(dest, sizeof(T), wpe);                                         \
        if (SHOAL_LIKELY(r != NULL)) {                                                           \
            *r = value;                                                                          \
            shoal_ring_store(wpe, dest, sizeof(T));                                                \
        } else {                                                                                 \
            shoal_path_put_slow(routine, dest, &value, sizeof(T), wpe, 0);                       \
        }                                                                                        \
    })                                                                                           \
    SHOAL_API_PAIR(T, N##_g, (const T *source, int pe), {                                        \
        int wpe = shoal_ctx_pe(routine, ctx, pe);                                                \
        const T *r = (const T *)shoal_heap_on(source, sizeof(T), wpe);                           \
        if (SHOAL_LIKELY(r != NULL)) return *r;                                                  \
        T value;                                                                                 \
        shoal_path_get_slow(routine, &value, source, sizeof(T), wpe, 0);                         \
        return value;                                                                            \
    })
SHOAL_RMA_TYPES(SHOAL_DEF_TYPED, _)

/* shmem_put32 ... shmem_put128 and shmem_putmem: the size sits before the suffix. */
#define SHOAL_DEF_SIZED(B, BYTES, A)                                                             \
    SHOAL_DEF_BLOCK(void, BYTES, put##B, get##B, put##B##_nbi, get##B##_nbi, iput##B, iget##B,   \
                    put##B##_signal, put##B##_signal_nbi)
SHOAL_SIZES(SHOAL_DEF_SIZED, _)
SHOAL_DEF_SIZED(mem, 1, _)
