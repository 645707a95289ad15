/* Mem ops of host memory mapped here: copies (core/copy.h) and CPU atomics. The hot paths
 * inline these (core/remote.h, path/path.h); the table serves the segment-generic slow path. */
#include <stdint.h>
#include <string.h>

#include "core/copy.h"
#include "core/error.h"
#include "core/segment.h"

static void host_put(void *mapped, const void *src, size_t len)
{
    shoal_copy_data(mapped, src, len);
}
static void host_get(void *dest, const void *mapped, size_t len)
{
    shoal_copy_data(dest, mapped, len);
}

#define HOST_AMO_CASE(T)                                                                         \
    do {                                                                                         \
        T *p = (T *)mapped, v = operand ? *(const T *)operand : 0, r = 0;                        \
        switch (op) {                                                                            \
        case SHOAL_AMO_FETCH: r = __atomic_load_n(p, __ATOMIC_ACQUIRE); break;                  \
        case SHOAL_AMO_SET: __atomic_store_n(p, v, __ATOMIC_RELEASE); break;                    \
        case SHOAL_AMO_SWAP: r = __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); break;            \
        case SHOAL_AMO_CSWAP:                                                                    \
            r = *(const T *)cond;                                                                \
            __atomic_compare_exchange_n(p, &r, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);       \
            break;                                                                               \
        case SHOAL_AMO_ADD: r = __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); break;              \
        case SHOAL_AMO_AND: r = __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); break;              \
        case SHOAL_AMO_OR: r = __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); break;                \
        case SHOAL_AMO_XOR: r = __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); break;              \
        }                                                                                        \
        if (result) *(T *)result = r;                                                            \
    } while (0)

static void host_amo(enum shoal_amo_op op, void *mapped, size_t size, const void *operand,
                     const void *cond, void *result)
{
    if (size == 8) HOST_AMO_CASE(uint64_t);
    else HOST_AMO_CASE(uint32_t);
}

const struct shoal_mem_ops shoal_host_mem = {
    .put = host_put, .get = host_get, .amo = host_amo, .quiet = NULL,
};
