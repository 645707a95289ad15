/* Which other processes run beside the node's PEs, and where, from /proc (sync/avoid_busy.c's
 * quick look). */
#ifndef SHOAL_SYNC_BUSY_LOOK_H
#define SHOAL_SYNC_BUSY_LOOK_H

/* Every process but this one and the n pids whose main thread is running or runnable now on
 * one of the ncpu CPUs cpus[]: up to max of their pids into out (the walk over /proc stops
 * after 10 ms). Returns how many were put there, -1 when /proc cannot be read. */
int shoal_busy_running_list(const int *pids, int n, const int *cpus, int ncpu, int *out, int max);

/* 1 if process pid's main thread is running or runnable now (*cpu: the CPU it is on), 0 if
 * not or if it is gone. */
int shoal_busy_is_running(int pid, int *cpu);

/* 1 if the kernel shares CPU time between sessions (autogroup on) and process pid is of
 * another session's group than this one: a yield of this process then goes to the next task
 * of its own group, not to pid for a time slice. 0 if not, or if that cannot be read. */
int shoal_busy_other_group(int pid);

/* 1 if processes other than the n pids run on CPU cpu now and every one of them is of another
 * group (shoal_busy_other_group); 0 if none runs there, or one is of this group. */
int shoal_busy_cpu_other_groups(const int *pids, int n, int cpu);

#endif
