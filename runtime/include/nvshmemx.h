/* NVSHMEM's extensions (see nvshmem.h, which declares most of them too, as NVSHMEM's does):
 * nvshmemx_init_attr, the warp and block forms of the device calls, the stream-ordered host
 * calls (nvshmemx_*_on_stream), and the collective launch. */
#ifndef SHOAL_NVSHMEMX_H
#define SHOAL_NVSHMEMX_H

#include <nvshmem.h>
#include <shoal/nvshmem/launch.h>

#endif
