/* The _on_stream API (shmemx.h): argument checks, the enqueue through libshoal_cuda.so, and the
 * routines without a typed payload (quiet, barriers, team sync, signal wait). The typed ones
 * are generated in on_stream_rma.c and on_stream_coll.c. Every routine only enqueues kernels on
 * the stream: it returns before the work is done, and a CUDA graph can capture it. */
#include <stdint.h>

#include <shmemx.h>
#include <shoal/device_host/context.h>

#include "core/check.h"
#include "core/error.h"
#include "core/state.h"
#include "device/device.h"
#include "device/on_stream.h"
#include "team/team.h"

void shoal_stream_enqueue(const char *routine, void *stream, struct shoal_stream_args *a)
{
    const struct shoal_cuda_iface *cu = shoal_cuda(routine);
    struct shoal_device_context ctx; /* no CUDA call: a stream being captured stays valid */
    if (!shoal_device_stream_context(&ctx))
        shoal_fatal(routine, "there is no device heap yet: allocate device memory first "
                    "(nvshmem_malloc, shmemx_device_malloc)");
    const int rc = cu->stream_launch(stream, &ctx, a);
    if (rc) shoal_fatal(routine, "enqueueing its kernel on stream %p failed: %s", stream, cu->error(rc));
}

void shoal_stream_check_device(const char *routine, const char *what, const void *p, size_t bytes)
{
    if (!p || !shoal_device_heap_owns(p) || (bytes && !shoal_device_heap_owns((const char *)p + bytes - 1)))
        shoal_fatal(routine, "%s %p (%zu bytes) is not in the device heap (allocate it with nvshmem_malloc "
                    "or shmemx_device_malloc)", what, p, bytes);
}

void shoal_stream_check_local(const char *routine, const char *what, const void *p, size_t bytes)
{
    if (!p && bytes) shoal_fatal(routine, "%s is NULL", what);
}

void shoal_stream_check_reach(const char *routine, int pe)
{
    if (shoal_g.seg[SHOAL_SEG_DEVICE].base && !shoal_g.peers[pe].base[SHOAL_SEG_DEVICE])
        shoal_fatal(routine, "PE %d is on another node: kernels, and so the on-stream calls, reach only the "
                    "PEs of this node (reach PE %d from the host instead)", pe, pe);
}

void shoal_stream_check_rma(const char *routine, int pe, size_t nelems, size_t elem, const void *symmetric,
                            const char *sym_what, const void *local, const char *local_what)
{
    SHOAL_CHECK_INIT(routine);
    SHOAL_CHECK_PE(routine, pe);
    SHOAL_CHECK_LEN(routine, nelems, elem);
    shoal_stream_check_device(routine, sym_what, symmetric, nelems * elem);
    shoal_stream_check_reach(routine, pe);
    shoal_stream_check_local(routine, local_what, local, nelems * elem);
}

const struct shoal_team *shoal_stream_team(const char *routine, shmem_team_t team, struct shoal_stream_args *a)
{
    SHOAL_CHECK_INIT(routine);
    const struct shoal_team *t = shoal_team_of_coll(routine, team);
    if (!t) return NULL;
    if (t->my_pe < 0) shoal_fatal(routine, "this PE is not a member of team %p", (void *)team);
    if (t->list)
        shoal_fatal(routine, "team %p has an explicit member list (shmemx_team_init), which kernels "
                    "cannot see; use a strided team", (void *)team);
    for (int i = 0; i < t->size; i++) shoal_stream_check_reach(routine, shoal_team_pe(t, i));
    a->team = (struct shoal_device_team){.my_pe = t->my_pe, .size = t->size, .start = t->start,
                                         .stride = t->stride, .gen = (uint32_t)(t->handle >> SHOAL_TEAM_SLOT_BITS)};
    a->team_slot = (int32_t)(t - shoal_teams);
    return t;
}

static int enqueue_op(const char *routine, enum shoal_stream_op op, shmem_team_t team, void *stream)
{
    struct shoal_stream_args a = {.op = op};
    if (op != SHOAL_STREAM_QUIET && !shoal_stream_team(routine, team, &a)) return -1;
    shoal_stream_enqueue(routine, stream, &a);
    return 0;
}

void shmemx_quiet_on_stream(struct CUstream_st *stream)
{
    SHOAL_CHECK_INIT("shmemx_quiet_on_stream");
    enqueue_op("shmemx_quiet_on_stream", SHOAL_STREAM_QUIET, SHMEM_TEAM_WORLD, stream);
}

void shmemx_barrier_all_on_stream(struct CUstream_st *stream)
{
    SHOAL_CHECK_INIT("shmemx_barrier_all_on_stream");
    enqueue_op("shmemx_barrier_all_on_stream", SHOAL_STREAM_BARRIER_ALL, SHMEM_TEAM_WORLD, stream);
}

void shmemx_sync_all_on_stream(struct CUstream_st *stream)
{
    SHOAL_CHECK_INIT("shmemx_sync_all_on_stream");
    enqueue_op("shmemx_sync_all_on_stream", SHOAL_STREAM_SYNC_ALL, SHMEM_TEAM_WORLD, stream);
}

int shmemx_barrier_on_stream(shmem_team_t team, struct CUstream_st *stream)
{
    return enqueue_op("shmemx_barrier_on_stream", SHOAL_STREAM_BARRIER, team, stream);
}

int shmemx_team_sync_on_stream(shmem_team_t team, struct CUstream_st *stream)
{
    return enqueue_op("shmemx_team_sync_on_stream", SHOAL_STREAM_TEAM_SYNC, team, stream);
}

void shmemx_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value, struct CUstream_st *stream)
{
    const char *routine = "shmemx_signal_wait_until_on_stream";
    SHOAL_CHECK_INIT(routine);
    if (cmp < SHMEM_CMP_EQ || cmp > SHMEM_CMP_GE) shoal_fatal(routine, "cmp %d is not a SHMEM_CMP_* value", cmp);
    shoal_stream_check_device(routine, "sig_addr", sig_addr, sizeof *sig_addr);
    struct shoal_stream_args a = {.op = SHOAL_STREAM_SIGNAL_WAIT, .sig = sig_addr, .signal = cmp_value, .sig_op = cmp};
    shoal_stream_enqueue(routine, stream, &a);
}
