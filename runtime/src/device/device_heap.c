/* The device heap: the SHOAL_SEG_DEVICE row of the segment table. Created by the first device
 * allocation (collective, so every PE creates it at the same point): SHOAL_SYMMETRIC_DEVICE_SIZE
 * bytes on this PE's GPU (gpu_select.c: SHOAL_DEVICE, the program's current one, or the
 * node-local index modulo the GPU count), then
 * the runtime's part (each team slot's sync words and scratch). Node-local peers map each
 * other's heap with CUDA IPC handles exchanged through the bootstrap; PEs that share a GPU are
 * told once whether MPS runs. The host API reaches the heap through the segment's mem ops:
 * copies and one-thread AMO kernels on the plugin's own non-blocking stream, complete when
 * they return and never waiting for a user kernel (one may be spinning on the very word the
 * host writes). Same deterministic allocator as the host heap, its own instance. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>
#include <shoal/device_host/context.h>

#include "bootstrap/bootstrap.h"
#include "core/check.h"
#include "core/error.h"
#include "core/parse_size.h"
#include "device/device.h"
#include "heap/allocator.h"
#include "team/team.h"
#include "team/team_hooks.h"

#define DEFAULT_SIZE ((size_t)256 << 20)
/* The runtime's part, after the user's: each team slot's sync words, then its scratch. */
#define SCRATCH_BYTES ((size_t)shoal_teams_max * shoal_device_scratch_per_team())
#define INTERNAL_SIZE (shoal_device_team_sync_bytes() + SCRATCH_BYTES)
#define HEAP_ALIGN 256                    /* cudaMalloc's alignment: same offsets everywhere */

static struct shoal_allocator heap;
static const struct shoal_cuda_iface *cu;
static char **gpu_peer_table;               /* device copy of peers[].base[SHOAL_SEG_DEVICE] */
static struct shoal_device_team *gpu_teams; /* device copy of the team view */
static struct shoal_device_team *gpu_teams_now; /* what gpu_teams holds (host copy) */
static size_t gpu_view_len;

static void cuda_check(const char *routine, const char *what, int rc)
{
    if (SHOAL_UNLIKELY(rc)) shoal_fatal(routine, "%s failed: %s", what, cu->error(rc));
}

static void gpu_put(void *mapped, const void *src, size_t len)
{
    cuda_check("device heap", "a copy into device memory", cu->memcpy(mapped, src, len));
}
static void gpu_get(void *dest, const void *mapped, size_t len)
{
    cuda_check("device heap", "a copy from device memory", cu->memcpy(dest, mapped, len));
}
static void gpu_amo(enum shoal_amo_op op, void *mapped, size_t size, const void *operand,
                    const void *cond, void *result)
{
    cuda_check("device heap", "an atomic on device memory", cu->amo(op, mapped, size, operand, cond, result));
}
/* The copies and AMOs completed as they returned: this only waits for the plugin's own stream. */
static void gpu_quiet(void) { cuda_check("shmem_quiet", "waiting for the device heap's own stream", cu->synchronize()); }

static const struct shoal_mem_ops gpu_mem = {
    .put = gpu_put, .get = gpu_get, .amo = gpu_amo, .quiet = gpu_quiet,
};

static size_t heap_size(const char *routine)
{
    const char *env = getenv("SHOAL_SYMMETRIC_DEVICE_SIZE");
    if (!env || !*env) return DEFAULT_SIZE;
    const size_t size = shoal_parse_size(env);
    if (!size || size > SIZE_MAX - INTERNAL_SIZE - HEAP_ALIGN)
        shoal_fatal(routine, "SHOAL_SYMMETRIC_DEVICE_SIZE=%s is not a size (e.g. 512M, 2G)", env);
    return (size + HEAP_ALIGN - 1) / HEAP_ALIGN * HEAP_ALIGN;
}

struct heap_blob {
    unsigned char handle[SHOAL_CUDA_IPC_HANDLE_BYTES];
    uint64_t size;
    unsigned char gpu[16]; /* the GPU's UUID */
    int32_t mps;           /* whether MPS serves this PE */
    int32_t device;
};

/* PEs of this node on the same GPU: without MPS their kernels take turns, and a kernel that
 * waits for a kernel of another PE on that GPU never sees it run. The lowest of them says so,
 * once; with MPS it says that too. */
static void report_sharing(const char *routine, const struct heap_blob *all)
{
    const int n = shoal_g.npes, me = shoal_g.me;
    char list[256];
    int sharers = 0, lowest = -1, mps = 1, len = 0;
    for (int pe = 0; pe < n; pe++) {
        if (shoal_g.peers[pe].node != shoal_g.peers[me].node || memcmp(all[pe].gpu, all[me].gpu, 16) != 0) continue;
        if (lowest < 0) lowest = pe;
        mps &= all[pe].mps != 0;
        if (len < (int)sizeof list - 16)
            len += snprintf(list + len, sizeof list - (size_t)len, "%s%d", sharers ? ", " : "", pe);
        sharers++;
    }
    if (sharers < 2 || lowest != me) return;
    if (mps)
        shoal_warn(routine, "PEs %s share GPU %d, and MPS serves them: their kernels run side by side", list,
                   all[me].device);
    else
        shoal_warn(routine, "PEs %s share GPU %d without MPS: their kernels take turns, so a kernel waiting for "
                   "another PE's kernel on that GPU (a device barrier, wait_until) hangs; start MPS "
                   "(nvidia-cuda-mps-control -d) or give each PE a GPU of its own (SHOAL_DEVICE)", list,
                   all[me].device);
}

