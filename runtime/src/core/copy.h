/* Large copies into and out of mapped peers' memory (copy.c): the copy instruction chosen by
 * size, for puts, gets and the collectives alike. */
#ifndef SHOAL_CORE_COPY_H
#define SHOAL_CORE_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Bytes per copy from which copies use rep movsb (SHOAL_COLL_MOVSB, set by coll/engine/tune.c
 * at shmem_init; no copy reaches the initial value). */
extern size_t shoal_copy_movsb_min;

/* Whether the CPU has a fast string move (ERMS). */
int shoal_cpu_erms(void);
/* memcpy with non-temporal stores on x86-64 (for a collective that reads and writes at least
 * SHOAL_COLL_STREAM bytes in all); ends with a store fence. */
void shoal_copy_stream(void *d, const void *s, size_t n);
/* memcpy with the string move instruction (x86-64; memcpy elsewhere). */
void shoal_copy_movsb(void *d, const void *s, size_t n);
/* memcpy with vector loads and stores only (x86-64: AVX2 where the CPU has it, else SSE2;
 * memcpy elsewhere): for the copies rep movsb is slow at (shoal_copy_near). */
void shoal_copy_vec(void *d, const void *s, size_t n);
/* shoal_copy_vec's loop for CPUs without AVX2 (tests run it on any x86-64). */
void shoal_copy_vec_sse2(void *d, const void *s, size_t n);

/* Copies from this size on check shoal_copy_near: below it the C library's memcpy does not
 * use rep movsb (glibc from 2 KiB on x86-64). */
#define SHOAL_COPY_NEAR_MIN ((size_t)1 << 10)

/* Whether d is 1-63 bytes ahead of s within the page: rep movsb, and a memcpy built on it,
 * takes that for an overlap and runs 15-25x slower (1-31 bytes on AMD EPYC family 25 model
 * 1, 64 KiB: 23.8 against 1.4 us; benches/RESULTS.md). */
static inline int shoal_copy_near(const void *d, const void *s)
{
#if defined(__x86_64__)
    return ((((uintptr_t)d - (uintptr_t)s) & 4095u) - 1u) < 63u;
#else
    (void)d;
    (void)s;
    return 0;
#endif
}

/* n bytes from s to d, which do not overlap: streamed if asked, else by size. */
static inline void shoal_copy(void *d, const void *s, size_t n, int stream)
{
    if (stream)
        shoal_copy_stream(d, s, n);
    else if (n >= SHOAL_COPY_NEAR_MIN && shoal_copy_near(d, s))
        shoal_copy_vec(d, s, n);
    else if (n >= shoal_copy_movsb_min)
        shoal_copy_movsb(d, s, n);
    else
        memcpy(d, s, n);
}

/* Copies from this size on leave the inline put and get paths for shoal_copy_large: a
 * compare with a constant costs the 8-byte message rate nothing, a load of the threshold did. */
#define SHOAL_COPY_INLINE_MAX ((size_t)64 << 10)
/* shoal_copy(d, s, n, 0) out of line. */
void shoal_copy_large(void *d, const void *s, size_t n);

/* A payload's copy (puts, gets, and the collectives' copies of their callers' data): memcpy
 * inline under SHOAL_COPY_INLINE_MAX unless d is near ahead of s, the rest out of line. */
static inline void shoal_copy_data(void *d, const void *s, size_t n)
{
    if (__builtin_expect(n < SHOAL_COPY_NEAR_MIN, 1) ||
        (n < SHOAL_COPY_INLINE_MAX && !shoal_copy_near(d, s)))
        memcpy(d, s, n);
    else
        shoal_copy_large(d, s, n);
}

/* The same where d and s may overlap (a member's own block of an in-place gather). */
static inline void shoal_move(void *d, const void *s, size_t n)
{
    if ((const char *)d + n <= (const char *)s || (const char *)s + n <= (const char *)d)
        shoal_copy(d, s, n, 0);
    else
        memmove(d, s, n);
}

#endif
