/* Which other processes run beside the node's PEs, and where, read from /proc.
 *
 * /proc/stat's CPU times come in 10 ms ticks; the state of a process is exact at the instant
 * it is read. A process that keeps a CPU busy is running or runnable at every reading, one
 * that runs 5 ms in 10 at about half, and a task that woke for a moment at few: one walk over
 * /proc names the processes running now, then their own /proc/PID/stat, read a few times a
 * millisecond, tells which keep running and on which CPU. Their cgroups and autogroups (setsid)
 * tell whether the kernel shares a CPU between them and the job's PEs as between groups (a yield
 * then stays in the job) or as between processes. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* O_CLOEXEC where the unit test builds this file alone */
#endif
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
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

/* /proc/ID/stat of a task (a process's main thread, or a thread by its id) into buf: a
 * pointer to its third field (the state letter), or NULL if unreadable. */
static const char *stat_fields(int pid, char *buf, int size)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    if (read_small(path, buf, size) < 0) return NULL;
    const char *p = strrchr(buf, ')'); /* the name may hold spaces and parentheses */
    return p && p[1] == ' ' ? p + 2 : NULL;
}

/* The field n fields after the one at p, or NULL. */
static const char *skip_fields(const char *p, int n)
{
    while (p && n-- > 0) {
        p = strchr(p, ' ');
        if (p) p++;
    }
    return p;
}

/* A task (a process's main thread, or any thread by its id): its state letter, the CPU it last
 * ran on, its nice value, scheduling policy and its process's thread count; 0 if unreadable. */
static int task_stat(int pid, char *state, int *cpu, int *nice, int *policy, int *threads)
{
    char buf[1024];
    const char *p = stat_fields(pid, buf, sizeof buf);
    if (!p) return 0;
    *state = *p;
    const char *n = skip_fields(p, 19 - 3);    /* nice: field 19 */
    const char *th = skip_fields(n, 20 - 19);  /* num_threads: field 20 */
    p = skip_fields(th, 39 - 20);              /* the processor: field 39 */
    const char *pol = skip_fields(p, 41 - 39); /* the policy: field 41 */
    if (!pol) return 0;
    *nice = atoi(n);
    *threads = atoi(th);
    *cpu = atoi(p);
    *policy = atoi(pol);
    return 1;
}

static int task_state(int pid, char *state, int *cpu, int *nice, int *policy)
{
    int threads;
    return task_stat(pid, state, cpu, nice, policy, &threads);
}

int shoal_busy_is_running(int pid, int *cpu)
{
    char state;
    int nice, policy;
    return task_state(pid, &state, cpu, &nice, &policy) && state == 'R';
}

long long shoal_busy_run_ns(int pid)
{
    char path[64], buf[128];
    snprintf(path, sizeof path, "/proc/%d/schedstat", pid);
    if (read_small(path, buf, sizeof buf) < 0) return -1;
    return strtoll(buf, NULL, 10);
}

/* A task of nice 15 weighs 36 in the scheduler against a nice-0 task's 1024 (19: 15;
 * SCHED_IDLE: 3). */
#define LIGHT_NICE 15
#ifndef SCHED_IDLE
#define SCHED_IDLE 5
#endif

static int light(int nice, int policy)
{
    static int mine = 100;
    if (mine == 100) {
        errno = 0;
        const int p = getpriority(PRIO_PROCESS, 0);
        mine = errno ? 0 : p;
    }
    return policy == SCHED_IDLE || nice >= mine + LIGHT_NICE;
}

int shoal_busy_light(int pid)
{
    char state;
    int cpu, nice, policy;
    return task_state(pid, &state, &cpu, &nice, &policy) && light(nice, policy);
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

/* Task id (a process or one of its threads; /proc/ID/stat and schedstat read either) into
 * out[] if it is running or runnable on one of the CPUs and of the weight asked for. */
static void consider(int id, char state, int cpu, int nice, int policy, const int *cpus, int ncpu,
                     int *out, int *found, int want_light)
{
    if (state != 'R' || light(nice, policy) != want_light) return;
    for (int k = 0; k < ncpu; k++)
        if (cpus[k] == cpu) {
            out[(*found)++] = id;
            return;
        }
}

/* The walk of shoal_busy_running_list and shoal_busy_light_list: tasks of the weight asked for
 * (want_light) running or runnable on one of the CPUs. /proc/PID/stat is the main thread's: a
 * process whose work runs in other threads (a data loader, a thread pool, a main thread
 * waiting in join) shows there as asleep, so the threads of a process of more than one are
 * looked at one by one. */
static int running_walk(const int *pids, int n, const int *cpus, int ncpu, int *out, int max,
                        int want_light)
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
        char state;
        int cpu, nice, policy, threads;
        if (pid == self || is_ours(pid, pids, n) || !task_stat(pid, &state, &cpu, &nice, &policy, &threads))
            continue;
        consider(pid, state, cpu, nice, policy, cpus, ncpu, out, &found, want_light);
        if (threads <= 1) continue;
        char path[64];
        snprintf(path, sizeof path, "/proc/%d/task", pid);
        DIR *td = opendir(path);
        if (!td) continue; /* gone */
        struct dirent *te;
        while (found < max && (te = readdir(td)) != NULL) {
            if (!isdigit((unsigned char)te->d_name[0])) continue;
            const int tid = atoi(te->d_name);
            if (tid != pid && task_state(tid, &state, &cpu, &nice, &policy))
                consider(tid, state, cpu, nice, policy, cpus, ncpu, out, &found, want_light);
        }
        closedir(td);
    }
    closedir(d);
    return found;
}

