/* A child process that spins on one CPU until killed or its parent dies (unrelated load for
 * the tests of runtime/src/sync/busy_look.c): in a session of its own where asked (a program
 * of another terminal), in the cgroup of directory dir where given (a service's process). */
#ifndef SHOAL_TESTS_SPINNER_H
#define SHOAL_TESTS_SPINNER_H

#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "sync/busy_look.h"

static inline pid_t spinner_start(int cpu, int own_session, const char *dir)
{
    const pid_t pid = fork();
    if (pid != 0) return pid;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (own_session) (void)setsid();
    if (dir && !shoal_busy_join_cgroup(dir, (int)getpid())) _exit(1);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    sched_setaffinity(0, sizeof one, &one);
    for (volatile unsigned long i = 0;; i++) {
    }
}

#endif
