/* The quick look of SHOAL_AVOID_BUSY (runtime/src/sync/busy_look.c) against real processes: a
 * child that spins on the last CPU of this test's set is running at every reading, on that
 * CPU, and in every walk over /proc, unless its pid is among the PEs'; a sleeping child is at
 * none. Both are named so that a parser of /proc/PID/stat that took the first ')' for the end
 * of the name would read the wrong state ("x) S 1 (y" spins, "x) R 0 (y" sleeps). No PEs: the
 * code alone. Then the groups that share the CPUs out (shoal_busy_other_group): a child of this
 * session is of this group, one that starts its own session of another where the kernel groups
 * tasks by session, and one moved to a cgroup of the cpu controller of its own (a service) of
 * another wherever this test may make one (root); cgroup v2's task groups on a made-up tree.
 * And weight: the spinner reniced 15 above this process is light (shoal_busy_light), listed by
 * the walk for light processes only, and its run time grows. And threads: a process that
 * spins in a second thread while its main thread sleeps (a thread pool's shape) is found by
 * that thread, light or not.
 * Exit status: failures. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "spinner_cgroup.h"
#include "sync/busy_look.h"

static int failures;

static void fail(const char *what)
{
    fprintf(stderr, "busy_look: %s\n", what);
    failures++;
}

static void *spin(void *arg)
{
    (void)arg;
    for (volatile unsigned long i = 0;; i++) {
    }
    return NULL;
}

static void *sleep_thread(void *arg)
{
    (void)arg;
    for (;;) pause();
    return NULL;
}

/* Threads of the child of how 3: more than one walk's 10 ms look at, one by one. */
#define MANY_THREADS 4000

/* A child process bound to cpu that sleeps, spins (how 1), spins in a second thread while its
 * main thread sleeps in join (how 2: a thread pool's shape), or sleeps in MANY_THREADS threads
 * (how 3: an idle server's). */
static pid_t child(int cpu, const char *name, int how)
{
    const pid_t pid = fork();
    if (pid != 0) return pid;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    sched_setaffinity(0, sizeof one, &one);
    prctl(PR_SET_NAME, name);
    pthread_t t;
    if (how == 1) spin(NULL);
    if (how == 2 && pthread_create(&t, NULL, spin, NULL) == 0) pthread_join(t, NULL);
    pthread_attr_t small;
    pthread_attr_init(&small);
    pthread_attr_setstacksize(&small, 65536);
    for (int i = 0; how == 3 && i < MANY_THREADS && pthread_create(&t, &small, sleep_thread, NULL) == 0; i++) {
    }
    for (;;) pause();
}

static void nap_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Writes text into dir/rel/cgroup.subtree_control, making dir/rel. */
static void put_control(const char *dir, const char *rel, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s%s", dir, rel);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s%s/cgroup.subtree_control", dir, rel);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* cgroup v2's task groups, on a tree of subtree_control files made in a temporary directory as
 * systemd lays them out: the root hands cpu down, user.slice does not (every login of a user
 * shares its share), system.slice does (each service has one of its own). */
