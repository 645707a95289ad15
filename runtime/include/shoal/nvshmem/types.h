/* nvshmem.h: NVSHMEM 3.x's public types, constants and initializers, with NVSHMEM's names, sizes
 * and values where a program can see them (struct sizes, version words, status codes); the
 * OpenSHMEM-valued ones (comparisons, signal operations, thread levels, teams) are Shoal's,
 * since every call goes to Shoal's OpenSHMEM API. Plain C (the runtime includes it too). */
#ifndef SHOAL_NVSHMEM_TYPES_H
#define SHOAL_NVSHMEM_TYPES_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include <shmem.h>

/* ---- Versions ------------------------------------------------------------------------- */
/* NVSHMEM_MAJOR/MINOR_VERSION: the OpenSHMEM level NVSHMEM 3 names (1.3); the vendor words:
 * the NVSHMEM release whose API these headers follow. */
#define NVSHMEM_MAJOR_VERSION 1
#define NVSHMEM_MINOR_VERSION 3
#define NVSHMEM_VENDOR_MAJOR_VERSION 3
#define NVSHMEM_VENDOR_MINOR_VERSION 4
#define NVSHMEM_VENDOR_PATCH_VERSION 5
#define NVSHMEM_VENDOR_PACKAGE_VERSION 0
#define NVSHMEM_VENDOR_VERSION                                                                     \
    ((NVSHMEM_VENDOR_MAJOR_VERSION) * 10000 + (NVSHMEM_VENDOR_MINOR_VERSION) * 100 +               \
     (NVSHMEM_VENDOR_PATCH_VERSION))
#define NVSHMEM_VENDOR_STRING "Shoal NVSHMEM compatibility (NVSHMEM 3.4.5 API)"
#define NVSHMEM_MAX_NAME_LEN 256
/* Plugin interface levels NVSHMEM reports; Shoal has no such plugins (its own: shoal-info). */
#define NVSHMEM_TRANSPORT_PLUGIN_MAJOR_VERSION 0
#define NVSHMEM_TRANSPORT_PLUGIN_MINOR_VERSION 0
#define NVSHMEM_TRANSPORT_PLUGIN_PATCH_VERSION 0
#define NVSHMEM_BOOTSTRAP_PLUGIN_MAJOR_VERSION 0
#define NVSHMEM_BOOTSTRAP_PLUGIN_MINOR_VERSION 0
#define NVSHMEM_BOOTSTRAP_PLUGIN_PATCH_VERSION 0
#define NVSHMEM_BUILD_VARS ""

/* ---- Status codes (what the nvshmemx_* calls that return int return) ------------------- */
enum nvshmemx_status {
    NVSHMEMX_SUCCESS = 0,
    NVSHMEMX_ERROR_INVALID_VALUE,
    NVSHMEMX_ERROR_OUT_OF_MEMORY,
    NVSHMEMX_ERROR_NOT_SUPPORTED,
    NVSHMEMX_ERROR_SYMMETRY,
    NVSHMEMX_ERROR_GPU_NOT_SELECTED,
    NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED,
    NVSHMEMX_ERROR_INTERNAL,
    NVSHMEMX_ERROR_SENTINEL = INT_MAX
};

/* ---- Comparisons, signals, thread levels: the OpenSHMEM values ------------------------ */
typedef enum {
    NVSHMEM_CMP_EQ = SHMEM_CMP_EQ,
    NVSHMEM_CMP_NE = SHMEM_CMP_NE,
    NVSHMEM_CMP_GT = SHMEM_CMP_GT,
    NVSHMEM_CMP_LE = SHMEM_CMP_LE,
    NVSHMEM_CMP_LT = SHMEM_CMP_LT,
    NVSHMEM_CMP_GE = SHMEM_CMP_GE,
    NVSHMEM_CMP_SENTINEL = INT_MAX
} nvshmemx_cmp_type_t;
typedef enum { NVSHMEM_SIGNAL_SET = SHMEM_SIGNAL_SET, NVSHMEM_SIGNAL_ADD = SHMEM_SIGNAL_ADD } nvshmemx_signal_op_t;
typedef enum {
    NVSHMEM_THREAD_SINGLE = SHMEM_THREAD_SINGLE,
    NVSHMEM_THREAD_FUNNELED = SHMEM_THREAD_FUNNELED,
    NVSHMEM_THREAD_SERIALIZED = SHMEM_THREAD_SERIALIZED,
    NVSHMEM_THREAD_MULTIPLE = SHMEM_THREAD_MULTIPLE,
    NVSHMEM_THREAD_TYPE_SENTINEL = INT_MAX
} nvshmemx_thread_support_t;

/* nvshmemx_init_status() */
typedef enum {
    NVSHMEM_STATUS_NOT_INITIALIZED = 0,
    NVSHMEM_STATUS_IS_BOOTSTRAPPED,
    NVSHMEM_STATUS_IS_INITIALIZED,
    NVSHMEM_STATUS_LIMITED_MPG,
    NVSHMEM_STATUS_FULL_MPG,
    NVSHMEM_STATUS_INVALID = INT_MAX
} nvshmemx_init_status_t;

