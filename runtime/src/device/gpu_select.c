/* Which GPU this PE uses, chosen once, before Shoal makes a CUDA context: SHOAL_DEVICE when it
 * is set; else the GPU whose context the program made current itself (cudaSetDevice before its
 * first call that needs the GPU, as NVSHMEM programs do); else the PE's index on its node
 * modulo the GPUs CUDA sees. shoal_gpu_planned applies the same rule without CUDA (at
 * nvshmem_init, which must not touch CUDA), counting the GPUs the driver lists in
 * /proc/driver/nvidia/gpus, narrowed by CUDA_VISIBLE_DEVICES. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/state.h"
#include "device/device.h"

static int selected = -1;
static int planned = -2; /* -2: not asked yet */

static int node_index(void)
{
    for (int i = 0; i < shoal_g.n_local_pes; i++)
        if (shoal_g.local_pes[i] == shoal_g.me) return i;
    return 0;
}

/* SHOAL_DEVICE as a GPU index below count (count < 0: not known yet), or -1 when unset. */
static int env_device(const char *routine, int count)
{
    const char *env = getenv("SHOAL_DEVICE");
    if (!env || !*env) return -1;
    char *end;
    const long v = strtol(env, &end, 10);
    if (*end || v < 0 || (count >= 0 && v >= count) || v > 1 << 20)
        shoal_fatal(routine, "SHOAL_DEVICE=%s is not a GPU of this node (%d GPUs: 0..%d)", env,
                    count < 0 ? 0 : count, count - 1);
    return (int)v;
}

/* GPUs the driver lists, as CUDA_VISIBLE_DEVICES narrows them; 0 without a driver. */
static int visible_gpus(void)
{
    int n = 0;
    DIR *d = opendir("/proc/driver/nvidia/gpus");
    if (d) {
        for (struct dirent *e; (e = readdir(d));)
            if (e->d_name[0] != '.') n++;
        closedir(d);
    }
    const char *vis = getenv("CUDA_VISIBLE_DEVICES");
    if (vis && n > 0) {
        int listed = 0; /* CUDA stops at the first entry it cannot use: count up to an empty one */
        for (const char *p = vis; *p && *p != ',';) {
            listed++;
            const char *comma = strchr(p, ',');
            if (!comma) break;
            p = comma + 1;
        }
        if (listed < n) n = listed;
    }
    return n;
}

int shoal_gpu_planned(const char *routine)
{
    if (planned == -2) {
        const int count = visible_gpus();
        const int env = env_device(routine, -1);
        planned = env >= 0 ? env : count > 0 ? node_index() % count : -1;
    }
    return planned;
}

int shoal_gpu_selected(void) { return selected; }

int shoal_gpu_select(const char *routine)
{
    if (selected >= 0) return selected;
    const struct shoal_cuda_iface *cu = shoal_cuda(routine);
    int count = 0;
    int rc = cu->device_count(&count);
    if (rc) shoal_fatal(routine, "cudaGetDeviceCount failed: %s", cu->error(rc));
    int dev = env_device(routine, count), current = -1;
    rc = cu->current_device(&current);
    if (rc) shoal_fatal(routine, "asking for the program's current CUDA context failed: %s", cu->error(rc));
    if (dev >= 0 && current >= 0 && current != dev)
        shoal_fatal(routine, "SHOAL_DEVICE=%d, but the program made GPU %d current (cudaSetDevice): "
                    "set one or the other", dev, current);
    if (dev < 0) dev = current >= 0 ? current : node_index() % count;
    rc = cu->set_device(dev);
    if (rc) shoal_fatal(routine, "cudaSetDevice(%d) failed: %s", dev, cu->error(rc));
    if (planned >= 0 && planned != dev)
        shoal_warn(routine, "this PE uses GPU %d, but NVSHMEMX_TEAM_SAME_GPU was formed for GPU %d "
                   "at nvshmem_init (set SHOAL_DEVICE, or select the GPU before nvshmem_init)", dev, planned);
    selected = dev;
    return dev;
}
