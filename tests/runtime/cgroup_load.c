/* cgroup_load [-q] CMD...: runs CMD (a job) beside a busy process on each of the first two CPUs
 * of this program's set, from before CMD starts, both in a cgroup of the cpu controller of their
 * own, as the processes of a service (runtime/src/sync/busy_look.c makes it); CMD's exit
 * status. 77 where no such cgroup can be made (not root, or no such hierarchy) or under 2 CPUs.
 *   -q  one busy process only, on the last CPU of the set, its cgroup held to 1 ms of CPU time
 *       a second (cgroup v2's cpu.max, or v1's cpu.cfs_quota_us), as a container's process over
 *       its quota: runnable at every instant, running almost never (77 where no quota is
 *       taken). */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "spinner_cgroup.h"
#include "sync/busy_look.h"

static void nap_ms(long ms)
{
    nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000L}, NULL);
}

/* Writes what into file name of directory dir: 1 if done. */
static int put(const char *dir, const char *name, const char *what)
{
    char path[640];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "we");
    if (!f) return 0;
    const int wrote = fputs(what, f) >= 0;
    return fclose(f) == 0 && wrote;
}

/* Caps the cgroup of directory dir at 1 ms of CPU time a second (the kernel's shortest quota
 * in its longest period): a look of 12 ms or more at such a process sees at most one burst of
 * 1 ms. 1 if done. */
static int set_quota(const char *dir)
{
    return put(dir, "cpu.max", "1000 1000000\n") || /* v2 */
           (put(dir, "cpu.cfs_period_us", "1000000\n") && put(dir, "cpu.cfs_quota_us", "1000\n"));
}

int main(int argc, char **argv)
{
    const int quota = argc > 1 && !strcmp(argv[1], "-q");
    argv += quota;
    argc -= quota;
    if (argc < 2) {
        fprintf(stderr, "usage: cgroup_load [-q] CMD...\n");
        return 2;
    }
    cpu_set_t set;
    int cpus[2], n = 0, last = -1;
    sched_getaffinity(0, sizeof set, &set);
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set)) {
            if (n < 2) cpus[n++] = c;
            last = c;
        }
    char dir[600], name[64];
    snprintf(name, sizeof name, "shoal-cgroup-load-%d", (int)getpid());
    if (n < 2 || !shoal_busy_make_cgroup(name, dir, sizeof dir)) {
        printf("cgroup_load: skipped (%s)\n",
               n < 2 ? "fewer than 2 CPUs" : "no cgroup of the cpu controller could be made here");
        return 77;
    }
    if (quota && !set_quota(dir)) {
        printf("cgroup_load: skipped (no CPU quota could be set on %s)\n", dir);
        rmdir(dir);
        return 77;
    }
    const int nbusy = quota ? 1 : 2;
    pid_t busy[2];
    for (int i = 0; i < nbusy; i++) busy[i] = spinner_start(quota ? last : cpus[i], 0, dir);
    nap_ms(200); /* the scheduler has them on their CPUs */
    int status = 1, joined = 1;
    for (int i = 0; i < nbusy; i++) {
        char group[512];
        joined &= shoal_busy_task_group(busy[i], group, sizeof group) && strstr(group, name) != NULL;
    }
    if (!joined) fprintf(stderr, "cgroup_load: a busy process is not in %s\n", dir);
    const pid_t job = joined ? fork() : -1;
    if (job == 0) {
        execvp(argv[1], argv + 1);
        perror("cgroup_load: exec");
        _exit(127);
    }
    if (job > 0) waitpid(job, &status, 0);
    /* a task its quota holds off the CPU dies only once it runs again (up to 1 s) */
    if (quota) (void)(put(dir, "cpu.max", "max 1000000\n") || put(dir, "cpu.cfs_quota_us", "-1\n"));
    for (int i = 0; i < nbusy; i++) {
        kill(busy[i], SIGKILL);
        waitpid(busy[i], NULL, 0);
    }
    for (int i = 0; i < 100 && rmdir(dir) != 0; i++) nap_ms(1); /* emptied a moment later */
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