int shoal_busy_running_list(const int *pids, int n, const int *cpus, int ncpu, int *out, int max)
{
    return running_walk(pids, n, cpus, ncpu, out, max, 0);
}

int shoal_busy_light_list(const int *pids, int n, const int *cpus, int ncpu, int *out, int max)
{
    return running_walk(pids, n, cpus, ncpu, out, max, 1);
}

int shoal_busy_cpu_movable(const int *pids, int n, int cpu, const int *to, int nto)
{
    int them[16];
    const int found = shoal_busy_running_list(pids, n, &cpu, 1, them, 16);
    if (found <= 0) return 0;
    for (int i = 0; i < found; i++) {
        cpu_set_t set;
        if (sched_getaffinity(them[i], sizeof set, &set) != 0) continue; /* gone */
        int may = 0;
        for (int j = 0; j < nto && !may; j++) may = CPU_ISSET(to[j], &set);
        if (!may) return 0;
    }
    return 1;
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

static int other_autogroup(int pid)
{
    char on[8], mine[64], theirs[64], path[64];
    if (read_small("/proc/sys/kernel/sched_autogroup_enabled", on, sizeof on) < 0 || on[0] != '1')
        return 0;
    snprintf(path, sizeof path, "/proc/%d/autogroup", pid);
    return autogroup_of("/proc/self/autogroup", mine, sizeof mine) &&
           autogroup_of(path, theirs, sizeof theirs) && strcmp(mine, theirs) != 0;
}

/* 1 if list, split at any of seps, holds word. */
static int has_word(const char *list, const char *word, const char *seps)
{
    const size_t n = strlen(word);
    for (const char *p = list; *p; p += strcspn(p, seps), p += strspn(p, seps))
        if (strncmp(p, word, n) == 0 && (p[n] == '\0' || strchr(seps, p[n]))) return 1;
    return 0;
}

/* Where the cgroup hierarchy that holds the cpu controller is mounted: cgroup v1's cpu
 * hierarchy, else v2's (*v2 = 1); 0 if none is. */
static int cpu_mount(char *out, int size, int *v2)
{
    FILE *f = fopen("/proc/self/mountinfo", "re");
    if (!f) return 0;
    char line[1024], point[512] = "";
    int found = 0;
    /* "36 25 0:31 / /sys/fs/cgroup/cpu rw,nosuid shared:9 - cgroup cgroup rw,cpu,cpuacct" */
    while (!found && fgets(line, sizeof line, f)) {
        const char *dash = strstr(line, " - ");
        char mnt[512], type[32], opts[256];
        if (!dash || sscanf(line, "%*s %*s %*s %*s %511s", mnt) != 1 ||
            sscanf(dash + 3, "%31s %*s %255s", type, opts) != 2)
            continue;
        if (!strcmp(type, "cgroup") && has_word(opts, "cpu", ",")) found = 1;
        else if (strcmp(type, "cgroup2") != 0 || point[0]) continue;
        snprintf(point, sizeof point, "%s", mnt);
        *v2 = !found;
    }
    fclose(f);
    if (!point[0] || (int)strlen(point) >= size) return 0;
    strcpy(out, point);
    return 1;
}

/* A process's path in that hierarchy ("4:cpu,cpuacct:/a/b" or "0::/a/b" in /proc/PID/cgroup;
 * pid 0: this process). */
static int cgroup_path(int pid, int v2, char *out, int size)
{
    char path[64], buf[4096];
    if (pid) snprintf(path, sizeof path, "/proc/%d/cgroup", pid);
    else snprintf(path, sizeof path, "/proc/self/cgroup");
    if (read_small(path, buf, sizeof buf) < 0) return 0;
    for (char *line = buf, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = '\0';
        char *ctl = strchr(line, ':'), *at = ctl ? strchr(ctl + 1, ':') : NULL;
        if (!at) continue;
        *at++ = '\0';
        if (v2 ? ctl[1] != '\0' : !has_word(ctl + 1, "cpu", ",")) continue;
        if ((int)strlen(at) >= size) return 0;
        strcpy(out, at);
        return 1;
    }
    return 0;
}

int shoal_busy_v2_task_group(const char *mnt, const char *path, char *out, int size)
{
    int len = 0; /* out[0..len): the task group so far, "" for the root */
    for (const char *p = path;;) {
        p += strspn(p, "/");
        const int n = (int)strcspn(p, "/");
        char ctl[256], file[1100];
        snprintf(file, sizeof file, "%s%.*s/cgroup.subtree_control", mnt, len, out);
        if (n == 0 || len + 1 + n >= size || read_small(file, ctl, sizeof ctl) < 0 ||
            !has_word(ctl, "cpu", " \n"))
            break;
        out[len++] = '/';
        memcpy(out + len, p, (size_t)n);
        len += n;
        p += n;
    }
    if (len == 0) out[len++] = '/';
    out[len] = '\0';
    return 1;
}

/* In v1 a process's task group is its cpu cgroup. */
int shoal_busy_task_group(int pid, char *out, int size)
{
    char mnt[512], path[512];
    int v2 = 0;
    if (!cpu_mount(mnt, sizeof mnt, &v2) || !cgroup_path(pid, v2, path, sizeof path)) return 0;
    if (v2) return shoal_busy_v2_task_group(mnt, path, out, size);
    if ((int)strlen(path) >= size) return 0;
    strcpy(out, path);
    return 1;
}

int shoal_busy_make_cgroup(const char *name, char *dir, int size)
{
    char mnt[512], path[512];
    int v2 = 0;
    if (!cpu_mount(mnt, sizeof mnt, &v2) || !shoal_busy_task_group(0, path, sizeof path)) return 0;
    /* v2 keeps processes out of a cgroup that hands controllers down: a sibling of this
     * process's task group then, unless that is the root */
    if (v2 && strcmp(path, "/") != 0) *strrchr(path, '/') = '\0';
    const int n = snprintf(dir, (size_t)size, "%s%s/%s", mnt, strcmp(path, "/") ? path : "", name);
    if (n <= 0 || n >= size || (mkdir(dir, 0755) != 0 && errno != EEXIST)) return 0;
    if (v2) { /* the new cgroup must draw on a cpu share of its own */
        char ctl[600], buf[256];
        snprintf(ctl, sizeof ctl, "%.*s/cgroup.subtree_control", (int)(strrchr(dir, '/') - dir), dir);
        if (read_small(ctl, buf, sizeof buf) < 0 || !has_word(buf, "cpu", " \n")) {
            rmdir(dir);
            return 0;
        }
    }
    return 1;
}

int shoal_busy_join_cgroup(const char *dir, int pid)
{
    char path[640];
    if (snprintf(path, sizeof path, "%s/cgroup.procs", dir) >= (int)sizeof path) return 0;
    FILE *f = fopen(path, "we");
    if (!f) return 0;
    const int wrote = fprintf(f, "%d\n", pid) > 0;
    return fclose(f) == 0 && wrote;
}

int shoal_busy_other_group(int pid)
{
    char mine[512], theirs[512];
    if (shoal_busy_task_group(0, mine, sizeof mine) && shoal_busy_task_group(pid, theirs, sizeof theirs)) {
        if (strcmp(mine, theirs) != 0) return 1;
        /* the kernel groups by session only the tasks of the root task group */
        if (strcmp(mine, "/") != 0) return 0;
    }
    return other_autogroup(pid);
}

/* A kernel thread (PF_KTHREAD in /proc/PID/stat's flags, field 9). */
static int kernel_thread(int pid)
{
    char buf[1024];
    const char *p = skip_fields(stat_fields(pid, buf, sizeof buf), 9 - 3);
    return p && (strtoul(p, NULL, 10) & 0x00200000UL) != 0;
}

/* Whether process pid keeps running on cpu: at 6 or more of 8 readings 0.1 ms apart. */
static int keeps_running(int pid, int cpu)
{
    int on = 0;
    for (int i = 0; i < 8; i++) {
        nanosleep(&(struct timespec){0, 100000}, NULL);
        int at = -1;
        on += shoal_busy_is_running(pid, &at) && at == cpu;
    }
    return on >= 6;
}

int shoal_busy_cpu_other_groups(const int *pids, int n, int cpu)
{
    int found[16], others = 0;
    const int k = shoal_busy_running_list(pids, n, &cpu, 1, found, 16);
    for (int i = 0; i < k; i++) {
        if (shoal_busy_other_group(found[i])) others++;
        /* one of this group that ran there at that instant (a launcher, a test harness that
         * woke for a moment) holds nothing; one that keeps running does. Not a kernel thread:
         * one woken there (rcu_preempt) stays runnable behind the load for a millisecond and
         * more, and judged a holder of this group it sent the PEs of the CPU to sleep (1 run
         * in 40-80 of tests/runtime's avoid_busy held_cgroup) */
        else if (!kernel_thread(found[i]) && keeps_running(found[i], cpu)) return 0;
    }
    return others > 0;
}
