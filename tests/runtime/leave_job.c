/* PEs that leave a shoalrun job early, and a Shoal program started by a PE (system()):
 *   leave_job skip_finalize   PE 1 returns from main without shmem_finalize while the others
 *                             wait in a barrier: shoalrun must stop the job with a message
 *   leave_job before_init     PE 1 exits before shmem_init while the others start: the same
 *   leave_job nested          PE 0 runs this program again with system(): it must run as a
 *                             job of its own (1 PE), not join this one (which would hang),
 *                             and inherit no descriptor of the launcher
 *   leave_job nested_before_init   the same before PE 0's shmem_init
 * Exit status 0 means what the mode expects happened (the script checks shoalrun's status). */
#define _POSIX_C_SOURCE 200809L
#include <shmem.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Descriptors of this process that are shoalrun's rendezvous segment (memfd "shoal-local"). */
static int launcher_fds(void)
{
    int found = 0;
    DIR *d = opendir("/proc/self/fd");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[300], target[256];
        snprintf(path, sizeof path, "/proc/self/fd/%s", e->d_name);
        const ssize_t n = readlink(path, target, sizeof target - 1);
        if (n <= 0) continue;
        target[n] = '\0';
        if (strstr(target, "shoal-local")) {
            fprintf(stderr, "leave_job: fd %s is the launcher's %s\n", e->d_name, target);
            found++;
        }
    }
    if (d) closedir(d);
    return found;
}

/* PE 0 runs this program again ("nested_child") with system(). */
static int run_nested(void)
{
    char cmd[4200], self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) return 2;
    self[len] = '\0';
    snprintf(cmd, sizeof cmd, "'%s' nested_child", self);
    const int rc = system(cmd) == 0 ? 0 : 1;
    if (rc) fprintf(stderr, "leave_job: the nested program failed\n");
    return rc;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "before_init") == 0) {
        const char *pe = getenv("SHOAL_LOCAL_PE");
        if (pe && atoi(pe) == 1) return 0;
    }
    int rc = 0;
    if (strcmp(mode, "nested_child") == 0 && launcher_fds() != 0) rc = 1;
    if (strcmp(mode, "nested_before_init") == 0) {
        const char *pe = getenv("SHOAL_LOCAL_PE"); /* readable before shmem_init */
        if (!pe) {
            fprintf(stderr, "leave_job: SHOAL_LOCAL_PE is not set before shmem_init\n");
            rc = 1;
        } else if (atoi(pe) == 0) {
            rc |= run_nested();
        }
    }
    shmem_init();
    const int me = shmem_my_pe(), n = shmem_n_pes();
    if (strcmp(mode, "nested_child") == 0) {
        printf("nested: %d PE(s)\n", n);
        shmem_finalize();
        return n == 1 ? rc : 1;
    }
    if (strcmp(mode, "skip_finalize") == 0 && me == 1) return 0;
    if (strcmp(mode, "nested") == 0 && me == 0) rc = run_nested();
    shmem_barrier_all();
    shmem_finalize();
    return rc;
}
