/* A thread that spins on a CPU no other task wants costs nobody; one that spins on a CPU that
 * another runnable task shares burns its own share (the kernel splits the CPU between them),
 * and a nap leaves that share for later. A spin that lost the CPU to another task for a time
 * slice (its wall time ran ahead of its CPU time by more than 300 us between two looks) was on
 * such a CPU; a kernel thread's turn (tens of us, every 50 ms or so even on an idle VM) is not
 * counted. A first such cut stays news for 20 ms (a few slices), each further one twice as
 * long as the one before (up to 160 ms), and each spin that ran to its end halves that back
 * (down to 20 ms), so a PE that shares its CPU now and then naps between two slices of the
 * other task, and one that shares it for good spins one slice in 160 ms at most. Counting
 * any involuntary switch instead (ru_nivcsw) did not pay: news for 100 ms, 2 PEs beside one
 * busy process (the kernel moves a PE on and off the shared CPU every few tens of ms) gained
 * nothing; news until the next look, 2 PEs beside two took 1.4-1.7x as long. */
#include <time.h>

#include "core/clock.h"
#include "sync/cpu_taken.h"

#define LOST_NS 300000L
#define MEMORY_MIN_NS 10000000L
#define MEMORY_MAX_NS 160000000L

static __thread long last_wall, last_cpu; /* at the last look */
static __thread long taken_until;         /* CLOCK_MONOTONIC ns */
static __thread long memory = MEMORY_MIN_NS; /* half how long the next cut stays news */
static __thread int spinning; /* the last look at a wait's nap point allowed a spin, uncut */

int shoal_cpu_taken(int at_nap_point)
{
    struct timespec t;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) return 1; /* unknown: nap, as before */
    const long wall = shoal_now_ns(), cpu = t.tv_sec * 1000000000L + t.tv_nsec;
    if (at_nap_point) {
        if (spinning && memory > MEMORY_MIN_NS) memory /= 2;
    } else if ((wall - last_wall) - (cpu - last_cpu) > LOST_NS) { /* cut mid-spin */
        if (memory < MEMORY_MAX_NS) memory *= 2;
        taken_until = wall + memory;
        spinning = 0;
    }
    last_wall = wall;
    last_cpu = cpu;
    const int taken = wall < taken_until;
    if (at_nap_point) spinning = !taken;
    return taken;
}
