/* NVSHMEM source compatibility: a program written for NVSHMEM's nvshmem.h compiles against
 * Shoal unchanged (plain nvcc, no -rdc; host-only C and C++ programs with any compiler).
 * Host calls go to Shoal's OpenSHMEM API, device calls (inside kernels) to Shoal's device API
 * with a context this header keeps per translation unit (shoal/nvshmem/config.h says how).
 * Not here: half/bfloat16 rows, the active-set routines NVSHMEM 3 dropped, NVSHMEM's own
 * environment variables (Shoal reads SHOAL_*), and nvshmemx_init_attr's MPI communicators
 * other than the whole job. */
#ifndef SHOAL_NVSHMEM_H
#define SHOAL_NVSHMEM_H

#include <shoal/nvshmem/host.h>
#include <shoal/nvshmem/rma.h>
#include <shoal/nvshmem/coll.h>

#endif
