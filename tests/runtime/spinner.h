/* A child process that spins until killed, or until its parent dies (never left spinning after
 * a killed test): unrelated load for the tests of waits and of runtime/src/sync/busy_look.c.
 * It calls setsid() first where asked (as a program started from another terminal), and calls
 * setup(arg) first where given (it exits 1 where setup fails: e.g. joining a cgroup). */
#ifndef SHOAL_TESTS_SPINNER_H
#define SHOAL_TESTS_SPINNER_H

#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

/* Fork the spinner, bound to cpu (-1: wherever the scheduler puts it); -1 if fork failed. */
static inline pid_t spinner_fork(int cpu, int new_setsid, int (*setup)(const char *arg),
                                 const char *arg)
{
    const pid_t pid = fork();
    if (pid != 0) return pid;
    if (new_setsid) (void)setsid();
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) _exit(0); /* the parent died before prctl */
    if (setup && !setup(arg)) _exit(1);
    if (cpu >= 0) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        sched_setaffinity(0, sizeof one, &one);
    }
    for (volatile unsigned long spin = 0;; spin++) continue;
}

#endif
