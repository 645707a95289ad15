/* Device contexts that translation units keep for themselves (nvshmem.h: NVSHMEM's device calls
 * take no context, so every TU that includes it holds one in a static __constant__ variable,
 * or a static host variable in the g++ emulation). Each TU registers a fill function from a
 * static constructor (before main, before shmem_init); publish hands every registered TU the
 * context of now. The fill runs in the TU's own code, with the CUDA runtime its program links
 * (cudaMemcpyToSymbol): libshoal itself never links CUDA, and a statically linked cudart in
 * the program would not know symbols registered with the plugin's. */
#include <stdlib.h>

#include <shmemx.h>
#include <shoal/device_host/context.h>

#include "core/check.h"
#include "core/error.h"

static shmemx_device_context_fill_fn *fills;
static int n_fills, cap_fills;

int shmemx_device_context_register(shmemx_device_context_fill_fn fill)
{
    if (!fill) return -1;
    for (int i = 0; i < n_fills; i++)
        if (fills[i] == fill) return 0;
    if (n_fills == cap_fills) {
        const int cap = cap_fills ? 2 * cap_fills : 16;
        shmemx_device_context_fill_fn *grown = realloc(fills, (size_t)cap * sizeof *grown);
        if (!grown) return -1; /* before main: no PE number to report yet; the caller says it */
        fills = grown;
        cap_fills = cap;
    }
    fills[n_fills++] = fill;
    return 0;
}

void shmemx_device_context_publish(const char *routine)
{
    if (!routine) routine = "shmemx_device_context_publish";
    SHOAL_CHECK_INIT(routine);
    if (n_fills == 0) return;
    struct shoal_device_context ctx;
    shmemx_device_context(&ctx);
    for (int i = 0; i < n_fills; i++) {
        const int rc = fills[i](&ctx);
        if (rc)
            shoal_fatal(routine, "a translation unit could not store its device context (CUDA error %d: "
                        "is a GPU selected with cudaSetDevice before nvshmem_init?)", rc);
    }
}
