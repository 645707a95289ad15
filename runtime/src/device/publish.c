/* Device contexts that translation units keep for themselves (nvshmem.h: NVSHMEM's device calls
 * take no context, so every TU that includes it holds one in a static __constant__ variable,
 * or a static host variable in the g++ emulation). Each TU registers a fill function from a
 * static constructor (before main, before shmem_init); publish hands every registered TU the
 * context of now. The fill runs in the TU's own code, with the CUDA runtime its program links
 * (cudaMemcpyToSymbol): libshoal itself never links CUDA, and a statically linked cudart in
 * the program would not know symbols registered with the plugin's.
 *
 * Lazily for CUDA: a __constant__ copy lives on one GPU, and writing it creates a CUDA context
 * there, so CUDA fills wait until this PE's GPU is selected (gpu_select.c: the first call that
 * needs the GPU: a device allocation, a collective launch); until then publish fills only the
 * emulation's host copies. A host-only NVSHMEM program never touches CUDA. */
#include <stdlib.h>

#include <shmemx.h>
#include <shoal/device_host/context.h>

#include "core/check.h"
#include "core/error.h"
#include "device/device.h"

struct fill {
    shmemx_device_context_fill_fn fn;
    int kind; /* SHMEMX_DEVICE_FILL_HOST or _CUDA */
};

static struct fill *fills;
static int n_fills, cap_fills;

int shmemx_device_context_register_kind(shmemx_device_context_fill_fn fill, int kind)
{
    if (!fill || (kind != SHMEMX_DEVICE_FILL_HOST && kind != SHMEMX_DEVICE_FILL_CUDA)) return -1;
    for (int i = 0; i < n_fills; i++)
        if (fills[i].fn == fill) return 0;
    if (n_fills == cap_fills) {
        const int cap = cap_fills ? 2 * cap_fills : 16;
        struct fill *grown = realloc(fills, (size_t)cap * sizeof *grown);
        if (!grown) return -1; /* before main: no PE number to report yet; the caller says it */
        fills = grown;
        cap_fills = cap;
    }
    fills[n_fills++] = (struct fill){fill, kind};
    return 0;
}

int shmemx_device_context_register(shmemx_device_context_fill_fn fill)
{
    return shmemx_device_context_register_kind(fill, SHMEMX_DEVICE_FILL_HOST);
}

void shmemx_device_context_publish(const char *routine)
{
    if (!routine) routine = "shmemx_device_context_publish";
    SHOAL_CHECK_INIT(routine);
    if (n_fills == 0) return;
    const int gpu = shoal_gpu_selected() >= 0;
    struct shoal_device_context ctx;
    shmemx_device_context(&ctx);
    for (int i = 0; i < n_fills; i++) {
        if (fills[i].kind == SHMEMX_DEVICE_FILL_CUDA && !gpu) continue;
        const int rc = fills[i].fn(&ctx);
        if (rc && fills[i].kind == SHMEMX_DEVICE_FILL_CUDA)
            shoal_fatal(routine, "a translation unit could not store its device context on GPU %d "
                        "(cudaMemcpyToSymbol: %s)", shoal_gpu_selected(), shoal_cuda(routine)->error(rc));
        if (rc) shoal_fatal(routine, "a translation unit could not store its device context (error %d)", rc);
    }
}
