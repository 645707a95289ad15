/* Large copies into and out of mapped peers' memory (copy.c): the copy instruction chosen by
 * size, for puts, gets and the collectives alike. */
#ifndef SHOAL_CORE_COPY_H
#define SHOAL_CORE_COPY_H

#include <stddef.h>
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

/* n bytes from s to d, which do not overlap: streamed if asked, else by size. */
static inline void shoal_copy(void *d, const void *s, size_t n, int stream)
{
    if (stream)
        shoal_copy_stream(d, s, n);
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

/* A put's or get's copy: under SHOAL_COPY_INLINE_MAX inline, the rest out of line. */
static inline void shoal_copy_rma(void *d, const void *s, size_t n)
{
    if (__builtin_expect(n < SHOAL_COPY_INLINE_MAX, 1)) memcpy(d, s, n);
    else shoal_copy_large(d, s, n);
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
