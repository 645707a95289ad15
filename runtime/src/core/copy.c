/* Copies of large payloads into and out of the peers' memory, by size (thresholds from
 * coll/engine/tune.c; puts and gets to mapped peers use the same choice, path/path.h):
 *  - A collective that touches more than the last-level cache holds (every member's source and
 *    dest together: SHOAL_COLL_STREAM, twice the cache by default) gains nothing from keeping
 *    the lines it writes: each store first reads its line from memory (a read-for-ownership)
 *    and then evicts data someone still needs. Non-temporal stores write the lines without
 *    reading them, a third less memory traffic (20 -> 26 GB/s for 64 MiB on the AMD EPYC of
 *    benches/RESULTS.md). x86-64 only (SSE2 is baseline there).
 *  - Below that, copies of SHOAL_COLL_MOVSB bytes and more use the string move instruction
 *    where the CPU says it is fast (ERMS): the CPU then moves whole lines as it sees fit. The
 *    C library's memcpy picks its method from cache sizes that a virtual machine may report
 *    wrongly; on the AMD EPYC of benches/RESULTS.md it was 5-40% slower at 1-4 MiB.
 *  - A destination 1-63 bytes ahead of its source within the page (shoal_copy_near) is copied
 *    with vector loads and stores whatever the size: rep movsb takes it for an overlap there
 *    and moves much less per cycle, and so does a C library's memcpy that uses it (glibc 2.36
 *    from 2 KiB to the L2 size on the AMD EPYC: 64 KiB 23.8 us against 1.4).
 *  - Otherwise, and on other CPUs, memcpy. */
#include "core/loop_align.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#include "core/copy.h"

size_t shoal_copy_movsb_min = SIZE_MAX;

int shoal_cpu_erms(void)
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b >> 9) & 1; /* CPUID.(EAX=7,ECX=0):EBX.ERMS[bit 9] */
#else
    return 0;
#endif
}

void shoal_copy_movsb(void *d, const void *s, size_t n)
{
#if defined(__x86_64__)
    __asm__ __volatile__("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
#else
    memcpy(d, s, n);
#endif
}

void shoal_copy_stream(void *d, const void *s, size_t n)
{
#if defined(__x86_64__)
    char *dp = d;
    const char *sp = s;
    const size_t head = (size_t)(-(uintptr_t)dp & 15); /* up to dest's 16-byte boundary */
    if (n < head + 64) {
        memcpy(d, s, n);
        return;
    }
    memcpy(dp, sp, head);
    dp += head;
    sp += head;
    n -= head;
    for (; n >= 64; n -= 64, dp += 64, sp += 64) {
        const __m128i a = _mm_loadu_si128((const __m128i *)sp);
        const __m128i b = _mm_loadu_si128((const __m128i *)(sp + 16));
        const __m128i c = _mm_loadu_si128((const __m128i *)(sp + 32));
        const __m128i e = _mm_loadu_si128((const __m128i *)(sp + 48));
        _mm_stream_si128((__m128i *)dp, a);
        _mm_stream_si128((__m128i *)(dp + 16), b);
        _mm_stream_si128((__m128i *)(dp + 32), c);
        _mm_stream_si128((__m128i *)(dp + 48), e);
    }
    memcpy(dp, sp, n);
    _mm_sfence(); /* the streamed stores are weakly ordered: drain them before any flag */
#else
    memcpy(d, s, n);
#endif
}

#if defined(__x86_64__)
/* One loop for both vector widths (V bytes of type T; n >= 2 * V): the first and last V bytes
 * stored unaligned, the rest by aligned stores, four per turn. With d ahead of s the loads of a
 * turn all precede its stores, so nothing stored is read again (d and s do not overlap). */
#define SHOAL_COPY_LOOP(NAME, ATTR, V, T, LOADU, STORE, STOREU)                                 \
    ATTR static void NAME(char *d, const char *s, size_t n)                                     \
    {                                                                                          \
        const T head = LOADU((const T *)s), tail = LOADU((const T *)(s + n - (V)));            \
        char *const last = d + n - (V);                                                        \
        const size_t skip = (V) - ((uintptr_t)d & ((V) - 1));                                  \
        STOREU((T *)d, head);                                                                  \
        d += skip;                                                                             \
        s += skip;                                                                             \
        n -= skip;                                                                             \
        for (; n >= 4 * (V); n -= 4 * (V), d += 4 * (V), s += 4 * (V)) {                        \
            const T a = LOADU((const T *)s), b = LOADU((const T *)(s + (V)));                  \
            const T c = LOADU((const T *)(s + 2 * (V))), e = LOADU((const T *)(s + 3 * (V)));  \
            STORE((T *)d, a);                                                                  \
            STORE((T *)(d + (V)), b);                                                          \
            STORE((T *)(d + 2 * (V)), c);                                                      \
            STORE((T *)(d + 3 * (V)), e);                                                      \
        }                                                                                      \
        for (; n >= (V); n -= (V), d += (V), s += (V)) STORE((T *)d, LOADU((const T *)s));     \
        STOREU((T *)last, tail);                                                               \
    }
SHOAL_COPY_LOOP(copy_avx2, __attribute__((target("avx2"))), 32, __m256i, _mm256_loadu_si256,
                _mm256_store_si256, _mm256_storeu_si256)
SHOAL_COPY_LOOP(copy_sse2, , 16, __m128i, _mm_loadu_si128, _mm_store_si128, _mm_storeu_si128)
#undef SHOAL_COPY_LOOP

/* 1 with AVX2 (CPU and OS), 0 without, -1 not yet asked; every thread finds the same. */
static int copy_avx2_ok = -1;
#endif

void shoal_copy_vec(void *d, const void *s, size_t n)
{
#if defined(__x86_64__)
    if (n < 64) {
        memcpy(d, s, n);
        return;
    }
    int ok = __atomic_load_n(&copy_avx2_ok, __ATOMIC_RELAXED);
    if (ok < 0) {
        __builtin_cpu_init();
        ok = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&copy_avx2_ok, ok, __ATOMIC_RELAXED);
    }
    if (ok) copy_avx2(d, s, n);
    else copy_sse2(d, s, n);
#else
    memcpy(d, s, n);
#endif
}

void shoal_copy_vec_sse2(void *d, const void *s, size_t n)
{
#if defined(__x86_64__)
    if (n < 64) memcpy(d, s, n);
    else copy_sse2(d, s, n);
#else
    memcpy(d, s, n);
#endif
}

void shoal_copy_large(void *d, const void *s, size_t n) { shoal_copy(d, s, n, 0); }
