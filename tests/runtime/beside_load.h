/* For the runtime tests of waits beside unrelated load: a spinning child (spinner.h) started
 * and stopped by a PE, and the job's verdict. */
#ifndef SHOAL_TESTS_BESIDE_LOAD_H
#define SHOAL_TESTS_BESIDE_LOAD_H

#include <shmem.h>
#include <signal.h>
#include <sys/wait.h>

#include "spinner.h"

/* 1: the spinners call setsid(), as programs started from another terminal (where the kernel's
 * autogroup shares CPU time between such groups). */
static int busy_child_setsid;

/* Fork the spinner, bound to cpu (-1: wherever the scheduler puts it); -1 if fork failed. */
static inline pid_t busy_child_start(int cpu) { return spinner_fork(cpu, busy_child_setsid, NULL, NULL); }

static inline void busy_child_stop(pid_t pid)
{
    if (pid <= 0) return;
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

/* Every PE's failures and skips summed on PE 0, then shmem_finalize: the exit status, 1 if
 * any PE failed, else 77 (skipped, to meson) if any PE could not judge. */
static inline int job_result_or_skip(int failures, int skip)
{
    static int total[2];
    shmem_int_atomic_add(&total[0], failures, 0);
    shmem_int_atomic_add(&total[1], skip, 0);
    shmem_barrier_all();
    const int failed = shmem_int_g(&total[0], 0), skipped = shmem_int_g(&total[1], 0);
    shmem_finalize();
    return failed ? 1 : skipped ? 77 : 0;
}

/* The same for a test that always judges. */
static inline int job_result(int failures) { return job_result_or_skip(failures, 0); }

#endif
