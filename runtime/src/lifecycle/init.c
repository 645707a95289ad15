/* The composition root: shmem_init starts every subsystem, lowest layer first, and wires the
 * layers together (the bootstrap and transports behind core's ops tables, the doorbell's
 * memory, the teams and the call check); shmem_finalize stops them. And the queries about the
 * job. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>

#include "bootstrap/bootstrap.h"
#include "coll/call_check.h"
#include "coll/engine/channel.h"
#include "coll/engine/tune.h"
#include "core/check.h"
#include "core/error.h"
#include "core/state.h"
#include "ctx/ctx.h"
#include "device/device.h"
#include "heap/heap.h"
#include "sync/placement.h"
#include "sync/timeslice.h"
#include "sync/doorbell.h"
#include "sync/avoid_busy.h"
#include "sync/backoff.h"
#include "sync/wait_site.h"
#include "sync/wait_stats.h"
#include "team/team.h"
#include "team/team_hooks.h"
#include "transport/transport.h"

static int env_flag(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0");
}

static void print_debug(void)
{
    if (!env_flag("SHOAL_DEBUG")) return;
    const struct shoal_segment *h = &shoal_g.seg[SHOAL_SEG_HEAP], *d = &shoal_g.seg[SHOAL_SEG_DATA];
    fprintf(stderr, "shoal: debug: PE %d pid %d: heap %p (%zu bytes), data %p (%zu bytes), %d local PEs, "
            "node %d of %d, CPU %d\n", shoal_g.me, shoal_g.peers[shoal_g.me].pid, (void *)h->base,
            h->size, (void *)d->base, d->size, shoal_g.n_local_pes, shoal_g.peers[shoal_g.me].node,
            shoal_g.n_nodes, shoal_g.bound_cpu);
}

static void print_info(void)
{
    if (shoal_g.me != 0 || !env_flag("SHOAL_INFO")) return;
    printf("shoal: %s, bootstrap %s, %d PEs (%d on this node, %d node%s%s), heap %zu bytes per PE, "
           "data segment %zu bytes, transports shm%s%s\n",
           SHMEM_VENDOR_STRING, shoal_g.boot->name, shoal_g.npes, shoal_g.n_local_pes,
           shoal_g.n_nodes, shoal_g.n_nodes == 1 ? "" : "s",
           shoal_g.oversubscribed ? (shoal_g.bound_cpu >= 0 ? ", oversubscribed: PEs bound to CPUs"
                                                            : ", oversubscribed: waits yield")
                                  : shoal_g.bound_cpu >= 0 ? ", PEs bound to CPUs" : "",
           shoal_g.seg[SHOAL_SEG_HEAP].user_size, shoal_g.seg[SHOAL_SEG_DATA].size,
           shoal_g.remote ? ", " : "", shoal_g.remote ? shoal_g.remote->name : "");
    shoal_transport_print_map(stdout);
    fflush(stdout);
}

int shmem_init_thread(int requested, int *provided)
{
    if (requested < SHMEM_THREAD_SINGLE || requested > SHMEM_THREAD_MULTIPLE)
        shoal_fatal("shmem_init_thread", "requested thread level %d is not a SHMEM_THREAD_* value",
                    requested);
    shoal_wait_at("shmem_init");
    if (shoal_g.initialized) {
        if (provided) *provided = shoal_g.thread_level;
        return 0;
    }
    shoal_transport_check_env();
    shoal_placement_check_env();
    shoal_timeslice_check_env();
    shoal_doorbell_check_env();
    shoal_avoid_busy_check_env();
    const struct shoal_bootstrap *boot = shoal_bootstrap_start();
    shoal_g.boot = boot;
    shoal_g.me = boot->pe;
    shoal_g.npes = boot->npes;
    /* Every path is thread-safe: plain memory operations and atomics on mapped segments. */
    shoal_g.thread_level = requested;
    shoal_segments_init();
    shoal_transport_start();
    shoal_placement_init();
    shoal_timeslice_init();
    shoal_doorbell_init(shoal_heap_alloc_internal(
        sizeof(struct shoal_doorbell) + sizeof(struct shoal_wait_activity), 64));
    shoal_avoid_busy_init();
    shoal_wait_site_init();
    shoal_wait_stats_init();
    shoal_g.initialized = 1;
    shoal_coll_tune_init(); /* before any collective: their choices read it */
    shoal_coll_channel_init();
    shoal_teams_init();
    shoal_team_init_board_reserve();
    shoal_call_check_init();
    shoal_ctx_init();
    shoal_device_init();
    boot->barrier();
    print_debug();
    print_info();
    if (provided) *provided = shoal_g.thread_level;
    return 0;
}

void shmem_init(void) { shmem_init_thread(SHMEM_THREAD_SINGLE, NULL); }

int shmemx_init_mpi_comm(const void *mpi_comm, int requested, int *provided)
{
    if (!shoal_g.initialized) shoal_bootstrap_use_mpi_comm("shmemx_init_mpi_comm", mpi_comm);
    return shmem_init_thread(requested, provided);
}

void shmem_query_thread(int *provided)
{
    SHOAL_CHECK_INIT("shmem_query_thread");
    if (provided) *provided = shoal_g.thread_level;
}

void shmem_finalize(void)
{
    if (!shoal_g.initialized) return;
    shoal_wait_at_collective("shmem_finalize");
    SHOAL_CALL_CHECK(.routine = "shmem_finalize", .kind = SHOAL_CALL_FINALIZE);
    shmem_quiet();
    shoal_barrier_world();
    shoal_device_fini();
    shoal_ctx_fini();
    shoal_teams_fini();
    shoal_coll_channel_fini();
    shoal_team_init_board_fini();
    shoal_call_check_fini();
    shoal_g.boot->barrier(); /* nobody touches a peer's segment past this point */
    shoal_transport_stop();
    shoal_segments_fini();
    shoal_timeslice_fini();
    shoal_avoid_busy_fini();
    shoal_doorbell_fini();
    shoal_placement_fini();
    shoal_g.initialized = 0;
    shoal_g.ever_finalized = 1;
    const struct shoal_bootstrap *boot = shoal_g.boot;
    boot->fini();
    shoal_g.boot = NULL;
}

void shmem_global_exit(int status)
{
    fflush(NULL);
    shoal_abort_job(status);
}

int shmem_my_pe(void)
{
    return shoal_g.initialized ? shoal_g.me : -1;
}

int shmem_n_pes(void)
{
    return shoal_g.initialized ? shoal_g.npes : -1;
}

void shmem_info_get_version(int *major, int *minor)
{
    if (major) *major = SHMEM_MAJOR_VERSION;
    if (minor) *minor = SHMEM_MINOR_VERSION;
}

void shmem_info_get_name(char *name)
{
    if (name) {
        strncpy(name, SHMEM_VENDOR_STRING, SHMEM_MAX_NAME_LEN - 1);
        name[SHMEM_MAX_NAME_LEN - 1] = 0;
    }
}

const char *shmemx_bootstrap_name(void)
{
    return shoal_g.boot ? shoal_g.boot->name : "none";
}
