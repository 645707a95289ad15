/* Which CPUs unrelated processes are running on right now (see busy_scan.c). */
#ifndef SHOAL_SYNC_BUSY_SCAN_H
#define SHOAL_SYNC_BUSY_SCAN_H

#include <sched.h>

/* The CPUs of set on which processes other than this job's (this process's siblings under
 * one launcher, and the launcher) run, into held, when such a process was runnable at each of
 * a few looks 3 ms apart (where it is at the last); none when no CPU of set would be left.
 * Returns how many. */
int shoal_busy_scan(const cpu_set_t *set, cpu_set_t *held);

#endif
