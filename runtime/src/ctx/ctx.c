/* Context table: fixed-size chunks that never move, so lookups need no lock while another
 * thread creates or destroys contexts. */
#include <pthread.h>
#include <stdlib.h>

#include <shmem.h>
#include <shmemx.h>

#include "core/check.h"
#include "core/error.h"
#include "ctx/ctx.h"

#define CHUNK 256
#define MAX_CHUNKS 256 /* 65536 contexts alive at once */

struct ctx_entry {
    int in_use;
    long options;
    shmem_team_t team;
    int team_size;
    int *world_pe; /* NULL: team is the world, identity */
};

static struct ctx_entry *chunks[MAX_CHUNKS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int alive_count; /* created and not destroyed; under lock */

static struct ctx_entry *entry(uintptr_t handle)
{
    uintptr_t i = handle - 1;
    if (handle == 0 || i / CHUNK >= MAX_CHUNKS || !chunks[i / CHUNK]) return NULL;
    struct ctx_entry *e = &chunks[i / CHUNK][i % CHUNK];
    return __atomic_load_n(&e->in_use, __ATOMIC_ACQUIRE) ? e : NULL;
}

void shoal_ctx_init(void)
{
    pthread_mutex_lock(&lock);
    if (!chunks[0]) chunks[0] = calloc(CHUNK, sizeof(struct ctx_entry));
    if (!chunks[0]) shoal_fatal("shmem_init", "out of memory");
    chunks[0][0] = (struct ctx_entry){1, 0, SHMEM_TEAM_WORLD, shoal_g.npes, NULL};
    pthread_mutex_unlock(&lock);
}

void shoal_ctx_fini(void)
{
    pthread_mutex_lock(&lock);
    for (int c = 0; c < MAX_CHUNKS && chunks[c]; c++) {
        for (int i = 0; i < CHUNK; i++) free(chunks[c][i].world_pe);
        free(chunks[c]);
        chunks[c] = NULL;
    }
    alive_count = 0;
    pthread_mutex_unlock(&lock);
}

int shoal_ctx_pe_slow(const char *routine, shmem_ctx_t ctx, int pe)
{
    struct ctx_entry *e = entry((uintptr_t)ctx);
    if (!e) shoal_fatal(routine, "context %p is not a live context", (void *)ctx);
    if ((unsigned)pe >= (unsigned)e->team_size)
        shoal_fatal(routine, "pe %d is out of range for the context's team (0..%d)", pe,
                    e->team_size - 1);
    return e->world_pe ? e->world_pe[pe] : pe;
}

void shoal_ctx_check(const char *routine, shmem_ctx_t ctx)
{
    SHOAL_CHECK_INIT(routine);
    if (ctx != SHMEM_CTX_DEFAULT && !entry((uintptr_t)ctx))
        shoal_fatal(routine, "context %p is not a live context", (void *)ctx);
}

int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx)
{
    SHOAL_CHECK_INIT("shmem_team_create_ctx");
    if (!ctx) return 1;
    *ctx = SHMEM_CTX_INVALID;
    int n = shmem_team_n_pes(team);
    if (n < 1 || shmem_team_my_pe(team) < 0) return 1;
    int *map = NULL;
    if (team != SHMEM_TEAM_WORLD) {
        map = malloc((size_t)n * sizeof *map);
        if (!map) return 1;
        for (int i = 0; i < n; i++) map[i] = shmem_team_translate_pe(team, i, SHMEM_TEAM_WORLD);
    }
    pthread_mutex_lock(&lock);
    for (int c = 0; c < MAX_CHUNKS; c++) {
        if (!chunks[c] && !(chunks[c] = calloc(CHUNK, sizeof(struct ctx_entry)))) break;
        for (int i = 0; i < CHUNK; i++) {
            struct ctx_entry *e = &chunks[c][i];
            if (e->in_use) continue;
            e->options = options;
            e->team = team;
            e->team_size = n;
            e->world_pe = map;
            __atomic_store_n(&e->in_use, 1, __ATOMIC_RELEASE);
            alive_count++;
            pthread_mutex_unlock(&lock);
            *ctx = (shmem_ctx_t)(uintptr_t)((size_t)c * CHUNK + (size_t)i + 1);
            return 0;
        }
    }
    pthread_mutex_unlock(&lock);
    free(map);
    shoal_warn("shmem_ctx_create", "%d contexts are alive, the most this build allows; destroy "
               "some first", CHUNK * MAX_CHUNKS);
    return 1;
}

int shmem_ctx_create(long options, shmem_ctx_t *ctx)
{
    return shmem_team_create_ctx(SHMEM_TEAM_WORLD, options, ctx);
}

void shmem_ctx_destroy(shmem_ctx_t ctx)
{
    SHOAL_CHECK_INIT("shmem_ctx_destroy");
    if (ctx == SHMEM_CTX_INVALID) return;
    if (ctx == SHMEM_CTX_DEFAULT)
        shoal_fatal("shmem_ctx_destroy", "SHMEM_CTX_DEFAULT cannot be destroyed");
    pthread_mutex_lock(&lock);
    struct ctx_entry *e = entry((uintptr_t)ctx);
    if (!e) {
        pthread_mutex_unlock(&lock);
        shoal_fatal("shmem_ctx_destroy", "context %p is not a live context (destroyed twice?)",
                    (void *)ctx);
    }
    __atomic_thread_fence(__ATOMIC_SEQ_CST); /* its operations are complete */
    free(e->world_pe);
    e->world_pe = NULL;
    __atomic_store_n(&e->in_use, 0, __ATOMIC_RELEASE);
    alive_count--;
    pthread_mutex_unlock(&lock);
}

void shmemx_ctx_count(int *alive, int *max)
{
    SHOAL_CHECK_INIT("shmemx_ctx_count");
    pthread_mutex_lock(&lock);
    if (alive) *alive = alive_count;
    pthread_mutex_unlock(&lock);
    if (max) *max = CHUNK * MAX_CHUNKS;
}

int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team)
{
    SHOAL_CHECK_INIT("shmem_ctx_get_team");
    struct ctx_entry *e = entry((uintptr_t)ctx);
    if (!team) return 1;
    if (!e) {
        *team = SHMEM_TEAM_INVALID;
        return 1;
    }
    *team = e->team;
    return 0;
}