/* The global-exit states of NVSHMEM's proxy thread (Shoal has none: never reported). */
typedef enum {
    PROXY_GLOBAL_EXIT_NOT_REQUESTED = 0,
    PROXY_GLOBAL_EXIT_INIT,
    PROXY_GLOBAL_EXIT_REQUESTED,
    PROXY_GLOBAL_EXIT_FINISHED,
    PROXY_GLOBAL_EXIT_MAX_STATE = INT_MAX
} nvshmemx_proxy_status_t;

/* Queue pairs (nvshmemx_qp_*): Shoal reaches every peer through its own paths, so a handle only
 * names a queue; every one behaves as NVSHMEMX_QP_DEFAULT. */
typedef int nvshmemx_qp_handle_t;
typedef enum {
    NVSHMEMX_QP_HOST = 0,
    NVSHMEMX_QP_DEFAULT = 1,
    NVSHMEMX_QP_ANY = INT_MAX,
    NVSHMEMX_QP_ALL = INT_MAX
} nvshmemx_qp_handle_index_t;
typedef enum { NVSHMEM_PE_INVALID = -1, NVSHMEMX_PE_ANY = 1 << 15, NVSHMEMX_PE_ALL = 1 << 15 } nvshmem_pe_index_t;

/* ---- Teams ---------------------------------------------------------------------------- */
typedef shmem_team_t nvshmem_team_t;
typedef nvshmem_team_t nvshmemx_team_t;
/* Handles of the predefined teams: Shoal's, which kernels see too. NODE: every PE of this node
 * (Shoal maps them all: SHMEM_TEAM_SHARED); SAME_MYPE_NODE: the PEs whose index on their node is
 * mine; SAME_GPU: the PEs of this node on my GPU (as Shoal picks it: SHOAL_DEVICE, else the
 * node-local index modulo the GPUs visible at nvshmem_init; alone without a GPU). The last two
 * exist from nvshmem_init on (team slots 2 and 3: handles slot + 1). */
#define NVSHMEM_TEAM_INVALID SHMEM_TEAM_INVALID
#define NVSHMEM_TEAM_WORLD SHMEM_TEAM_WORLD
#define NVSHMEM_TEAM_SHARED SHMEM_TEAM_SHARED
#define NVSHMEMX_TEAM_NODE SHMEM_TEAM_SHARED
#define NVSHMEMX_TEAM_SAME_MYPE_NODE ((nvshmem_team_t)3)
#define NVSHMEMX_TEAM_SAME_GPU ((nvshmem_team_t)4)
#define NVSHMEMI_TEAM_SAME_GPU NVSHMEMX_TEAM_SAME_GPU /* NVSHMEM 3's spelling */
/* NVSHMEM's own numbering of them (indices into its team pool). */
typedef enum {
    NVSHMEM_TEAM_WORLD_INDEX = 0,
    NVSHMEM_TEAM_SHARED_INDEX = 1,
    NVSHMEM_TEAM_NODE_INDEX = 2,
    NVSHMEM_TEAM_SAME_MYPE_NODE_INDEX = 3,
    NVSHMEM_TEAM_SAME_GPU_INDEX = 4,
    NVSHMEM_TEAM_GPU_LEADERS_INDEX = 5,
    NVSHMEM_TEAMS_MIN = 6,
    NVSHMEM_TEAM_INDEX_MAX = INT_MAX
} nvshmem_team_id_t;

/** nvshmemx_team_get_uniqueid's id: give it to every member's nvshmemx_team_init (config). */
typedef uint64_t nvshmemx_team_uniqueid_t;
#define NVSHMEM_TEAM_UNIQUID_INITIALIZER UINT64_MAX
/* Team configuration as NVSHMEM lays it out (64 bytes, a version word first). */
typedef struct {
    int version;
    int num_contexts;
    char padding[56];
} nvshmem_team_config_v1;
typedef struct {
    int version;
    int num_contexts;
    nvshmemx_team_uniqueid_t uniqueid; /* nvshmemx_team_init's id (mask NVSHMEM_TEAM_CONFIG_MASK_UNIQUEID) */
    char padding[48];
} nvshmem_team_config_v2;
typedef nvshmem_team_config_v2 nvshmem_team_config_t;
#define NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS 0x1L
#define NVSHMEM_TEAM_CONFIG_MASK_UNIQUEID 0x2L
#define NVSHMEM_TEAM_CONFIG_INITIALIZER                                                            \
    { (2 << 16) + (int)sizeof(nvshmem_team_config_t), -1, NVSHMEM_TEAM_UNIQUID_INITIALIZER, { 0 } }

/* ---- Start with attributes (nvshmemx_init_attr) -------------------------------------- */
/* Flags of nvshmemx_init_attr: how the job was started. Shoal bootstraps from its launcher
 * (mpirun, shoalrun, alone) whatever the flags say; they decide what is checked. */
enum {
    NVSHMEMX_INIT_THREAD_PES = 1,
    NVSHMEMX_INIT_WITH_MPI_COMM = 1 << 1,
    NVSHMEMX_INIT_WITH_SHMEM = 1 << 2,
    NVSHMEMX_INIT_WITH_UNIQUEID = 1 << 3,
    NVSHMEMX_INIT_MAX = INT_MIN /* 1 << 31 */
};

