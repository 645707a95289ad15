/* The device heap: the SHOAL_SEG_DEVICE row of the segment table. Created by the first device
 * allocation (collective, so every PE creates it at the same point): SHOAL_SYMMETRIC_DEVICE_SIZE
 * bytes on this PE's GPU (gpu_select.c: SHOAL_DEVICE, the program's, or the node-local index modulo the GPU count), then
 * the runtime's part (the device barrier area, the team sync area, the collectives' scratch). Node-local peers map each other's heap with
 * CUDA IPC handles exchanged through the bootstrap; the host API reaches it through the
 * segment's mem ops (copies through the peer mapping, AMOs as one-thread kernels, quiet = a
 * device synchronize). Same deterministic allocator as the host heap, its own instance. */
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
/* The runtime's part, after the user's: barrier area, team sync area, collectives' scratch. */
#define BARRIER_BYTES ((size_t)SHOAL_DEVICE_BARRIER_WORDS * sizeof(uint64_t))
#define INTERNAL_SIZE (BARRIER_BYTES + shoal_device_team_sync_bytes() + SHOAL_DEVICE_SCRATCH_BYTES)
#define HEAP_ALIGN 256                    /* cudaMalloc's alignment: same offsets everywhere */

static struct shoal_allocator heap;
static const struct shoal_cuda_iface *cu;
static char **gpu_peer_table;               /* device copy of peers[].base[SHOAL_SEG_DEVICE] */
static struct shoal_device_team *gpu_teams; /* device copy of the team view */
static struct shoal_device_team *gpu_teams_now; /* what gpu_teams holds (host copy) */
static int gpu_n_teams;

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
static void gpu_quiet(void) { cuda_check("shmem_quiet", "cudaDeviceSynchronize", cu->synchronize()); }

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
};

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
    struct heap_blob mine = {.size = size};
    cuda_check(routine, "cudaIpcGetMemHandle", cu->ipc_get(mine.handle, base));
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
    free(all);

    char **table = malloc((size_t)n * sizeof *table);
    if (!table) shoal_fatal(routine, "out of memory");
    for (int pe = 0; pe < n; pe++) table[pe] = shoal_g.peers[pe].base[SHOAL_SEG_DEVICE];
    cuda_check(routine, "cudaMalloc", cu->malloc((void **)&gpu_peer_table, (size_t)n * sizeof *table));
    cuda_check(routine, "cudaMemcpy", cu->memcpy(gpu_peer_table, table, (size_t)n * sizeof *table));
    free(table);

    /* The GPU's team view, made here and not at the first context: a first context asked for
     * while a CUDA graph is being captured (an _on_stream call) must not allocate. */
    gpu_n_teams = shoal_teams_max;
    const size_t team_bytes = (size_t)gpu_n_teams * sizeof *gpu_teams;
    cuda_check(routine, "cudaMalloc", cu->malloc((void **)&gpu_teams, team_bytes));
    cuda_check(routine, "cudaMemset", cu->memset(gpu_teams, 0, team_bytes));
    gpu_teams_now = calloc((size_t)gpu_n_teams, sizeof *gpu_teams_now);
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
    gpu_n_teams = 0;
}

int shoal_device_heap_owns(const void *ptr)
{
    return shoal_g.seg[SHOAL_SEG_DEVICE].base && shoal_alloc_owns(&heap, ptr);
}

int shoal_device_heap_context(struct shoal_device_context *ctx, const struct shoal_device_team *teams,
                              int n_teams)
{
    const struct shoal_segment *seg = &shoal_g.seg[SHOAL_SEG_DEVICE];
    if (!seg->base) return 0;
    const char *routine = "shmemx_device_context";
    if (n_teams != gpu_n_teams) shoal_fatal(routine, "the team view has %d slots, the GPU's %d", n_teams, gpu_n_teams);
    const size_t bytes = (size_t)n_teams * sizeof *teams;
    /* Explicit member lists live in host memory: such teams are not in the GPU's view. The
     * copy to the GPU happens only when the view changed, so that the _on_stream calls, which
     * ask for a context each time, do no synchronous CUDA work while a graph is captured. */
    struct shoal_device_team *copy = malloc(bytes);
    if (!copy) shoal_fatal(routine, "out of memory");
    for (int i = 0; i < gpu_n_teams; i++) {
        copy[i] = teams[i];
        if (copy[i].list) memset(&copy[i], 0, sizeof copy[i]);
    }
    if (memcmp(copy, gpu_teams_now, bytes) != 0) {
        cuda_check(routine, "cudaMemcpy", cu->memcpy(gpu_teams, copy, bytes));
        memcpy(gpu_teams_now, copy, bytes);
    }
    free(copy);
    ctx->heap_base = seg->base;
    ctx->heap_size = seg->size;
    ctx->peer_base = gpu_peer_table;
    ctx->teams = gpu_teams;
    ctx->n_teams = gpu_n_teams;
    ctx->kind = SHOAL_DEVICE_HEAP_GPU;
    char *internal = seg->base + heap.size; /* the runtime's part, zeroed at creation */
    ctx->barrier = (uint64_t *)internal;
    ctx->team_sync = (uint64_t *)(internal + BARRIER_BYTES);
    ctx->scratch = internal + BARRIER_BYTES + shoal_device_team_sync_bytes();
    ctx->scratch_size = SHOAL_DEVICE_SCRATCH_BYTES;
    return 1;
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
