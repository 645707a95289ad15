/* shoal-info: what this Shoal build contains and which environment variables it reads.
 * Without arguments it never calls shmem_init, so it runs anywhere, with or without a launcher;
 * --pes starts the job and prints which transport reaches which PE. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>

#include "shoal_config.h"
#include "core/env_table.h"
#include "core/parse_size.h"

struct env_var {
    const char *name;
    const char *def;
    int is_size;
    const char *what;
};

static const struct env_var env_vars[] = {
#define SHOAL_ENV_ROW(name, def, is_size, what) {name, def, is_size, what},
    SHOAL_ENV_TABLE(SHOAL_ENV_ROW)
#undef SHOAL_ENV_ROW
};

static const char *yes(int b) { return b ? "yes" : "no"; }

int main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        printf("usage: %s [--pes]\nPrints what this Shoal build contains and the environment it "
               "reads.\n--pes (under a launcher: mpirun -np N %s --pes): start the job and print "
               "which transport reaches which PE.\n", argv[0], argv[0]);
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--pes") == 0) {
        setenv("SHOAL_INFO", "1", 1); /* shmem_init prints the job and the transport map */
        shmem_init();
        shmem_finalize();
        return 0;
    }
    int major = 0, minor = 0;
    char name[SHMEM_MAX_NAME_LEN] = "";
    shmem_info_get_version(&major, &minor);
    shmem_info_get_name(name);

    /* The vendor string already names Shoal and its version. */
    printf("%s, OpenSHMEM %d.%d\n", name[0] ? name : "Shoal " SHOAL_VERSION, major, minor);
    printf("\nBuilt with:\n");
    printf("  %-28s %s\n", "transports", SHOAL_HAVE_MPI ? "shm (this node), tcp, mpi (MPI-3 RMA)"
                                                          : "shm (this node), tcp");
    printf("  %-28s %s\n", "MPI bootstrap (mpirun)", yes(SHOAL_HAVE_MPI));
    printf("  %-28s %s\n", "rdma-core (ibverbs) found", yes(SHOAL_HAVE_IBVERBS));
    printf("  %-28s %s\n", "CUDA device library",
           SHOAL_HAVE_CUDA ? "yes (device heap: libshoal_cuda.so, loaded on first use)" : "no");
    if (SHOAL_HAVE_CUDA) printf("  %-28s %s\n", "CUDA architectures", SHOAL_CUDA_ARCHS);
    printf("\nLaunch with: shoalrun -n N ./app%s, or ./app alone for one PE\n",
           SHOAL_HAVE_MPI ? ", mpirun -np N ./app" : "");

    printf("\nEnvironment:\n");
    printf("  %-28s %-12s %-8s %s\n", "variable", "value", "default", "meaning");
    int bad = 0;
    for (size_t i = 0; i < sizeof env_vars / sizeof env_vars[0]; i++) {
        const struct env_var *v = &env_vars[i];
        const char *val = getenv(v->name);
        char shown[64];
        if (val == NULL || *val == '\0') {
            snprintf(shown, sizeof shown, "(unset)");
        } else {
            snprintf(shown, sizeof shown, "%s", val);
        }
        printf("  %-28s %-12s %-8s %s\n", v->name, shown, v->def, v->what);
        if (v->is_size && val != NULL && *val != '\0') {
            unsigned long long bytes = shoal_parse_size(val);
            if (bytes == 0) {
                printf("  %-28s ^ not a size (use e.g. 512M, 2G)\n", "");
                bad = 1;
            } else {
                printf("  %-28s = %llu bytes\n", "", bytes);
            }
        }
    }
    return bad;
}
