/* The shared-memory transport: node-local peers' segments are mapped into this process, so
 * a put is a memcpy into the mapping and an AMO is a CPU atomic on it. The API layer inlines
 * this path (core/remote.h); the table exists for code that holds only an ops pointer. */
#include <string.h>

#include "core/error.h"
#include "core/remote.h"
#include "transport/transport.h"

static void *mapped(const void *addr, size_t len, int pe)
{
    void *p = shoal_addr_on(addr, pe);
    if (!p) shoal_fatal("shm transport", "address %p (%zu bytes) is not mapped for pe %d", addr, len, pe);
    return p;
}

static void shm_put(void *dest, const void *src, size_t len, int pe)
{
    memcpy(mapped(dest, len, pe), src, len);
}

static void shm_get(void *dest, const void *src, size_t len, int pe)
{
    memcpy(dest, mapped(src, len, pe), len);
}

#define SHM_AMO_CASE(T)                                                                          \
    do {                                                                                         \
        T *p = (T *)mapped(dest, sizeof(T), pe), v = operand ? *(const T *)operand : 0, r = 0;   \
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

static void shm_amo(enum shoal_amo_op op, void *dest, size_t size, const void *operand,
                    const void *cond, void *result, int pe)
{
    if (size == 8) SHM_AMO_CASE(uint64_t);
    else if (size == 4) SHM_AMO_CASE(uint32_t);
    else shoal_fatal("shm transport", "no %zu-byte atomics", size);
}

static void shm_fence(void) { __atomic_thread_fence(__ATOMIC_RELEASE); }
static void shm_quiet(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

const struct shoal_transport_ops shoal_transport_shm = {
    .name = "shm", .put = shm_put, .get = shm_get, .amo = shm_amo,
    .fence = shm_fence, .quiet = shm_quiet,
};
