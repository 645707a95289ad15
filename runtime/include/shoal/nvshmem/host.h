/* nvshmem.h, host side: start and stop, symmetric memory, teams and PE queries.
 *
 * nvshmem_malloc/calloc/align give GPU memory when a GPU is usable here (Shoal's device heap,
 * SHOAL_SYMMETRIC_DEVICE_SIZE), and otherwise memory of the host symmetric heap, so that an
 * NVSHMEM host program also runs on a machine without a GPU (shmemx_device_usable decides;
 * every PE of a node decides alike). nvshmem_free frees either. */
#ifndef SHOAL_NVSHMEM_HOST_H
#define SHOAL_NVSHMEM_HOST_H

#include <shoal/nvshmem/config.h>

typedef shmem_team_t nvshmem_team_t;
typedef shmem_team_config_t nvshmem_team_config_t;
#define NVSHMEM_TEAM_INVALID SHMEM_TEAM_INVALID
#define NVSHMEM_TEAM_WORLD SHMEM_TEAM_WORLD
#define NVSHMEM_TEAM_SHARED SHMEM_TEAM_SHARED
#define NVSHMEMX_TEAM_NODE SHMEM_TEAM_SHARED /* every PE of the node: Shoal maps them all */

enum {
    NVSHMEM_CMP_EQ = SHMEM_CMP_EQ, NVSHMEM_CMP_NE = SHMEM_CMP_NE, NVSHMEM_CMP_GT = SHMEM_CMP_GT,
    NVSHMEM_CMP_LE = SHMEM_CMP_LE, NVSHMEM_CMP_LT = SHMEM_CMP_LT, NVSHMEM_CMP_GE = SHMEM_CMP_GE,
};
enum { NVSHMEM_SIGNAL_SET = SHMEM_SIGNAL_SET, NVSHMEM_SIGNAL_ADD = SHMEM_SIGNAL_ADD };
enum {
    NVSHMEM_THREAD_SINGLE = SHMEM_THREAD_SINGLE, NVSHMEM_THREAD_FUNNELED = SHMEM_THREAD_FUNNELED,
    NVSHMEM_THREAD_SERIALIZED = SHMEM_THREAD_SERIALIZED, NVSHMEM_THREAD_MULTIPLE = SHMEM_THREAD_MULTIPLE,
};
/* The NVSHMEM API level these headers follow (its 3.x host and device names). */
#define NVSHMEM_MAJOR_VERSION 3
#define NVSHMEM_MINOR_VERSION 0
#define NVSHMEM_VENDOR_STRING "Shoal NVSHMEM compatibility"

/** Start: shmem_init, then hand every translation unit its device context. */
SHOAL_NVI_HOST_FN void nvshmem_init(void)
{
    shmem_init();
    SHOAL_NVI_PUBLISH("nvshmem_init");
}
SHOAL_NVI_HOST_FN int nvshmem_init_thread(int requested, int *provided)
{
    const int rc = shmem_init_thread(requested, provided);
    if (rc == 0) SHOAL_NVI_PUBLISH("nvshmem_init_thread");
    return rc;
}
SHOAL_NVI_HOST_FN void nvshmem_finalize(void) { shmem_finalize(); }
SHOAL_NVI_HOST_FN void nvshmem_global_exit(int status) { shmem_global_exit(status); }
SHOAL_NVI_HOST_FN void nvshmem_info_get_version(int *major, int *minor)
{
    *major = NVSHMEM_MAJOR_VERSION;
    *minor = NVSHMEM_MINOR_VERSION;
}
SHOAL_NVI_HOST_FN void nvshmem_info_get_name(char *name)
{
    const char *s = NVSHMEM_VENDOR_STRING;
    while ((*name++ = *s++)) {}
}

