/* nvshmem.h, host side: start and stop, symmetric memory, teams and PE queries.
 *
 * nvshmem_malloc/calloc/align give GPU memory when a GPU is usable here (Shoal's device heap,
 * SHOAL_SYMMETRIC_DEVICE_SIZE), and otherwise memory of the host symmetric heap, so that an
 * NVSHMEM host program also runs on a machine without a GPU (shmemx_device_usable decides;
 * every PE of a node decides alike). nvshmem_free frees either. */
#ifndef SHOAL_NVSHMEM_HOST_H
#define SHOAL_NVSHMEM_HOST_H

#include <shoal/nvshmem/config.h>
#include <shoal/nvshmem/runtime.h>
#include <shoal/nvshmem/types.h>

/** Start: OpenSHMEM's, then NVSHMEM's team kinds; no CUDA (the PE's GPU is taken at its first
 *  device allocation or collective launch). Kernels get their context from then on. */
SHOAL_NVI_HOST_FN void nvshmem_init(void)
{
    shmemx_nvshmem_init("nvshmem_init", NVSHMEM_THREAD_SERIALIZED, NULL, 0, NULL);
    SHOAL_NVI_PUBLISH("nvshmem_init");
}
SHOAL_NVI_HOST_FN int nvshmem_init_thread(int requested, int *provided)
{
    const int rc = shmemx_nvshmem_init("nvshmem_init_thread", requested, provided, 0, NULL);
    if (rc == 0) SHOAL_NVI_PUBLISH("nvshmem_init_thread");
    return rc;
}
SHOAL_NVI_HOST_FN void nvshmem_query_thread(int *provided) { shmem_query_thread(provided); }
SHOAL_NVI_HOST_FN void nvshmem_finalize(void) { shmemx_nvshmem_finalize(); }
SHOAL_NVI_FN void nvshmem_global_exit(int status)
{
#if defined(__CUDA_ARCH__)
    (void)status;
    __trap(); /* a kernel cannot stop the job: it stops itself, and the launch fails */
#else
    shmem_global_exit(status);
#endif
}
/** NVSHMEM_MAJOR/MINOR_VERSION (the OpenSHMEM level NVSHMEM names), and the vendor string. */
SHOAL_NVI_FN void nvshmem_info_get_version(int *major, int *minor)
{
    *major = NVSHMEM_MAJOR_VERSION;
    *minor = NVSHMEM_MINOR_VERSION;
}
SHOAL_NVI_FN void nvshmem_info_get_name(char *name)
{
    const char *s = NVSHMEM_VENDOR_STRING;
    while ((*name++ = *s++)) {}
}
/** The NVSHMEM release whose API this follows. */
SHOAL_NVI_FN void nvshmemx_vendor_get_version_info(int *major, int *minor, int *patch)
{
    *major = NVSHMEM_VENDOR_MAJOR_VERSION;
    *minor = NVSHMEM_VENDOR_MINOR_VERSION;
    *patch = NVSHMEM_VENDOR_PATCH_VERSION;
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

/* NVSHMEM's team configuration as OpenSHMEM's (only num_contexts carries over). */
SHOAL_NVI_HOST_FN shmem_team_config_t shoal_nvi_config(const nvshmem_team_config_t *c)
{
    shmem_team_config_t o;
    o.num_contexts = c ? c->num_contexts : 0;
    return o;
}

/** Teams: as OpenSHMEM's, and every translation unit's context sees the new ones. */
SHOAL_NVI_HOST_FN int nvshmem_team_split_strided(nvshmem_team_t parent, int start, int stride, int size,
                                                 const nvshmem_team_config_t *config, long config_mask,
                                                 nvshmem_team_t *new_team)
{
    const shmem_team_config_t c = shoal_nvi_config(config);
    const int rc = shmem_team_split_strided(parent, start, stride, size, config ? &c : NULL,
                                            config_mask & NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS, new_team);
    SHOAL_NVI_PUBLISH("nvshmem_team_split_strided");
    return rc;
}
SHOAL_NVI_HOST_FN int nvshmem_team_split_2d(nvshmem_team_t parent, int xrange, const nvshmem_team_config_t *xaxis_config,
                                            long xaxis_mask, nvshmem_team_t *xaxis_team,
                                            const nvshmem_team_config_t *yaxis_config, long yaxis_mask,
                                            nvshmem_team_t *yaxis_team)
{
    const shmem_team_config_t x = shoal_nvi_config(xaxis_config), y = shoal_nvi_config(yaxis_config);
    const int rc = shmem_team_split_2d(parent, xrange, xaxis_config ? &x : NULL,
                                       xaxis_mask & NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS, xaxis_team,
                                       yaxis_config ? &y : NULL, yaxis_mask & NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS,
                                       yaxis_team);
    SHOAL_NVI_PUBLISH("nvshmem_team_split_2d");
    return rc;
}
SHOAL_NVI_HOST_FN void nvshmem_team_destroy(nvshmem_team_t team)
{
    shmem_team_destroy(team);
    SHOAL_NVI_PUBLISH("nvshmem_team_destroy");
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
/** A multicast address of ptr across team: NULL, Shoal makes no multicast objects (NVSHMEM
 *  returns NULL too where the team has none); use nvshmem_ptr per PE. */
SHOAL_NVI_FN void *nvshmemx_mc_ptr(nvshmem_team_t team, const void *ptr)
{
    (void)team;
    (void)ptr;
    return NULL;
}

#endif
