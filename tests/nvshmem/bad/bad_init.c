/* Bad input to NVSHMEM's start (one line naming nvshmemx_init_attr and the bad value, every
 * process stops): argv[1] picks the case. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdlib.h>
#include <string.h>

#include <nvshmem.h>
#include <nvshmemx.h>

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    const char *pe = getenv("SHOAL_LOCAL_PE"), *npes = getenv("SHOAL_LOCAL_NPES");
    const int rank = pe ? atoi(pe) : 0, nranks = npes ? atoi(npes) : 1;
    nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
    nvshmemx_uniqueid_t id = NVSHMEMX_UNIQUEID_INITIALIZER;
    if (strcmp(c, "uninitialized_attr") == 0) {
        memset(&attr, 0x5a, sizeof attr); /* a struct nobody initialised */
        nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr);
    } else if (strcmp(c, "other_job") == 0) {
        setenv("PMIX_NAMESPACE", "another-job", 1); /* as if made under another launcher's job */
        nvshmemx_get_uniqueid(&id);
        unsetenv("PMIX_NAMESPACE");
        nvshmemx_set_attr_uniqueid_args(rank, nranks, &id, &attr);
        nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr);
    } else if (strcmp(c, "forged_id") == 0) {
        memset(id.internal, 7, sizeof id.internal);
        nvshmemx_set_attr_uniqueid_args(rank, nranks, &id, &attr);
        nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr);
    } else if (strcmp(c, "wrong_rank") == 0) {
        nvshmemx_get_uniqueid(&id);
        nvshmemx_set_attr_uniqueid_args((rank + 1) % nranks, nranks, &id, &attr);
        nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr);
    } else if (strcmp(c, "flags") == 0) {
        nvshmemx_init_attr(1u << 9, &attr);
    } else {
        return 2;
    }
    nvshmem_finalize();
    return 0; /* not reached when the case is caught */
}
