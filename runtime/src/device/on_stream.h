/* The _on_stream API's common steps (on_stream.c): check the arguments (before CUDA, so that
 * bad input is reported the same with or without a GPU), then enqueue through the plugin. */
#ifndef SHOAL_DEVICE_ON_STREAM_H
#define SHOAL_DEVICE_ON_STREAM_H

#include <stddef.h>

#include "device/cuda_iface.h"

/* Enqueue a on stream (kernels only: capturable); a one-line fatal error naming routine when
 * CUDA, a GPU or the device heap is missing, or the launch fails. */
void shoal_stream_enqueue(const char *routine, void *stream, struct shoal_stream_args *a);
/* [p, p + bytes) must lie in the device heap (what names the argument: "dest", "source"...). */
void shoal_stream_check_device(const char *routine, const char *what, const void *p, size_t bytes);
/* A local buffer the kernels read or write: not NULL when bytes > 0. */
void shoal_stream_check_local(const char *routine, const char *what, const void *p, size_t bytes);
/* RMA: init, pe, length, the symmetric side in the device heap, the local side not NULL. */
void shoal_stream_check_rma(const char *routine, int pe, size_t nelems, size_t elem, const void *symmetric,
                            const char *sym_what, const void *local, const char *local_what);
/* pe's device heap is mapped here (a fatal error naming pe otherwise: a PE of another node). */
void shoal_stream_check_reach(const char *routine, int pe);
/* A team for the kernels: NULL for SHMEM_TEAM_INVALID (warned: the routine returns -1); a fatal
 * error for a handle that is no team, a non-member, a team with an explicit member list or with
 * a member on another node. Otherwise its members and slot go into a (by value: the kernels
 * never read a team view, which may change before they run). */
const struct shoal_team *shoal_stream_team(const char *routine, shmem_team_t team, struct shoal_stream_args *a);

/* The reductions' element type code of C type T (SHOAL_STREAM_TYPE). */
#define SHOAL_STREAM_TYPE_OF(T)                                                                 \
    SHOAL_STREAM_TYPE(((T)0.5 != 0 ? SHOAL_STREAM_FLOAT                                       \
                       : (T)-1 < (T)1 ? SHOAL_STREAM_SIGNED : SHOAL_STREAM_UNSIGNED), (int)sizeof(T))

#endif