static void v2_groups(void)
{
    char dir[] = "/tmp/shoal-busy-look-XXXXXX", got[256], cmd[64];
    if (!mkdtemp(dir)) {
        fail("no temporary directory for the cgroup v2 tree");
        return;
    }
    put_control(dir, "", "cpuset cpu io memory pids\n");
    put_control(dir, "/user.slice", "memory pids\n");
    put_control(dir, "/system.slice", "cpu memory\n");
    const struct {
        const char *path, *group;
    } cases[] = {{"/user.slice/user-0.slice/user@0.service", "/user.slice"},
                 {"/system.slice/cron.service", "/system.slice/cron.service"},
                 {"/", "/"},
                 {"/init.scope", "/init.scope"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (!shoal_busy_v2_task_group(dir, cases[i].path, got, sizeof got) ||
            strcmp(got, cases[i].group) != 0) {
            fprintf(stderr, "busy_look: cgroup v2 %s: task group %s, want %s\n", cases[i].path, got,
                    cases[i].group);
            failures++;
        }
    put_control(dir, "", "memory pids\n"); /* no cpu at the root: one group for all */
    if (!shoal_busy_v2_task_group(dir, "/system.slice/cron.service", got, sizeof got) ||
        strcmp(got, "/") != 0)
        fail("cgroup v2 without the cpu controller: a service was read in a task group of its own");
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fail("the temporary cgroup v2 tree could not be removed");
}

static int listed(pid_t pid, const int *pids, int n)
{
    for (int i = 0; i < n; i++)
        if (pids[i] == pid) return 1;
    return 0;
}

/* Whether task id, spinning at nice 15 above this process, ran 1 ms since it had run r0 ns
 * (reading on for up to 0.5 s after its first 30 ms). Alone on its CPU it runs nearly all of
 * 30 ms; beside a busy process of nice 0 there (another job, a build) it gets 15/1039 of the
 * CPU, 0.4 ms of 30. */
static int ran_1ms(pid_t id, long long r0)
{
    long long r1 = shoal_busy_run_ns(id);
    for (int i = 0; i < 47 && r0 >= 0 && r1 - r0 < 1000000LL; i++) {
        nap_ms(10);
        r1 = shoal_busy_run_ns(id);
    }
    return r0 >= 0 && r1 - r0 >= 1000000LL;
}

/* Weight: the spinner (this process's nice) is not light; at nice 15 above it, it is: then
 * only the walk for light processes lists it, and its run time grows while it spins. */
static void light_processes(pid_t spinner, int me, const int *cpus, int ncpu)
{
    int out[64];
    if (shoal_busy_light(spinner)) fail("a process of this process's nice value was read as light");
    if (listed(spinner, out, shoal_busy_light_list(&me, 1, cpus, ncpu, out, 64)))
        fail("the walk for light processes listed a process of this process's nice value");
    errno = 0;
    const int mine = getpriority(PRIO_PROCESS, 0);
    if (errno || mine > 4 || setpriority(PRIO_PROCESS, spinner, mine + 15) != 0) {
        printf("busy_look: light processes: skipped (this process's nice is %d)\n", mine);
        return;
    }
    const long long r0 = shoal_busy_run_ns(spinner);
    nap_ms(30);
    if (!shoal_busy_light(spinner)) fail("a process of nice 15 above this one was not read as light");
    if (listed(spinner, out, shoal_busy_running_list(&me, 1, cpus, ncpu, out, 64)))
        fail("the walk over /proc listed a light process (nice 15 above this one)");
    if (!listed(spinner, out, shoal_busy_light_list(&me, 1, cpus, ncpu, out, 64)))
        fail("the walk for light processes missed a spinning one (nice 15 above this one)");
    if (!ran_1ms(spinner, r0)) fail("a process that spun for 0.5 s read less than 1 ms of run time");
    if (shoal_busy_light(999999999)) fail("pid 999999999 was read as light");
    setpriority(PRIO_PROCESS, spinner, mine);
}

/* The thread of process pid other than its main one (the first found), 0 if none. */
static int other_thread(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *d = opendir(path);
    int tid = 0;
    struct dirent *e;
    while (d && !tid && (e = readdir(d)) != NULL)
        if (atoi(e->d_name) > 0 && atoi(e->d_name) != pid) tid = atoi(e->d_name);
    if (d) closedir(d);
    return tid;
}

/* Threads: /proc/PID/stat is the main thread's, asleep here; the walks find the spinning
 * thread by its id, also once reniced light, and never among the pids given; also beside a
 * process of thousands of sleeping threads that comes first in /proc, more than a walk's time
 * limit lets it read. */
static void threaded_process(int me, int last, const int *cpus, int ncpu)
{
    const pid_t server = child(last, "many threads", 3);
    nap_ms(2000); /* an idle server's: the CPU time it used (making its threads, 0.1-0.3 s under
                   * ASan) falls to a small part of its life, below that of a spinner that
                   * shares its CPU with other tests */
    const pid_t pid = child(last, "threaded", 2);
    nap_ms(100); /* the spinner's share over a few clock ticks of life */
    const int tid = other_thread(pid);
    int out[64], cpu = -1, found = 0, ours_listed = 0, main_listed = 0;
    if (!tid) fail("the threaded child's second thread was not found in /proc/PID/task");
    for (int i = 0; i < 20 && tid; i++) {
        const int n = shoal_busy_running_list(&me, 1, cpus, ncpu, out, 64);
        found += listed(tid, out, n);
        main_listed += listed(pid, out, n);
        const int ours[2] = {me, (int)pid};
        ours_listed += listed(tid, out, shoal_busy_running_list(ours, 2, cpus, ncpu, out, 64));
        nap_ms(1);
    }
    if (tid && found != 20) {
        fprintf(stderr, "busy_look: the walk over /proc found the spinning thread of a process whose "
                        "main thread sleeps at %d of 20 walks\n", found);
        failures++;
    }
    if (main_listed) fail("the walk listed the sleeping main thread of a threaded process");
    if (ours_listed) fail("the walk listed a thread of a process among the pids given");
    if (tid && (!shoal_busy_is_running(tid, &cpu) || cpu != last))
        fail("the spinning thread, read by its id, was not running on the last CPU");
    errno = 0;
    const int mine = getpriority(PRIO_PROCESS, 0);
    if (tid && !errno && mine <= 4 && setpriority(PRIO_PROCESS, (id_t)tid, mine + 15) == 0) {
        const long long r0 = shoal_busy_run_ns(tid);
        nap_ms(30);
        if (!shoal_busy_light(tid)) fail("a thread reniced 15 above this process was not read as light");
        if (listed(tid, out, shoal_busy_running_list(&me, 1, cpus, ncpu, out, 64)))
            fail("the walk over /proc listed a light thread (nice 15 above this process)");
        if (!listed(tid, out, shoal_busy_light_list(&me, 1, cpus, ncpu, out, 64)))
            fail("the walk for light processes missed a spinning light thread of a process whose main "
                 "thread sleeps");
        if (!ran_1ms(tid, r0)) fail("a thread that spun for 0.5 s read less than 1 ms of run time");
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    kill(server, SIGKILL);
    waitpid(server, NULL, 0);
}

int main(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
    int cpus[CPU_SETSIZE], ncpu = 0;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set)) cpus[ncpu++] = c;
    const int last = cpus[ncpu - 1], me = (int)getpid();
    const pid_t sleeper = child(last, "x) R 0 (y", 0);
    const pid_t spinner = child(last, "x) S 1 (y", 1);
    nap_ms(50);

    int spins = 0, on_last = 0, sleeps = 0, in_list = 0, sleeper_listed = 0, ours_listed = 0;
    for (int i = 0; i < 20; i++) {
        int cpu = -1, out[64];
        if (shoal_busy_is_running(spinner, &cpu)) {
            spins++;
            on_last += cpu == last;
        }
        sleeps += shoal_busy_is_running(sleeper, &cpu);
        const int n = shoal_busy_running_list(&me, 1, cpus, ncpu, out, 64);
        if (n < 0) fail("/proc could not be read");
        in_list += listed(spinner, out, n);
        sleeper_listed += listed(sleeper, out, n);
        const int ours[2] = {me, (int)spinner};
        const int m = shoal_busy_running_list(ours, 2, cpus, ncpu, out, 64);
        ours_listed += listed(spinner, out, m);
        nap_ms(1);
    }
    if (spins != 20) fail("a spinning process (named \"x) S 1 (y\") was not running at every reading");
    if (on_last != spins) fail("a process spinning on the last CPU was read elsewhere");
    if (sleeps) fail("a sleeping process (named \"x) R 0 (y\") was read as running");
    if (in_list != 20) fail("the walk over /proc missed a spinning process");
    if (sleeper_listed) fail("the walk over /proc listed a sleeping process");
    if (ours_listed) fail("the walk over /proc listed a process among the pids given");
    int none;
    if (shoal_busy_is_running(999999999, &none)) fail("pid 999999999 was read as running");
    light_processes(spinner, me, cpus, ncpu);
    kill(spinner, SIGSTOP); /* the last CPU to the threaded child alone */
    threaded_process(me, last, cpus, ncpu);
    kill(spinner, SIGCONT);

    /* Groups: the spinner shares this session; one that starts its own is of another group
     * where the kernel groups tasks by session, and then the only process on its CPU. */
    if (shoal_busy_other_group(spinner)) fail("a child of this session was read as of another group");
    if (shoal_busy_other_group(999999999)) fail("pid 999999999 was read as of another group");
    /* the kernel groups by session only the tasks of the root task group */
    char group[512];
    FILE *f = fopen("/proc/sys/kernel/sched_autogroup_enabled", "r");
    const int grouped = f && fgetc(f) == '1' &&
                        (!shoal_busy_task_group(0, group, sizeof group) || !strcmp(group, "/"));
    if (f) fclose(f);
    const int ours[2] = {me, (int)spinner};
    if (shoal_busy_cpu_other_groups(ours, 1, last))
        fail("a CPU that a child of this session spins on was read as held by other groups only");
    kill(spinner, SIGKILL);
    waitpid(spinner, NULL, 0);
    const pid_t apart = spinner_start(last, 1, NULL);
    nap_ms(50);
    if (shoal_busy_other_group(apart) != grouped)
        fail(grouped ? "a child that started its own session was not read as of another group"
                     : "a process was read as of another group where the kernel groups none");
    if (shoal_busy_cpu_other_groups(ours, 2, last) != grouped)
        fail(grouped ? "the CPU of a child of its own session was not read as held by other groups"
                     : "a CPU was read as held by other groups where the kernel groups none");
    kill(apart, SIGKILL);
    waitpid(apart, NULL, 0);

    v2_groups();

    /* A service: a cgroup of the cpu controller of its own. */
    char dir[600], name[64];
    snprintf(name, sizeof name, "shoal-busy-look-%d", me);
    if (shoal_busy_make_cgroup(name, dir, sizeof dir)) {
        const pid_t service = spinner_start(last, 0, dir);
        nap_ms(50);
        char theirs[512];
        if (!shoal_busy_task_group(service, theirs, sizeof theirs) || !strstr(theirs, name))
            fail("a child moved to a cgroup of its own was not read in it");
        if (!shoal_busy_other_group(service))
            fail("a child in a cgroup of the cpu controller of its own was not read as of another group");
        if (!shoal_busy_cpu_other_groups(ours, 2, last))
            fail("the CPU of a child in a cgroup of its own was not read as held by other groups");
        kill(service, SIGKILL);
        waitpid(service, NULL, 0);
        for (int i = 0; i < 100 && rmdir(dir) != 0; i++) nap_ms(1); /* emptied a moment later */
    } else {
        printf("busy_look: cgroup: skipped (no cgroup of the cpu controller could be made here)\n");
    }

    kill(sleeper, SIGKILL);
    waitpid(sleeper, NULL, 0);
    if (!failures) printf("busy_look: ok (%d CPUs)\n", ncpu);
    return failures;
}
