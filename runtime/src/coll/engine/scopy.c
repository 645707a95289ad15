/* shoal_coll_scopy (engine.h): the strided element copy of alltoalls, shared by the mapped
 * engine (alltoall.c) and the off-node one (remote/alltoall.c). */
#include "core/loop_align.h"

#include <stdint.h>
#include <string.h>

#include "coll/engine/engine.h"

void shoal_coll_scopy(void *d, ptrdiff_t ds, const void *s, ptrdiff_t ss, size_t n, size_t esize)
{
    if (ds == 1 && ss == 1) {
        shoal_copy_data(d, s, n * esize);
        return;
    }
#define SHOAL_SCOPY(T)                                                                           \
    do {                                                                                         \
        T *dp = d;                                                                               \
        const T *sp = s;                                                                         \
        for (size_t i = 0; i < n; i++) dp[(ptrdiff_t)i * ds] = sp[(ptrdiff_t)i * ss];            \
    } while (0)
    switch (esize) {
    case 1: SHOAL_SCOPY(uint8_t); break;
    case 2: SHOAL_SCOPY(uint16_t); break;
    case 4: SHOAL_SCOPY(uint32_t); break;
    case 8: SHOAL_SCOPY(uint64_t); break;
    default:
        for (size_t i = 0; i < n; i++)
            memcpy((char *)d + (ptrdiff_t)i * ds * (ptrdiff_t)esize,
                   (const char *)s + (ptrdiff_t)i * ss * (ptrdiff_t)esize, esize);
    }
#undef SHOAL_SCOPY
}
