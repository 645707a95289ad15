/* PEs that leave a shoalrun job early, and a Shoal program started by a PE (system()):
 *   leave_job skip_finalize   PE 1 returns from main without shmem_finalize while the others
 *                             wait in a barrier: shoalrun must stop the job with a message
 *   leave_job before_init     PE 1 exits before shmem_init while the others start: the same
 *   leave_job nested          PE 0 runs this program again with system(): it must run as a
 *                             job of its own (1 PE), not join this one (which would hang)
 * Exit status 0 means what the mode expects happened (the script checks shoalrun's status). */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "before_init") == 0) {
        const char *pe = getenv("SHOAL_LOCAL_PE");
        if (pe && atoi(pe) == 1) return 0;
    }
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    if (strcmp(mode, "nested_child") == 0) {
        printf("nested: %d PE(s)\n", n);
        shmem_finalize();
        return n == 1 ? 0 : 1;
    }
    if (strcmp(mode, "skip_finalize") == 0 && me == 1) return 0;
    int rc = 0;
    if (strcmp(mode, "nested") == 0 && me == 0) {
        char cmd[4200], self[4096];
        ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
        if (len <= 0) return 2;
        self[len] = '\0';
        snprintf(cmd, sizeof cmd, "'%s' nested_child", self);
        rc = system(cmd) == 0 ? 0 : 1;
        if (rc) fprintf(stderr, "leave_job: the nested program failed\n");
    }
    shmem_barrier_all();
    shmem_finalize();
    return rc;
}
