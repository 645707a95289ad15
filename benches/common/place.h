/* Where a benchmark or test puts a copy's destination: the first address at or after `at`
 * whose distance from src (destination minus source) is dist modulo 4096, the quantity the
 * runtime's copy choice reads (runtime/src/core/copy.h: shoal_copy_near). `at` needs 4095
 * bytes to spare. Standalone: Open MPI's oshcc builds the benchmarks with it too. */
#ifndef SHOAL_BENCH_PLACE_H
#define SHOAL_BENCH_PLACE_H

#include <stdint.h>

static inline unsigned char *place_at_distance(void *at, const void *src, unsigned dist)
{
    const uintptr_t now = ((uintptr_t)at - (uintptr_t)src) & 4095u;
    return (unsigned char *)at + ((dist - now) & 4095u);
}

#endif
