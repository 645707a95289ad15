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
 *  - Otherwise, and on other CPUs, memcpy. */
#include "core/loop_align.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <emmintrin.h>
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

void shoal_copy_large(void *d, const void *s, size_t n) { shoal_copy(d, s, n, 0); }
