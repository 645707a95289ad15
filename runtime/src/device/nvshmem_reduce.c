/* NVSHMEM's reductions that OpenSHMEM lacks, on the host (shoal/nvshmem/runtime.h): every
 * TYPENAME_OP_reducescatter, and the half and bfloat16 rows of TYPENAME_OP_reduce. A sync so
 * every member's source is ready, one get of the needed block from each member (in member
 * order, so every PE combines the same values in the same order), a sync so nobody overwrites a
 * source still being read, then dest. Rare calls: simple beats fast here (the common rows go
 * through the collective engine). Bitwise operations work on the bytes (any integer row),
 * arithmetic per row from the type table; 16-bit floats go through float and round at every
 * step, as the device's half arithmetic does. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>
#include <shoal/nvshmem/runtime.h>

#include "core/check.h"
#include "core/error.h"
#include "core/remote.h"
#include "core/state.h"
#include "device/device.h"

#define SHOAL_NVR_SIZE(T, NAME, A) sizeof(T),
#define SHOAL_NVR_BITS(T, NAME, A) sizeof(uint16_t),
static const size_t elem_size[SHMEMX_TYPE_COUNT] = {SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NVR_SIZE, )
                                                        SHOAL_HALF_TYPES(SHOAL_NVR_BITS, )};

/* IEEE binary16 and bfloat16 bits to float and back (round to nearest even). */
static float half_to_float(uint16_t h)
{
    const uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = h >> 10 & 0x1f, man = h & 0x3ff;
    uint32_t bits;
    if (exp == 0x1f) {
        bits = sign | 0x7f800000u | man << 13;
    } else if (exp != 0) {
        bits = sign | (exp + 112) << 23 | man << 13;
    } else if (man == 0) {
        bits = sign;
    } else { /* subnormal: normalise */
        int e = -1;
        uint32_t m = man;
        do {
            e++;
            m <<= 1;
        } while (!(m & 0x400));
        bits = sign | (uint32_t)(112 - e) << 23 | (m & 0x3ff) << 13;
    }
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* v >> shift, rounded to nearest, ties to even (1 <= shift < 32). */
static uint32_t shift_rne(uint32_t v, int shift)
{
    const uint32_t q = v >> shift, rem = v & ((1u << shift) - 1), half = 1u << (shift - 1);
    return q + (rem > half || (rem == half && (q & 1)));
}

static uint16_t float_to_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    const uint16_t sign = (uint16_t)(x >> 16 & 0x8000);
    const uint32_t exp = x >> 23 & 0xff, man = x & 0x7fffff;
    if (exp == 0xff) return (uint16_t)(sign | 0x7c00 | (man ? 0x200 | man >> 13 : 0));
    const int e = (int)exp - 127 + 15;
    if (e >= 0x1f) return (uint16_t)(sign | 0x7c00);
    if (e <= 0) /* subnormal or zero: the significand in units of 2^-24 */
        return (uint16_t)(sign | (e < -10 ? 0 : shift_rne(man | 0x800000, 14 - e)));
    /* a carry out of the significand rounds up into the exponent, as it should */
    return (uint16_t)(sign | shift_rne((uint32_t)e << 23 | man, 13));
}

static float bf16_to_float(uint16_t b)
{
    const uint32_t bits = (uint32_t)b << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static uint16_t float_to_bf16(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    if ((x & 0x7f800000u) == 0x7f800000u && (x & 0x7fffff)) return (uint16_t)(x >> 16 | 0x40); /* quiet NaN */
    x += 0x7fff + (x >> 16 & 1);
    return (uint16_t)(x >> 16);
}

/* acc[i] = acc[i] OP in[i], arithmetic ops. */
#define SHOAL_NVR_COMBINE(T, NAME, A)                                                              \
    static void combine_##NAME(void *accp, const void *inp, size_t n, int op)                      \
    {                                                                                              \
        T *acc = accp;                                                                             \
        const T *in = inp;                                                                         \
        for (size_t i = 0; i < n; i++) {                                                           \
            switch (op) {                                                                          \
            case SHMEMX_OP_MAX: if (acc[i] < in[i]) acc[i] = in[i]; break;                         \
            case SHMEMX_OP_MIN: if (in[i] < acc[i]) acc[i] = in[i]; break;                         \
            case SHMEMX_OP_SUM: acc[i] = (T)(acc[i] + in[i]); break;                               \
            default: acc[i] = (T)(acc[i] * in[i]); break;                                          \
            }                                                                                      \
        }                                                                                          \
    }
SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NVR_COMBINE, )
#define SHOAL_NVR_COMBINE16(NAME, TO_FLOAT, FROM_FLOAT)                                            \
    static void combine_##NAME(void *accp, const void *inp, size_t n, int op)                      \
    {                                                                                              \
        uint16_t *acc = accp;                                                                      \
        const uint16_t *in = inp;                                                                  \
        for (size_t i = 0; i < n; i++) {                                                           \
            const float a = TO_FLOAT(acc[i]), b = TO_FLOAT(in[i]);                                 \
            switch (op) {                                                                          \
            case SHMEMX_OP_MAX: if (a < b) acc[i] = in[i]; break;                                  \
            case SHMEMX_OP_MIN: if (b < a) acc[i] = in[i]; break;                                  \
            case SHMEMX_OP_SUM: acc[i] = FROM_FLOAT(a + b); break;                                 \
            default: acc[i] = FROM_FLOAT(a * b); break;                                            \
            }                                                                                      \
        }                                                                                          \
    }
