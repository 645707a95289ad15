/* Sizes in the environment ("512M", "2G", "4096", an optional trailing B; K/M/G/T are powers of
 * 1024). Header-only: the runtime (SHOAL_SYMMETRIC_SIZE) and shoal-info parse the same way. */
#ifndef SHOAL_CORE_PARSE_SIZE_H
#define SHOAL_CORE_PARSE_SIZE_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* The byte count, or 0 when s is not a size: empty, signed (strtoull would turn "-1" into
 * the largest value), trailing junk, or too large for size_t. */
static inline size_t shoal_parse_size(const char *s)
{
    if (!s || *s < '0' || *s > '9') return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno) return 0;
    unsigned shift = 0;
    switch (*end) {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 't': case 'T': shift = 40; end++; break;
    default: break;
    }
    if (*end == 'b' || *end == 'B') end++;
    if (*end || v > (SIZE_MAX >> shift)) return 0;
    return (size_t)v << shift;
}

#endif
