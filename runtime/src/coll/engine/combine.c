/* Combine functions of the reductions, one per (operation, element kind), generated: out[i] =
 * a[i] op b[i]. Integer sums and products wrap (computed in unsigned arithmetic: no undefined
 * behaviour on overflow, and two's-complement results are the same bits for signed kinds). */
#include "core/loop_align.h"

#include <stdint.h>
#include <string.h>

#include "coll/engine/engine.h"

#define SHOAL_INT_KINDS(X)                                                                       \
    X(S8, int8_t) X(S16, int16_t) X(S32, int32_t) X(S64, int64_t) X(U8, uint8_t)                 \
    X(U16, uint16_t) X(U32, uint32_t) X(U64, uint64_t)
#define SHOAL_REAL_KINDS(X) X(F32, float) X(F64, double) X(LD, long double)
#define SHOAL_COMPLEX_KINDS(X) X(C32, float _Complex) X(C64, double _Complex)

/* On x86-64 a 32-byte (AVX2) copy of each function is chosen at load time where the CPU has
 * it: 33-59 GB/s at 4 KiB-1 MiB against 29-37 for the baseline 16-byte loop on AMD EPYC.
 * Not under ThreadSanitizer: it instruments the ifunc resolver, which the dynamic loader runs
 * before the TSan runtime's own symbols are bound, and every program crashes at load. */
#if defined(__SANITIZE_THREAD__)
#define SHOAL_COMBINE_NO_CLONES 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SHOAL_COMBINE_NO_CLONES 1
#endif
#endif
#if defined(__x86_64__) && defined(__has_attribute) && !defined(SHOAL_COMBINE_NO_CLONES)
#if __has_attribute(target_clones)
#define SHOAL_COMBINE_ATTR __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef SHOAL_COMBINE_ATTR
#define SHOAL_COMBINE_ATTR
#endif

/* Elements are moved with memcpy: operands may sit in a mailbox, 8-byte aligned, while long
 * double wants 16; the compiler still emits plain (unaligned-capable) loads and stores. */
#define SHOAL_DEF_COMBINE(KIND, T, OP, EXPR)                                                     \
    SHOAL_COMBINE_ATTR static void combine_##OP##_##KIND(void *o, const void *a, const void *b,  \
                                                         size_t n)                               \
    {                                                                                            \
        char *out = o;                                                                           \
        const char *x = a, *y = b;                                                               \
        for (size_t i = 0; i < n; i++) {                                                         \
            T p, q, r;                                                                           \
            memcpy(&p, x + i * sizeof(T), sizeof(T));                                            \
            memcpy(&q, y + i * sizeof(T), sizeof(T));                                            \
            r = (EXPR);                                                                          \
            memcpy(out + i * sizeof(T), &r, sizeof(T));                                          \
        }                                                                                        \
    }

#define SHOAL_DEF_INT(KIND, T)                                                                   \
    SHOAL_DEF_COMBINE(KIND, T, and, p & q)                                                       \
    SHOAL_DEF_COMBINE(KIND, T, or, p | q)                                                        \
    SHOAL_DEF_COMBINE(KIND, T, xor, p ^ q)                                                       \
    SHOAL_DEF_COMBINE(KIND, T, max, q > p ? q : p)                                               \
    SHOAL_DEF_COMBINE(KIND, T, min, q < p ? q : p)                                               \
    SHOAL_DEF_COMBINE(KIND, T, sum, (T)((uintmax_t)p + (uintmax_t)q))                            \
    SHOAL_DEF_COMBINE(KIND, T, prod, (T)((uintmax_t)p * (uintmax_t)q))
#define SHOAL_DEF_REAL(KIND, T)                                                                  \
    SHOAL_DEF_COMBINE(KIND, T, max, q > p ? q : p)                                               \
    SHOAL_DEF_COMBINE(KIND, T, min, q < p ? q : p)                                               \
    SHOAL_DEF_COMBINE(KIND, T, sum, p + q)                                                       \
    SHOAL_DEF_COMBINE(KIND, T, prod, p * q)
#define SHOAL_DEF_CPLX(KIND, T)                                                                  \
    SHOAL_DEF_COMBINE(KIND, T, sum, p + q)                                                       \
    SHOAL_DEF_COMBINE(KIND, T, prod, p * q)

SHOAL_INT_KINDS(SHOAL_DEF_INT)
SHOAL_REAL_KINDS(SHOAL_DEF_REAL)
SHOAL_COMPLEX_KINDS(SHOAL_DEF_CPLX)

#define SHOAL_ROW_INT(KIND, T)                                                                   \
    [SHOAL_K_##KIND] = {combine_and_##KIND, combine_or_##KIND, combine_xor_##KIND,               \
                        combine_max_##KIND, combine_min_##KIND, combine_sum_##KIND,              \
                        combine_prod_##KIND},
#define SHOAL_ROW_REAL(KIND, T)                                                                  \
    [SHOAL_K_##KIND] = {NULL, NULL, NULL, combine_max_##KIND, combine_min_##KIND,                \
                        combine_sum_##KIND, combine_prod_##KIND},
#define SHOAL_ROW_CPLX(KIND, T)                                                                  \
    [SHOAL_K_##KIND] = {NULL, NULL, NULL, NULL, NULL, combine_sum_##KIND, combine_prod_##KIND},

static const shoal_combine_fn table[SHOAL_NKINDS][SHOAL_NOPS] = {
    SHOAL_INT_KINDS(SHOAL_ROW_INT) SHOAL_REAL_KINDS(SHOAL_ROW_REAL) SHOAL_COMPLEX_KINDS(SHOAL_ROW_CPLX)};

#define SHOAL_SIZE_ROW(KIND, T) [SHOAL_K_##KIND] = sizeof(T),
static const size_t sizes[SHOAL_NKINDS] = {
    SHOAL_INT_KINDS(SHOAL_SIZE_ROW) SHOAL_REAL_KINDS(SHOAL_SIZE_ROW) SHOAL_COMPLEX_KINDS(SHOAL_SIZE_ROW)};

shoal_combine_fn shoal_combine_lookup(int op, int kind)
{
    if (op < 0 || op >= SHOAL_NOPS || kind < 0 || kind >= SHOAL_NKINDS) return NULL;
    return table[kind][op];
}

size_t shoal_kind_size(int kind) { return sizes[kind]; }
