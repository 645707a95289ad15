/* NVSHMEM's start and stop over Shoal's (shoal/nvshmem/runtime.h), its unique-id start, and the
 * host routines that have no OpenSHMEM twin: buffer registration, queue pairs, CUDA modules.
 *
 * A unique id from nvshmemx_get_uniqueid names the job it was made in (the launcher's job:
 * PMIx namespace under mpirun, shoalrun's pid under shoalrun, the process alone). Shoal starts
 * from its launcher whatever the flags say, so NVSHMEMX_INIT_WITH_UNIQUEID only checks: the id
 * names this job, every PE got the same one, and each PE's rank and count are its PE number
 * and the PE count. NVSHMEMX_INIT_WITH_MPI_COMM starts on the communicator's ranks. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <shmem.h>
#include <shmemx.h>
#include <shoal/nvshmem/runtime.h>

#include "bootstrap/bootstrap.h"
#include "core/check.h"
#include "core/error.h"
#include "core/local_protocol.h"
#include "core/state.h"
#include "device/device.h"
#include "team/team.h"

#define NVSHMEM_UID_MAGIC 0x44496d6568737655ull /* "UvshmeID" */

/* What nvshmemx_uniqueid_t.internal holds. */
struct job_uid {
    uint64_t magic;
    uint64_t job_hash;
    char job[100];
};
_Static_assert(sizeof(struct job_uid) <= sizeof(((nvshmemx_uniqueid_t *)0)->internal), "fits the id");

static int nvshmem_started;  /* between shmemx_nvshmem_init and shmemx_nvshmem_finalize */
static int started_shmem;    /* and it called shmem_init (not the program) */
static nvshmemx_qp_handle_t **qp_arrays;
static int n_qp_arrays;

static uint64_t hash(const void *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
    return h;
}

/* The launcher's name for this job, from the environment alone (it is asked before init). */
static void job_name(char *out, size_t len)
{
    char host[64] = "";
    gethostname(host, sizeof host - 1);
    const char *ns = getenv("PMIX_NAMESPACE");
    if (ns && *ns)
        snprintf(out, len, "mpirun job %s", ns);
    else if (getenv(SHOAL_ENV_LOCAL_NPES))
        snprintf(out, len, "shoalrun job %ld on %s", (long)getppid(), host);
    else
        snprintf(out, len, "process %ld on %s", (long)getpid(), host);
}

int nvshmemx_get_uniqueid(nvshmemx_uniqueid_t *uniqueid)
{
    if (!uniqueid) return NVSHMEMX_ERROR_INVALID_VALUE;
    struct job_uid u = {.magic = NVSHMEM_UID_MAGIC};
    job_name(u.job, sizeof u.job);
    u.job_hash = hash(u.job, strlen(u.job));
    memset(uniqueid, 0, sizeof *uniqueid);
    uniqueid->version = (1 << 16) + (int)sizeof *uniqueid;
    memcpy(uniqueid->internal, &u, sizeof u);
    return NVSHMEMX_SUCCESS;
}

static int attr_version_ok(int v)
{
    return v == NVSHMEM_INIT_ATTR_V1_IDENTIFIER || v == NVSHMEM_INIT_ATTR_V2_IDENTIFIER;
}

/* Checks that need no PE yet (before shmem_init: a bad attr must not start a job). */
static void check_attr(const char *routine, unsigned flags, const nvshmemx_init_attr_t *attr)
{
    if (flags & ~(unsigned)(NVSHMEMX_INIT_THREAD_PES | NVSHMEMX_INIT_WITH_MPI_COMM | NVSHMEMX_INIT_WITH_SHMEM |
                            NVSHMEMX_INIT_WITH_UNIQUEID))
        shoal_fatal(routine, "flags %#x are not NVSHMEMX_INIT_* values", flags);
    if (!(flags & (NVSHMEMX_INIT_WITH_MPI_COMM | NVSHMEMX_INIT_WITH_UNIQUEID))) return;
    if (!attr) shoal_fatal(routine, "flags %#x need attr, which is NULL", flags);
    if (!attr_version_ok(attr->version))
        shoal_fatal(routine, "attr is not initialized (its version word is %#x): declare it "
                    "nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER", (unsigned)attr->version);
    if ((flags & NVSHMEMX_INIT_WITH_MPI_COMM) && !attr->mpi_comm)
        shoal_fatal(routine, "NVSHMEMX_INIT_WITH_MPI_COMM, but attr->mpi_comm is NULL");
    if (flags & NVSHMEMX_INIT_WITH_UNIQUEID) {
        const nvshmemx_uniqueid_args_t *a = &attr->args.uid_args;
        if (!a->id)
            shoal_fatal(routine, "NVSHMEMX_INIT_WITH_UNIQUEID, but no unique id in attr "
                        "(nvshmemx_set_attr_uniqueid_args)");
        struct job_uid u;
        memcpy(&u, a->id->internal, sizeof u);
        if (u.magic != NVSHMEM_UID_MAGIC || u.job_hash != hash(u.job, strnlen(u.job, sizeof u.job)))
            shoal_fatal(routine, "the unique id was not made by nvshmemx_get_uniqueid");
        char mine[sizeof u.job];
        job_name(mine, sizeof mine);
        if (strcmp(mine, u.job) != 0)
            shoal_fatal(routine, "the unique id comes from another job (%.*s; this is %s)", (int)sizeof u.job,
                        u.job, mine);
    }
}

