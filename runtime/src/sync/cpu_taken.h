/* Whether another task took this thread's CPU lately: where no other task wants the CPU, a
 * wait may spin on past its nap point at no one's cost (sync/backoff.h). */
#ifndef SHOAL_SYNC_CPU_TAKEN_H
#define SHOAL_SYNC_CPU_TAKEN_H

/* 1 when a spin of this thread lost its CPU to another task for a time slice lately (20 to
 * 160 ms: cpu_taken.c); at_nap_point is 1 at a wait's nap point and 0 at each look during
 * the spin past it. Reads the thread's CPU time (a system call) per call. */
int shoal_cpu_taken(int at_nap_point);

#endif
