/* What light processes (sync/busy_look.h: shoal_busy_light, such as a nice-19 background job)
 * took of the PEs' CPUs, for sync/avoid_busy.c's windows: beside PEs that keep their CPU such
 * a process gets a small share of it, so the time it takes there is not load the PEs should
 * leave (they would leave it the whole CPU, and never come back). */
#ifndef SHOAL_SYNC_BUSY_LIGHT_H
#define SHOAL_SYNC_BUSY_LIGHT_H

/* The seconds of CPU time light processes ran on each of the ncpu CPUs cpus[] since the last
 * call, window seconds ago, into took[] (by slot). Which processes: those a walk over /proc
 * found running or runnable there, not the npe pids; the walk runs only where look is set
 * (other processes took a share of a CPU), at most once a second. The CPU of one the walk
 * found first reads as taken by it for the whole window (its run time before is unknown: a
 * nice-19 process beside PEs that slept through a phase of computing took 94% of its CPU). t:
 * now, ns. */
void shoal_busy_light_took(const int *pids, int npe, const int *cpus, int ncpu, long t, double window,
                           int look, double *took);

/* Forget the processes followed (the leader stops). */
void shoal_busy_light_reset(void);

#endif