/* Checks against the started job. */
static void check_uid_ranks(const char *routine, const nvshmemx_init_attr_t *attr)
{
    const nvshmemx_uniqueid_args_t *a = &attr->args.uid_args;
    if (a->nranks != shoal_g.npes || a->myrank != shoal_g.me)
        shoal_fatal(routine, "the unique-id arguments say rank %d of %d, but the launcher started this "
                    "process as PE %d of %d", a->myrank, a->nranks, shoal_g.me, shoal_g.npes);
    const uint64_t mine = hash(a->id->internal, sizeof a->id->internal);
    uint64_t *all = malloc((size_t)shoal_g.npes * sizeof *all);
    if (!all) shoal_fatal(routine, "out of memory");
    shoal_g.boot->allgather(&mine, all, sizeof mine);
    for (int pe = 0; pe < shoal_g.npes; pe++)
        if (all[pe] != mine)
            shoal_fatal(routine, "PE %d was given another unique id than this PE (nvshmemx_get_uniqueid "
                        "once, then the same id to every process)", pe);
    free(all);
}

int shmemx_nvshmem_init(const char *routine, int requested, int *provided, unsigned int flags,
                        const nvshmemx_init_attr_t *attr)
{
    if (!routine) routine = "nvshmem_init";
    check_attr(routine, flags, attr);
    if (nvshmem_started && shoal_g.initialized) {
        if (provided) shmem_query_thread(provided);
        return 0;
    }
    const int initialized = shoal_g.initialized;
    if (!initialized && (flags & NVSHMEMX_INIT_WITH_MPI_COMM)) shoal_bootstrap_use_mpi_comm(routine, attr->mpi_comm);
    const int rc = shmem_init_thread(requested, provided);
    if (rc) return rc;
    started_shmem = !initialized;
    if (flags & NVSHMEMX_INIT_WITH_UNIQUEID) check_uid_ranks(routine, attr);
    shoal_team_kinds_create(routine, shoal_gpu_planned(routine));
    nvshmem_started = 1;
    return 0;
}

void shmemx_nvshmem_finalize(void)
{
    if (!nvshmem_started || !shoal_g.initialized) {
        nvshmem_started = 0; /* the program's shmem_finalize came first */
        return;
    }
    for (int i = 0; i < n_qp_arrays; i++) free(qp_arrays[i]);
    free(qp_arrays);
    qp_arrays = NULL;
    n_qp_arrays = 0;
    nvshmem_started = 0;
    if (started_shmem) {
        shmem_finalize();
    } else {
        shmem_barrier_all(); /* nobody is in a collective on the kinds any more */
        shoal_team_kinds_destroy();
    }
}

int nvshmemx_init_status(void)
{
    return nvshmem_started && shoal_g.initialized ? NVSHMEM_STATUS_IS_INITIALIZED : NVSHMEM_STATUS_NOT_INITIALIZED;
}

int nvshmemx_team_get_uniqueid(nvshmemx_team_uniqueid_t *uniqueid)
{
    SHOAL_CHECK_INIT("nvshmemx_team_get_uniqueid");
    if (!uniqueid) return -1;
    shmemx_team_uniqueid_t id;
    if (shmemx_team_get_uniqueid(&id) != 0) return -1;
    *uniqueid = shoal_team_uniqueid_pack(&id);
    return 0;
}

int nvshmemx_team_init(nvshmem_team_t *team, nvshmem_team_config_t *config, long config_mask, int npes,
                       int pe_idx_in_team)
{
    const char *routine = "nvshmemx_team_init";
    SHOAL_CHECK_INIT(routine);
    if (!team) return -1;
    *team = NVSHMEM_TEAM_INVALID;
    if (!config || !(config_mask & NVSHMEM_TEAM_CONFIG_MASK_UNIQUEID)) {
        shoal_warn(routine, "needs config->uniqueid (nvshmemx_team_get_uniqueid) and "
                   "NVSHMEM_TEAM_CONFIG_MASK_UNIQUEID in config_mask");
        return -1;
    }
    shmemx_team_uniqueid_t id;
    if (shoal_team_uniqueid_unpack(config->uniqueid, &id) != 0) {
        shoal_warn(routine, "config->uniqueid %#llx was not made by nvshmemx_team_get_uniqueid in this job",
                   (unsigned long long)config->uniqueid);
        return -1;
    }
    shmem_team_config_t c = {.num_contexts = config->num_contexts};
    return shmemx_team_init(team, &c, config_mask & NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS, npes, pe_idx_in_team, &id);
}

