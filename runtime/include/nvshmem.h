/* NVSHMEM source compatibility: a program written for NVSHMEM's nvshmem.h compiles against
 * Shoal unchanged (plain nvcc -std=c++17, no -rdc; host-only C and C++ programs with any
 * compiler). As NVSHMEM's, it declares the whole host API (nvshmemx_* included) and the device
 * API, and pulls in the CUDA headers where they are on the include path. Host calls go to
 * Shoal's OpenSHMEM API, device calls (inside kernels) to Shoal's device API with a context this
 * header keeps per translation unit (shoal/nvshmem/config.h says how).
 * Not here: the active-set routines NVSHMEM 3 dropped, NVSHMEM's own environment variables
 * (Shoal reads SHOAL_*), kernels in modules the program loads itself (nvshmemx_cumodule_init). */
#ifndef SHOAL_NVSHMEM_H
#define SHOAL_NVSHMEM_H

#include <shoal/nvshmem/error.h>
#include <shoal/nvshmem/host.h>
#include <shoal/nvshmem/rma.h>
#include <shoal/nvshmem/coll.h>
#include <shoal/nvshmem/init_attr.h>
#include <shoal/nvshmem/scoped.h>
#include <shoal/nvshmem/stream.h>
#include <shoal/nvshmem/qp.h>

#endif
