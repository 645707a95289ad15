/* Which other processes run beside the node's PEs, and where, from /proc (sync/avoid_busy.c's
 * quick look). */
#ifndef SHOAL_SYNC_BUSY_LOOK_H
#define SHOAL_SYNC_BUSY_LOOK_H

/* Every task (a process's main thread or another of its threads) but those of this process,
 * of the n pids and light ones (shoal_busy_light) that is running or runnable now on one of
 * the ncpu CPUs cpus[]: up to max of their ids (a pid or a thread id: the calls below take
 * either) into out (the walk over /proc stops after 10 ms). Returns how many were put there,
 * -1 when /proc cannot be read. */
int shoal_busy_running_list(const int *pids, int n, const int *cpus, int ncpu, int *out, int max);

/* Run time of task pid (a process's main thread, or a thread by its id) in ns
 * (/proc/PID/schedstat), -1 when unreadable. */
long long shoal_busy_run_ns(int pid);

/* 1 if task pid (a process's main thread, or a thread by its id) weighs little in the
 * scheduler beside this process: it runs under SCHED_IDLE, or at a nice value 15 or more
 * above this process's (a nice-19 background job beside PEs of nice 0). Beside PEs that keep
 * their CPU it gets a small share of it; it holds the CPU only where they leave it. 0 if not,
 * or if it is gone. */
int shoal_busy_light(int pid);

/* The same walk as shoal_busy_running_list for the light tasks only. */
int shoal_busy_light_list(const int *pids, int n, const int *cpus, int ncpu, int *out, int max);

/* 1 if tasks of other processes than the n pids run on CPU cpu now and each of them may run
 * on one of the nto CPUs to[] (its affinity): the scheduler can take them there. 0 if none
 * runs there, one is bound where it cannot go, or /proc cannot be read. */
int shoal_busy_cpu_movable(const int *pids, int n, int cpu, const int *to, int nto);

/* 1 if task pid (a process's main thread, or a thread by its id) is running or runnable now
 * (*cpu: the CPU it is on), 0 if not or if it is gone. */
int shoal_busy_is_running(int pid, int *cpu);

/* 1 if process pid draws on another share of the CPUs than this one: another cgroup of the
 * cpu controller (a service, another login's scope where systemd hands the controller down), or,
 * both in the root one, another session where the kernel groups tasks by session (autogroup).
 * A yield of this process then goes to the next task of its own group, not to pid for a time
 * slice. 0 if not, or if that cannot be read. */
int shoal_busy_other_group(int pid);

/* The cgroup whose share of the CPUs the scheduler gives process pid's tasks (its task group;
 * pid 0: this process), as a path in the hierarchy of the cpu controller, "/" for the root:
 * where the kernel groups tasks by session, only those of the root. 0 if it cannot be read. */
int shoal_busy_task_group(int pid, char *out, int size);

/* cgroup v2's task group of a process at path (as in /proc/PID/cgroup) under the hierarchy
 * mounted at mnt: the deepest cgroup on the path whose parent hands the cpu controller down
 * (its cgroup.subtree_control lists cpu), "/" if the root does not. Into out; 1. */
int shoal_busy_v2_task_group(const char *mnt, const char *path, char *out, int size);

/* For the tests and benches/machine/busy_load.c: a new cgroup of the cpu controller named name,
 * beside this process's (under it in cgroup v1; where cgroup v2 allows processes in it),
 * its directory into dir (write a pid to dir/cgroup.procs to move it there; rmdir it once
 * empty). 1 if made or there already, 0 if not (no such hierarchy, or not permitted). */
int shoal_busy_make_cgroup(const char *name, char *dir, int size);

/* Moves process pid to the cgroup of directory dir: 1 if done. */
int shoal_busy_join_cgroup(const char *dir, int pid);

/* 1 if processes other than the n pids run on CPU cpu now and every one of them is of another
 * group (shoal_busy_other_group), leaving out those of this group that do not keep running
 * there over the next millisecond; 0 if none runs there, or one of this group keeps running. */
int shoal_busy_cpu_other_groups(const int *pids, int n, int cpu);

#endif
