/* Unrelated CPU load for the benchmarks' loaded rows: one process that spins, always or in
 * turns (busy B ms, idle I ms), until killed.
 *   busy_load [-s]           spin for ever (as `while :; do :; done`)
 *   busy_load [-s] B I       spin B ms, sleep I ms, over and over (an intermittent load)
 *   -s                       spin in a session of its own, as a program started from another
 *                            terminal: where the kernel groups tasks by session (autogroup), a
 *                            CPU is then shared between the job's session and the load's,
 *                            not between processes (2 PEs beside one such process: the PE on
 *                            the load's CPU gets a third of it, not half) */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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

int main(int argc, char **argv)
{
    const int session = argc > 1 && !strcmp(argv[1], "-s");
    argc -= session;
    argv += session;
    double busy = 0, idle = 0;
    if (argc == 3) {
        busy = atof(argv[1]);
        idle = atof(argv[2]);
    }
    if ((argc != 1 && argc != 3) || busy < 0 || idle < 0 || (argc == 3 && busy + idle <= 0)) {
        fprintf(stderr, "usage: busy_load [-s] [BUSY_MS IDLE_MS]\n");
        return 2;
    }
    if (session) own_session();
    volatile unsigned long spins = 0;
    for (;;) {
        const double end = now_ms() + busy;
        while (argc == 1 || now_ms() < end) spins++;
        struct timespec ts = {(time_t)(idle / 1e3), (long)(idle * 1e6) % 1000000000L};
        nanosleep(&ts, NULL);
    }
}