static void create(const char *routine)
{
    cu = shoal_cuda(routine);
    const int dev = shoal_gpu_select(routine);
    const size_t size = heap_size(routine);
    void *base = NULL;
    const int rc = cu->malloc(&base, size + INTERNAL_SIZE);
    if (rc)
        shoal_fatal(routine, "cannot allocate the %zu-byte device heap on GPU %d "
                    "(SHOAL_SYMMETRIC_DEVICE_SIZE): %s", size, dev, cu->error(rc));
    cuda_check(routine, "cudaMemset", cu->memset(base, 0, size + INTERNAL_SIZE));

    const int n = shoal_g.npes, me = shoal_g.me;
    struct heap_blob mine = {.size = size, .device = dev};
    cuda_check(routine, "cudaIpcGetMemHandle", cu->ipc_get(mine.handle, base));
    int mps = 0;
    cuda_check(routine, "identifying the GPU", cu->gpu_share(dev, mine.gpu, &mps));
    mine.mps = mps;
    struct heap_blob *all = calloc((size_t)n, sizeof *all);
    if (!all) shoal_fatal(routine, "out of memory");
    shoal_g.boot->allgather(&mine, all, sizeof mine);
    for (int pe = 0; pe < n; pe++) {
        if (all[pe].size != size)
            shoal_fatal(routine, "SHOAL_SYMMETRIC_DEVICE_SIZE differs between PEs (%zu bytes here, "
                        "%zu on PE %d)", size, (size_t)all[pe].size, pe);
        void *mapped = NULL;
        if (pe == me)
            mapped = base;
        else if (shoal_g.peers[pe].node == shoal_g.peers[me].node)
            cuda_check(routine, "cudaIpcOpenMemHandle (a node-local peer's device heap)",
                       cu->ipc_open(&mapped, all[pe].handle));
        shoal_g.peers[pe].base[SHOAL_SEG_DEVICE] = mapped;
    }
    report_sharing(routine, all);
    free(all);

    char **table = malloc((size_t)n * sizeof *table);
    if (!table) shoal_fatal(routine, "out of memory");
    for (int pe = 0; pe < n; pe++) table[pe] = shoal_g.peers[pe].base[SHOAL_SEG_DEVICE];
    cuda_check(routine, "cudaMalloc", cu->malloc((void **)&gpu_peer_table, (size_t)n * sizeof *table));
    cuda_check(routine, "cudaMemcpy", cu->memcpy(gpu_peer_table, table, (size_t)n * sizeof *table));
    free(table);

    /* The GPU's team view, made here: the _on_stream calls never make or copy it. */
    gpu_view_len = shoal_device_team_view_len();
    const size_t team_bytes = gpu_view_len * sizeof *gpu_teams;
    cuda_check(routine, "cudaMalloc", cu->malloc((void **)&gpu_teams, team_bytes));
    cuda_check(routine, "cudaMemset", cu->memset(gpu_teams, 0, team_bytes));
    gpu_teams_now = calloc(gpu_view_len, sizeof *gpu_teams_now);
    if (!gpu_teams_now) shoal_fatal(routine, "out of memory");

    shoal_alloc_init(&heap, base, size, INTERNAL_SIZE, HEAP_ALIGN);
    shoal_g.seg[SHOAL_SEG_DEVICE] = (struct shoal_segment){
        .name = "device heap", .kind = SHOAL_SEG_GPU, .base = base, .size = size + INTERNAL_SIZE,
        .user_size = size, .mem = &gpu_mem, .alloc = &heap,
    };
    shoal_g.boot->barrier(); /* every peer's heap is mapped before anyone writes into it */
}

void shoal_device_heap_fini(void)
{
    struct shoal_segment *seg = &shoal_g.seg[SHOAL_SEG_DEVICE];
    if (!seg->base) return;
    for (int pe = 0; pe < shoal_g.npes; pe++) {
        char *b = shoal_g.peers[pe].base[SHOAL_SEG_DEVICE];
        if (b && pe != shoal_g.me) cu->ipc_close(b);
        shoal_g.peers[pe].base[SHOAL_SEG_DEVICE] = NULL;
    }
    shoal_g.boot->barrier(); /* every peer closed my heap before it is freed */
    cu->free(gpu_peer_table);
    if (gpu_teams) cu->free(gpu_teams);
    free(gpu_teams_now);
    gpu_teams_now = NULL;
    cu->free(seg->base);
    shoal_alloc_fini(&heap);
    memset(seg, 0, sizeof *seg);
    gpu_peer_table = NULL;
    gpu_teams = NULL;
    gpu_view_len = 0;
}