void nvshmem_team_get_config(nvshmem_team_t team, nvshmem_team_config_t *config)
{
    if (!config) return;
    shmem_team_config_t c = {0};
    if (shmem_team_get_config(team, SHMEM_TEAM_NUM_CONTEXTS, &c) != 0) return;
    config->version = (2 << 16) + (int)sizeof *config;
    config->num_contexts = c.num_contexts;
    config->uniqueid = NVSHMEM_TEAM_UNIQUID_INITIALIZER;
}

int nvshmemx_buffer_register(void *addr, size_t length)
{
    return addr && length ? NVSHMEMX_SUCCESS : NVSHMEMX_ERROR_INVALID_VALUE;
}

int nvshmemx_buffer_unregister(void *addr) { return addr ? NVSHMEMX_SUCCESS : NVSHMEMX_ERROR_INVALID_VALUE; }

void nvshmemx_buffer_unregister_all(void) {}

void *nvshmemx_buffer_register_symmetric(void *buf_ptr, size_t size, int flags)
{
    const char *routine = "nvshmemx_buffer_register_symmetric";
    SHOAL_CHECK_INIT(routine);
    (void)flags;
    if (!buf_ptr || !size) {
        shoal_warn(routine, "buf_ptr %p, size %zu: nothing to register", buf_ptr, size);
        return NULL;
    }
    const int gpu = shmemx_device_usable();
    void *sym = gpu ? shmemx_device_malloc(size) : shmem_malloc(size);
    if (!sym) return NULL;
    if (gpu) {
        const int rc = shoal_cuda(routine)->memcpy(sym, buf_ptr, size);
        if (rc) shoal_fatal(routine, "copying buf_ptr %p into symmetric memory failed: %s", buf_ptr,
                            shoal_cuda(routine)->error(rc));
    } else {
        memcpy(sym, buf_ptr, size);
    }
    shmemx_device_context_publish(routine);
    return sym;
}

int nvshmemx_buffer_unregister_symmetric(void *mmap_ptr, size_t size)
{
    SHOAL_CHECK_INIT("nvshmemx_buffer_unregister_symmetric");
    (void)size;
    if (!mmap_ptr) return NVSHMEMX_ERROR_INVALID_VALUE;
    shmem_free(mmap_ptr);
    return NVSHMEMX_SUCCESS;
}

int nvshmemx_qp_create(int num_qps, nvshmemx_qp_handle_t **out_qp_array)
{
    SHOAL_CHECK_INIT("nvshmemx_qp_create");
    if (num_qps <= 0 || !out_qp_array) return NVSHMEMX_ERROR_INVALID_VALUE;
    nvshmemx_qp_handle_t *a = malloc((size_t)num_qps * sizeof *a);
    nvshmemx_qp_handle_t **grown = realloc(qp_arrays, (size_t)(n_qp_arrays + 1) * sizeof *grown);
    if (!a || !grown) {
        free(a);
        if (grown) qp_arrays = grown;
        return NVSHMEMX_ERROR_OUT_OF_MEMORY;
    }
    for (int i = 0; i < num_qps; i++) a[i] = NVSHMEMX_QP_DEFAULT;
    qp_arrays = grown;
    qp_arrays[n_qp_arrays++] = a;
    *out_qp_array = a;
    return NVSHMEMX_SUCCESS;
}

static int no_modules(const char *routine, const void *handle)
{
    shoal_warn(routine, "kernels of a module the program loads itself (%p) get no NVSHMEM device "
               "context from Shoal: build them into the program with nvcc", handle);
    return NVSHMEMX_ERROR_NOT_SUPPORTED;
}

int nvshmemx_cumodule_init(struct CUmod_st *module) { return no_modules("nvshmemx_cumodule_init", module); }
int nvshmemx_cumodule_finalize(struct CUmod_st *module) { (void)module; return NVSHMEMX_SUCCESS; }
int nvshmemx_culibrary_init(struct CUlib_st *library) { return no_modules("nvshmemx_culibrary_init", library); }
int nvshmemx_culibrary_finalize(struct CUlib_st *library) { (void)library; return NVSHMEMX_SUCCESS; }