SHOAL_NVR_COMBINE16(half, half_to_float, float_to_half)
SHOAL_NVR_COMBINE16(bfloat16, bf16_to_float, float_to_bf16)

typedef void (*combine_fn)(void *acc, const void *in, size_t n, int op);
#define SHOAL_NVR_FN(T, NAME, A) combine_##NAME,
static const combine_fn combine[SHMEMX_TYPE_COUNT] = {SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NVR_FN, )
                                                          SHOAL_HALF_TYPES(SHOAL_NVR_FN, )};
#define SHOAL_NVR_FLOAT_ROW(T, NAME, A) ((T)0.5 != 0),
#define SHOAL_NVR_FLOAT16_ROW(T, NAME, A) 1,
static const char floating[SHMEMX_TYPE_COUNT] = {SHOAL_REDUCE_MINMAX_TYPES(SHOAL_NVR_FLOAT_ROW, )
                                                     SHOAL_HALF_TYPES(SHOAL_NVR_FLOAT16_ROW, )};

static void combine_bytes(unsigned char *acc, const unsigned char *in, size_t n, int op)
{
    for (size_t i = 0; i < n; i++)
        acc[i] = op == SHMEMX_OP_AND ? acc[i] & in[i] : op == SHMEMX_OP_OR ? acc[i] | in[i] : acc[i] ^ in[i];
}

size_t shoal_reduce_typed_check(const char *routine, int type, int op, size_t nreduce, size_t *elem)
{
    if (type < 0 || type >= SHMEMX_TYPE_COUNT) shoal_fatal(routine, "element type %d is not a SHMEMX_TYPE_*", type);
    if (op < SHMEMX_OP_AND || op > SHMEMX_OP_PROD) shoal_fatal(routine, "operation %d is not a SHMEMX_OP_*", op);
    if (op <= SHMEMX_OP_XOR && floating[type])
        shoal_fatal(routine, "a bitwise operation on a floating-point type");
    SHOAL_CHECK_LEN(routine, nreduce, elem_size[type]);
    *elem = elem_size[type];
    return nreduce * elem_size[type];
}

int shmemx_reduce_typed(const char *routine, nvshmem_team_t team, void *dest, const void *source, size_t nreduce,
                        int type, int op, int scatter)
{
    SHOAL_CHECK_INIT(routine);
    size_t elem;
    const size_t bytes = shoal_reduce_typed_check(routine, type, op, nreduce, &elem);
    const int n = shmem_team_n_pes(team), me = shmem_team_my_pe(team);
    if (n < 1) {
        shoal_warn(routine, "the team is NVSHMEM_TEAM_INVALID; nothing done, returning -1");
        return -1;
    }
    if (me < 0) shoal_fatal(routine, "this PE is not a member of team %p", (void *)team);
    if (scatter && bytes > SIZE_MAX / (size_t)n) shoal_fatal(routine, "nreduce %zu per member overflows", nreduce);
    const size_t src_bytes = scatter ? bytes * (size_t)n : bytes;
    if (bytes && (!shoal_is_symmetric(dest, bytes) || !shoal_is_symmetric(source, src_bytes)))
        shoal_fatal(routine, "dest %p or source %p (%zu bytes) is not symmetric memory", dest, source, src_bytes);
    unsigned char *result = malloc(bytes ? bytes : 1), *in = malloc(bytes ? bytes : 1);
    if (!result || !in) shoal_fatal(routine, "out of memory for %zu bytes", bytes);
    const char *block = (const char *)source + (scatter ? (size_t)me * bytes : 0);
    shmem_team_sync(team);
    for (int j = 0; j < n && bytes; j++) {
        const int pe = shmem_team_translate_pe(team, j, SHMEM_TEAM_WORLD);
        shmem_getmem(j ? in : result, block, bytes, pe);
        if (j == 0) continue;
        if (op <= SHMEMX_OP_XOR)
            combine_bytes(result, in, bytes, op);
        else
            combine[type](result, in, nreduce, op);
    }
    shmem_team_sync(team);
    if (bytes) shmem_putmem(dest, result, bytes, shoal_g.me); /* dest may be device memory */
    shmem_quiet();
    free(result);
    free(in);
    return 0;
}
