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
/* n >= 64. The first and last 32 bytes are stored unaligned, the rest by aligned 32-byte
 * stores, four per turn; with d ahead of s the loads of a turn all precede its stores, so
 * nothing stored is read again (d and s do not overlap). */
__attribute__((target("avx2"))) static void copy_avx2(char *d, const char *s, size_t n)
{
    const __m256i head = _mm256_loadu_si256((const __m256i *)s);
    const __m256i tail = _mm256_loadu_si256((const __m256i *)(s + n - 32));
    char *const last = d + n - 32;
    const size_t skip = 32 - ((uintptr_t)d & 31);
    _mm256_storeu_si256((__m256i *)d, head);
    d += skip;
    s += skip;
    n -= skip;
    for (; n >= 128; n -= 128, d += 128, s += 128) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)s);
        const __m256i b = _mm256_loadu_si256((const __m256i *)(s + 32));
        const __m256i c = _mm256_loadu_si256((const __m256i *)(s + 64));
        const __m256i e = _mm256_loadu_si256((const __m256i *)(s + 96));
        _mm256_store_si256((__m256i *)d, a);
        _mm256_store_si256((__m256i *)(d + 32), b);
        _mm256_store_si256((__m256i *)(d + 64), c);
        _mm256_store_si256((__m256i *)(d + 96), e);
    }
    for (; n >= 32; n -= 32, d += 32, s += 32)
        _mm256_store_si256((__m256i *)d, _mm256_loadu_si256((const __m256i *)s));
    _mm256_storeu_si256((__m256i *)last, tail);
}

/* The same with 16-byte SSE2 vectors (baseline on x86-64). n >= 32. */
static void copy_sse2(char *d, const char *s, size_t n)
{
    const __m128i head = _mm_loadu_si128((const __m128i *)s);
    const __m128i tail = _mm_loadu_si128((const __m128i *)(s + n - 16));
    char *const last = d + n - 16;
    const size_t skip = 16 - ((uintptr_t)d & 15);
    _mm_storeu_si128((__m128i *)d, head);
    d += skip;
    s += skip;
    n -= skip;
    for (; n >= 64; n -= 64, d += 64, s += 64) {
        const __m128i a = _mm_loadu_si128((const __m128i *)s);
        const __m128i b = _mm_loadu_si128((const __m128i *)(s + 16));
        const __m128i c = _mm_loadu_si128((const __m128i *)(s + 32));
        const __m128i e = _mm_loadu_si128((const __m128i *)(s + 48));
        _mm_store_si128((__m128i *)d, a);
        _mm_store_si128((__m128i *)(d + 16), b);
        _mm_store_si128((__m128i *)(d + 32), c);
        _mm_store_si128((__m128i *)(d + 48), e);
    }
    for (; n >= 16; n -= 16, d += 16, s += 16)
        _mm_store_si128((__m128i *)d, _mm_loadu_si128((const __m128i *)s));
    _mm_storeu_si128((__m128i *)last, tail);
}

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
