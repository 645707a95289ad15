/* Stream-ordered forms NVSHMEM has and shmemx.h lacks (shoal/nvshmem/runtime.h): p and g of one
 * value, waits on integer variables, a signal update alone. Arguments checked before CUDA, as
 * every _on_stream call does (on_stream.c), then one kernel through libshoal_cuda.so. */
#include <stdint.h>
#include <string.h>

#include <shmemx.h>
#include <shoal/nvshmem/runtime.h>

#include "core/check.h"
#include "core/error.h"
#include "device/on_stream.h"

static void check_scalar(const char *routine, size_t elem)
{
    if (elem != 1 && elem != 2 && elem != 4 && elem != 8)
        shoal_fatal(routine, "an element of %zu bytes (1, 2, 4 or 8)", elem);
}

void shmemx_p_on_stream_bytes(const char *routine, void *dest, const void *value, size_t elem, int pe,
                              struct CUstream_st *stream)
{
    check_scalar(routine, elem);
    shoal_stream_check_rma(routine, pe, 1, elem, dest, "dest", value, "value");
    struct shoal_stream_args a = {.op = SHOAL_STREAM_P, .pe = pe, .dest = dest, .nelems = 1, .elem = elem};
    memcpy(&a.signal, value, elem);
    shoal_stream_enqueue(routine, stream, &a);
}

void shmemx_g_on_stream_bytes(const char *routine, void *value, const void *src, size_t elem, int pe,
                              struct CUstream_st *stream)
{
    check_scalar(routine, elem);
    shoal_stream_check_rma(routine, pe, 1, elem, src, "source", value, "value");
    struct shoal_stream_args a = {.op = SHOAL_STREAM_G, .pe = pe, .dest = value, .src = src, .nelems = 1, .elem = elem};
    shoal_stream_enqueue(routine, stream, &a);
}

/* The integer rows waits take, as the plugin's type codes (never 0); 0 for any other row. */
#define SHOAL_WAIT_CODE(T, NAME, A) [SHMEMX_TYPE_##NAME] = SHOAL_STREAM_TYPE_OF(T),
static const int wait_code[SHMEMX_TYPE_COUNT] = {SHOAL_P2P_TYPES(SHOAL_WAIT_CODE, )};

void shmemx_wait_until_on_stream_typed(const char *routine, void *ivars, size_t n, const int *status, int cmp,
                                       int type, const void *value, const void *values, struct CUstream_st *stream)
{
    SHOAL_CHECK_INIT(routine);
    if (type < 0 || type >= SHMEMX_TYPE_COUNT || !wait_code[type])
        shoal_fatal(routine, "element type %d is not one of the wait rows", type);
    if (cmp < SHMEM_CMP_EQ || cmp > SHMEM_CMP_GE) shoal_fatal(routine, "cmp %d is not an NVSHMEM_CMP_* value", cmp);
    const int code = wait_code[type];
    const size_t elem = (size_t)(code & 0xff);
    SHOAL_CHECK_LEN(routine, n, elem);
    shoal_stream_check_device(routine, "ivars", ivars, n * elem);
    if (!values && !value) shoal_fatal(routine, "cmp_value is NULL");
    struct shoal_stream_args a = {.op = SHOAL_STREAM_WAIT_UNTIL, .dest = ivars, .src = values, .nelems = n,
                                  .elem = elem, .sig_op = cmp, .red_type = code, .status = status};
    if (!values) memcpy(&a.signal, value, elem);
    shoal_stream_enqueue(routine, stream, &a);
}

void shmemx_signal_op_on_stream(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe, struct CUstream_st *stream)
{
    const char *routine = "shmemx_signal_op_on_stream";
    SHOAL_CHECK_INIT(routine);
    SHOAL_CHECK_PE(routine, pe);
    if (sig_op != SHMEM_SIGNAL_SET && sig_op != SHMEM_SIGNAL_ADD)
        shoal_fatal(routine, "sig_op %d is neither SHMEM_SIGNAL_SET nor SHMEM_SIGNAL_ADD", sig_op);
    shoal_stream_check_device(routine, "sig_addr", sig_addr, sizeof *sig_addr);
    shoal_stream_check_reach(routine, pe);
    /* put_signal of no data: the plugin enqueues the signal kernel alone */
    struct shoal_stream_args a = {.op = SHOAL_STREAM_PUT_SIGNAL, .pe = pe, .nelems = 0, .elem = 1, .sig = sig_addr,
                                  .signal = signal, .sig_op = sig_op};
    shoal_stream_enqueue(routine, stream, &a);
}
