/* NVSHMEM's extensions over Shoal (see nvshmem.h): nvshmemx_init_attr, the warp and block
 * forms of the device calls, and the stream-ordered host calls (nvshmemx_*_on_stream). */
#ifndef SHOAL_NVSHMEMX_H
#define SHOAL_NVSHMEMX_H

#include <nvshmem.h>
#include <shoal/nvshmem/init_attr.h>
#include <shoal/nvshmem/scoped.h>
#include <shoal/nvshmem/stream.h>

#endif
