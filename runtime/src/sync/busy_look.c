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

/* What /proc/ID/stat says of a task (a process's main thread, or any thread by its id). */
struct task {
    char state;            /* field 3: R running or runnable */
    long long flags;       /* field 9 */
    int cpu;               /* field 39: the CPU it last ran on */
    int nice, policy;      /* fields 19 and 41 */
    int threads;           /* field 20: its process's thread count */
    long long ticks;       /* fields 14 + 15: its process's CPU time, clock ticks */
    long long start_ticks; /* field 22: when it started, ticks after boot */
};

/* Task id's /proc/ID/stat into t; 0 if unreadable. */
static int task_read(int id, struct task *t)
{
    char buf[1024];
    const char *p = stat_fields(id, buf, sizeof buf);
    if (!p) return 0;
    t->state = *p;
    long long f[42]; /* f[k]: field k, from 4 on */
    for (int k = 4; k <= 41; k++) {
        p = strchr(p, ' ');
        if (!p) return 0;
        f[k] = strtoll(++p, NULL, 10);
    }
    t->flags = f[9];
    t->ticks = f[14] + f[15];
    t->nice = (int)f[19];
    t->threads = (int)f[20];
    t->start_ticks = f[22];
    t->cpu = (int)f[39];
    t->policy = (int)f[41];
    return 1;
}

int shoal_busy_is_running(int pid, int *cpu)
{
    struct task t;
    if (!task_read(pid, &t)) return 0;
    *cpu = t.cpu;
    return t.state == 'R';
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
    struct task t;
    return task_read(pid, &t) && light(t.nice, t.policy);
}

/* The walk over /proc stops after this much of its thread's CPU time: 3-11 us a process
 * (72-74 took 0.24-0.79 ms on the 2-vCPU VMs of benches/RESULTS.md), 2.5 us a thread, so about
 * a thousand processes, or four thousand threads; on a machine of more, a look at part of
 * them. CPU time, not the clock's: a walk preempted part-way (by the very load it looks for)
 * reads as far as one that was not. */
#define WALK_NS 10000000L

static long walk_ns(void)
{
    struct timespec t;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) return shoal_now_ns();
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

static int is_ours(int pid, const int *pids, int n)
{
    for (int i = 0; i < n; i++)
        if (pids[i] == pid) return 1;
    return 0;
}

/* Task id (a process or one of its threads; /proc/ID/stat and schedstat read either) into
 * out[] if it is running or runnable on one of the CPUs and of the weight asked for. */
static void consider(int id, const struct task *t, const int *cpus, int ncpu, int *out, int *found,
                     int want_light)
{
    if (t->state != 'R' || light(t->nice, t->policy) != want_light) return;
    for (int k = 0; k < ncpu; k++)
        if (cpus[k] == t->cpu) {
            out[(*found)++] = id;
            return;
        }
}

/* The threads of process pid other than its main one into out[] as consider() takes them;
 * stops at max, or once the walk that began at t0 has taken WALK_NS. */
static void thread_walk(int pid, long t0, const int *cpus, int ncpu, int *out, int *found, int max,
                        int want_light)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", pid);
    DIR *d = opendir(path);
    if (!d) return; /* gone */
    int seen = 0;
    struct dirent *e;
    while (*found < max && (e = readdir(d)) != NULL) {
        if (!isdigit((unsigned char)e->d_name[0])) continue;
        if (++seen % 16 == 0 && walk_ns() - t0 > WALK_NS) break;
        const int tid = atoi(e->d_name);
        struct task t;
        if (tid != pid && task_read(tid, &t)) consider(tid, &t, cpus, ncpu, out, found, want_light);
    }
    closedir(d);
}

/* Processes of several threads whose other threads one walk looks at. */
#define THREADED_MAX 256

/* The time since boot in clock ticks (what /proc/PID/stat's starttime counts); 0 unknown. */
static long long uptime_ticks(void)
{
    char buf[128];
    if (read_small("/proc/uptime", buf, sizeof buf) < 0) return 0;
    return (long long)(strtod(buf, NULL) * (double)sysconf(_SC_CLK_TCK));
}

/* The walk of shoal_busy_running_list and shoal_busy_light_list: tasks of the weight asked for
 * (want_light) running or runnable on one of the CPUs. /proc/PID/stat is the main thread's: a
 * process whose work runs in other threads (a data loader, a thread pool, a main thread
 * waiting in join) shows there as asleep, so the other threads of processes of several are
 * looked at too, after every main thread, the processes that used the most of a CPU over their
 * life first: where the time limit cuts a walk over a desktop's thousands of threads, it cuts
 * the threads of idle servers, and every process has been looked at as before. */
static int running_walk(const int *pids, int n, const int *cpus, int ncpu, int *out, int max,
                        int want_light)
{
    DIR *d = opendir("/proc");
    if (!d) return -1;
    const int self = (int)getpid();
    int found = 0, seen = 0, threaded[THREADED_MAX], nthreaded = 0;
    double use[THREADED_MAX]; /* each one's CPU time over its life */
    const long t0 = walk_ns();
    const long long up = uptime_ticks();
    struct dirent *e;
    while (found < max && (e = readdir(d)) != NULL) {
        if (!isdigit((unsigned char)e->d_name[0])) continue;
        /* a machine of thousands of processes: a partial look, not a long one */
        if (++seen % 64 == 0 && walk_ns() - t0 > WALK_NS) break;
        const int pid = atoi(e->d_name);
        struct task t;
        if (pid == self || is_ours(pid, pids, n) || !task_read(pid, &t)) continue;
        consider(pid, &t, cpus, ncpu, out, &found, want_light);
        if (t.threads <= 1 || nthreaded == THREADED_MAX) continue;
        const double u = (double)t.ticks / (double)(up - t.start_ticks > 0 ? up - t.start_ticks : 1);
        int k = nthreaded++;
        for (; k > 0 && use[k - 1] < u; k--) { /* kept in order, most used first */
            threaded[k] = threaded[k - 1];
            use[k] = use[k - 1];
        }
        threaded[k] = pid;
        use[k] = u;
    }
    closedir(d);
    for (int i = 0; i < nthreaded && found < max && walk_ns() - t0 <= WALK_NS; i++)
        thread_walk(threaded[i], t0, cpus, ncpu, out, &found, max, want_light);
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
    struct task t;
    return task_read(pid, &t) && (t.flags & 0x00200000LL) != 0;
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