int shoal_device_heap_owns(const void *ptr)
{
    return shoal_g.seg[SHOAL_SEG_DEVICE].base && shoal_alloc_owns(&heap, ptr);
}

int shoal_device_stream_context(struct shoal_device_context *ctx)
{
    const struct shoal_segment *seg = &shoal_g.seg[SHOAL_SEG_DEVICE];
    if (!seg->base) return 0;
    memset(ctx, 0, sizeof *ctx);
    ctx->version = SHOAL_DEVICE_CONTEXT_VERSION;
    ctx->size = sizeof *ctx;
    ctx->my_pe = shoal_g.me;
    ctx->npes = shoal_g.npes;
    ctx->heap_base = seg->base;
    ctx->heap_size = seg->size;
    ctx->peer_base = gpu_peer_table;
    ctx->teams = gpu_teams;
    ctx->n_teams = shoal_teams_max;
    ctx->kind = SHOAL_DEVICE_HEAP_GPU;
    char *internal = seg->base + heap.size; /* the runtime's part, zeroed at creation */
    ctx->team_sync = (uint64_t *)internal;
    ctx->scratch = internal + shoal_device_team_sync_bytes();
    ctx->scratch_size = shoal_device_scratch_per_team();
    return 1;
}

int shoal_device_heap_context(struct shoal_device_context *ctx, const struct shoal_device_team *teams)
{
    if (!shoal_g.seg[SHOAL_SEG_DEVICE].base) return 0;
    /* Explicit member lists live in host memory: such teams are not in the GPU's view. Only the
     * views that changed are copied (a new team's, a gone one's), each on the plugin's own
     * stream: a live team's view is never rewritten under a kernel reading it. */
    for (size_t i = 0; i < gpu_view_len; i++) {
        struct shoal_device_team v = teams[i];
        if (v.list) memset(&v, 0, sizeof v);
        if (memcmp(&v, &gpu_teams_now[i], sizeof v) == 0) continue;
        cuda_check("shmemx_device_context", "copying a team's view to the GPU", cu->memcpy(&gpu_teams[i], &v, sizeof v));
        gpu_teams_now[i] = v;
    }
    return shoal_device_stream_context(ctx);
}

/* The collective allocations: create the heap on first use, allocate, barrier. */
void *shoal_device_alloc(const char *routine, size_t size, size_t alignment)
{
    SHOAL_CHECK_INIT(routine);
    if (!shoal_g.seg[SHOAL_SEG_DEVICE].base) create(routine);
    void *p = size ? shoal_alloc(&heap, size, alignment) : NULL;
    if (!p && size) {
        struct shoal_alloc_stats st;
        shoal_alloc_stats(&heap, &st);
        shoal_warn(routine, "device heap exhausted: %zu bytes asked, %zu of %zu free (largest free "
                   "block %zu); raise SHOAL_SYMMETRIC_DEVICE_SIZE", size, st.free, heap.size,
                   st.largest_free);
    }
    shoal_barrier_world();
    return p;
}

void *shmemx_device_malloc(size_t size) { return shoal_device_alloc("shmemx_device_malloc", size, 0); }

void *shmemx_device_align(size_t alignment, size_t size)
{
    SHOAL_CHECK_INIT("shmemx_device_align");
    if (alignment == 0 || (alignment & (alignment - 1)) || alignment > HEAP_ALIGN) {
        shoal_warn("shmemx_device_align", "alignment %zu is not a power of two of at most %d",
                   alignment, HEAP_ALIGN);
        shoal_barrier_world();
        return NULL;
    }
    return shoal_device_alloc("shmemx_device_align", size, alignment);
}

void *shmemx_device_calloc(size_t count, size_t size)
{
    SHOAL_CHECK_INIT("shmemx_device_calloc");
    if (size && count > SIZE_MAX / size) {
        shoal_warn("shmemx_device_calloc", "count %zu times size %zu overflows", count, size);
        shoal_barrier_world();
        return NULL;
    }
    void *p = shoal_device_alloc("shmemx_device_calloc", count * size, 0);
    if (p) {
        cuda_check("shmemx_device_calloc", "cudaMemset", cu->memset(p, 0, count * size));
        shoal_barrier_world(); /* zeroed everywhere before anyone writes into a peer's copy */
    }
    return p;
}

void shmemx_device_free(void *ptr)
{
    const char *routine = "shmemx_device_free";
    SHOAL_CHECK_INIT(routine);
    if (ptr && !shoal_device_heap_owns(ptr))
        shoal_fatal(routine, "%p is not in the device heap (a host address? shmem_free frees those)", ptr);
    shmem_quiet();
    shoal_barrier_world(); /* nobody is still using it */
    if (ptr && shoal_alloc_free(&heap, ptr) != 0)
        shoal_fatal(routine, "%p is not an allocated device heap block (double free?)", ptr);
}

size_t shmemx_device_heap_size(void) { return shoal_g.seg[SHOAL_SEG_DEVICE].base ? heap.size : 0; }

size_t shmemx_device_heap_free(void) { return shoal_g.seg[SHOAL_SEG_DEVICE].base ? heap.free_bytes : 0; }
