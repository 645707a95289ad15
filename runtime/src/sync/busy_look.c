/* Which other processes run beside the node's PEs, and where, read from /proc.
 *
 * /proc/stat's CPU times come in 10 ms ticks; the state of a process is exact at the instant
 * it is read. A process that keeps a CPU busy is running or runnable at every reading, one
 * that runs 5 ms in 10 at about half, and a task that woke for a moment at few: one walk over
 * /proc names the processes running now, then their own /proc/PID/stat, read a few times a
 * millisecond, tells which keep running and on which CPU. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* O_CLOEXEC where the unit test builds this file alone */
#endif
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/clock.h"
#include "sync/busy_look.h"

/* The whole of a small /proc file into buf (NUL-terminated); its length, or -1. */
static int read_small(const char *path, char *buf, int size)
{
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    const ssize_t got = read(fd, buf, (size_t)size - 1);
    close(fd);
    if (got <= 0) return -1;
    buf[got] = '\0';
    return (int)got;
}

/* A process's main thread: its state letter and the CPU it last ran on; 0 if unreadable. */
static int task_state(int pid, char *state, int *cpu)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    if (read_small(path, buf, sizeof buf) < 0) return 0;
    const char *p = strrchr(buf, ')'); /* the name may hold spaces and parentheses */
    if (!p || p[1] != ' ') return 0;
    p += 2;
    *state = *p;
    /* the processor is field 39; the state is field 3 */
    for (int field = 3; field < 39; field++) {
        p = strchr(p, ' ');
        if (!p) return 0;
        p++;
    }
    *cpu = atoi(p);
    return 1;
}

int shoal_busy_is_running(int pid, int *cpu)
{
    char state;
    return task_state(pid, &state, cpu) && state == 'R';
}

/* The walk over /proc stops after this long: 8-11 us a process (72 took 0.54-0.79 ms), so
 * about a thousand processes; on a machine of more, a look at part of them. */
#define WALK_NS 10000000L

static int is_ours(int pid, const int *pids, int n)
{
    for (int i = 0; i < n; i++)
        if (pids[i] == pid) return 1;
    return 0;
}

int shoal_busy_running_list(const int *pids, int n, const int *cpus, int ncpu, int *out, int max)
{
    DIR *d = opendir("/proc");
    if (!d) return -1;
    const int self = (int)getpid();
    int found = 0, seen = 0;
    const long t0 = shoal_now_ns();
    struct dirent *e;
    while (found < max && (e = readdir(d)) != NULL) {
        if (!isdigit((unsigned char)e->d_name[0])) continue;
        /* a machine of thousands of processes: a partial look, not a long one */
        if (++seen % 64 == 0 && shoal_now_ns() - t0 > WALK_NS) break;
        const int pid = atoi(e->d_name);
        int cpu;
        if (pid == self || is_ours(pid, pids, n) || !shoal_busy_is_running(pid, &cpu)) continue;
        for (int k = 0; k < ncpu; k++)
            if (cpus[k] == cpu) {
                out[found++] = pid;
                break;
            }
    }
    closedir(d);
    return found;
}

/* /proc/PID/autogroup: "/autogroup-N nice K"; the group's name into out. */
static int autogroup_of(const char *path, char *out, int size)
{
    char buf[128];
    if (read_small(path, buf, sizeof buf) < 0) return 0;
    const int len = (int)strcspn(buf, " \n");
    if (len == 0 || len >= size) return 0;
    memcpy(out, buf, (size_t)len);
    out[len] = '\0';
    return 1;
}

int shoal_busy_other_group(int pid)
{
    char on[8], mine[64], theirs[64], path[64];
    if (read_small("/proc/sys/kernel/sched_autogroup_enabled", on, sizeof on) < 0 || on[0] != '1')
        return 0;
    snprintf(path, sizeof path, "/proc/%d/autogroup", pid);
    return autogroup_of("/proc/self/autogroup", mine, sizeof mine) &&
           autogroup_of(path, theirs, sizeof theirs) && strcmp(mine, theirs) != 0;
}

int shoal_busy_cpu_other_groups(const int *pids, int n, int cpu)
{
    int found[16];
    const int k = shoal_busy_running_list(pids, n, &cpu, 1, found, 16);
    if (k <= 0) return 0;
    for (int i = 0; i < k; i++)
        if (!shoal_busy_other_group(found[i])) return 0;
    return 1;
}