/** nvshmemx_get_uniqueid's id (128 bytes, copied between processes as plain bytes). */
typedef struct {
    int version;
    char internal[124];
} nvshmemx_uniqueid_v1;
typedef nvshmemx_uniqueid_v1 nvshmemx_uniqueid_t;
#define NVSHMEMX_UNIQUEID_INITIALIZER { (1 << 16) + (int)sizeof(nvshmemx_uniqueid_t), { 0 } }
typedef struct {
    int version;
    nvshmemx_uniqueid_v1 *id;
    int myrank;
    int nranks;
} nvshmemx_uniqueid_args_v1;
typedef nvshmemx_uniqueid_args_v1 nvshmemx_uniqueid_args_t;
#define NVSHMEMX_UNIQUEID_ARGS_INITIALIZER { (1 << 16) + (int)sizeof(nvshmemx_uniqueid_args_t), NULL, -1, -1 }

typedef struct {
    int version;
    nvshmemx_uniqueid_args_t uid_args;
    char content[96];
} nvshmemx_init_args_v1;
typedef struct {
    int version;
    nvshmemx_uniqueid_args_t uid_args;
    int cuda_device_id;
    char content[92];
} nvshmemx_init_args_v2;
typedef nvshmemx_init_args_v2 nvshmemx_init_args_t;
typedef struct {
    int version;
    void *mpi_comm; /* NVSHMEMX_INIT_WITH_MPI_COMM: an MPI_Comm * */
    nvshmemx_init_args_t args;
} nvshmemx_init_attr_v2;
typedef nvshmemx_init_attr_v2 nvshmemx_init_attr_v1;
typedef nvshmemx_init_attr_v2 nvshmemx_init_attr_t;

#define NVSHMEM_INIT_ATTR_VER 1
#define NVSHMEM_INIT_ARGS_V2_IDENTIFIER ((2 << 16) + (int)sizeof(nvshmemx_init_args_t))
#define NVSHMEM_INIT_ATTR_V2_IDENTIFIER ((2 << 16) + (int)sizeof(nvshmemx_init_attr_t))
#define NVSHMEM_INIT_ATTR_V1_IDENTIFIER ((1 << 16) + (int)sizeof(nvshmemx_init_attr_t))
#define NVSHMEMX_INIT_ARGS_V2_INITIALIZER                                                          \
    { NVSHMEM_INIT_ARGS_V2_IDENTIFIER, NVSHMEMX_UNIQUEID_ARGS_INITIALIZER, -1, { 0 } }
#define NVSHMEMX_INIT_ARGS_INITIALIZER                                                             \
    { (1 << 16) + (int)sizeof(nvshmemx_init_args_t), NVSHMEMX_UNIQUEID_ARGS_INITIALIZER, -1, { 0 } }
#define NVSHMEMX_INIT_ATTR_INITIALIZER { NVSHMEM_INIT_ATTR_V2_IDENTIFIER, NULL, NVSHMEMX_INIT_ARGS_V2_INITIALIZER }
#define NVSHMEMX_INIT_ATTR_V1_INITIALIZER { NVSHMEM_INIT_ATTR_V1_IDENTIFIER, NULL, NVSHMEMX_INIT_ARGS_INITIALIZER }
/** Stamp the version words of an attr struct made without an initializer (attr: an lvalue). */
#define nvshmemx_init_init_attr_ver_only(attr)                                                     \
    do {                                                                                           \
        (attr).version = (1 << 16) + (int)sizeof(nvshmemx_init_attr_t);                            \
        (attr).args.version = (1 << 16) + (int)sizeof(nvshmemx_init_args_t);                       \
        (attr).args.uid_args.version = (1 << 16) + (int)sizeof(nvshmemx_uniqueid_args_t);          \
    } while (0)

/* What NVSHMEM's device library hands its host library at start (no such split in Shoal). */
typedef void (*nvshmemx_device_lib_init_cb)(void **dev_state_ptr, void **transport_dev_state_ptr);

#ifdef __cplusplus
#define SHOAL_NVT_ASSERT(c, m) static_assert(c, m)
#else
#define SHOAL_NVT_ASSERT(c, m) _Static_assert(c, m)
#endif
SHOAL_NVT_ASSERT(sizeof(nvshmem_team_config_t) == 64, "NVSHMEM's team config is 64 bytes");
SHOAL_NVT_ASSERT(sizeof(nvshmemx_uniqueid_t) == 128, "NVSHMEM's unique id is 128 bytes");
SHOAL_NVT_ASSERT(sizeof(nvshmemx_uniqueid_args_t) == 24, "NVSHMEM's unique id args are 24 bytes");
SHOAL_NVT_ASSERT(sizeof(nvshmemx_init_args_t) == 128, "NVSHMEM's init args are 128 bytes");
SHOAL_NVT_ASSERT(sizeof(nvshmemx_init_attr_t) == 144, "NVSHMEM's init attr is 144 bytes");
#undef SHOAL_NVT_ASSERT

#endif
