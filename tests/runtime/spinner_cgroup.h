/* spinner.h's child in the cgroup of directory dir where given (a service's process). */
#ifndef SHOAL_TESTS_SPINNER_CGROUP_H
#define SHOAL_TESTS_SPINNER_CGROUP_H

#include "spinner.h"
#include "sync/busy_look.h"

static inline int spinner_join(const char *dir) { return shoal_busy_join_cgroup(dir, (int)getpid()); }

static inline pid_t spinner_start(int cpu, int new_setsid, const char *dir)
{
    return spinner_fork(cpu, new_setsid, dir ? spinner_join : NULL, dir);
}

#endif
