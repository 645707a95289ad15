/* Loading libshoal_cuda.so (cuda_iface.h) on the first request for device memory. Looked for
 * in SHOAL_CUDA_PLUGIN, then beside libshoal (installed), then in the build tree's device/,
 * then on the library path. Without it, or without a GPU, the request stops every PE with one
 * line that says why. */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shmemx.h>

#include "core/error.h"
#include "core/state.h"
#include "device/device.h"

#define PLUGIN "libshoal_cuda.so"

static const struct shoal_cuda_iface *iface;

static void *open_plugin(char *why, size_t why_len)
{
    const char *env = getenv("SHOAL_CUDA_PLUGIN");
    char path[PATH_MAX];
    const char *tries[4];
    int n = 0;
    if (env && *env) {
        tries[n++] = env;
    } else {
        Dl_info info;
        if (dladdr((void *)&shoal_cuda, &info) && info.dli_fname) {
            const char *slash = strrchr(info.dli_fname, '/');
            const int dir = slash ? (int)(slash - info.dli_fname) : 0;
            static char beside[PATH_MAX], build_tree[PATH_MAX];
            snprintf(beside, sizeof beside, "%.*s/%s", dir, info.dli_fname, PLUGIN);
            snprintf(build_tree, sizeof build_tree, "%.*s/../device/%s", dir, info.dli_fname, PLUGIN);
            tries[n++] = beside;
            tries[n++] = build_tree;
        }
        tries[n++] = PLUGIN;
    }
    why[0] = '\0';
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s", tries[i]);
        void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (h) return h;
        if (!why[0] || i == 0) snprintf(why, why_len, "%s", dlerror());
    }
    return NULL;
}

/* Why the plugin is not usable, once load() failed: what is missing (the plugin, or a GPU) and
 * the detail (why_missing); routines word it for what they needed. */
enum missing { MISSING_NONE, MISSING_PLUGIN, MISSING_GPU };
static enum missing missing;
static char why_missing[768];

/* The table when the plugin loads and sees a GPU; else NULL, and missing/why say what lacks. */
static const struct shoal_cuda_iface *load(void)
{
    char reason[512];
    void *h = open_plugin(reason, sizeof reason);
    missing = MISSING_PLUGIN;
    if (!h) {
        snprintf(why_missing, sizeof why_missing, "%s could not be loaded (%s)", PLUGIN, reason);
        return NULL;
    }
    shoal_cuda_plugin_fn get = (shoal_cuda_plugin_fn)dlsym(h, SHOAL_CUDA_PLUGIN_SYMBOL);
    const struct shoal_cuda_iface *t = get ? get(SHOAL_CUDA_IFACE_VERSION) : NULL;
    if (!t || t->size < sizeof *t) {
        snprintf(why_missing, sizeof why_missing, "%s does not speak interface version %d (built from another Shoal?)", PLUGIN,
                 SHOAL_CUDA_IFACE_VERSION);
        return NULL;
    }
    int count = 0;
    const int rc = t->device_count(&count);
    if (rc || count <= 0) {
        missing = MISSING_GPU;
        snprintf(why_missing, sizeof why_missing, "%s", rc ? t->error(rc) : "0 devices");
        return NULL;
    }
    missing = MISSING_NONE;
    return t;
}

const struct shoal_cuda_iface *shoal_cuda(const char *routine)
{
    if (iface) return iface;
    iface = load();
    if (!iface && missing == MISSING_GPU)
        shoal_fatal(routine, "device memory needs a CUDA GPU, and none is usable here (%s)", why_missing);
    if (!iface) shoal_fatal(routine, "device memory needs CUDA, but %s", why_missing);
    return iface;
}

void shoal_cuda_require(const char *routine, const char *what)
{
    if (shmemx_device_usable()) return;
    if (missing == MISSING_GPU) shoal_fatal(routine, "%s, but no CUDA GPU is usable here (%s)", what, why_missing);
    shoal_fatal(routine, "%s, which needs CUDA, but %s", what, why_missing);
}

int shmemx_device_usable(void)
{
    static int known = -1; /* the answer does not change during a run */
    if (known < 0) {
        if (!iface) iface = load();
        known = iface != NULL;
    }
    return known;
}