/** Collective: size bytes of symmetric GPU memory (host memory without a GPU: see above). */
SHOAL_NVI_HOST_FN void *nvshmem_malloc(size_t size)
{
    void *p = shmemx_device_usable() ? shmemx_device_malloc(size) : shmem_malloc(size);
    SHOAL_NVI_PUBLISH("nvshmem_malloc");
    return p;
}
SHOAL_NVI_HOST_FN void *nvshmem_calloc(size_t count, size_t size)
{
    void *p = shmemx_device_usable() ? shmemx_device_calloc(count, size) : shmem_calloc(count, size);
    SHOAL_NVI_PUBLISH("nvshmem_calloc");
    return p;
}
SHOAL_NVI_HOST_FN void *nvshmem_align(size_t alignment, size_t size)
{
    void *p = shmemx_device_usable() ? shmemx_device_align(alignment, size) : shmem_align(alignment, size);
    SHOAL_NVI_PUBLISH("nvshmem_align");
    return p;
}
/** Collective; ptr from nvshmem_malloc/calloc/align (either heap), or NULL. */
SHOAL_NVI_HOST_FN void nvshmem_free(void *ptr) { shmem_free(ptr); }

/** Teams: as OpenSHMEM's, and every translation unit's context sees the new ones. */
SHOAL_NVI_HOST_FN int nvshmem_team_split_strided(nvshmem_team_t parent, int start, int stride, int size,
                                                 const nvshmem_team_config_t *config, long config_mask,
                                                 nvshmem_team_t *new_team)
{
    const int rc = shmem_team_split_strided(parent, start, stride, size, config, config_mask, new_team);
    SHOAL_NVI_PUBLISH("nvshmem_team_split_strided");
    return rc;
}
SHOAL_NVI_HOST_FN int nvshmem_team_split_2d(nvshmem_team_t parent, int xrange, const nvshmem_team_config_t *xaxis_config,
                                            long xaxis_mask, nvshmem_team_t *xaxis_team,
                                            const nvshmem_team_config_t *yaxis_config, long yaxis_mask,
                                            nvshmem_team_t *yaxis_team)
{
    const int rc = shmem_team_split_2d(parent, xrange, xaxis_config, xaxis_mask, xaxis_team, yaxis_config,
                                       yaxis_mask, yaxis_team);
    SHOAL_NVI_PUBLISH("nvshmem_team_split_2d");
    return rc;
}
SHOAL_NVI_HOST_FN void nvshmem_team_destroy(nvshmem_team_t team)
{
    shmem_team_destroy(team);
    SHOAL_NVI_PUBLISH("nvshmem_team_destroy");
}
SHOAL_NVI_HOST_FN int nvshmem_team_get_config(nvshmem_team_t team, long config_mask, nvshmem_team_config_t *config)
{
    return shmem_team_get_config(team, config_mask, config);
}

/** PE queries, on both sides. */
SHOAL_NVI_FN int nvshmem_my_pe(void) { return SHOAL_NVI_BOTH(SHOAL_NVI_CTX.my_pe, shmem_my_pe()); }
SHOAL_NVI_FN int nvshmem_n_pes(void) { return SHOAL_NVI_BOTH(SHOAL_NVI_CTX.npes, shmem_n_pes()); }
SHOAL_NVI_FN int nvshmem_team_my_pe(nvshmem_team_t team)
{
    return SHOAL_NVI_BOTH(shoal::device::team_my_pe(SHOAL_NVI_CTX, team), shmem_team_my_pe(team));
}
SHOAL_NVI_FN int nvshmem_team_n_pes(nvshmem_team_t team)
{
    return SHOAL_NVI_BOTH(shoal::device::team_n_pes(SHOAL_NVI_CTX, team), shmem_team_n_pes(team));
}
SHOAL_NVI_FN int nvshmem_team_translate_pe(nvshmem_team_t src_team, int src_pe, nvshmem_team_t dest_team)
{
    return SHOAL_NVI_BOTH(shoal::device::team_translate_pe(SHOAL_NVI_CTX, src_team, src_pe, dest_team),
                          shmem_team_translate_pe(src_team, src_pe, dest_team));
}
/** A load/store pointer to dest on pe, or NULL. */
SHOAL_NVI_FN void *nvshmem_ptr(const void *dest, int pe)
{
    return SHOAL_NVI_BOTH(shoal::device::ptr(SHOAL_NVI_CTX, const_cast<void *>(dest), pe), shmem_ptr(dest, pe));
}

#endif
