/* Unrelated CPU load for the benchmarks' loaded rows: one process that spins, always or in
 * turns (busy B ms, idle I ms), until killed.
 *   busy_load [-s|-c] [-t]      spin for ever (as `while :; do :; done`)
 *   busy_load [-s|-c] [-t] B I  spin B ms, sleep I ms, over and over (an intermittent load)
 *   -s                       spin in a session of its own, as a program started from another
 *                            terminal: where the kernel groups tasks by session (autogroup), a
 *                            CPU is then shared between the job's session and the load's,
 *                            not between processes (2 PEs beside one such process: the PE on
 *                            the load's CPU gets a third of it, not half)
 *   -c                       spin in a cgroup of the cpu controller of its own, as a service's
 *                            process (root; made beside this one's, removed when killed): the
 *                            kernel shares a CPU between the cgroups
 *   -t                       spin in a second thread while the main one waits in pthread_join,
 *                            as a thread pool or a data loader: /proc/PID/stat (the main
 *                            thread's) shows the process asleep */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sync/busy_look.h"

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* A process group leader (started by a shell with job control) cannot start a session: it
 * spins in a child that does, and that dies with it (the caller kills this pid). */
static void own_session(void)
{
    if (setsid() >= 0) return;
    const pid_t parent = getpid(), child = fork();
    if (child < 0) {
        perror("busy_load: fork");
        exit(1);
    }
    if (child == 0) {
        if (setsid() < 0 || prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(1);
        return;
    }
    int status;
    while (waitpid(child, &status, 0) < 0) {
    }
    exit(1);
}

/* Spins in a child moved to a new cgroup, which this process removes once killed (it cannot
 * while in it). */
static void own_cgroup(void)
{
    char dir[600], name[64];
    snprintf(name, sizeof name, "shoal-busy-load-%d", (int)getpid());
    if (!shoal_busy_make_cgroup(name, dir, sizeof dir)) {
        fprintf(stderr, "busy_load: -c: no cgroup of the cpu controller could be made here (root?)\n");
        exit(1);
    }
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    sigprocmask(SIG_BLOCK, &stop, NULL);
    const pid_t parent = getpid(), child = fork();
    if (child == 0) {
        sigprocmask(SIG_UNBLOCK, &stop, NULL);
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent ||
            !shoal_busy_join_cgroup(dir, (int)getpid()))
            _exit(1);
        return;
    }
    int sig = 0;
    if (child > 0) sigwait(&stop, &sig);
    else perror("busy_load: fork");
    if (child > 0) {
        kill(child, SIGKILL);
        while (waitpid(child, NULL, 0) < 0) {
        }
    }
    for (int i = 0; i < 100 && rmdir(dir) != 0; i++) /* emptied a moment later */
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    exit(child > 0 ? 0 : 1);
}

static double busy, idle;
static int always;

static void *spin(void *arg)
{
    (void)arg;
    volatile unsigned long spins = 0;
    for (;;) {
        const double end = now_ms() + busy;
        while (always || now_ms() < end) spins++;
        struct timespec ts = {(time_t)(idle / 1e3), (long)(idle * 1e6) % 1000000000L};
        nanosleep(&ts, NULL);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int session = 0, cgroup = 0, thread = 0;
    for (; argc > 1 && argv[1][0] == '-' && argv[1][1] && !argv[1][2]; argc--, argv++) {
        const char f = argv[1][1];
        if (f == 's') session = 1;
        else if (f == 'c') cgroup = 1;
        else if (f == 't') thread = 1;
        else break;
    }
    if (argc == 3) {
        busy = atof(argv[1]);
        idle = atof(argv[2]);
    }
    always = argc == 1;
    if ((argc != 1 && argc != 3) || busy < 0 || idle < 0 || (argc == 3 && busy + idle <= 0) ||
        (session && cgroup)) {
        fprintf(stderr, "usage: busy_load [-s|-c] [-t] [BUSY_MS IDLE_MS]\n");
        return 2;
    }
    if (session) own_session();
    if (cgroup) own_cgroup();
    if (!thread) spin(NULL);
    pthread_t t;
    if (pthread_create(&t, NULL, spin, NULL) != 0) {
        fprintf(stderr, "busy_load: -t: pthread_create failed\n");
        return 1;
    }
    pthread_join(t, NULL);
    return 0;
}
